import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { ReasonValuesSchema, reasonParams } from '../common/reason.ts';
import { boundedText, codeText, nameText } from '../common/text.ts';
import { OrderImportReasonCodeSchema } from '../orders/order.schema.ts';

/**
 * The merchant's own shop platforms whose product list can be synchronised (spec 3 §7 Sync: `GET /products/sync/woo`,
 * `/shopify`, `/lightspeed`, `/shopware`, `/mirakl`, `/channel_engine`), named as the spec's paths name them. The API's
 * adapter contract (apps/api lib/outside/shops/source.ts `SHOP_PLATFORMS`) lists the same values.
 */
export const SHOP_CONNECTION_PLATFORMS = [
  'woo',
  'shopify',
  'lightspeed',
  'shopware',
  'mirakl',
  'channel_engine',
] as const;
export type ShopConnectionPlatform = (typeof SHOP_CONNECTION_PLATFORMS)[number];

/**
 * The platforms an API connection may be made for (issue 14; spec 3 §3 Custom API connection, §7 API connections):
 * bol.com Netherlands and Belgium (order intake, product list), PostNL and DHL Parcel NL (labels), and the shop
 * platforms of {@link SHOP_CONNECTION_PLATFORMS} (product sync, ADR 0107).
 */
export const CONNECTION_PLATFORMS = ['bol', 'bol_be', 'postnl', 'dhl', ...SHOP_CONNECTION_PLATFORMS] as const;
export const ConnectionPlatformSchema = z.enum(CONNECTION_PLATFORMS);
export type ConnectionPlatform = z.infer<typeof ConnectionPlatformSchema>;

/** Whether a connection's platform is a shop platform (it has a `url` and a product sync). */
export function isShopPlatform(p: string): p is ShopConnectionPlatform {
  return (SHOP_CONNECTION_PLATFORMS as readonly string[]).includes(p);
}

/**
 * Shop platforms whose single credential is one token (Shopify's Admin API access token, Mirakl's shop API key,
 * ChannelEngine's API key): it is entered as the connection's `secret`, stored encrypted and never answered, and the
 * `api_key` stays empty (ADR 0107). The other platforms have a key and a secret.
 */
export const TOKEN_ONLY_PLATFORMS = ['shopify', 'mirakl', 'channel_engine'] as const;

/** Whether the platform's one credential is the secret alone (see {@link TOKEN_ONLY_PLATFORMS}). */
export function isTokenOnlyPlatform(p: string): boolean {
  return (TOKEN_ONLY_PLATFORMS as readonly string[]).includes(p);
}

/** Lightspeed eCom's API cluster used when a Lightspeed connection has no `url` (the EU cluster). */
export const LIGHTSPEED_DEFAULT_URL = 'https://api.webshopapp.com';

/** Longest shop URL accepted, characters. */
export const SHOP_URL_MAX_LENGTH = 500;

/**
 * Why a shop URL is refused, or null when it is fine (ADR 0107): an absolute `https://` URL without user name,
 * password, query or fragment; plain `http://` only for this machine (`localhost`, `127.0.0.1`, `[::1]`), so tests and
 * local fakes work. A path is allowed (WooCommerce installed under `/shop`).
 */
export function shopUrlProblem(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return 'URL must be a full address such as https://winkel.nl';
  }
  const local = u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.hostname === '[::1]';
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && local)) return 'URL must start with https://';
  if (u.username || u.password) return 'URL must not contain a user name or password';
  if (u.search || u.hash) return 'URL must not contain a query or fragment';
  return null;
}

/** The shop's base URL of a connection (see {@link shopUrlProblem}). */
export const ShopUrlSchema = boundedText('URL', SHOP_URL_MAX_LENGTH, { min: 1 }).refine(
  (s) => shopUrlProblem(s) === null,
  {
    message: 'URL must be an https:// address of the shop',
    params: reasonParams('format_invalid', { format: 'shop_url' }),
  },
);

/** Shop platforms whose connection needs a `url` (Lightspeed's defaults to {@link LIGHTSPEED_DEFAULT_URL}). */
export function shopNeedsUrl(p: string): boolean {
  return isShopPlatform(p) && p !== 'lightspeed';
}

