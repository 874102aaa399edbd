import { shopifySource } from './shopify.ts';
import type { ShopPlatform, ShopProductSource } from './source.ts';
import { wooSource } from './woo.ts';

/**
 * The shop adapters by platform (spec 3 §7 Sync; ADR 0107). A platform without one answers 501
 * `shop_platform_unavailable` until its adapter is added here (one line per adapter).
 */
export const SHOP_SOURCES: Partial<Record<ShopPlatform, ShopProductSource>> = {
  woo: wooSource(),
  shopify: shopifySource(),
};
