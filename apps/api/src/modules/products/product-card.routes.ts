import {
  assignBoxEndpoint,
  assignShippingEndpoint,
  confirmAsEndpoint,
  customsEndpoint,
  fakeStockEndpoint,
  fulfilmentToggleEndpoint,
  leadTimeEndpoint,
  packNoteEndpoint,
  pickNoteEndpoint,
  productCardEndpoint,
  productDeleteEndpoint,
  productImageUploadEndpoint,
  productLinkEndpoint,
  productNoteEndpoint,
  productRecordEndpoint,
  productUnlinkEndpoint,
  shareTrackTraceEndpoint,
  shipTimeEndpoint,
  stockMaxEndpoint,
  stockMinEndpoint,
  surchargeSelectEndpoint,
  surchargesEndpoint,
  syncStockEndpoint,
  trackTraceEmailEndpoint,
} from '@hoppa/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { type RequestContext, route } from '../../lib/route.ts';
import { deleteProduct, getProductCard, getProductRecord } from './product-card.service.ts';
import { linkProducts, unlinkProducts } from './product-links.service.ts';
import {
  listSurcharges,
  selectSurcharges,
  setCustoms,
  setProductSettings,
  setStockLimit,
  textOrNull,
  toggleFulfilment,
  uploadProductImage,
} from './product-settings.service.ts';

/** Runs a change in one transaction, through {@link withIdempotency} when the request carries an Idempotency-Key. */
function change<T>(
  ctx: RequestContext,
  req: FastifyRequest,
  fn: (scope: TenantScope) => Promise<T>,
): Promise<T> {
  const run = (tx: Db) => fn({ db: tx, orgIds: ctx.orgIds });
  return ctx.idempotencyKey ? withIdempotency(ctx, req, run) : ctx.db.transaction(run);
}

/**
 * Registers the product card's calls (issue 15; spec 3 §7 Products, Settings, Relations; ADR 0048): the card, the
 * product record, delete, the fulfilment toggle, every per-product setting, link/unlink and the image upload.
 */
export function registerProductCardRoutes(app: FastifyInstance): void {
  const { dataDir } = app.hoppa.config;

  route(app, productCardEndpoint, async ({ params }, ctx) => getProductCard(ctx, params.id));
  route(app, productRecordEndpoint, async ({ params }, ctx) => getProductRecord(ctx, params.id));
  route(app, productDeleteEndpoint, async ({ params }, ctx, req) =>
    change(ctx, req, (s) => deleteProduct(s, params.id)),
  );
  route(app, fulfilmentToggleEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) => toggleFulfilment(s, body.id)),
  );

  route(app, assignShippingEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) =>
      setProductSettings(s, body.product_id, { def_shipping_id: body.shipment_method_id }),
    ),
  );
  route(app, assignBoxEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) => setProductSettings(s, body.product_id, { ship_box_id: body.box_id })),
  );
  route(app, trackTraceEmailEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) =>
      setProductSettings(s, body.product_id, { track_trace_email: body.track_trace_email }),
    ),
  );
  route(app, shareTrackTraceEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) =>
      setProductSettings(s, body.product_id, { share_track_trace: body.share_track_trace }),
    ),
  );
  route(app, syncStockEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) => setProductSettings(s, body.product_id, { sync_stock: body.stock_sync })),
  );
  route(app, fakeStockEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) => setProductSettings(s, body.product_id, { fake_stock: body.fake_stock })),
  );
  route(app, productNoteEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) => setProductSettings(s, body.product_id, { note: textOrNull(body.note) })),
  );
  route(app, pickNoteEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) =>
      setProductSettings(s, body.product_id, { pick_note: textOrNull(body.pick_note) }),
    ),
  );
  route(app, packNoteEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) =>
      setProductSettings(s, body.product_id, { pack_note: textOrNull(body.pack_note) }),
    ),
  );
  route(app, leadTimeEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) => setProductSettings(s, body.product_id, { lead_time_days: body.lead_time_days })),
  );
  route(app, shipTimeEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) => setProductSettings(s, body.product_id, { ship_time_days: body.ship_time_days })),
  );
  route(app, confirmAsEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) => setProductSettings(s, body.product_id, { confirm_as: body.confirm_as })),
  );
  route(app, stockMinEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (s) => setStockLimit(s, params.product_id, 'stock_min', body.value)),
  );
  route(app, stockMaxEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (s) => setStockLimit(s, params.product_id, 'stock_max', body.value)),
  );
  route(app, customsEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (s) => setCustoms(s, params.id, body)),
  );

  route(app, surchargesEndpoint, async ({ query }, ctx) => listSurcharges(ctx, query));
  route(app, surchargeSelectEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (s) => selectSurcharges(s, body)),
  );

  route(app, productLinkEndpoint, async ({ params }, ctx, req) =>
    change(ctx, req, (s) => linkProducts(s, params.p1, params.p2)),
  );
  route(app, productUnlinkEndpoint, async ({ params }, ctx, req) =>
    change(ctx, req, (s) => unlinkProducts(s, params.parent, params.child)),
  );

  route(app, productImageUploadEndpoint, async ({ params, body }, ctx, req) => {
    const name = String(req.headers['x-file-name'] ?? 'image').slice(0, 200);
    return ctx.db.transaction((tx) =>
      uploadProductImage({ db: tx, orgIds: ctx.orgIds }, dataDir, params.id, body, name),
    );
  });
}
