import {
  createReturnEndpoint,
  openReturnsEndpoint,
  RETURN_REASONS,
  returnFromOrderEndpoint,
  returnFulfillEndpoint,
  returnImageEndpoint,
  returnLabelEndpoint,
  returnReasonsEndpoint,
  returnSearchEndpoint,
  returnUpdateEndpoint,
  returnUploadEndpoint,
} from '@hoppa/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { inlinePdf } from '../../lib/pdf/pdf-reply.ts';
import { type RequestContext, route } from '../../lib/route.ts';
import { returnLabelPdf } from './return-label.service.ts';
import {
  addReturnImage,
  createReturn,
  fulfillReturnItem,
  listOpenReturns,
  type ReturnsContext,
  returnFromOrder,
  returnImage,
  searchReturns,
  updateReturnItem,
} from './returns.service.ts';

/** One change in one transaction; with an `Idempotency-Key` (the floor's outbox sends one) replayed safely. */
function change<T>(
  ctx: RequestContext,
  req: FastifyRequest,
  fn: (rc: ReturnsContext) => Promise<T>,
): Promise<T> {
  const run = (tx: Db) => fn({ db: tx, orgIds: ctx.orgIds, userId: ctx.user.id });
  return ctx.idempotencyKey ? withIdempotency(ctx, req, run) : ctx.db.transaction(run);
}

/** Registers the returns calls (issue 12; spec 2 §7 Returns). */
export function registerReturnRoutes(app: FastifyInstance): void {
  route(app, returnReasonsEndpoint, async () => ({ items: RETURN_REASONS.map((r) => ({ ...r })) }));
  route(app, returnSearchEndpoint, async ({ params }, ctx) => searchReturns(ctx, params.id));
  route(app, openReturnsEndpoint, async ({ query }, ctx) => listOpenReturns(ctx, query));
  route(app, createReturnEndpoint, async ({ body }, ctx, req, reply) => {
    const made = await change(ctx, req, (rc) =>
      createReturn(rc, {
        order_id: body.order_id,
        items: body.items,
        reason: body.reason,
        customer_comments: body.customer_comments,
        sender: body.address,
      }),
    );
    reply.code(201);
    return made;
  });
  route(app, returnFromOrderEndpoint, async ({ body }, ctx, req, reply) => {
    const made = await change(ctx, req, (rc) => returnFromOrder(rc, body));
    reply.code(201);
    return made;
  });
  route(app, returnUpdateEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (rc) => updateReturnItem(rc, body)),
  );
  route(app, returnFulfillEndpoint, async ({ params, body }, ctx, req) =>
    change(ctx, req, (rc) => fulfillReturnItem(rc, params, body ?? {})),
  );
  const { dataDir } = app.hoppa.config;
  route(app, returnUploadEndpoint, async ({ params, body }, ctx, req) => {
    const name = String(req.headers['x-file-name'] ?? 'image').slice(0, 200);
    return ctx.db.transaction((tx) =>
      addReturnImage({ db: tx, orgIds: ctx.orgIds, userId: ctx.user.id }, dataDir, params.id, body, name),
    );
  });
  route(app, returnImageEndpoint, async ({ params }, ctx, _req, reply) => {
    const { bytes, mime } = await returnImage(ctx, dataDir, params.return_id, params.image_id);
    reply.type(mime).header('cache-control', 'private, max-age=3600');
    return bytes;
  });
  route(app, returnLabelEndpoint, async ({ params }, ctx, _req, reply) => {
    const { pdf, fileName } = await returnLabelPdf(ctx, params.id, ctx.lang);
    inlinePdf(reply, fileName);
    return pdf;
  });
}
