import type { Recording } from './recordings.ts';
import { closeServer, type FakeRequest, listen, readRequest, sendRecording } from './serve.ts';
import { type FakeShopItem, sampleShopCatalogue } from './shop-catalogue.ts';

/** Answers that can be injected instead of the next ones. */
export type ShopifyInjected = '401' | '429' | '500' | 'throttled' | 'graphql_error' | 'malformed';

/** A running Shopify Admin GraphQL fake (ADR 0107): origin, token, catalogue, requests and switches. */
export interface ShopifyFake {
  url: string;
  /** The Admin API access token it accepts (`X-Shopify-Access-Token`). */
  token: string;
  items: FakeShopItem[];
  requests: FakeRequest[];
  /** Requests Shopify would refuse (no productVariants query, `first` over 250, no API version), with why. */
  invalid: { request: FakeRequest; reason: string }[];
  inject(what: ShopifyInjected, opts?: { times?: number }): void;
  close(): Promise<void>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Recording => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

/** The cost extension Shopify adds to every answer (a Standard plan's bucket). */
const cost = (requested: number, available: number) => ({
  cost: {
    requestedQueryCost: requested,
    actualQueryCost: available >= requested ? requested : null,
    throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate: 100 },
  },
});

/** The shop's variants as Shopify lists them: a product without options has one 'Default Title' variant. */
function variantNodes(items: FakeShopItem[]): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  for (const it of items) {
    if (it.type === 'grouped') continue;
    const product = {
      title: it.name,
      featuredMedia: it.image ? { preview: { image: { url: it.image } } } : null,
    };
    const variants = it.variants?.length
      ? it.variants
      : [{ id: it.id + 40_000_000_000, option: 'Default Title', ean: it.ean, sku: it.sku, image: null }];
    for (const v of variants)
      nodes.push({
        id: `gid://shopify/ProductVariant/${v.id}`,
        title: v.option,
        sku: v.sku,
        barcode: v.ean,
        image: v.image ? { url: v.image } : null,
        product,
      });
  }
  return nodes;
}

const cursorOf = (i: number) => Buffer.from(`{"last_id":${i}}`).toString('base64');
const indexOf = (cursor: string) => {
  const m = /"last_id":(\d+)/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return m ? Number(m[1]) : Number.NaN;
};

/**
 * Starts a fake of a Shopify shop's GraphQL Admin API on a free port (ADR 0107; from Shopify's public documentation,
 * no recordings): `POST /admin/api/{version}/graphql.json` with `X-Shopify-Access-Token` (401 `{"errors": "[API]
 * Invalid API key or access token …"}` otherwise) answering the `productVariants(first, after)` query with `nodes`,
 * `pageInfo {hasNextPage, endCursor}` and the cost extension. It does not run GraphQL: it checks the query names
 * productVariants and that `first` is 1–250, and answers every field the adapter asks for.
 */
export async function startShopifyFake(opts: { items?: FakeShopItem[] } = {}): Promise<ShopifyFake> {
  const injected: { what: ShopifyInjected; times: number }[] = [];
  const fake: ShopifyFake = {
    url: '',
    token: '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',
    items: opts.items ?? sampleShopCatalogue(),
    requests: [],
    invalid: [],
    inject(what, o = {}) {
      injected.push({ what, times: o.times ?? 1 });
    },
    close: async () => {},
  };

  const answer = (r: FakeRequest): Recording => {
    const inj = injected.find((i) => i.times > 0);
    if (inj) {
      inj.times -= 1;
      switch (inj.what) {
        case '401':
          return json(401, {
            errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
          });
        case '429':
          return json(429, { errors: [{ message: 'Throttled' }] }, { 'retry-after': '1' });
        case '500':
          return json(500, { errors: 'Internal Server Error' });
        case 'throttled':
          return json(200, {
            errors: [
              {
                message: 'Throttled',
                extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
              },
            ],
            extensions: cost(602, 12),
          });
        case 'graphql_error':
          return json(200, {
            errors: [
              {
                message: "Field 'barcod' doesn't exist on type 'ProductVariant'",
                extensions: { code: 'undefinedField' },
              },
            ],
          });
        case 'malformed':
          return json(200, { data: { productVariants: { nodes: 'none' } } });
      }
    }
    if (r.headers['x-shopify-access-token'] !== fake.token)
      return json(401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    if (r.method !== 'POST' || !/^\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/.test(r.path))
      return json(404, { errors: 'Not Found' });
    let body: { query?: unknown; variables?: { first?: unknown; after?: unknown } };
    try {
      body = JSON.parse(r.body);
    } catch {
      return json(400, { errors: { query: 'Required parameter missing or invalid' } });
    }
    const first = Number(body.variables?.first);
    if (typeof body.query !== 'string' || !body.query.includes('productVariants(')) {
      fake.invalid.push({ request: r, reason: 'not a productVariants query' });
      return json(200, { errors: [{ message: 'Unexpected query' }] });
    }
    if (!Number.isInteger(first) || first < 1 || first > 250) {
      fake.invalid.push({ request: r, reason: `first ${body.variables?.first}` });
      return json(200, { errors: [{ message: 'The first argument must be between 1 and 250' }] });
    }
    const nodes = variantNodes(fake.items);
    const after = typeof body.variables?.after === 'string' ? indexOf(body.variables.after) : -1;
    const start = Number.isNaN(after) ? nodes.length : after + 1;
    const slice = nodes.slice(start, start + first);
    const end = start + slice.length - 1;
    return json(200, {
      data: {
        productVariants: {
          pageInfo: { hasNextPage: end < nodes.length - 1, endCursor: slice.length ? cursorOf(end) : null },
          nodes: slice,
        },
      },
      extensions: cost(first * 6 + 2, 1998),
    });
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
