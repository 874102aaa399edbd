import { channelEngineSource } from './channel-engine.ts';
import { lightspeedSource } from './lightspeed.ts';
import { miraklSource } from './mirakl.ts';
import { shopifySource } from './shopify.ts';
import { shopwareSource } from './shopware.ts';
import type { ShopPlatform, ShopProductSource } from './source.ts';
import { wooSource } from './woo.ts';

/**
 * The shop adapters by platform (spec 3 §7 Sync; WooCommerce and Shopify ADR 0107, the other four ADR 0108). A
 * platform missing here would answer 501 `shop_platform_unavailable` (the service keeps that path for sources it is
 * given in tests).
 */
export const SHOP_SOURCES: Partial<Record<ShopPlatform, ShopProductSource>> = {
  woo: wooSource(),
  shopify: shopifySource(),
  lightspeed: lightspeedSource,
  shopware: shopwareSource,
  mirakl: miraklSource,
  channel_engine: channelEngineSource,
};
