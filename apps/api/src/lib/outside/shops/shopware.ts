import { createHash } from 'node:crypto';
import { z } from 'zod';
import { OutsideServiceError, outsideClient } from '../http-client.ts';
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

const SERVICE = 'Shopware';
/** Page size asked by default (the Admin API accepts larger limits; 100 keeps one answer small). */
const DEFAULT_PAGE = 100;

/** Shopware's token answer (`POST /api/oauth/token`, client_credentials): a bearer token for `expires_in` seconds. */
const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

const translated = z.object({ name: z.string().nullish() }).nullish();
const cover = z.object({ media: z.object({ url: z.string().nullish() }).nullish() }).nullish();

/** A product of the Admin API search in plain JSON (Accept: application/json), the fields and associations used. */
const ProductSchema = z.object({
  id: z.string().min(1),
  parentId: z.string().nullish(),
  childCount: z.number().int().nullish(),
  productNumber: z.string().nullish(),
  ean: z.string().nullish(),
  name: z.string().nullish(),
  translated,
  cover,
  options: z
    .array(
      z.object({
        name: z.string().nullish(),
        translated,
        group: z.object({ name: z.string().nullish(), translated }).nullish(),
      }),
    )
    .nullish(),
  parent: z.object({ name: z.string().nullish(), translated, cover }).nullish(),
});
/** `POST /api/search/product` with total-count-mode 1: `{total, data}`. */
const SearchSchema = z.object({ total: z.number().int().nonnegative(), data: z.array(ProductSchema) });
type SwProduct = z.infer<typeof ProductSchema>;

/** Shopware's error body `{errors: [{code, status, title, detail}]}` (JSON:API errors, also for OAuth refusals). */
function shopwareMessage(body: unknown): string | null {
  const first = (body as { errors?: { detail?: unknown; title?: unknown }[] } | null)?.errors?.[0];
  if (!first) return null;
  return shopText(typeof first.detail === 'string' ? first.detail : null) ?? shopText(first.title as string);
}

/** The criteria of one page: the unit's fields, its cover image, options (with groups) and its parent's name/cover. */
function criteria(page: number, limit: number) {
  const coverMedia = { cover: { associations: { media: {} } } };
  return {
    page,
    limit,
    'total-count-mode': 1,
    sort: [{ field: 'id', order: 'ASC' }],
    associations: {
      ...coverMedia,
      options: { associations: { group: {} } },
      parent: { associations: coverMedia },
    },
    includes: {
      product: [
        'id',
        'parentId',
        'childCount',
        'productNumber',
        'ean',
        'name',
        'translated',
        'cover',
        'options',
        'parent',
      ],
      product_media: ['media'],
      media: ['url'],
      property_group_option: ['name', 'translated', 'group'],
      property_group: ['name', 'translated'],
    },
  };
}

const nameOf = (
  p: { name?: string | null; translated?: { name?: string | null } | null } | null | undefined,
) => shopText(p?.translated?.name) ?? shopText(p?.name);

/** Maps one product (or variant) to a unit; a variant's title is its options' names joined with ' / '. */
function toUnit(p: SwProduct, base: string): ShopProduct {
  const isVariant = !!p.parentId;
  const title = nameOf(p) ?? nameOf(p.parent);
  const options = isVariant
    ? (p.options ?? [])
        .map((o) => nameOf(o))
        .filter((n): n is string => !!n)
        .join(' / ')
    : '';
  return {
    ref: p.id,
    name: unitName(title, options || null) || shopText(p.productNumber) || p.id,
    ean: shopText(p.ean),
    sku: shopText(p.productNumber),
    imageUrl: absoluteImageUrl(p.cover?.media?.url ?? p.parent?.cover?.media?.url, base),
  };
}

