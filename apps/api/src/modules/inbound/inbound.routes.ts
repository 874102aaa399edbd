import {
  addInboundItemEndpoint,
  addInventoryEndpoint,
  addSurchargeEndpoint,
  addTransferEndpoint,
  calendarEndpoint,
  calendarEventItemsEndpoint,
  calendarLinkEndpoint,
  checkedInInboundsEndpoint,
  clearReservedLocationsEndpoint,
  createInboundEndpoint,
  deleteInboundItemEndpoint,
  deleteReservedLocationEndpoint,
  deleteSurchargeEndpoint,
  directCheckinEndpoint,
  editInboundEndpoint,
  editInboundItemCheckinEndpoint,
  editInboundItemEndpoint,
  expandAmountsEndpoint,
  expirationDateEndpoint,
  findLocationsEndpoint,
  inboundEmailEndpoint,
  inboundEndpoint,
  inboundExcelCheckEndpoint,
  inboundExcelEndpoint,
  inboundImageEndpoint,
  inboundImageUploadEndpoint,
  inboundItemEndpoint,
  inboundItemsEndpoint,
  inboundPackingSlipEndpoint,
  inboundQrEndpoint,
  inboundsEndpoint,
  inventoryCheckinEndpoint,
  inventoryLabelEndpoint,
  orgCheckedInEndpoint,
  pendingInboundsEndpoint,
  pendingInboundsWithItemsEndpoint,
  pendingInventoryPdfEndpoint,
  pendingItemsReportEndpoint,
  placeInboundItemEndpoint,
  productsOrgEanEndpoint,
  productsSearchEndpoint,
  submitInboundItemEndpoint,
} from '@hoppa/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notFound, problem } from '../../lib/errors.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { inlinePdf } from '../../lib/pdf/pdf-reply.ts';
import { publicRoute, type RequestContext, route } from '../../lib/route.ts';
import { locationOf, placeInbound } from '../stock/index.ts';
import {
  addInboundImage,
  addInboundItem,
  addInventory,
  addSurcharge,
  addTransfer,
  calendar,
  calendarEventItems,
  checkinInbound,
  createInbound,
  deleteInboundItem,
  deleteSurcharge,
  directCheckin,
  dropReservedLocation,
  editInbound,
  editInboundItem,
  editInboundItemCheckin,
  expandAmounts,
  findLocations,
  getInbound,
  getInboundItem,
  getInboundItems,
  type InboundContext,
  inboundImage,
  listInbounds,
  listInboundsWithItems,
  newCalendarToken,
  pendingItemsReport,
  searchInboundProducts,
  setExpirationDate,
  submitInboundItem,
} from './inbound.service.ts';
import {
  checkInboundExcel,
  inboundFromExcel,
  inboundQrPdf,
  inventoryTicketPdf,
  mailCheckinSummary,
  pendingInventoryPdf,
} from './inbound-documents.service.ts';

/** One change in one transaction; with an `Idempotency-Key` (the floor's outbox sends one) applied once. */
function change<T>(
  ctx: RequestContext,
  req: FastifyRequest,
  fn: (ic: InboundContext) => Promise<T>,
): Promise<T> {
  const run = (tx: Db) => fn({ db: tx, orgIds: ctx.orgIds, userId: ctx.user.id });
  return ctx.idempotencyKey ? withIdempotency(ctx, req, run) : ctx.db.transaction(run);
}

