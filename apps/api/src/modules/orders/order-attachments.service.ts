import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ATTACHMENT_FILE_MESSAGES,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  ATTACHMENTS_PER_ORDER,
  isPdfBytes,
  NEW_ORDER_MESSAGES,
  newId,
  type OrderAttachment,
  type OrderAttachmentPage,
  orderAttachmentUploadEndpoint,
} from '@hoppa/core';
import type { FastifyRequest } from 'fastify';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { HttpProblem, notFound, problem, refusal } from '../../lib/errors.ts';

/** One file of an upload: its (cleaned) name and bytes. */
export interface AttachmentFile {
  name: string;
  bytes: Buffer;
}

/** What an upload carries: the instruction text (null when not sent) and the files. */
export interface AttachmentForm {
  instructions: string | null;
  files: AttachmentFile[];
}

/** A file name fit to store and show: the last path segment, no control characters, at most 200 characters. */
function cleanName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is this pattern's job
  const clean = base.replace(/[\u0000-\u001F\u007F-\u009F]/g, '').trim();
  return Array.from(clean || 'attachment.pdf')
    .slice(0, 200)
    .join('');
}

const tooLarge = (name: string) =>
  new HttpProblem(400, 'file_too_large', ATTACHMENT_FILE_MESSAGES.tooLarge(name).en);

/**
 * Reads the multipart body of `POST /order_attachments/:orderId` (spec 1 §7 'form files[]'): the parts `files[]` (or
 * `files`) and the text field `instructions`; other parts are skipped. Each file is held in memory up to 5 MB (a
 * larger one is 400 'File "x" exceeds the maximum size of 5MB.' at once), at most {@link ATTACHMENT_MAX_FILES} files.
 * Anything that is not a readable multipart body is 400.
 */
export async function readAttachmentForm(req: FastifyRequest): Promise<AttachmentForm> {
  if (!req.isMultipart())
    throw refusal(
      'Send the files as multipart/form-data with the parts files[] and instructions',
      'upload_unreadable',
    );
  const form: AttachmentForm = { instructions: null, files: [] };
  try {
    const parts = req.parts({
      limits: { fileSize: ATTACHMENT_MAX_BYTES, files: ATTACHMENT_MAX_FILES, fields: 10, fieldSize: 8000 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const name = cleanName(part.filename);
        if (part.fieldname !== 'files[]' && part.fieldname !== 'files') {
          part.file.resume();
          continue;
        }
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(name);
          throw err;
        }
        if (part.file.truncated) throw tooLarge(name);
        form.files.push({ name, bytes });
      } else if (part.fieldname === 'instructions' && typeof part.value === 'string') {
        form.instructions = part.value;
      }
    }
  } catch (err) {
    if (err instanceof HttpProblem) throw err;
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw refusal(`At most ${ATTACHMENT_MAX_FILES} files per upload`, 'list_too_long', {
        field: 'files',
        limit: ATTACHMENT_MAX_FILES,
      });
    throw refusal('The upload could not be read as multipart/form-data', 'upload_unreadable');
  }
  return form;
}

const dirOf = (dataDir: string, orderId: string) => join(dataDir, 'uploads', 'orders', orderId);
const fileOf = (dataDir: string, orderId: string, id: string) => join(dirOf(dataDir, orderId), `${id}.pdf`);

type AttachmentRow = {
  id: string;
  order_id: string;
  file_name: string;
  size: number;
  instruction: string;
  created_at: Date;
};

const toAttachment = (r: AttachmentRow): OrderAttachment => ({
  id: r.id,
  order_id: r.order_id,
  filename: r.file_name,
  size: r.size,
  instruction: r.instruction,
  created_at: r.created_at.toISOString(),
});

/**
 * Stores the files of one upload as the order's attachments (spec 1 §5 Attachments, §7 `POST
 * /order_attachments/{orderId}`; ADR 0040), all or nothing: every file is checked first — a PDF by its bytes ('Only
 * PDF files are allowed.'), at most 5 MB —, the text and the files must come together (the form's `instructions`,
 * else the instructions the order was created with; none: 'Add a note for your attachment'; no files: 'Add an
 * attachment if you have instructions'), and the order holds at most {@link ATTACHMENTS_PER_ORDER}. Then the files
 * are written under `DATA_DIR/uploads/orders/<order id>/` and their rows in the caller's transaction; should the
 * rows fail, the written files are removed again. 404 for an order the request may not see; 409 `order_shipped`
 * once it is shipped. Returns the stored attachments.
 */
