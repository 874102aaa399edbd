import type { Recording } from './recordings.ts';
import { closeServer, type FakeRequest, listen, readRequest, sendRecording } from './serve.ts';
import { type FakeShopItem, sampleShopCatalogue } from './shop-catalogue.ts';

/** Answers that can be injected instead of the next matching ones. */
export type WooInjected = '401' | '429' | '500' | 'malformed';

/** A running WooCommerce fake (ADR 0107): its origin, credentials, catalogue, what it received and its switches. */
export interface WooFake {
  url: string;
  /** The REST API key pair it accepts (HTTP Basic consumer key : consumer secret). */
  credentials: { key: string; secret: string };
  /** The shop's catalogue (tests change it between calls). */
  items: FakeShopItem[];
  requests: FakeRequest[];
  /** Requests outside what WooCommerce's REST API v3 takes (bad per_page or page), with why; tests expect it empty. */
  invalid: { request: FakeRequest; reason: string }[];
  /** Answers the next `times` requests whose path matches `path` (default any) with `what`. */
  inject(what: WooInjected, opts?: { times?: number; path?: RegExp }): void;
  close(): Promise<void>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Recording => ({
  status,
  headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
  body: JSON.stringify(body),
});

/** WordPress REST's error body: `{code, message, data: {status}}`. */
const wpError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { code, message, data: { status } }, headers);

/** An item as `GET /wp-json/wc/v3/products` lists it (the fields a real answer has that the adapter may read). */
function wooProduct(it: FakeShopItem): Record<string, unknown> {
  const field = it.eanField ?? 'global_unique_id';
  const meta = [{ id: it.id * 10, key: '_wc_average_rating', value: '0' }];
  if (it.ean !== null && field !== 'global_unique_id')
    meta.push({ id: it.id * 10 + 1, key: field, value: it.ean });
  return {
    id: it.id,
    name: it.name,
    slug: it.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    permalink: `https://winkel.example/product/${it.id}/`,
    type: it.type ?? 'simple',
    status: 'publish',
    sku: it.sku ?? '',
    global_unique_id: field === 'global_unique_id' ? (it.ean ?? '') : '',
    price: '3.49',
    regular_price: '3.49',
    stock_status: 'instock',
    images: it.image ? [{ id: it.id * 100, src: it.image, name: it.name, alt: '' }] : [],
    attributes:
      it.type === 'variable'
        ? [{ id: 0, name: 'Inhoud', variation: true, options: (it.variants ?? []).map((v) => v.option) }]
        : [],
    variations: (it.variants ?? []).map((v) => v.id),
    grouped_products: [],
    meta_data: meta,
  };
}

/** A variant as `GET /wp-json/wc/v3/products/{id}/variations` lists it. */
function wooVariation(v: NonNullable<FakeShopItem['variants']>[number]): Record<string, unknown> {
  return {
    id: v.id,
    sku: v.sku ?? '',
    global_unique_id: v.ean ?? '',
    price: '2.19',
    status: 'publish',
    image: v.image ? { id: v.id * 100, src: v.image, name: v.option, alt: '' } : null,
    attributes: [{ id: 0, name: 'Inhoud', option: v.option }],
    meta_data: [],
  };
}

/**
 * Starts a fake of a WooCommerce shop's REST API v3 on a free port (ADR 0107; no recordings exist, the shapes follow
 * WooCommerce's REST API documentation): `GET /wp-json/wc/v3/products` and `GET /wp-json/wc/v3/products/{id}/variations`
 * with `per_page` (1–100, default 10) and `page`, the `X-WP-Total` / `X-WP-TotalPages` headers, HTTP Basic auth with
 * the consumer key and secret (401 `woocommerce_rest_cannot_view` otherwise) and WordPress's `{code, message, data}`
 * errors. Default catalogue: {@link sampleShopCatalogue}.
 */
export async function startWooFake(opts: { items?: FakeShopItem[] } = {}): Promise<WooFake> {
  const injected: { what: WooInjected; times: number; path?: RegExp }[] = [];
  const fake: WooFake = {
    url: '',
    credentials: {
      key: 'ck_2f7d1c0e8b9a4f6d3e5c7b1a9d8e6f4c2b0a1d3e',
      secret: 'cs_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b',
    },
    items: opts.items ?? sampleShopCatalogue(),
    requests: [],
    invalid: [],
    inject(what, o = {}) {
      injected.push({ what, times: o.times ?? 1, path: o.path });
    },
    close: async () => {},
  };

  const page = <T>(r: FakeRequest, all: T[]): { rows: T[]; headers: Record<string, string> } | Recording => {
    const perPage = Number(r.query.per_page ?? 10);
    const n = Number(r.query.page ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      fake.invalid.push({ request: r, reason: `per_page ${r.query.per_page}` });
      return wpError(400, 'rest_invalid_param', 'Invalid parameter(s): per_page');
    }
    if (!Number.isInteger(n) || n < 1) {
      fake.invalid.push({ request: r, reason: `page ${r.query.page}` });
      return wpError(400, 'rest_invalid_param', 'Invalid parameter(s): page');
    }
    const pages = Math.ceil(all.length / perPage);
    return {
      rows: all.slice((n - 1) * perPage, n * perPage),
      headers: { 'x-wp-total': String(all.length), 'x-wp-totalpages': String(pages) },
    };
  };

  const answer = (r: FakeRequest): Recording => {
    const inj = injected.find(
      (i) => i.times > 0 && (!i.path || i.path.test(`${r.path}?${new URLSearchParams(r.query)}`)),
    );
    if (inj) {
      inj.times -= 1;
      if (inj.what === '401')
        return wpError(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
      if (inj.what === '429')
        return wpError(429, 'too_many_requests', 'Too many requests', { 'retry-after': '1' });
      if (inj.what === '500')
        return wpError(500, 'internal_server_error', 'There has been a critical error on this website.');
      return json(200, [{ id: 'one', name: 7 }]);
    }
    const auth = r.headers.authorization ?? '';
    const expected = `Basic ${Buffer.from(`${fake.credentials.key}:${fake.credentials.secret}`).toString('base64')}`;
    if (auth !== expected)
      return wpError(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
    if (r.method !== 'GET')
      return wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
    if (r.path === '/wp-json/wc/v3/products') {
      const p = page(r, fake.items);
      if ('status' in p) return p;
      return json(200, p.rows.map(wooProduct), p.headers);
    }
    const m = /^\/wp-json\/wc\/v3\/products\/(\d+)\/variations$/.exec(r.path);
    if (m) {
      const item = fake.items.find((i) => i.id === Number(m[1]));
      if (!item) return wpError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
      const p = page(r, item.variants ?? []);
      if ('status' in p) return p;
      return json(200, p.rows.map(wooVariation), p.headers);
    }
    return wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  };

  const { server, url } = await listen(async (req, res) => {
    const r = await readRequest(req);
    fake.requests.push(r);
    sendRecording(res, answer(r));
  });
  fake.url = url;
  fake.close = () => closeServer(server);
  return fake;
}
