import type { Server } from 'node:http';
import { closeServer, type FakeRequest, listen, readRequest } from './serve.ts';
import { sampleProducts, sendJson } from './sources-samples.ts';

/**
 * A local Lightspeed eCom (C-Series) API (ADR 0108), built from Lightspeed's public API documentation
 * (developers.lightspeedhq.com/ecom: Authentication, Pagination, Product and Variant resources) without recordings:
 * `GET /{lang}/products.json` and `GET /{lang}/variants.json` with `limit` (≤ 250, default 50) and `page` (1-based),
 * answering `{products: […]}` / `{variants: […]}` (a page past the end is empty), `GET /{lang}/variants/count.json`
 * `{count}`; HTTP Basic api key:secret, a wrong pair 401 in Lightspeed's error shape `{error: {code, method, request,
 * message}}`. Products and variants carry Lightspeed's field names (`title`, `fulltitle`, `image` object or `false`;
 * `isDefault`, `articleCode`, `ean`, `sku`, `title`, `product.resource.{id,url,link}`); the default variant of a
 * product without variants has the product's title, as Lightspeed gives it.
 */
export interface LightspeedFake {
  url: string;
  credentials: { key: string; secret: string };
  products: LightspeedFakeProduct[];
  variants: LightspeedFakeVariant[];
  /** Every request, oldest first. */
  requests: FakeRequest[];
  /** Requests that do not fit the documented calls (tests expect none). */
  invalid: string[];
  /** The next answer for `resource` has a body that does not fit (a variant without an id). */
  malformNext(resource: 'products' | 'variants'): void;
  close(): Promise<void>;
}

export interface LightspeedFakeProduct {
  id: number;
  title: string;
  fulltitle: string;
  image: { src: string; thumb: string; title: string } | false;
}

export interface LightspeedFakeVariant {
  id: number;
  isDefault: boolean;
  articleCode: string;
  ean: string;
  sku: string;
  title: string;
  image: { src: string; thumb: string; title: string } | false;
  productId: number;
}

const LANGS = ['nl', 'en', 'de', 'fr', 'it', 'es'];
const lsImage = (src: string) => ({ src, thumb: src.replace('.400.', '.100.'), title: 'front' });

/**
 * The default shop: six products with one (default) variant each — one without EAN, one with an EAN padded with
 * spaces, one without image — and a product with three variants ('250 g', '500 g', '1 kg'; one with its own image,
 * one without EAN). Nine variants, seven products.
 */
export function lightspeedCatalogue(): {
  products: LightspeedFakeProduct[];
  variants: LightspeedFakeVariant[];
} {
  const s = sampleProducts(10, 100);
  const products: LightspeedFakeProduct[] = [];
  const variants: LightspeedFakeVariant[] = [];
  for (let i = 0; i < 6; i += 1) {
    const sample = s[i] as (typeof s)[number];
    const id = 163090470 + i;
    products.push({
      id,
      title: sample.name,
      fulltitle: sample.name,
      image: sample.imageUrl && i !== 4 ? lsImage(sample.imageUrl) : false,
    });
    variants.push({
      id: 322925830 + i,
      isDefault: true,
      articleCode: `ART-${100 + i}`,
      ean: i === 2 ? '' : i === 3 ? `  ${sample.ean} ` : sample.ean,
      sku: i === 1 ? '' : `SKU-${100 + i}`,
      title: sample.name,
      image: false,
      productId: id,
    });
  }
  const multi = s[6] as (typeof s)[number];
  products.push({
    id: 163090480,
    title: multi.name,
    fulltitle: multi.name,
    image: multi.imageUrl ? lsImage(multi.imageUrl) : false,
  });
  ['250 g', '500 g', '1 kg'].forEach((title, j) => {
    const sample = s[7 + j] as (typeof s)[number];
    variants.push({
      id: 322925840 + j,
      isDefault: j === 0,
      articleCode: `ART-200-${j}`,
      ean: j === 2 ? '' : sample.ean,
      sku: `SKU-200-${j}`,
      title,
      image: j === 1 && sample.imageUrl ? lsImage(sample.imageUrl) : false,
      productId: 163090480,
    });
  });
  return { products, variants };
}

