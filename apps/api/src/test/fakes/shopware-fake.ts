import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { closeServer, type FakeRequest, listen, readRequest } from './serve.ts';
import { sampleProducts, sendJson } from './sources-samples.ts';

/**
 * A local Shopware 6 Admin API (ADR 0108), built from Shopware's public documentation (developer.shopware.com:
 * Admin API authentication, "Search Criteria", the product entity) without recordings:
 * - `POST /api/oauth/token` JSON `{grant_type: client_credentials, client_id, client_secret}` → `{token_type: Bearer,
 *   expires_in: 600, access_token}`; wrong credentials 401 `{errors: [{code, status, title, detail}]}`.
 * - `POST /api/search/product` with `Authorization: Bearer …`, `Accept: application/json` and a criteria body
 *   (`page`, `limit`, `total-count-mode`, `associations`): `{total, data, aggregations}`; products carry `id`,
 *   `parentId`, `childCount`, `productNumber`, `ean`, `name`, `translated`, `cover.media.url`, `options` (with `group`)
 *   and `parent` when those associations are asked. A variant's own `name` is null (inherited), as the Admin API
 *   answers without the `sw-inheritance` header. An unknown or expired token is 401.
 */
export interface ShopwareFake {
  url: string;
  credentials: { clientId: string; clientSecret: string };
  /** The rows of the product table: parents, variants and simple products, ordered by id. */
  products: ShopwareFakeProduct[];
  requests: FakeRequest[];
  /** Requests that do not fit the documented calls (tests expect none). */
  invalid: string[];
  tokensIssued(): number;
  /** Every token issued so far stops working (the next search with one answers 401). */
  expireTokens(): void;
  /** The next search answers a body that does not fit (`data` is not a list). */
  malformNext(): void;
  close(): Promise<void>;
}

export interface ShopwareFakeProduct {
  id: string;
  parentId: string | null;
  childCount: number;
  productNumber: string;
  ean: string | null;
  name: string | null;
  coverUrl: string | null;
  /** Option names of a variant, e.g. ['500 g'] (group 'Gewicht'). */
  options: string[];
}

const hexId = (n: number) => `0192${String(n).padStart(28, '0')}`;

/**
 * The default shop: five simple products (one without EAN, one with an EAN padded with spaces, one without cover) and
 * a parent with three variants by weight (one with its own cover, one without EAN). Nine rows, eight units.
 */
export function shopwareCatalogue(): ShopwareFakeProduct[] {
  const s = sampleProducts(9, 200);
  const rows: ShopwareFakeProduct[] = [];
  for (let i = 0; i < 5; i += 1) {
    const sample = s[i] as (typeof s)[number];
    rows.push({
      id: hexId(i + 1),
      parentId: null,
      childCount: 0,
      productNumber: `SW10${String(i + 1).padStart(3, '0')}`,
      ean: i === 1 ? null : i === 2 ? ` ${sample.ean}  ` : sample.ean,
      name: sample.name,
      coverUrl: sample.imageUrl,
      options: [],
    });
  }
  const parent = s[5] as (typeof s)[number];
  const parentId = hexId(10);
  rows.push({
    id: parentId,
    parentId: null,
    childCount: 3,
    productNumber: 'SW20000',
    ean: null,
    name: parent.name,
    coverUrl: parent.imageUrl,
    options: [],
  });
  ['250 g', '500 g', '1 kg'].forEach((weight, j) => {
    const sample = s[6 + j] as (typeof s)[number];
    rows.push({
      id: hexId(11 + j),
      parentId,
      childCount: 0,
      productNumber: `SW20000.${j + 1}`,
      ean: j === 1 ? null : sample.ean,
      name: null,
      coverUrl: j === 2 ? sample.imageUrl : null,
      options: [weight],
    });
  });
  return rows;
}

const unauthorized = (detail: string, code: string) => ({
  errors: [{ code, status: '401', title: 'Unauthorized', detail, meta: { parameters: [] } }],
});

