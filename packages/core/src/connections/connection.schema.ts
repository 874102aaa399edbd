import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { boundedText, codeText, nameText } from '../common/text.ts';

/**
 * The platforms an API connection may be made for (issue 14; spec 3 §3 Custom API connection, §7 API connections):
 * bol.com Netherlands and Belgium (order intake, product list), PostNL and DHL Parcel NL (labels, next session).
 */
export const CONNECTION_PLATFORMS = ['bol', 'bol_be', 'postnl', 'dhl'] as const;
export const ConnectionPlatformSchema = z.enum(CONNECTION_PLATFORMS);
export type ConnectionPlatform = z.infer<typeof ConnectionPlatformSchema>;

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
 * What the last scheduled order pull of a connection did (issue 14 item 3): when it ended, whether it went well, its
 * error (the outside service's message), how many orders it brought in (and all pulls together), and the orders it held
 * back for unknown EANs. Null before the first pull.
 */
export const ConnectionStatusSchema = z.object({
  last_sync_at: z.string().nullable(),
  ok: z.boolean().nullable(),
  error: z.string().nullable(),
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
  api_name: z.string(),
  platform: ConnectionPlatformSchema,
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
const apiKey = boundedText('API key', 500, { min: 1 });
const secret = boundedText('Secret', 2000, { min: 1 });

/**
 * Body of `POST /store-api` (spec 3 §7; §5 API add form: api_name, secret and platform required). `api_key` is the bol
 * client id, the PostNL API key's customer name or the DHL user id; `secret` the client secret, PostNL API key or DHL
 * key. PostNL needs customer_code, customer_number and collection_location in `settings`.
 */
export const StoreApiBodySchema = z
  .object({
    api_name: apiName,
    platform: ConnectionPlatformSchema,
    api_key: apiKey,
    secret,
    settings: ConnectionSettingsSchema.default({}),
    platform_lang: z.enum(CONNECTION_LANGS).default('NL'),
    send_invoice: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    if (b.platform !== 'postnl') return;
    for (const f of ['customer_code', 'customer_number', 'collection_location'] as const)
      if (!b.settings[f])
        ctx.addIssue({
          code: 'custom',
          path: ['settings', f],
          message: `PostNL needs the ${f.replace('_', ' ')}`,
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

/**
 * The API add form's fields as the portal holds them (spec 3 §5 API add form: api_name, secret and platform required;
 * validated after change and before submit): flat text fields with the rules of {@link StoreApiBodySchema}, PostNL's
 * three codes required for a PostNL connection.
 */
export const ConnectionFormSchema = z
  .object({
    platform: ConnectionPlatformSchema,
    api_name: apiName,
    api_key: apiKey,
    secret,
    customer_code: codeText('Customer code').optional(),
    customer_number: codeText('Customer number').optional(),
    collection_location: codeText('Collection location').optional(),
    account_id: codeText('Account id').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.platform !== 'postnl') return;
    for (const f of ['customer_code', 'customer_number', 'collection_location'] as const)
      if (!b[f]?.trim())
        ctx.addIssue({ code: 'custom', path: [f], message: `PostNL needs the ${f.replace('_', ' ')}` });
  });
