import { z } from 'zod';
import { type OutsideClient, outsideClient } from '../http-client.ts';
import {
  SHOP_SYNC_MAX_UNITS,
  type ShopConnection,
  type ShopCredentials,
  type ShopProduct,
  type ShopProductSource,
} from './source.ts';
import {
  absoluteImageUrl,
  capPage,
  clientSettings,
  type ShopSourceOptions,
  shopText,
  unitName,
} from './sources-kit.ts';

/** Units asked per page (WooCommerce's largest `per_page`). */
export const WOO_PAGE_SIZE = 100;

/**
 * Meta keys that hold an EAN in common WooCommerce set-ups, in the order they are tried after WooCommerce's own
 * `global_unique_id` (WooCommerce 9.2+, "GTIN, UPC, EAN or ISBN"): `_global_unique_id` (the same field as stored
 * meta), `_ean` (many EAN plugins and hand-made fields), `_alg_ean` (EAN for WooCommerce by WPFactory),
 * `_wpm_gtin_code` (Product GTIN (EAN, UPC, ISBN) for WooCommerce), `_gtin`. ADR 0107.
 */
export const WOO_EAN_META_KEYS = [
  '_global_unique_id',
  '_ean',
  '_alg_ean',
  '_wpm_gtin_code',
  '_gtin',
] as const;

const Meta = z.array(z.object({ key: z.string(), value: z.unknown() })).optional();

/** A product of `GET /wp-json/wc/v3/products` (only the fields read; WooCommerce REST API v3). */
const WooProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  sku: z.string().nullish(),
  global_unique_id: z.string().nullish(),
  meta_data: Meta,
  images: z.array(z.object({ src: z.string().nullish() })).nullish(),
});
/** A variation of `GET /wp-json/wc/v3/products/{id}/variations`. */
const WooVariation = z.object({
  id: z.number().int(),
  sku: z.string().nullish(),
  global_unique_id: z.string().nullish(),
  meta_data: Meta,
  image: z.object({ src: z.string().nullish() }).nullish(),
  attributes: z.array(z.object({ name: z.string().nullish(), option: z.string().nullish() })).nullish(),
});
type WooProduct = z.infer<typeof WooProduct>;

/** The EAN of a product or variation: `global_unique_id`, else the first {@link WOO_EAN_META_KEYS} meta value. */
export function wooEan(p: {
  global_unique_id?: string | null;
  meta_data?: { key: string; value: unknown }[];
}) {
  const own = shopText(p.global_unique_id);
  if (own) return own;
  for (const key of WOO_EAN_META_KEYS) {
    const v = shopText(p.meta_data?.find((m) => m.key === key)?.value);
    if (v) return v;
  }
  return null;
}

/** Product types that are no unit of their own: a grouped product lists others, an external one is sold elsewhere. */
const NOT_A_UNIT = new Set(['grouped', 'external']);

/**
 * The WooCommerce adapter (REST API v3; ADR 0107): `GET {url}/wp-json/wc/v3/products?per_page=100&page=N&orderby=id&
 * order=asc` with HTTP Basic auth (consumer key : consumer secret — WooCommerce accepts it over https; the fakes take it
 * on this machine's http), pages until `X-WP-TotalPages`. A simple (or any other non-grouped, non-external) product is
 * one unit; a variable product's units are its variations (`GET /products/{id}/variations`, paged alike), named
 * 'product – option, option'. EAN per {@link wooEan}; image the variation's own, else the product's first.
 */
export function wooSource(opts: ShopSourceOptions = {}): ShopProductSource {
  return {
    platform: 'woo',
    service: 'WooCommerce',
    pages(creds: ShopCredentials, via: ShopConnection = {}): AsyncIterable<ShopProduct[]> {
      const http = outsideClient({
        service: 'WooCommerce',
        baseUrl: `${creds.url.replace(/\/+$/, '')}/wp-json/wc/v3/`,
        headers: {
          authorization: `Basic ${Buffer.from(`${creds.apiKey}:${creds.secret ?? ''}`).toString('base64')}`,
          accept: 'application/json',
        },
        ...clientSettings(opts, via),
      });
      return readWoo(http);
    },
  };
}

/** Reads one paged list (`products` or a product's `variations`) page by page. */
async function* pagesOf<T extends z.ZodType>(
  http: OutsideClient,
  path: string,
  item: T,
): AsyncGenerator<z.output<T>[]> {
  for (let page = 1; ; page += 1) {
    const res = await http.request({
      method: 'GET',
      path,
      searchParams: { per_page: WOO_PAGE_SIZE, page, orderby: 'id', order: 'asc' },
      schema: z.array(item),
    });
    yield res.data as z.output<T>[];
    const total = Number(res.headers.get('x-wp-totalpages') ?? Number.NaN);
    const more = Number.isFinite(total) ? page < total : res.data.length === WOO_PAGE_SIZE;
    if (!more || res.data.length === 0) return;
  }
}

async function* readWoo(http: OutsideClient): AsyncGenerator<ShopProduct[]> {
  let seen = 0;
  for await (const products of pagesOf(http, 'products', WooProduct)) {
    const units: ShopProduct[] = [];
    for (const p of products as WooProduct[]) {
      if (NOT_A_UNIT.has(p.type)) continue;
      const name = shopText(p.name);
      const productImage = absoluteImageUrl(p.images?.[0]?.src);
      if (p.type !== 'variable') {
        units.push({
          ref: String(p.id),
          name: name ?? '',
          ean: wooEan(p),
          sku: shopText(p.sku),
          imageUrl: productImage,
        });
        continue;
      }
      for await (const vars of pagesOf(http, `products/${p.id}/variations`, WooVariation))
        for (const v of vars) {
          const options = (v.attributes ?? [])
            .map((a) => shopText(a.option))
            .filter(Boolean)
            .join(', ');
          units.push({
            ref: String(v.id),
            name: unitName(name, options || null),
            ean: wooEan(v),
            sku: shopText(v.sku),
            imageUrl: absoluteImageUrl(v.image?.src) ?? productImage,
          });
        }
    }
    const out = capPage(units, seen);
    seen += out.length;
    if (out.length) yield out;
    if (seen >= SHOP_SYNC_MAX_UNITS) return;
  }
}