/** Registers the inbound calls (issue 10; spec 2 §7 Inbound). */
export function registerInboundRoutes(app: FastifyInstance): void {
  route(app, createInboundEndpoint, async ({ body }, ctx, req, reply) => {
    const made = await change(ctx, req, (ic) => createInbound(ic, ctx.currOrgId, body));
    reply.code(201);
    return made;
  });
  route(app, inboundExcelEndpoint, async ({ body }, ctx, req, reply) => {
    const made = await change(ctx, req, (ic) => inboundFromExcel(ic, ctx.currOrgId, body));
    reply.code(201);
    return made;
  });
  route(app, inboundExcelCheckEndpoint, async ({ body }, ctx) => checkInboundExcel(ctx, ctx.currOrgId, body));
  route(app, editInboundEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (ic) => editInbound(ic, params.id, body)),
  );
  route(app, inboundsEndpoint, async ({ query }, ctx) =>
    listInbounds(ctx, query.from && query.to ? { range: { from: query.from, to: query.to } } : {}, {
      skip: query.skip,
      limit: query.limit,
    }),
  );
  route(app, pendingInboundsEndpoint, async ({ query }, ctx) =>
    listInbounds(ctx, { status: 'pending' }, query),
  );
  route(app, pendingInboundsWithItemsEndpoint, async ({ query }, ctx) =>
    listInboundsWithItems(ctx, { status: 'pending' }, query),
  );
  route(app, checkedInInboundsEndpoint, async ({ query }, ctx) =>
    listInbounds(ctx, { status: 'checked_in' }, query),
  );
  route(app, orgCheckedInEndpoint, async ({ query }, ctx) =>
    listInbounds(ctx, { status: 'checked_in', orgId: ctx.currOrgId }, query),
  );
  route(app, inboundEndpoint, async ({ params }, ctx) => getInbound(ctx, params.id));
  route(app, inboundItemEndpoint, async ({ params }, ctx) => getInboundItem(ctx, params.id));
  route(app, inboundItemsEndpoint, async ({ params }, ctx) => getInboundItems(ctx, params.id));
  route(app, addInboundItemEndpoint, async ({ params, body }, ctx, req, reply) => {
    const made = await change(ctx, req, (ic) => addInboundItem(ic, params.inbound_id, body));
    reply.code(201);
    return made;
  });
  route(app, deleteInboundItemEndpoint, async ({ params }, ctx, req) =>
    change(ctx, req, (ic) => deleteInboundItem(ic, params.inbound_id, params.item_id)),
  );
  route(app, editInboundItemEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (ic) => editInboundItem(ic, params.id, body)),
  );
  route(app, editInboundItemCheckinEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (ic) => editInboundItemCheckin(ic, params.id, body)),
  );
  route(app, addSurchargeEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (ic) => addSurcharge(ic, params.id, body)),
  );
  route(app, deleteSurchargeEndpoint, async ({ params }, ctx, req) =>
    change(ctx, req, (ic) => deleteSurcharge(ic, params.id, params.index)),
  );
  route(app, findLocationsEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (ic) => findLocations(ic, params.id, body)),
  );
  route(app, deleteReservedLocationEndpoint, async ({ params }, ctx, req) =>
    change(ctx, req, (ic) => dropReservedLocation(ic, params.id, params.locationId)),
  );
  route(app, clearReservedLocationsEndpoint, async ({ params }, ctx, req) =>
    change(ctx, req, (ic) => dropReservedLocation(ic, params.id, null)),
  );
  route(app, expirationDateEndpoint, async ({ params }, ctx, req) =>
    change(ctx, req, (ic) => setExpirationDate(ic, params.id, params.date)),
  );
  route(app, placeInboundItemEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, async (ic) => {
      const location = await locationOf(ic, { id: body.location_id });
      await placeInbound(ic, {
        itemId: params.id,
        productId: null,
        location,
        amount: body.amount,
        rawScan: body.raw_scan ?? null,
      });
      return getInboundItem(ic, params.id);
    }),
  );
  route(app, submitInboundItemEndpoint, async ({ params }, ctx, req) =>
    change(ctx, req, (ic) => submitInboundItem(ic, params.id)),
  );
  route(app, addTransferEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (ic) => addTransfer(ic, params.id, params.departedLocationId, body ?? {})),
  );
  route(app, expandAmountsEndpoint, async ({ params }, ctx, req) =>
    change(ctx, req, (ic) => expandAmounts(ic, params.id)),
  );
  route(app, addInventoryEndpoint, async ({ body }, ctx, req, reply) => {
    const made = await change(ctx, req, (ic) => addInventory(ic, ctx.currOrgId, body));
    reply.code(201);
    return made;
  });
  route(app, inventoryCheckinEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (ic) => checkinInbound(ic, body._id)),
  );
  route(app, directCheckinEndpoint, async ({ body }, ctx, req, reply) => {
    const orgId = body.org_id ?? ctx.currOrgId;
    if (!orgId)
      throw problem(directCheckinEndpoint, 'no_current_org', 'Choose an organisation first: there is none');
    if (!ctx.orgIds.includes(orgId)) throw notFound(`Organisation ${orgId} not found`);
    const made = await change(ctx, req, (ic) => directCheckin(ic, orgId, body));
    reply.code(201);
    return made;
  });
  const { dataDir } = app.hoppa.config;
  route(app, inboundImageUploadEndpoint, async ({ params, body }, ctx, req) => {
    const name = String(req.headers['x-file-name'] ?? 'image').slice(0, 200);
    // With an Idempotency-Key (the floor's outbox sends photos taken offline) a resend adds the photo once.
    const run = (tx: typeof ctx.db) =>
      addInboundImage({ db: tx, orgIds: ctx.orgIds, userId: ctx.user.id }, dataDir, params.id, body, name);
    return ctx.idempotencyKey ? withIdempotency(ctx, req, run) : ctx.db.transaction(run);
  });
  route(app, inboundImageEndpoint, async ({ params }, ctx, _req, reply) => {
    const { bytes, mime } = await inboundImage(ctx, dataDir, params.id, params.image_id);
    reply.type(mime).header('cache-control', 'private, max-age=3600');
    return bytes;
  });
  route(app, inboundEmailEndpoint, async ({ body }, ctx) =>
    mailCheckinSummary(ctx, app.hoppa.mail, body._id, body.to),
  );
  route(app, pendingItemsReportEndpoint, async ({ query }, ctx) => pendingItemsReport(ctx, query));
  route(app, inboundQrEndpoint, async ({ params }, ctx, _req, reply) => {
    const { pdf, fileName } = await inboundQrPdf(ctx, params.id);
    inlinePdf(reply, fileName);
    return pdf;
  });
  route(app, inventoryLabelEndpoint, async ({ body }, ctx, _req, reply) => {
    const { pdf, fileName } = await inboundQrPdf(ctx, body._id, body.copies);
    inlinePdf(reply, fileName);
    return pdf;
  });
  route(app, inboundPackingSlipEndpoint, async ({ params }, ctx, _req, reply) => {
    const { pdf, fileName } = await inventoryTicketPdf(ctx, params.id);
    inlinePdf(reply, fileName);
    return pdf;
  });
  route(app, pendingInventoryPdfEndpoint, async ({ body }, ctx, _req, reply) => {
    const { pdf, fileName } = await pendingInventoryPdf(ctx, body?.ids);
    inlinePdf(reply, fileName);
    return pdf;
  });
  route(app, productsOrgEanEndpoint, async ({ params }, ctx) =>
    searchInboundProducts(ctx, ctx.currOrgId, { prefix: params.text }, 20),
  );
  route(app, productsSearchEndpoint, async ({ query }, ctx) =>
    searchInboundProducts(ctx, ctx.currOrgId, { contains: query.search }, query.limit),
  );
  route(app, calendarLinkEndpoint, async (_input, ctx) =>
    ctx.db.transaction((tx) => newCalendarToken({ db: tx, orgIds: ctx.orgIds }, ctx.currOrgId)),
  );
  publicRoute(app, calendarEndpoint, async ({ params, query }, ctx) =>
    calendar(ctx.db, params.token, query.from, query.to),
  );
  publicRoute(app, calendarEventItemsEndpoint, async ({ params }, ctx) =>
    calendarEventItems(ctx.db, params.token, params.id),
  );
}
