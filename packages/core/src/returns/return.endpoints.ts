import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { codeText } from '../common/text.ts';
import { defineEndpoint, IMAGE_MAX_BYTES, ImageBodySchema, PdfResponseSchema } from '../http/endpoint.ts';
import { pageOf, pageQuery } from '../http/page.ts';
import {
  CreateReturnBodySchema,
  ReturnFromOrderBodySchema,
  ReturnFulfillBodySchema,
  ReturnFulfillParamsSchema,
  ReturnReasonListSchema,
  ReturnSchema,
  ReturnSearchResultSchema,
  ReturnUpdateBodySchema,
} from './return.schema.ts';

/** The return reasons (spec 2 §3 Return reasons; the spec shows no path: `GET /returns/reasons`). */
export const returnReasonsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/returns/reasons',
  summary: 'The return reasons: carrier codes and customer reasons, Dutch and English',
  response: ReturnReasonListSchema,
  catalogue: 'return reasons fetch',
  tags: ['returns'],
});

/**
 * Finds returns (spec 2 §7 `GET /returns/get/{id}`, the desk's search): by return number, tracking number, product
 * barcode or the order's number, open ones first; when none matches but a shipped order does (by its number or tracking number),
 * `status: 'order_found'`. 404 when nothing matches.
 */
export const returnSearchEndpoint = defineEndpoint({
  method: 'GET',
  path: '/returns/get/:id',
  summary: 'Find returns by return number, tracking number or barcode',
  params: z.object({ id: codeText('Search', 1) }),
  response: ReturnSearchResultSchema,
  tags: ['returns'],
});

/**
 * The returns desk's default list (spec 2 §2 Returns desk: the return cards and the count box before any search; the
 * catalogue has no list call, so the path is ours): the open returns of the caller's organisations, newest registered
 * first, server-paged (`{ items, total, skip, limit }`, at most 50 a page by default).
 */
export const openReturnsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/returns/open',
  summary: 'Open returns for the returns desk',
  query: pageQuery(50),
  response: pageOf(ReturnSchema),
  tags: ['returns'],
});

/**
 * Creates a return for a shipped order (spec 2 §7 `POST /returns/create`, the creation wizard): items not more than
 * shipped minus already returned (409 `return_quantity`), a return number and a local-carrier tracking number for
 * the label. 409 `not_shipped` for an order not shipped yet; 404 for an order of another organisation.
 */
export const createReturnEndpoint = defineEndpoint({
  method: 'POST',
  path: '/returns/create',
  summary: 'Create a return for a shipped order',
  body: CreateReturnBodySchema,
  response: ReturnSchema,
  status: 201,
  problems: ['not_shipped', 'return_quantity', 'idempotency_key_reused'],
  tags: ['returns'],
});

/**
 * Creates a return from an order at the desk (spec 2 §3 Return-from-order prompt; the spec shows no path:
 * `POST /returns/from_order`): every shipped piece not yet returned is expected back, with the chosen reason.
 */
export const returnFromOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/returns/from_order',
  summary: 'Create a return from an order at the returns desk',
  body: ReturnFromOrderBodySchema,
  response: ReturnSchema,
  status: 201,
  catalogue: 'create return from order {orderId, reason_code}',
  problems: ['not_shipped', 'return_quantity', 'idempotency_key_reused'],
  tags: ['returns'],
});

/**
 * Saves the desk's judgement of one item at once (spec 2 §7 `POST /returns`, §5 Return update), whole or in `parts`
 * (pieces of the one EAN judged apart: 1 good, 1 damaged). 409 `return_closed` when the item is fulfilled already;
 * 404 for an unknown return or EAN; 400 when a received quantity sent along is not the parts' sum.
 */
export const returnUpdateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/returns',
  summary: 'Save the judgement of one returned item',
  body: ReturnUpdateBodySchema,
  response: ReturnSchema,
  problems: ['return_closed', 'idempotency_key_reused'],
  tags: ['returns'],
});

/**
 * Closes one item (spec 2 §7 `POST /returns/fulfill/{return_id}/{ean}`): the received quantity (the expected one when
 * not set) goes back through the stock ledger (reason `return`): sellable pieces onto `location_id` or the product's
 * pick location, pieces that are damaged or do not meet the conditions onto the quarantine location — per judged
 * part when the item was judged in parts. Replayed with
 * the same key it changes nothing again; a second close answers 409 `return_closed`.
 */
export const returnFulfillEndpoint = defineEndpoint({
  method: 'POST',
  path: '/returns/fulfill/:return_id/:ean',
  summary: 'Close a returned item: its pieces back in stock or in quarantine',
  params: ReturnFulfillParamsSchema,
  body: ReturnFulfillBodySchema,
  response: ReturnSchema,
  problems: ['return_closed', 'location_inactive', 'idempotency_key_reused'],
  tags: ['returns'],
});

/** The return label (spec 2 §7 `GET /returns/label/{id}`): A6, from the customer to the warehouse, Code 128 tracking. */
export const returnLabelEndpoint = defineEndpoint({
  method: 'GET',
  path: '/returns/label/:id',
  summary: 'Return label PDF',
  params: z.object({ id: IdSchema }),
  response: PdfResponseSchema,
  binary: true,
  tags: ['returns'],
});

/**
 * Adds an image to a return (spec 2 §7 `POST /returns/upload/{id}`, §5 Return image upload): the body is the image
 * itself (`Content-Type: image/jpeg`, `image/png` or `image/webp`, checked by its bytes), at most 5 MB, its file name
 * in `X-File-Name`. 400 with the spec's messages otherwise; 404 for a return of another organisation.
 */
export const returnUploadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/returns/upload/:id',
  summary: 'Add an image to a return',
  params: z.object({ id: IdSchema }),
  body: ImageBodySchema,
  imageBody: true,
  bodyLimit: IMAGE_MAX_BYTES + 1024,
  response: z.object({ id: IdSchema, mime: z.string(), size: z.number().int() }),
  status: 201,
  problems: ['file_too_large'],
  tags: ['returns'],
});

/** One image of a return (issue 12; our path): to the return's organisation and the provider's staff only. */
export const returnImageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/returns/image/:return_id/:image_id',
  summary: 'An image of a return',
  params: z.object({ return_id: IdSchema, image_id: IdSchema }),
  response: PdfResponseSchema,
  binary: true,
  tags: ['returns'],
});
