import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { defineEndpoint, PdfResponseSchema } from '../http/endpoint.ts';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from './new-order.rules.ts';
import {
  AttachmentFormBodySchema,
  CreateOrderBodySchema,
  CreateOrderResultSchema,
  OrderAttachmentPageSchema,
  OrderAttachmentsQuerySchema,
  OrderAttachmentUploadResultSchema,
  RestoreOrderBodySchema,
} from './new-order.schema.ts';
import { OrderSchema } from './order.schema.ts';

/**
 * `POST /orders` (spec 1 §7 'create order, 201 {order_id}', §2 New order wizard): creates a manual, B2B, Amazon FBA or
 * bol LVB order of the current organisation. Refused (400 `validation`, the spec's message, the field in `issues`)
 * in the order of spec 1 §5: products, box/pallet data (B2B-like), first name, surname, country, postcode, house
 * number, street, city, email, shipment method (one of the choices for the country), type, attachments
 * all-or-nothing. The order is open at once and on the pick list like an imported one.
 */
export const createOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders',
  summary: 'Create an order (manual, B2B, Amazon FBA, bol LVB)',
  body: CreateOrderBodySchema,
  response: CreateOrderResultSchema,
  status: 201,
  scope: 'org',
  problems: ['idempotency_key_reused'],
  tags: ['orders'],
});

/**
 * `POST /order_attachments/:orderId` (spec 1 §7 'form files[]', §5 Attachments): multipart with `files[]` (1 to
 * {@link ATTACHMENT_MAX_FILES} PDFs, checked by their bytes, at most 5 MB each) and `instructions` (the text for the
 * packer; may be left out when the order was created with its instructions). All or nothing: one refused file stores
 * none. 400 'Only PDF files are allowed.' / 'File "x" exceeds the maximum size of 5MB.' / the attachment messages of
 * spec 1 §5; 404 for an order of another organisation.
 */
export const orderAttachmentUploadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/order_attachments/:orderId',
  summary: 'Attach PDFs with instructions to an order',
  params: z.object({ orderId: IdSchema }),
  body: AttachmentFormBodySchema,
  multipartBody: true,
  bodyLimit: ATTACHMENT_MAX_FILES * ATTACHMENT_MAX_BYTES + 256 * 1024,
  response: OrderAttachmentUploadResultSchema,
  status: 201,
  problems: ['order_shipped'],
  tags: ['orders'],
});

/**
 * `GET /order_attachments/:id` (spec 1 §7; 'get attachment files by order _id'): the attachments of order `id`
 * (name, size, instruction; paged, oldest first), to the order's organisation and the provider's staff. An order
 * without attachments answers an empty page: the apps say 'Geen bijlagen gevonden' (spec 1 §8).
 */
export const orderAttachmentsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/order_attachments/:id',
  summary: 'The attachments of an order',
  params: z.object({ id: IdSchema }),
  query: OrderAttachmentsQuerySchema,
  response: OrderAttachmentPageSchema,
  tags: ['orders'],
});

/** One attachment's PDF (ours, beside `GET /order_attachments/:id`): to the order's organisation and the provider. */
export const orderAttachmentFileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/order_attachments/:id/:attachment_id',
  summary: 'One attachment of an order (PDF)',
  params: z.object({ id: IdSchema, attachment_id: IdSchema }),
  response: PdfResponseSchema,
  binary: true,
  tags: ['orders'],
});

/**
 * `POST /order/restore` {_id} (spec 1 §7 'restore order'): a cancelled order back to open, its lines without
 * cancellation requests and with a pick location, so it is on the open list and the pick list again. Answers the
 * order. 409 `order_shipped` for a shipped order; 409 `order_cancelled` for an order cancelled at bol.com at the
 * customer's request (every line it had to ship was; ADR 0128); an open order is answered as it is.
 */
export const restoreOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/order/restore',
  summary: 'Restore a cancelled order to open',
  body: RestoreOrderBodySchema,
  response: OrderSchema,
  problems: ['order_shipped', 'order_cancelled'],
  tags: ['orders'],
});

/**
 * `GET /product/get_image/:id` (spec 1 §7 'order image by product id', spec 3 §7): the product's image (JPEG, PNG or
 * WebP) stored under DATA_DIR; 404 'This product has no image' when none is stored, or for another organisation's
 * product.
 */
export const productImageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/product/get_image/:id',
  summary: "A product's image",
  params: z.object({ id: IdSchema }),
  response: PdfResponseSchema,
  binary: true,
  tags: ['products'],
});