export async function addOrderAttachments(
  ctx: TenantScope & { userId: string },
  dataDir: string,
  orderId: string,
  form: AttachmentForm,
): Promise<OrderAttachment[]> {
  const order = await tenantSql(ctx)
    .selectFrom('orders as o')
    .select(['o.id', 'o.org_id', 'o.order_id', 'o.status', 'o.attachment_instructions'])
    .where(orgScope(ctx, 'o'))
    .where('o.id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
  if (order.status === 'shipped')
    throw problem(orderAttachmentUploadEndpoint, 'order_shipped', `Order ${order.order_id} has been shipped`);
  const text = (form.instructions ?? '').trim() || (order.attachment_instructions ?? '').trim();
  if (form.files.length === 0)
    throw refusal(NEW_ORDER_MESSAGES.attachmentFiles.en, 'list_too_short', { field: 'files', min: 1 });
  if (!text) throw refusal(NEW_ORDER_MESSAGES.attachmentText.en, 'missing', { field: 'instructions' });
  if (text.length > 2000)
    throw refusal('The instructions are too long (at most 2000 characters)', 'text_too_long', {
      field: 'instructions',
      limit: 2000,
    });
  for (const f of form.files) {
    if (f.bytes.byteLength > ATTACHMENT_MAX_BYTES) throw tooLarge(f.name);
    if (!isPdfBytes(f.bytes))
      throw refusal(ATTACHMENT_FILE_MESSAGES.notPdf.en, 'format_invalid', {
        field: 'files',
        format: 'pdf',
        value: f.name,
      });
  }
  const held = await tenantSql(ctx)
    .selectFrom('order_attachments as a')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(orgScope(ctx, 'a'))
    .where('a.order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (Number(held.n) + form.files.length > ATTACHMENTS_PER_ORDER)
    throw refusal(`An order holds at most ${ATTACHMENTS_PER_ORDER} attachments`, 'list_too_long', {
      field: 'attachments',
      limit: ATTACHMENTS_PER_ORDER,
    });

  const rows: AttachmentRow[] = form.files.map((f) => ({
    id: newId(),
    order_id: orderId,
    file_name: f.name,
    size: f.bytes.byteLength,
    instruction: text,
    created_at: new Date(),
  }));
  await mkdir(dirOf(dataDir, orderId), { recursive: true });
  const written: string[] = [];
  try {
    for (const [i, r] of rows.entries()) {
      const path = fileOf(dataDir, orderId, r.id);
      await writeFile(path, (form.files[i] as AttachmentFile).bytes);
      written.push(path);
    }
    await tenantSql(ctx)
      .insertInto('order_attachments')
      .values(rows.map((r) => ({ ...r, org_id: order.org_id, created_by: ctx.userId })))
      .execute();
    if (form.instructions?.trim() && !order.attachment_instructions)
      await tenantSql(ctx)
        .updateTable('orders as o')
        .set({ attachment_instructions: text })
        .where(orgScope(ctx, 'o'))
        .where('o.id', '=', orderId)
        .execute();
  } catch (err) {
    await Promise.all(written.map((p) => rm(p, { force: true })));
    throw err;
  }
  return rows.map(toAttachment);
}

/** 404 unless order `orderId` is one of the request's organisations'. */
async function assertOrder(ctx: TenantScope, orderId: string): Promise<void> {
  const order = await tenantSql(ctx)
    .selectFrom('orders as o')
    .select('o.id')
    .where(orgScope(ctx, 'o'))
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
}

/**
 * The attachments of an order, oldest first, a page of them (spec 1 §7 `GET /order_attachments/{id}`, 'get
 * attachment files by order _id'): to the order's organisation and the provider's staff; 404 otherwise.
 */
export async function listOrderAttachments(
  ctx: TenantScope,
  orderId: string,
  page: { skip: number; limit: number },
): Promise<OrderAttachmentPage> {
  await assertOrder(ctx, orderId);
  const base = tenantSql(ctx)
    .selectFrom('order_attachments as a')
    .where(orgScope(ctx, 'a'))
    .where('a.order_id', '=', orderId);
  const [rows, count] = await Promise.all([
    base
      .select(['a.id', 'a.order_id', 'a.file_name', 'a.size', 'a.instruction', 'a.created_at'])
      .orderBy('a.created_at')
      .orderBy('a.id')
      .offset(page.skip)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toAttachment), total: Number(count.n), skip: page.skip, limit: page.limit };
}

/** One attachment's PDF bytes and name; 404 when the order or the attachment is not the request's to see. */
export async function readOrderAttachment(
  ctx: TenantScope,
  dataDir: string,
  orderId: string,
  attachmentId: string,
): Promise<{ bytes: Buffer; filename: string }> {
  const row = await tenantSql(ctx)
    .selectFrom('order_attachments as a')
    .select(['a.id', 'a.file_name'])
    .where(orgScope(ctx, 'a'))
    .where('a.order_id', '=', orderId)
    .where('a.id', '=', attachmentId)
    .executeTakeFirst();
  if (!row) throw notFound('Attachment not found');
  try {
    return { bytes: await readFile(fileOf(dataDir, orderId, row.id)), filename: row.file_name };
  } catch {
    throw notFound('The attachment file is missing');
  }
}
