import {
  allOpenTransfersEndpoint,
  assignLocationByNameEndpoint,
  assignLocationEndpoint,
  cancelTransferEndpoint,
  clearLocationEndpoint,
  correctStockEndpoint,
  cutOffGroupCreateEndpoint,
  cutOffGroupsEndpoint,
  eanLabelEndpoint,
  locationAddEndpoint,
  locationBulkEndpoint,
  locationChildrenEndpoint,
  locationGroupCreateEndpoint,
  locationGroupsEndpoint,
  locationLabelEndpoint,
  locationLabelsEndpoint,
  locationRootsEndpoint,
  locationUpdateEndpoint,
  newTransferEndpoint,
  pickingLocationsEndpoint,
  productLocationsEndpoint,
  productOpenTransfersEndpoint,
  recountEndpoint,
  stockAnalysisEndpoint,
  stockUpdateEndpoint,
  switchLocationEndpoint,
  transferEndpoint,
} from '@hoppa/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { inlinePdf } from '../../lib/pdf/pdf-reply.ts';
import { type RequestContext, route } from '../../lib/route.ts';
import { eanLabels, locationLabel, locationLabels } from './labels.service.ts';
import { addBins, addLocation, listLocations, updateLocation } from './locations.service.ts';
import {
  createCutOffGroup,
  createLocationGroup,
  listCutOffGroups,
  listLocationGroups,
  listPickingLocations,
  stockAnalysis,
} from './lookups.service.ts';
import {
  assignLocation,
  assignLocationByName,
  clearLocation,
  correctStock,
  getProductLocations,
  type StockContext,
  setRecount,
  switchLocations,
  updateStock,
} from './product-locations.service.ts';
import { cancelTransfer, listOpenTransfers, openTransfer, transferStock } from './transfers.service.ts';

/**
 * Runs a change in one transaction; with an `Idempotency-Key` (the floor's outbox always sends one) through
 * {@link withIdempotency}, so a resend after a lost answer returns the first answer and changes nothing again.
 */
function change<T>(
  ctx: RequestContext,
  req: FastifyRequest,
  fn: (sc: StockContext) => Promise<T>,
): Promise<T> {
  const run = (tx: Db) => fn({ db: tx, orgIds: ctx.orgIds, userId: ctx.user.id });
  return ctx.idempotencyKey ? withIdempotency(ctx, req, run) : ctx.db.transaction(run);
}

/**
 * Registers the locations and stock calls (issue 9; spec 2 §7 Locations, spec 3 §7 Locations and labels, Recount):
 * the warehouse map, a product's locations and every stock change, each through the ledger (ledger.ts).
 */
export function registerStockRoutes(app: FastifyInstance): void {
  route(app, locationRootsEndpoint, async ({ query }, ctx) => listLocations(ctx, null, query));
  route(app, locationChildrenEndpoint, async ({ params, query }, ctx) =>
    listLocations(ctx, params.parent, query),
  );
  route(app, locationAddEndpoint, async ({ params, query }, ctx, req) =>
    change(ctx, req, (sc) =>
      addLocation(sc, {
        name: params.name,
        parentId: params.id === 'null' ? null : params.id,
        type: query.type,
        sequence: query.sequence,
      }),
    ),
  );
  route(app, locationBulkEndpoint, async ({ body }, ctx, req) => change(ctx, req, (sc) => addBins(sc, body)));
  route(app, locationUpdateEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (sc) => updateLocation(sc, params.id, body)),
  );

  route(app, productLocationsEndpoint, async ({ params }, ctx) => getProductLocations(ctx, params.id));
  route(app, assignLocationByNameEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (sc) => assignLocationByName(sc, body)),
  );
  route(app, assignLocationEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (sc) => assignLocation(sc, body)),
  );
  route(app, stockUpdateEndpoint, async ({ params, query }, ctx, req) =>
    change(ctx, req, (sc) => updateStock(sc, params, query)),
  );
  route(app, switchLocationEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (sc) => switchLocations(sc, body)),
  );
  route(app, clearLocationEndpoint, async ({ params }, ctx, req) =>
    change(ctx, req, (sc) => clearLocation(sc, params)),
  );
  route(app, recountEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (sc) => setRecount(sc, params.id, body.recount)),
  );
  route(app, correctStockEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (sc) => correctStock(sc, body)),
  );

  route(app, transferEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (sc) => transferStock(sc, params.id, body)),
  );
  route(app, newTransferEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (sc) => openTransfer(sc, body)),
  );
  route(app, cancelTransferEndpoint, async ({ params }, ctx, req) =>
    change(ctx, req, (sc) => cancelTransfer(sc, params.loc_prod_id)),
  );
  route(app, productOpenTransfersEndpoint, async ({ params, query }, ctx) =>
    listOpenTransfers(ctx, params.product_id, query),
  );
  route(app, allOpenTransfersEndpoint, async ({ query }, ctx) => listOpenTransfers(ctx, null, query));

  route(app, locationGroupsEndpoint, async ({ query }, ctx) => listLocationGroups(ctx, query));
  route(app, locationGroupCreateEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (sc) => createLocationGroup(sc, body)),
  );
  route(app, cutOffGroupsEndpoint, async ({ query }, ctx) => listCutOffGroups(ctx, query));
  route(app, cutOffGroupCreateEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (sc) => createCutOffGroup(sc, body)),
  );
  route(app, pickingLocationsEndpoint, async ({ query }, ctx) => listPickingLocations(ctx, query));
  route(app, stockAnalysisEndpoint, async ({ params }, ctx) => stockAnalysis(ctx, params.org_id, params.ean));

  route(app, locationLabelsEndpoint, async ({ params, body }, ctx, _req, reply) => {
    const { pdf, fileName } = await locationLabels(ctx, params.id, body.format);
    inlinePdf(reply, fileName);
    return pdf;
  });
  route(app, locationLabelEndpoint, async ({ body }, ctx, _req, reply) => {
    const { pdf, fileName } = await locationLabel(ctx, body.location_id, body.format);
    inlinePdf(reply, fileName);
    return pdf;
  });
  route(app, eanLabelEndpoint, async ({ params, body }, ctx, _req, reply) => {
    const { pdf, fileName } = await eanLabels(ctx, { ...params, format: body.format, orgId: body.org_id });
    inlinePdf(reply, fileName);
    return pdf;
  });
}
