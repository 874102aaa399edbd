import { z } from 'zod';
import { outsideClient } from '../http-client.ts';
import type { ShopConnection, ShopCredentials, ShopProduct, ShopProductSource } from './source.ts';
import {
  absoluteImageUrl,
  clientSettings,
  missingSecret,
  type ShopSourceOptions,
  shopBase,
  shopText,
  unitLimit,
  unitName,
  withPlatformMessage,
} from './sources-kit.ts';

const SERVICE = 'Lightspeed';
/** Lightspeed eCom's largest `limit` (developers.lightspeedhq.com/ecom: "limit … max 250"). */
const MAX_PAGE = 250;

/** `false` where Lightspeed has no object ("image": false), else the object. */
const orFalse = <T extends z.ZodType>(inner: T) => z.union([inner, z.literal(false)]).nullish();
const image = z.object({ src: z.string() });

/**
 * The parts of a Lightspeed eCom variant used (`GET /{lang}/variants.json`, Variant resource): id, EAN, SKU, article
 * code, title, image and the product it belongs to (`product.resource.id`).
 */
const VariantSchema = z.object({
  id: z.number().int(),
  isDefault: z.boolean().optional(),
  articleCode: z.string().nullish(),
  ean: z.string().nullish(),
  sku: z.string().nullish(),
  title: z.string().nullish(),
  image: orFalse(image),
  product: z.object({ resource: z.object({ id: z.number().int() }) }),
});
const VariantsSchema = z.object({ variants: z.array(VariantSchema) });

/** The parts of a Lightspeed eCom product used (`GET /{lang}/products.json`, Product resource): title and image. */
const ProductSchema = z.object({
  id: z.number().int(),
  title: z.string().nullish(),
  fulltitle: z.string().nullish(),
  image: orFalse(image),
});
const ProductsSchema = z.object({ products: z.array(ProductSchema) });

/** Lightspeed's error body `{error: {code, method, request, message}}`. */
function lightspeedMessage(body: unknown): string | null {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  return error && typeof error.message === 'string' ? shopText(error.message) : null;
}

/**
 * Lightspeed eCom (C-Series) as a shop product source (ADR 0108; developers.lightspeedhq.com/ecom, resources
 * Product and Variant): HTTP Basic `apiKey:secret` on the cluster the connection names (`https://api.webshopapp.com`
 * EU, `https://api.shoplightspeed.com` US), the connection's language lower-cased as the first path segment. The
 * products are read first (`products.json?limit=250&page=N`, until a short page) for their titles and images, then
 * the variants (`variants.json`, the same paging) are the units: ref the variant id, EAN, SKU (else the article
 * code), name the product's title with the variant's title after ' – ' (Lightspeed's default variant, titled
 * 'Default', adds nothing), image the variant's, else the product's. Refusals carry Lightspeed's `error.message`.
 */
export function createLightspeedSource(opts: ShopSourceOptions = {}): ShopProductSource {
  const pageSize = Math.min(opts.pageSize ?? MAX_PAGE, MAX_PAGE);
  return {
    platform: 'lightspeed',
    service: SERVICE,
    async *pages(creds: ShopCredentials, via: ShopConnection = {}): AsyncIterable<ShopProduct[]> {
      if (!creds.secret) throw missingSecret(SERVICE);
      const base = shopBase(creds.url);
      const basic = Buffer.from(`${creds.apiKey}:${creds.secret}`).toString('base64');
      const http = outsideClient({
        service: SERVICE,
        baseUrl: base,
        headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
        ...clientSettings(opts, via),
      });
      const lang = creds.lang.toLowerCase();
      const max = unitLimit(opts);
      const list = <S extends z.ZodType>(resource: string, page: number, schema: S) =>
        withPlatformMessage(SERVICE, lightspeedMessage, ['message'], () =>
          http.request({
            method: 'GET',
            path: `${lang}/${resource}.json`,
            searchParams: { limit: pageSize, page },
            schema,
          }),
        );

      // Titles and images by product id; a product has at least one variant, so no more products than units.
      const products = new Map<number, { title: string | null; image: string | null }>();
      for (let page = 1; products.size < max; page += 1) {
        const { data } = await list('products', page, ProductsSchema);
        for (const p of data.products)
          products.set(p.id, {
            title: shopText(p.title) ?? shopText(p.fulltitle),
            image: p.image ? absoluteImageUrl(p.image.src) : null,
          });
        if (data.products.length < pageSize) break;
      }

      let yielded = 0;
      for (let page = 1; yielded < max; page += 1) {
        const { data } = await list('variants', page, VariantsSchema);
        const units = data.variants.slice(0, max - yielded).map((v): ShopProduct => {
          const product = products.get(v.product.resource.id);
          const title = shopText(v.title);
          const variantTitle = title && title.toLowerCase() !== 'default' ? title : null;
          return {
            ref: String(v.id),
            name: unitName(product?.title ?? null, variantTitle) || `Lightspeed ${v.id}`,
            ean: shopText(v.ean),
            sku: shopText(v.sku) ?? shopText(v.articleCode),
            imageUrl: (v.image ? absoluteImageUrl(v.image.src) : null) ?? product?.image ?? null,
          };
        });
        if (units.length > 0) {
          yielded += units.length;
          yield units;
        }
        if (data.variants.length < pageSize) break;
      }
    },
  };
}

/** The Lightspeed eCom source with the defaults (250 a page, at most SHOP_SYNC_MAX_UNITS units). */
export const lightspeedSource: ShopProductSource = createLightspeedSource();
