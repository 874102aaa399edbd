import { z } from 'zod';
import { OutsideServiceError, outsideClient } from '../http-client.ts';
import type { ShopConnection, ShopCredentials, ShopProduct, ShopProductSource } from './source.ts';
import {
  absoluteImageUrl,
  clientSettings,
  type ShopSourceOptions,
  shopBase,
  shopText,
  unitLimit,
  unitName,
  withPlatformMessage,
} from './sources-kit.ts';

const SERVICE = 'ChannelEngine';

/** The parts of a ChannelEngine product used (Merchant API `GET /api/v2/products`, MerchantProductResponse). */
const ProductSchema = z.object({
  MerchantProductNo: z.string().min(1),
  ParentMerchantProductNo: z.string().nullish(),
  Name: z.string().nullish(),
  Ean: z.string().nullish(),
  ImageUrl: z.string().nullish(),
  Size: z.string().nullish(),
  Color: z.string().nullish(),
});
/** The collection envelope: `Content`, paging (`TotalCount`, `ItemsPerPage`) and `Success`/`Message`. */
const CollectionSchema = z.object({
  Content: z.array(ProductSchema).nullable(),
  Count: z.number().int().nullish(),
  TotalCount: z.number().int().nonnegative(),
  ItemsPerPage: z.number().int().positive(),
  Success: z.boolean(),
  Message: z.string().nullish(),
});
type CeProduct = z.infer<typeof ProductSchema>;

/** ChannelEngine's error envelope `{StatusCode, Success: false, Message, ValidationErrors}`. */
function channelEngineMessage(body: unknown): string | null {
  const message = (body as { Message?: unknown } | null)?.Message;
  return typeof message === 'string' ? shopText(message) : null;
}

/** A child's variant title: its colour and size ('Rood / M'), or null for a product without a parent. */
function variantTitle(p: CeProduct): string | null {
  if (!shopText(p.ParentMerchantProductNo)) return null;
  const parts = [shopText(p.Color), shopText(p.Size)].filter((s): s is string => !!s);
  const title = parts.join(' / ');
  const name = shopText(p.Name)?.toLowerCase() ?? '';
  // A child named 'Shirt Rood M' already says it.
  return title && !parts.every((part) => name.includes(part.toLowerCase())) ? title : null;
}

/**
 * ChannelEngine as a shop product source (ADR 0108; ChannelEngine Merchant API v2, Product → "Get products"): the
 * merchant API key in the `X-CE-KEY` header, `GET {tenant}/api/v2/products?page=N` (1-based; ChannelEngine chooses
 * `ItemsPerPage`) until page × ItemsPerPage reaches `TotalCount` or a page is empty. Every listed product is a unit:
 * ref and SKU the merchant's own product number (`MerchantProductNo`, ChannelEngine's key), EAN `Ean`, name `Name`
 * with, for a child (`ParentMerchantProductNo` set), its colour and size after ' – ' unless the name has them, image
 * `ImageUrl`. An answer with `Success: false` is refused with its `Message`, as are 401/403.
 */
export function createChannelEngineSource(opts: ShopSourceOptions = {}): ShopProductSource {
  return {
    platform: 'channel_engine',
    service: SERVICE,
    async *pages(creds: ShopCredentials, via: ShopConnection = {}): AsyncIterable<ShopProduct[]> {
      const base = shopBase(creds.url);
      const http = outsideClient({
        service: SERVICE,
        baseUrl: base,
        headers: { 'x-ce-key': creds.apiKey, accept: 'application/json' },
        ...clientSettings(opts, via),
      });
      const max = unitLimit(opts);
      // The list's order is not documented: a product already yielded (moved to a later page meanwhile) is skipped.
      const seen = new Set<string>();
      let yielded = 0;
      for (let page = 1; yielded < max; page += 1) {
        const answer = await withPlatformMessage(SERVICE, channelEngineMessage, ['Message'], () =>
          http.request({
            method: 'GET',
            path: 'api/v2/products',
            searchParams: { page },
            schema: CollectionSchema,
          }),
        );
        const data = answer.data;
        if (!data.Success)
          throw new OutsideServiceError(
            SERVICE,
            answer.status,
            'refused',
            shopText(data.Message) ?? 'the product list was refused',
          );
        const content = data.Content ?? [];
        const units = content
          .filter((p) => !seen.has(p.MerchantProductNo))
          .slice(0, max - yielded)
          .map(
            (p): ShopProduct => ({
              ref: p.MerchantProductNo,
              name: unitName(shopText(p.Name), variantTitle(p)) || p.MerchantProductNo,
              ean: shopText(p.Ean),
              sku: shopText(p.MerchantProductNo),
              imageUrl: absoluteImageUrl(p.ImageUrl),
            }),
          );
        for (const u of units) seen.add(u.ref);
        if (units.length > 0) {
          yielded += units.length;
          yield units;
        }
        if (content.length === 0 || page * data.ItemsPerPage >= data.TotalCount) break;
      }
    },
  };
}

/** The ChannelEngine source with the defaults (at most SHOP_SYNC_MAX_UNITS units). */
export const channelEngineSource: ShopProductSource = createChannelEngineSource();
