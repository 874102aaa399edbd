import { z } from 'zod';
import { outsideClient } from '../http-client.ts';
import type { ShopConnection, ShopCredentials, ShopProduct, ShopProductSource } from './source.ts';
import {
  clientSettings,
  type ShopSourceOptions,
  shopBase,
  shopText,
  unitLimit,
  withPlatformMessage,
} from './sources-kit.ts';

const SERVICE = 'Mirakl';
/** OF21's largest `max` (Mirakl: "max … maximum 100"). */
const MAX_PAGE = 100;

/** The parts of a Mirakl offer used (OF21 `GET /api/offers`, shop API): ids, title and product references. */
const OfferSchema = z.object({
  offer_id: z.number().int(),
  shop_sku: z.string().nullish(),
  product_sku: z.string().nullish(),
  product_title: z.string().nullish(),
  product_references: z
    .array(z.object({ reference_type: z.string().nullish(), reference: z.string().nullish() }))
    .nullish(),
});
/** OF21's answer: the offers of the page and the shop's `total_count`. */
const OffersSchema = z.object({ offers: z.array(OfferSchema), total_count: z.number().int().nonnegative() });
type Offer = z.infer<typeof OfferSchema>;

/** Reference types read as the EAN, best first (operators name them; EAN is Mirakl's usual one). */
const EAN_TYPES = ['EAN', 'GTIN', 'EAN13', 'GTIN13', 'UPC'];

/** The offer's EAN: the first product reference of the best-ranked barcode type, shopText; null when none. */
function eanOf(offer: Offer): string | null {
  const refs = offer.product_references ?? [];
  for (const type of EAN_TYPES) {
    const hit = refs.find((r) => shopText(r.reference_type)?.toUpperCase() === type && shopText(r.reference));
    if (hit) return shopText(hit.reference);
  }
  return null;
}

/** Mirakl's error body `{status, message}`. */
function miraklMessage(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? shopText(message) : null;
}

/**
 * A Mirakl marketplace (MMP, seller side) as a shop product source (ADR 0108; Mirakl Marketplace Platform seller API,
 * OF21 "List offers"): the shop API key in the `Authorization` header (no scheme), `GET {url}/api/offers?max=100&
 * offset=N` until `total_count` or a short page. A unit is an offer: ref the offer id (Mirakl's own id of the
 * offer), SKU the shop SKU, name the catalogue product's title (offers have no variants of their own), EAN the first
 * EAN (else GTIN/UPC) product reference. OF21 lists no product images: imageUrl is null. Refusals carry Mirakl's
 * `message`.
 */
export function createMiraklSource(opts: ShopSourceOptions = {}): ShopProductSource {
  const pageSize = Math.min(opts.pageSize ?? MAX_PAGE, MAX_PAGE);
  return {
    platform: 'mirakl',
    service: SERVICE,
    async *pages(creds: ShopCredentials, via: ShopConnection = {}): AsyncIterable<ShopProduct[]> {
      const http = outsideClient({
        service: SERVICE,
        baseUrl: shopBase(creds.url),
        headers: { authorization: creds.apiKey, accept: 'application/json' },
        ...clientSettings(opts, via),
      });
      const max = unitLimit(opts);
      // OF21 sorts by total price by default: an offer whose price changes mid-sync can move to a later page, so one
      // already yielded is skipped (refs stay unique per sync; an offer that moved back shows up in the next sync).
      const seen = new Set<string>();
      let yielded = 0;
      for (let offset = 0; yielded < max; offset += pageSize) {
        const { data } = await withPlatformMessage(SERVICE, miraklMessage, ['message'], () =>
          http.request({
            method: 'GET',
            path: 'api/offers',
            searchParams: { max: pageSize, offset },
            schema: OffersSchema,
          }),
        );
        const units = data.offers
          .filter((o) => !seen.has(String(o.offer_id)))
          .slice(0, max - yielded)
          .map(
            (o): ShopProduct => ({
              ref: String(o.offer_id),
              name: shopText(o.product_title) ?? shopText(o.shop_sku) ?? `Mirakl offer ${o.offer_id}`,
              ean: eanOf(o),
              sku: shopText(o.shop_sku),
              imageUrl: null,
            }),
          );
        for (const u of units) seen.add(u.ref);
        if (units.length > 0) {
          yielded += units.length;
          yield units;
        }
        if (data.offers.length < pageSize || offset + pageSize >= data.total_count) break;
      }
    },
  };
}

/** The Mirakl source with the defaults (100 a page, at most SHOP_SYNC_MAX_UNITS units). */
export const miraklSource: ShopProductSource = createMiraklSource();
