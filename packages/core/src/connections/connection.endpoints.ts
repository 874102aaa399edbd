import { z } from 'zod';
import { IdSchema, OkSchema } from '../common/common.schema.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { pageOf, pageQuery } from '../http/page.ts';
import {
  ApiConnectionSchema,
  BolConfirmBodySchema,
  BolOfferSchema,
  type ShopConnectionPlatform,
  ShopSyncQuerySchema,
  ShopSyncResultSchema,
  StoreApiBodySchema,
  UpdateApiBodySchema,
  UpdateApiInvoiceBodySchema,
} from './connection.schema.ts';

/**
 * Saves a new API connection for the current organisation (spec 3 §7 `POST /store-api`; §5 API add form). The secret
 * is stored encrypted and never answered. 409 `connection_exists` when the organisation has one of that name.
 */
export const storeApiEndpoint = defineEndpoint({
  method: 'POST',
  path: '/store-api',
  summary: 'Add an API connection (bol, bol_be, PostNL, DHL, a shop platform)',
  body: StoreApiBodySchema,
  response: ApiConnectionSchema,
  status: 201,
  scope: 'org',
  problems: ['connection_exists'],
  tags: ['api connections'],
});

/**
 * The API connections of the caller's organisations with their status (spec 3 §7 `GET /get-apis`; §2 API
 * integrations list), oldest first, server-paged (`{ items, total, skip, limit }`).
 */
export const getApisEndpoint = defineEndpoint({
  method: 'GET',
  path: '/get-apis',
  summary: 'List the API connections with their last sync',
  query: pageQuery(50),
  response: pageOf(ApiConnectionSchema),
  tags: ['api connections'],
});

/** One API connection (spec 3 §7 `GET /get-api/{id}`); 404 for another organisation's. */
export const getApiEndpoint = defineEndpoint({
  method: 'GET',
  path: '/get-api/:id',
  summary: 'One API connection with its status',
  params: z.object({ id: IdSchema }),
  response: ApiConnectionSchema,
  tags: ['api connections'],
});

/**
 * Changes an API connection (spec 3 §7 `PUT /update-api`): name, key, secret (empty keeps it), settings, language,
 * send-invoice flag, enabled or not. 409 `connection_exists` for a name taken by another of its connections.
 */
export const updateApiEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/update-api',
  summary: 'Change an API connection, enable or disable it',
  body: UpdateApiBodySchema,
  response: ApiConnectionSchema,
  problems: ['connection_exists'],
  tags: ['api connections'],
});

/** Sets whether invoices are sent through the connection (spec 3 §7 `PUT /update-api-invoice/{id}` {send_invoice}). */
export const updateApiInvoiceEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/update-api-invoice/:id',
  summary: 'Turn sending invoices through a connection on or off',
  params: z.object({ id: IdSchema }),
  body: UpdateApiInvoiceBodySchema,
  response: ApiConnectionSchema,
  tags: ['api connections'],
});

/**
 * The bol product list of the current organisation's active bol or bol_be connection (spec 3 §7 Sync `GET
 * /bol/products/get/{api_name}`): bol's offer export, each offer with our product of the same EAN, whose offer id and
 * api_name are stored (a sync, so a state-changing GET: needs the app header). Server-paged over the export. 404
 * without such a connection; 502 `outside_service` when bol refuses or does not answer.
 */
export const bolProductsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/bol/products/get/:api_name',
  summary: 'Fetch the bol offers of a connection and link them to products by EAN',
  params: z.object({ api_name: z.enum(['bol', 'bol_be']) }),
  query: pageQuery(100),
  response: pageOf(BolOfferSchema),
  scope: 'org',
  changesState: true,
  problems: ['outside_service'],
  tags: ['api connections'],
});