/** Starts the Shopware fake on a free port with `products` (default {@link shopwareCatalogue}). */
export async function startShopwareFake(
  products = shopwareCatalogue(),
): Promise<ShopwareFake & { server: Server }> {
  const requests: FakeRequest[] = [];
  const invalid: string[] = [];
  const live = new Set<string>();
  let issued = 0;
  let malformed = false;
  const credentials = {
    clientId: 'SWIADEVTQ1NKBUDSR2LJNTVMSQ',
    clientSecret: 'cWdNbUZ0bnV6SmVEbHJEbnFpaXhZbWhnY1E',
  };
  const byId = new Map(products.map((p) => [p.id, p]));
  const { server, url } = await listen(async (req, res) => {
    const r = await readRequest(req);
    requests.push(r);
    let body: Record<string, unknown> = {};
    if (r.method === 'POST') {
      if (!(r.headers['content-type'] ?? '').startsWith('application/json'))
        invalid.push(`content-type ${r.path}`);
      try {
        body = JSON.parse(r.body || '{}') as Record<string, unknown>;
      } catch {
        invalid.push(`body of ${r.path} is not JSON`);
        return sendJson(res, 400, {
          errors: [{ code: '0', status: '400', title: 'Bad Request', detail: 'Invalid JSON' }],
        });
      }
    }
    if (r.method === 'POST' && r.path === '/api/oauth/token') {
      if (body.grant_type !== 'client_credentials') {
        invalid.push(`grant_type ${String(body.grant_type)}`);
        return sendJson(res, 400, {
          errors: [
            {
              code: '2',
              status: '400',
              title: 'The authorization grant type is not supported by the authorization server.',
              detail: 'Check that all required parameters have been provided',
            },
          ],
        });
      }
      if (body.client_id !== credentials.clientId || body.client_secret !== credentials.clientSecret)
        return sendJson(res, 401, unauthorized('Client authentication failed', '4'));
      issued += 1;
      const token = `sw-${randomUUID()}`;
      live.add(token);
      return sendJson(res, 200, { token_type: 'Bearer', expires_in: 600, access_token: token });
    }
    if (r.method !== 'POST' || r.path !== '/api/search/product') {
      invalid.push(`${r.method} ${r.path}`);
      return sendJson(res, 404, {
        errors: [{ code: '0', status: '404', title: 'Not Found', detail: 'No route found' }],
      });
    }
    const bearer = /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1];
    if (!bearer || !live.has(bearer))
      return sendJson(
        res,
        401,
        unauthorized('The resource owner or authorization server denied the request.', '9'),
      );
    if (r.headers.accept !== 'application/json') invalid.push(`accept ${r.headers.accept}`);
    const page = Number(body.page ?? 1);
    const limit = Number(body.limit ?? 25);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1) {
      invalid.push(`page ${String(body.page)} limit ${String(body.limit)}`);
      return sendJson(res, 400, {
        errors: [
          {
            code: 'FRAMEWORK__INVALID_CRITERIA',
            status: '400',
            title: 'Bad Request',
            detail: 'Invalid page or limit',
          },
        ],
      });
    }
    const assoc = (body.associations ?? {}) as Record<string, { associations?: Record<string, unknown> }>;
    const withCover = !!assoc.cover?.associations?.media;
    const withOptions = !!assoc.options;
    const withParent = !!assoc.parent;
    if (!withCover || !withOptions) invalid.push('associations without cover.media or options');
    if (body['total-count-mode'] !== 1) invalid.push(`total-count-mode ${String(body['total-count-mode'])}`);
    if (malformed) {
      malformed = false;
      return sendJson(res, 200, { total: products.length, data: 'not a list', aggregations: [] });
    }
    const cover = (p: ShopwareFakeProduct) =>
      withCover && p.coverUrl
        ? { apiAlias: 'product_media', media: { apiAlias: 'media', url: p.coverUrl } }
        : null;
    const slice = products.slice((page - 1) * limit, page * limit);
    return sendJson(res, 200, {
      total: products.length,
      data: slice.map((p) => {
        const parent = p.parentId ? byId.get(p.parentId) : undefined;
        return {
          apiAlias: 'product',
          id: p.id,
          parentId: p.parentId,
          childCount: p.childCount,
          productNumber: p.productNumber,
          ean: p.ean,
          name: p.name,
          translated: { name: p.name },
          cover: cover(p),
          ...(withOptions
            ? {
                options: p.options.map((name) => ({
                  apiAlias: 'property_group_option',
                  name,
                  translated: { name },
                  group: { apiAlias: 'property_group', name: 'Gewicht', translated: { name: 'Gewicht' } },
                })),
              }
            : {}),
          ...(withParent
            ? {
                parent: parent
                  ? {
                      apiAlias: 'product',
                      name: parent.name,
                      translated: { name: parent.name },
                      cover: cover(parent),
                    }
                  : null,
              }
            : {}),
        };
      }),
      aggregations: [],
    });
  });
  return {
    server,
    url,
    credentials,
    products,
    requests,
    invalid,
    tokensIssued: () => issued,
    expireTokens() {
      live.clear();
    },
    malformNext() {
      malformed = true;
    },
    close: () => closeServer(server),
  };
}