/** The languages a connection may have (spec 3 §3 Custom API connection: platform_lang NL, EN, DE, IT, FR). */
export const CONNECTION_LANGS = ['NL', 'EN', 'DE', 'IT', 'FR'] as const;

/**
 * Settings of a connection besides its key and secret: PostNL's customer code (4 letters), customer number (8 digits)
 * and collection location (6 digits); DHL's account id. bol needs none.
 */
export const ConnectionSettingsSchema = z.object({
  customer_code: codeText('Customer code').optional(),
  customer_number: codeText('Customer number').optional(),
  collection_location: codeText('Collection location').optional(),
  account_id: codeText('Account id').optional(),
});
export type ConnectionSettings = z.infer<typeof ConnectionSettingsSchema>;

/** An order the last pull held back because one of its EANs is not a product of the organisation. */
export const UnknownEanOrderSchema = z.object({ order_id: z.string(), eans: z.array(z.string()) });

/**
 * Why the last bol order pull or shop product sync (spec 3 §7 Sync) did not go well (ADR 0119 §3), a stable code the
 * apps translate: `pull_failed` (values.message: the outside service's words, or the pull's own, untranslated),
 * `orders_refused` (the order import refused orders: the status's `refused` names them); a shop's product sync:
 * `products_sync_failed` (values.message: the shop platform's words, or the sync's own, untranslated),
 * `shop_url_not_public` (values.value: the address on the server's own network the shop URL leads to) and
 * `shop_led_elsewhere` (values.message: where the shop led the sync, untranslated: a redirect or DNS answer).
 */
export const CONNECTION_SYNC_REASON_CODES = [
  'pull_failed',
  'orders_refused',
  'products_sync_failed',
  'shop_url_not_public',
  'shop_led_elsewhere',
] as const;
export type ConnectionSyncReasonCode = (typeof CONNECTION_SYNC_REASON_CODES)[number];

/** An order the last bol pull could not take in: bol's order id and the order import's reason, coded and in English. */
export const RefusedBolOrderSchema = z.object({
  order_id: z.string(),
  code: OrderImportReasonCodeSchema,
  values: ReasonValuesSchema,
  reason: z.string(),
});
export type RefusedBolOrder = z.infer<typeof RefusedBolOrderSchema>;

/**
 * What the last scheduled order pull of a connection did (issue 14 item 3): when it ended, whether it went well, its
 * error in English (the outside service's message, or the orders not taken in with their reasons), the same as a code
 * (`problem`, {@link CONNECTION_SYNC_REASON_CODES}, and `refused`, each order with the order import's code; ADR 0119
 * §3), how many orders it brought in (and all pulls together), and the orders it held back for unknown EANs. Null
 * before the first pull. This API always sends `problem` and `refused` (null and [] when the pull went well).
 */
export const ConnectionStatusSchema = z.object({
  last_sync_at: z.string().nullable(),
  ok: z.boolean().nullable(),
  error: z.string().nullable(),
  problem: z
    .object({ code: z.enum(CONNECTION_SYNC_REASON_CODES), values: ReasonValuesSchema })
    .nullable()
    .optional(),
  refused: z.array(RefusedBolOrderSchema).optional(),
  imported: z.number().int().nullable(),
  /** Orders taken in through the connection since it was made. */
  imported_total: z.number().int(),
  unknown_eans: z.array(UnknownEanOrderSchema),
});

/**
 * An API connection as the API answers it (spec 3 §3 Custom API connection): the secret never comes back after saving,
 * only `has_secret`.
 */
export const ApiConnectionSchema = z.object({
  _id: IdSchema,
  /** The name of the shop (organisation) the connection belongs to: a provider admin's list holds several shops'. */
  org_name: z.string(),
  api_name: z.string(),
  platform: ConnectionPlatformSchema,
  /** The shop's base URL (shop platforms; null for the others and for a Lightspeed connection on the default cluster). */
  url: z.string().nullable(),
  api_key: z.string(),
  has_secret: z.boolean(),
  settings: ConnectionSettingsSchema,
  platform_lang: z.enum(CONNECTION_LANGS),
  send_invoice: z.boolean(),
  active: z.boolean(),
  created_at: z.string(),
  status: ConnectionStatusSchema,
});
export type ApiConnection = z.infer<typeof ApiConnectionSchema>;