/** Sets a product's bol_confirm flag (spec 3 §7 `PUT /product/bol_confirm`; payload not shown: `{product_id, bol_confirm}`). */
export const bolConfirmEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/product/bol_confirm',
  summary: 'Confirm shipments of a product to bol or not',
  body: BolConfirmBodySchema,
  response: OkSchema,
  tags: ['api connections'],
});

/** The platforms' names in the sync endpoints' summaries. */
const SHOP_NAMES: Record<ShopConnectionPlatform, string> = {
  woo: 'WooCommerce',
  shopify: 'Shopify',
  lightspeed: 'Lightspeed',
  shopware: 'Shopware',
  mirakl: 'Mirakl',
  channel_engine: 'ChannelEngine',
};

/** What docs/spec-coverage.md says about each platform's sync (adapters from public documentation only, ADR 0107). */
const BUILT_NOTE =
  'built from the platform’s public API documentation and tested against a local fake; not yet tried against a real shop account (ADR 0107, ADR 0108)';

/**
 * One product sync endpoint of spec 3 §7 Sync (`GET /products/sync/{platform}`, the product table's Sync button;
 * payload not shown, ADR 0107): reads every unit of the current organisation's active connection of the platform
 * (the oldest, or `?api_id=`), links units to our products by EAN (`offer_id` = the unit's id, `api_name` = the
 * platform), creates products for valid EANs we do not have and reports the units it skipped. A state-changing GET
 * (app header required). 404 without such a connection; 501 `shop_platform_unavailable` when the platform's adapter
 * is not built; 409 `shop_sync_running` while another sync of the connection runs; 502 `outside_service` when the shop
 * refuses, does not answer or answers something unreadable (nothing is written then).
 */
function shopSyncEndpoint<const P extends ShopConnectionPlatform>(platform: P) {
  return defineEndpoint({
    method: 'GET',
    path: `/products/sync/${platform}` as `/products/sync/${P}`,
    summary: `Synchronise products from the ${SHOP_NAMES[platform]} connection (link by EAN, create the missing)`,
    query: ShopSyncQuerySchema,
    response: ShopSyncResultSchema,
    scope: 'org',
    changesState: true,
    problems: ['outside_service', 'shop_platform_unavailable', 'shop_sync_running', 'shop_url_not_public'],
    tags: ['api connections'],
    coverageNote: BUILT_NOTE,
  });
}

/** `GET /products/sync/woo` (spec 3 §7 Sync): the WooCommerce connection's products (see {@link shopSyncEndpoint}). */
export const syncWooProductsEndpoint = shopSyncEndpoint('woo');
/** `GET /products/sync/shopify` (spec 3 §7 Sync): the Shopify connection's product variants. */
export const syncShopifyProductsEndpoint = shopSyncEndpoint('shopify');
/** `GET /products/sync/lightspeed` (spec 3 §7 Sync): the Lightspeed eCom connection's variants. */
export const syncLightspeedProductsEndpoint = shopSyncEndpoint('lightspeed');
/** `GET /products/sync/shopware` (spec 3 §7 Sync): the Shopware connection's products. */
export const syncShopwareProductsEndpoint = shopSyncEndpoint('shopware');
/** `GET /products/sync/mirakl` (spec 3 §7 Sync): the Mirakl shop's offers. */
export const syncMiraklProductsEndpoint = shopSyncEndpoint('mirakl');
/** `GET /products/sync/channel_engine` (spec 3 §7 Sync): the ChannelEngine connection's products. */
export const syncChannelEngineProductsEndpoint = shopSyncEndpoint('channel_engine');

/** The six sync endpoints by platform (the API registers one route each; the portal picks by a connection's platform). */
export const SHOP_SYNC_ENDPOINTS = {
  woo: syncWooProductsEndpoint,
  shopify: syncShopifyProductsEndpoint,
  lightspeed: syncLightspeedProductsEndpoint,
  shopware: syncShopwareProductsEndpoint,
  mirakl: syncMiraklProductsEndpoint,
  channel_engine: syncChannelEngineProductsEndpoint,
} as const;
