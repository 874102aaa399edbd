import {
  createOrderEndpoint,
  orderAttachmentFileEndpoint,
  orderAttachmentsEndpoint,
  orderAttachmentUploadEndpoint,
  productImageEndpoint,
  restoreOrderEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { withIdempotency } from '../../lib/idempotency.ts';
import { route } from '../../lib/route.ts';
import {
  addOrderAttachments,
  listOrderAttachments,
  readAttachmentForm,
  readOrderAttachment,
} from './order-attachments.service.ts';
import { createOrder } from './order-create.service.ts';
import { restoreOrder } from './order-restore.service.ts';
import { productImage } from './product-image.service.ts';

/** `attachment; filename="…"` with the name made safe for the header (quotes and non-ASCII replaced). */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Registers the new-order calls of issue 13 item 1 (spec 1 §7): creating an order, its attachments (upload, list,
 * one file), restoring a cancelled order and a product's image.
 */
export function registerNewOrderRoutes(app: FastifyInstance): void {
  const { dataDir } = app.hoppa.config;

  // With an Idempotency-Key (the wizard sends one per confirmation) a repeated click creates one order.
  route(app, createOrderEndpoint, async ({ body }, ctx, req) => {
    const run = (tx: typeof ctx.db) =>
      createOrder({ db: tx, orgId: ctx.currOrgId, userId: ctx.user.id }, body);
    return ctx.idempotencyKey ? withIdempotency(ctx, req, run) : ctx.db.transaction(run);
  });

  route(app, orderAttachmentUploadEndpoint, async ({ params }, ctx, req) => {
    const form = await readAttachmentForm(req);
    const attachments = await ctx.db.transaction((tx) =>
      addOrderAttachments({ db: tx, orgIds: ctx.orgIds, userId: ctx.user.id }, dataDir, params.orderId, form),
    );
    return { attachments };
  });

  route(app, orderAttachmentsEndpoint, async ({ params, query }, ctx) =>
    listOrderAttachments(ctx, params.id, query),
  );

  route(app, orderAttachmentFileEndpoint, async ({ params }, ctx, _req, reply) => {
    const { bytes, filename } = await readOrderAttachment(ctx, dataDir, params.id, params.attachment_id);
    reply
      .type('application/pdf')
      .header('content-disposition', disposition('inline', filename))
      .header('cache-control', 'private, max-age=3600');
    return bytes;
  });

  route(app, restoreOrderEndpoint, async ({ body }, ctx) =>
    ctx.db.transaction((tx) => restoreOrder({ db: tx, orgIds: ctx.orgIds }, body._id)),
  );

  route(app, productImageEndpoint, async ({ params }, ctx, _req, reply) => {
    const { bytes, mime } = await productImage(ctx, dataDir, params.id);
    reply.type(mime).header('cache-control', 'private, max-age=3600');
    return bytes;
  });
}