const apiName = nameText('API name', 1);
const apiKey = boundedText('API key', 500);
const secret = boundedText('Secret', 2000, { min: 1 });

/**
 * The checks a new connection's fields need beyond their own shapes: the key (except for token-only shop platforms),
 * PostNL's three codes, a shop platform's URL (required but for Lightspeed) and no URL for the other platforms.
 */
function connectionFieldIssues(b: {
  platform: ConnectionPlatform;
  api_key?: string;
  url?: string;
  customer_code?: string;
  customer_number?: string;
  collection_location?: string;
}): ConnectionFieldIssue[] {
  const out: ConnectionFieldIssue[] = [];
  const missing = reasonParams('missing');
  if (!isTokenOnlyPlatform(b.platform) && !b.api_key?.trim())
    out.push({ path: ['api_key'], message: 'Add the API key', params: missing });
  if (b.platform === 'postnl')
    for (const f of ['customer_code', 'customer_number', 'collection_location'] as const)
      if (!b[f]?.trim())
        out.push({ path: [f], message: `PostNL needs the ${f.replace('_', ' ')}`, params: missing });
  const url = b.url?.trim() ?? '';
  if (shopNeedsUrl(b.platform) && !url)
    out.push({ path: ['url'], message: 'Add the URL of the shop', params: missing });
  else if (url && !isShopPlatform(b.platform))
    out.push({
      path: ['url'],
      message: 'Only shop platforms have a URL',
      params: reasonParams('excludes', { other: 'platform' }),
    });
  else if (url) {
    const p = shopUrlProblem(url);
    if (p)
      out.push({ path: ['url'], message: p, params: reasonParams('format_invalid', { format: 'shop_url' }) });
  }
  return out;
}

/** A refusal of {@link connectionFieldIssues}: the field's path, the English message and its code (core `reasonParams`). */
type ConnectionFieldIssue = { path: string[]; message: string; params: ReturnType<typeof reasonParams> };

/**
 * Body of `POST /store-api` (spec 3 §7; §5 API add form: api_name, secret and platform required). `api_key` is the bol
 * client id, the PostNL API key's customer name or the DHL user id; `secret` the client secret, PostNL API key or DHL
 * key. PostNL needs customer_code, customer_number and collection_location in `settings`.
 */
export const StoreApiBodySchema = z
  .object({
    api_name: apiName,
    platform: ConnectionPlatformSchema,
    /** Required, except for the token-only shop platforms ({@link TOKEN_ONLY_PLATFORMS}), whose token is the secret. */
    api_key: apiKey.default(''),
    secret,
    /** The shop's base URL: shop platforms only, required but for Lightspeed ({@link shopUrlProblem}). */
    url: ShopUrlSchema.optional(),
    settings: ConnectionSettingsSchema.default({}),
    platform_lang: z.enum(CONNECTION_LANGS).default('NL'),
    send_invoice: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    for (const i of connectionFieldIssues({ ...b, ...b.settings }))
      ctx.addIssue({
        code: 'custom',
        path: i.path[0] === 'api_key' || i.path[0] === 'url' ? i.path : ['settings', ...i.path],
        message: i.message,
        params: i.params,
      });
  });
export type StoreApiBody = z.input<typeof StoreApiBodySchema>;

/**
 * Body of `PUT /update-api` (spec 3 §7): the connection's `_id` and what changes. A missing or empty `secret` keeps
 * the stored one; the platform cannot change (make a new connection).
 */
