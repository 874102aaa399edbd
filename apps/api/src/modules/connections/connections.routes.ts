import {
  acceptBolCancellationEndpoint,
  bolConfirmEndpoint,
  bolProductsEndpoint,
  getApiEndpoint,
  getApisEndpoint,
  SHOP_SYNC_ENDPOINTS,
  storeApiEndpoint,
  updateApiEndpoint,
  updateApiInvoiceEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { bolClient } from '../../lib/outside/bol.ts';
import { SHOP_SOURCES } from '../../lib/outside/shops/registry.ts';
import { SHOP_PLATFORMS, type ShopPlatform, type ShopProductSource } from '../../lib/outside/shops/source.ts';
import { route } from '../../lib/route.ts';
import { loadSecretsKey, secretBox } from '../../lib/secrets.ts';
import { acceptBolCancellation } from './bol-cancellation.service.ts';
import { activeBolConnection, bolProducts, setBolConfirm } from './bol-products.service.ts';
import {
  connectionRow,
  listConnections,
  storeConnection,
  toApiConnection,
  updateConnection,
} from './connections.service.ts';
import { syncShopProducts } from './shop-sync.service.ts';
import { startScheduledSync } from './sync.ts';

/**
 * Registers the API connection calls (issue 14; spec 3 §7 API connections, `GET /bol/products/get/{api_name}`,
 * `PUT /product/bol_confirm`, accepting a bol customer's cancellation request (`POST /order/bol/cancellation/{id}`,
 * ADR 0128), the shop product syncs `GET /products/sync/{platform}` of ADR 0107) and starts the
 * scheduled bol order pull (CONNECTIONS_SYNC_MS) when the app is ready. `shopSources` replaces the shop adapters
 * (tests point them at fakes with quick retries); default {@link SHOP_SOURCES}.
 */
export function registerConnectionRoutes(
  app: FastifyInstance,
  shopSources: Partial<Record<ShopPlatform, ShopProductSource>> = SHOP_SOURCES,
): void {
  const { config, db } = app.hoppa;
  const box = secretBox(loadSecretsKey(config.secretsKey, config.dataDir));
  const bolOf = (conn: { api_key: string; encrypted_secret: string }) =>
    bolClient({
      apiUrl: config.bolApiUrl,
      loginUrl: config.bolLoginUrl,
      clientId: conn.api_key,
      clientSecret: box.open(conn.encrypted_secret),
    });

  route(app, acceptBolCancellationEndpoint, ({ params }, ctx) =>
    acceptBolCancellation(ctx, bolOf, params.id),
  );
  route(app, storeApiEndpoint, async ({ body }, ctx, _req, reply) => {
    const made = await storeConnection({ ...ctx, box, orgId: ctx.currOrgId, userId: ctx.user.id }, body);
    reply.code(201);
    return made;
  });
  route(app, getApisEndpoint, async ({ query }, ctx) => listConnections(ctx, query));
  route(app, getApiEndpoint, async ({ params }, ctx) => toApiConnection(await connectionRow(ctx, params.id)));
  route(app, updateApiEndpoint, async ({ body }, ctx) => updateConnection({ ...ctx, box }, body));
  route(app, updateApiInvoiceEndpoint, async ({ params, body }, ctx) =>
    updateConnection({ ...ctx, box }, { _id: params.id, send_invoice: body.send_invoice }),
  );
  route(app, bolProductsEndpoint, async ({ params, query }, ctx) => {
    const scope = { db: ctx.db, orgIds: [ctx.currOrgId] };
    const conn = await activeBolConnection(scope, params.api_name);
    return bolProducts(scope, conn, bolOf(conn), query);
  });
  route(app, bolConfirmEndpoint, async ({ body }, ctx) => setBolConfirm(ctx, body));
  for (const platform of SHOP_PLATFORMS)
    route(app, SHOP_SYNC_ENDPOINTS[platform], async ({ query }, ctx) =>
      syncShopProducts(
        ctx.db,
        ctx.currOrgId,
        platform,
        { box, sources: shopSources, allowPrivateHosts: config.allowPrivateShopHosts },
        query.api_id,
      ),
    );

  let stop: () => Promise<void> = async () => {};
  app.addHook('onReady', async () => {
    stop = startScheduledSync(
      { db, box, bolApiUrl: config.bolApiUrl, bolLoginUrl: config.bolLoginUrl },
      config.connectionsSyncMs,
      (msg) => app.log.warn(msg),
    );
  });
  app.addHook('onClose', async () => stop());
}
