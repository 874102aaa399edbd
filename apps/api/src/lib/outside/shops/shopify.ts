import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { type OutsideClient, OutsideServiceError, outsideClient } from '../http-client.ts';
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

/** The Admin API version asked for (Shopify keeps a stable version for a year; ADR 0107). */
export const SHOPIFY_API_VERSION = '2026-07';

/**
 * Variants asked per page. 100, not the connection's maximum of 250: each variant costs about 6 points (the variant,
 * its image, its product, the product's featured media, its preview and image), and one query may cost at most 1,000.
 */
export const SHOPIFY_PAGE_SIZE = 100;

/** How often a THROTTLED answer is waited out before the sync gives up, and the longest single wait, ms. */
const THROTTLE_TRIES = 6;
const THROTTLE_MAX_WAIT_MS = 20_000;

/** The product variants query: every variant of the shop with its barcode, SKU, titles and images, by cursor. */
export const SHOPIFY_VARIANTS_QUERY = `query Units($first: Int!, $after: String) {
  productVariants(first: $first, after: $after, sortKey: ID) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id
      title
      sku
      barcode
      image { url }
      product { title featuredMedia { preview { image { url } } } }
    }
  }
}`;

const Url = z.object({ url: z.string().nullish() }).nullish();
const Variant = z.object({
  id: z.string(),
  title: z.string().nullish(),
  sku: z.string().nullish(),
  barcode: z.string().nullish(),
  image: Url,
  product: z.object({
    title: z.string().nullish(),
    featuredMedia: z.object({ preview: z.object({ image: Url }).nullish() }).nullish(),
  }),
});
const GraphqlError = z.object({
  message: z.string(),
  extensions: z.object({ code: z.string().optional() }).passthrough().optional(),
});
/** The answer of the query: data, or errors (THROTTLED with the cost extension), as Shopify's GraphQL Admin API sends them. */
const Answer = z.object({
  data: z
    .object({
      productVariants: z.object({
        pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
        nodes: z.array(Variant),
      }),
    })
    .nullish(),
  errors: z.array(GraphqlError).optional(),
  extensions: z
    .object({
      cost: z
        .object({
          requestedQueryCost: z.number().optional(),
          throttleStatus: z.object({ currentlyAvailable: z.number(), restoreRate: z.number() }).optional(),
        })
        .optional(),
    })
    .optional(),
});
type Answer = z.infer<typeof Answer>;

/** The variant's numeric id out of its GraphQL id (`gid://shopify/ProductVariant/123` → `123`), as orders name it. */
export function shopifyRef(gid: string): string {
  return gid.slice(gid.lastIndexOf('/') + 1) || gid;
}

/** One variant as a unit: 'Default Title' (a product without options) adds nothing to the product's title. */
export function shopifyUnit(v: z.infer<typeof Variant>): ShopProduct {
  const variant = shopText(v.title);
  return {
    ref: shopifyRef(v.id),
    name: unitName(shopText(v.product.title), variant === 'Default Title' ? null : variant),
    ean: shopText(v.barcode),
    sku: shopText(v.sku),
    imageUrl:
      absoluteImageUrl(v.image?.url) ?? absoluteImageUrl(v.product.featuredMedia?.preview?.image?.url),
  };
}

/** How long to wait after a THROTTLED answer: until the bucket holds the query's cost again (at least 1 s). */
function throttleWaitMs(a: Answer): number {
  const cost = a.extensions?.cost;
  const status = cost?.throttleStatus;
  if (!status || !cost?.requestedQueryCost || status.restoreRate <= 0) return 2_000;
  const need = Math.max(0, cost.requestedQueryCost - status.currentlyAvailable);
  return Math.min(THROTTLE_MAX_WAIT_MS, Math.max(1_000, Math.ceil((need / status.restoreRate) * 1000)));
}

/**
 * The Shopify adapter (GraphQL Admin API; ADR 0107): `POST {url}/admin/api/{version}/graphql.json` with the
 * `X-Shopify-Access-Token` header, {@link SHOPIFY_VARIANTS_QUERY} page by page (cursor `after`), each variant one
 * unit (ref its numeric id, EAN its barcode). HTTP 429 is retried by the outside client (the query is safe to
 * repeat); a `THROTTLED` GraphQL error waits until the cost bucket refills (from `extensions.cost`), at most
 * {@link THROTTLE_TRIES} times; other GraphQL errors end the read with Shopify's message.
 */
export function shopifySource(opts: ShopSourceOptions & { throttleWaitMs?: number } = {}): ShopProductSource {
  return {
    platform: 'shopify',
    service: 'Shopify',
    pages(creds: ShopCredentials, via: ShopConnection = {}): AsyncIterable<ShopProduct[]> {
      const http = outsideClient({
        service: 'Shopify',
        baseUrl: `${creds.url.replace(/\/+$/, '')}/admin/api/${SHOPIFY_API_VERSION}/`,
        headers: { 'x-shopify-access-token': creds.apiKey, accept: 'application/json' },
        ...clientSettings(opts, via),
      });
      return readShopify(http, opts.throttleWaitMs);
    },
  };
}

/** One page of variants, THROTTLED answers waited out. */
async function variantsPage(http: OutsideClient, after: string | null, fixedWait?: number) {
  for (let attempt = 1; ; attempt += 1) {
    let answer: Answer;
    try {
      answer = (
        await http.request({
          method: 'POST',
          path: 'graphql.json',
          json: { query: SHOPIFY_VARIANTS_QUERY, variables: { first: SHOPIFY_PAGE_SIZE, after } },
          schema: Answer,
          retryPost: true,
        })
      ).data;
    } catch (err) {
      // Shopify answers a wrong token with 401 {"errors": "[API] Invalid API key or access token …"}.
      if (err instanceof OutsideServiceError && (err.status === 401 || err.status === 403))
        throw new OutsideServiceError(
          'Shopify',
          err.status,
          `http_${err.status}`,
          'the access token was refused (check the Admin API access token and its read_products scope)',
        );
      throw err;
    }
    const errors = answer.errors ?? [];
    if (errors.length === 0 && answer.data) return answer.data.productVariants;
    const throttled = errors.some((e) => e.extensions?.code === 'THROTTLED');
    if (throttled && attempt < THROTTLE_TRIES) {
      await sleep(fixedWait ?? throttleWaitMs(answer));
      continue;
    }
    const first = errors[0];
    throw new OutsideServiceError(
      'Shopify',
      200,
      first?.extensions?.code ?? (first ? 'graphql_error' : 'malformed_answer'),
      first?.message ?? 'the answer has neither data nor errors',
    );
  }
}

async function* readShopify(http: OutsideClient, fixedWait?: number): AsyncGenerator<ShopProduct[]> {
  let after: string | null = null;
  let seen = 0;
  for (;;) {
    const page = await variantsPage(http, after, fixedWait);
    const out = capPage(page.nodes.map(shopifyUnit), seen);
    seen += out.length;
    if (out.length) yield out;
    if (seen >= SHOP_SYNC_MAX_UNITS || !page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
    after = page.pageInfo.endCursor;
  }
}