export const UpdateApiBodySchema = z.object({
  _id: IdSchema,
  api_name: apiName.optional(),
  api_key: apiKey.optional(),
  secret: boundedText('Secret', 2000).optional(),
  /** A shop connection's new base URL (refused for the other platforms). */
  url: ShopUrlSchema.optional(),
  settings: ConnectionSettingsSchema.optional(),
  platform_lang: z.enum(CONNECTION_LANGS).optional(),
  send_invoice: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type UpdateApiBody = z.infer<typeof UpdateApiBodySchema>;

/** Body of `PUT /update-api-invoice/{id}` (spec 3 §7): `{send_invoice}`. */
export const UpdateApiInvoiceBodySchema = z.object({ send_invoice: z.boolean() });

/** One offer of a bol product list (`GET /bol/products/get/{api_name}`), with our product of the same EAN if any. */
export const BolOfferSchema = z.object({
  offer_id: z.string(),
  ean: z.string(),
  reference: z.string(),
  stock: z.number().int(),
  fulfilment: z.string(),
  product_id: IdSchema.nullable(),
  product_name: z.string().nullable(),
  /** The linked product's bol_confirm flag (`PUT /product/bol_confirm`); null without a linked product. */
  bol_confirm: z.boolean().nullable(),
});
export type BolOffer = z.infer<typeof BolOfferSchema>;

/** Body of `PUT /product/bol_confirm` (spec 3 §7; payload not shown): the product and whether bol shipments of it are confirmed. */
export const BolConfirmBodySchema = z.object({ product_id: IdSchema, bol_confirm: z.boolean() });

/** The API form's fields (add and edit), before the checks across fields. */
const connectionFormFields = {
  platform: ConnectionPlatformSchema,
  api_name: apiName,
  api_key: apiKey.optional(),
  secret,
  url: boundedText('URL', SHOP_URL_MAX_LENGTH).optional(),
  customer_code: codeText('Customer code').optional(),
  customer_number: codeText('Customer number').optional(),
  collection_location: codeText('Collection location').optional(),
  account_id: codeText('Account id').optional(),
};

/** The checks across the API form's fields (those of {@link StoreApiBodySchema}). */
function connectionFormIssues(
  b: Parameters<typeof connectionFieldIssues>[0],
  ctx: {
    addIssue: (i: {
      code: 'custom';
      path: string[];
      message: string;
      params: ConnectionFieldIssue['params'];
    }) => void;
  },
): void {
  // The portal sends no URL for other platforms, so a left-over URL field of another platform is no error here.
  const url = isShopPlatform(b.platform) ? b.url : undefined;
  for (const i of connectionFieldIssues({ ...b, url }))
    ctx.addIssue({ code: 'custom', path: i.path, message: i.message, params: i.params });
}

/**
 * The API add form's fields as the portal holds them (spec 3 §5 API add form: api_name, secret and platform required;
 * validated after change and before submit): flat text fields with the rules of {@link StoreApiBodySchema}, PostNL's
 * three codes required for a PostNL connection.
 */
export const ConnectionFormSchema = z.object(connectionFormFields).superRefine(connectionFormIssues);

/**
 * The API edit form's fields (`PUT /update-api`): those of {@link ConnectionFormSchema}, but the secret is write-only
 * and may stay empty (the stored one is kept).
 */
export const ConnectionEditFormSchema = z
  .object({ ...connectionFormFields, secret: boundedText('Secret', 2000).optional() })
  .superRefine(connectionFormIssues);

/** One unit the shop lists that the sync did not take, with why (`GET /products/sync/…`; ADR 0107). */
export const ShopSyncSkipSchema = z.object({
  /** The platform's id of the unit (the variant's id where there are variants). */
  ref: z.string(),
  name: z.string(),
  /** Why, in English: 'EAN is missing', 'EAN check digit is wrong', 'EAN 8700… is listed 3 times in the shop', … */
  reason: z.string(),
});

/** Most skipped units one sync answer lists; `skipped_count` has them all. */
export const SHOP_SYNC_SKIPPED_LISTED = 100;

/**
 * What one product sync did (spec 3 §7 Sync `GET /products/sync/{platform}`; payload not shown, ADR 0107): the units the
 * shop listed, how many were linked to a product with the same EAN, how many products were created, the first
 * {@link SHOP_SYNC_SKIPPED_LISTED} skipped units with their reasons and the count of all skipped, and whether the shop
 * had more units than one sync reads (`truncated`).
 */
export const ShopSyncResultSchema = z.object({
  platform: z.enum(SHOP_CONNECTION_PLATFORMS),
  /** The connection used. */
  api_id: IdSchema,
  api_name: z.string(),
  units: z.number().int(),
  linked: z.number().int(),
  created: z.number().int(),
  skipped: z.array(ShopSyncSkipSchema),
  skipped_count: z.number().int(),
  truncated: z.boolean(),
});
export type ShopSyncResult = z.infer<typeof ShopSyncResultSchema>;

/** Query of the sync calls: which of the organisation's active connections of the platform (default the oldest). */
export const ShopSyncQuerySchema = z.object({ api_id: IdSchema.optional() });