/**
 * Shopware 6 as a shop product source (ADR 0108; developer.shopware.com Admin API: authentication, search
 * criteria, product entity): an integration's access key id and secret as OAuth client credentials
 * (`POST {url}/api/oauth/token`, JSON `{grant_type: client_credentials, client_id, client_secret}`, a 10-minute bearer
 * token kept until 30 s before it expires and fetched again once when a call answers 401), then
 * `POST {url}/api/search/product` page by page (`limit`, `page`, `total-count-mode: 1` for `total`, sorted by id)
 * with the cover media, the options and the parent. Variants are units; a parent with children (`childCount` > 0) is
 * not. Name: the product's (or, for a variant without its own, the parent's) translated name with the options after
 * ' – '; EAN and SKU (`productNumber`) the unit's own (not inherited); image the cover's, else the parent's cover.
 */
export function createShopwareSource(opts: ShopSourceOptions = {}): ShopProductSource {
  const pageSize = opts.pageSize ?? DEFAULT_PAGE;
  /**
   * Tokens by shop URL, client id and a hash of the secret (a token is never handed to a caller with other
   * credentials), shared by the syncs of this source.
   */
  const tokens = new Map<string, { token: string; until: number }>();
  return {
    platform: 'shopware',
    service: SERVICE,
    async *pages(creds: ShopCredentials, via: ShopConnection = {}): AsyncIterable<ShopProduct[]> {
      const secret = creds.secret;
      if (!secret) throw missingSecret(SERVICE);
      const base = shopBase(creds.url);
      const http = outsideClient({ service: SERVICE, baseUrl: base, ...clientSettings(opts, via) });
      const cacheKey = `${base}|${creds.apiKey}|${createHash('sha256').update(secret).digest('hex')}`;
      const call = <T>(fn: () => Promise<T>) =>
        withPlatformMessage(SERVICE, shopwareMessage, ['detail', 'title'], fn);

      const token = async (fresh: boolean): Promise<string> => {
        const cached = tokens.get(cacheKey);
        if (!fresh && cached && cached.until > Date.now()) return cached.token;
        const { data } = await call(() =>
          http.request({
            method: 'POST',
            path: 'api/oauth/token',
            json: { grant_type: 'client_credentials', client_id: creds.apiKey, client_secret: secret },
            accept: 'application/json',
            schema: TokenSchema,
            retryPost: true,
          }),
        );
        tokens.set(cacheKey, {
          token: data.access_token,
          until: Date.now() + Math.max(0, data.expires_in - 30) * 1000,
        });
        return data.access_token;
      };
      const search = (page: number, bearer: string) =>
        call(() =>
          http.request({
            method: 'POST',
            path: 'api/search/product',
            json: criteria(page, pageSize),
            accept: 'application/json',
            headers: { authorization: `Bearer ${bearer}` },
            schema: SearchSchema,
            // A search changes nothing: safe to repeat on 429/5xx.
            retryPost: true,
          }),
        );
      /** A page with the kept token; a 401 on it (expired or revoked) fetches one new token and asks again. */
      const searchPage = async (page: number) => {
        const bearer = await token(false);
        try {
          return await search(page, bearer);
        } catch (err) {
          if (!(err instanceof OutsideServiceError) || err.status !== 401) throw err;
          tokens.delete(cacheKey);
          return await search(page, await token(true));
        }
      };

      const max = unitLimit(opts);
      let yielded = 0;
      for (let page = 1; yielded < max; page += 1) {
        const { data } = await searchPage(page);
        const units = data.data
          .filter((p) => !(p.childCount && p.childCount > 0))
          .slice(0, max - yielded)
          .map((p) => toUnit(p, base));
        if (units.length > 0) {
          yielded += units.length;
          yield units;
        }
        if (data.data.length < pageSize || page * pageSize >= data.total) break;
      }
    },
  };
}

/** The Shopware 6 source with the defaults (100 a page, at most SHOP_SYNC_MAX_UNITS units). */
export const shopwareSource: ShopProductSource = createShopwareSource();