/** Starts the Lightspeed fake on a free port with `catalogue` (default {@link lightspeedCatalogue}). */
export async function startLightspeedFake(
  catalogue = lightspeedCatalogue(),
): Promise<LightspeedFake & { server: Server }> {
  const requests: FakeRequest[] = [];
  const invalid: string[] = [];
  const malformed = new Set<string>();
  const credentials = { key: 'ls-key-4f1c', secret: 'ls-secret-9a7e' };
  const { server, url } = await listen(async (req, res) => {
    const r = await readRequest(req);
    requests.push(r);
    const m = /^\/([a-z]{2})\/(products|variants)(\/count)?\.json$/.exec(r.path);
    if (r.method !== 'GET' || !m || !LANGS.includes(m[1] as string)) {
      invalid.push(`${r.method} ${r.path}`);
      return sendJson(res, 404, {
        error: { code: 404, method: r.method, request: r.path, message: 'Resource not found' },
      });
    }
    const basic = Buffer.from(`${credentials.key}:${credentials.secret}`).toString('base64');
    if (r.headers.authorization !== `Basic ${basic}`)
      return sendJson(res, 401, {
        error: { code: 401, method: 'GET', request: r.path, message: 'Invalid API key or secret' },
      });
    const resource = m[2] as 'products' | 'variants';
    const lang = m[1] as string;
    if (m[3]) {
      const n = resource === 'products' ? catalogue.products.length : catalogue.variants.length;
      return sendJson(res, 200, { count: n });
    }
    const limit = Number(r.query.limit ?? 50);
    const page = Number(r.query.page ?? 1);
    if (!Number.isInteger(limit) || limit < 1 || limit > 250 || !Number.isInteger(page) || page < 1) {
      invalid.push(`${r.path}?limit=${r.query.limit}&page=${r.query.page}`);
      return sendJson(res, 400, {
        error: { code: 400, method: 'GET', request: r.path, message: 'Invalid limit or page' },
      });
    }
    if (malformed.delete(resource)) return sendJson(res, 200, { [resource]: [{ title: 'no id' }] });
    const ref = (kind: string, id: number) => ({
      resource: { id, url: `${kind}/${id}`, link: `${url}/${lang}/${kind}/${id}.json` },
    });
    const stamp = { createdAt: '2026-06-02T10:24:43+02:00', updatedAt: '2026-06-02T10:24:43+02:00' };
    if (resource === 'products') {
      const slice = catalogue.products.slice((page - 1) * limit, page * limit);
      return sendJson(res, 200, {
        products: slice.map((p) => ({
          id: p.id,
          ...stamp,
          isVisible: true,
          visibility: 'visible',
          url: p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          title: p.title,
          fulltitle: p.fulltitle,
          description: '',
          image: p.image ? { ...stamp, extension: 'jpg', size: 20411, ...p.image } : false,
          variants: ref('variants', p.id),
        })),
      });
    }
    const slice = catalogue.variants.slice((page - 1) * limit, page * limit);
    return sendJson(res, 200, {
      variants: slice.map((v, i) => ({
        id: v.id,
        ...stamp,
        isDefault: v.isDefault,
        sortOrder: i + 1,
        articleCode: v.articleCode,
        ean: v.ean,
        sku: v.sku,
        hs: null,
        priceExcl: 2.8843,
        priceIncl: 3.49,
        stockTracking: 'enabled',
        stockLevel: 148,
        title: v.title,
        taxType: null,
        image: v.image ? { ...stamp, extension: 'jpg', size: 18234, ...v.image } : false,
        tax: ref('taxes', 1207266),
        product: ref('products', v.productId),
        options: [],
      })),
    });
  });
  return {
    server,
    url,
    credentials,
    products: catalogue.products,
    variants: catalogue.variants,
    requests,
    invalid,
    malformNext(resource) {
      malformed.add(resource);
    },
    close: () => closeServer(server),
  };
}
