import { z } from 'zod';
import { IdSchema, OkSchema } from '../common/common.schema.ts';
import { reasonParams } from '../common/reason.ts';
import { boundedText, dayText } from '../common/text.ts';
import { defineEndpoint, IMAGE_MAX_BYTES, ImageBodySchema, PdfResponseSchema } from '../http/endpoint.ts';
import { pageOf, pageQuery } from '../http/page.ts';
import {
  AddInventoryBodySchema,
  CalendarEventSchema,
  CalendarItemSchema,
  CreateInboundBodySchema,
  DirectCheckinBodySchema,
  FindLocationsBodySchema,
  InboundEmailBodySchema,
  InboundExcelBodySchema,
  InboundInformationSchema,
  InboundItemCheckinEditSchema,
  InboundItemEditSchema,
  InboundItemInputSchema,
  InboundItemSchema,
  InboundSchema,
  InboundSummarySchema,
  PendingItemSchema,
  SurchargeSchema,
} from './inbound.schema.ts';
import { InboundExcelIssueSchema, InboundExcelRowSchema } from './inbound-excel.rules.ts';

const idParams = z.object({ id: IdSchema });
const tags = ['inbound'];

/**
 * `POST /inbound/` (spec 2 §7 Inbound, §4 add inventory wizard): a merchant announces an inbound of its current
 * organisation: type, products (boxes × per box, batch, expiry) and information. Answers the inbound with its items.
 */
export const createInboundEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inbound',
  summary: 'Announce an inbound',
  scope: 'org',
  body: CreateInboundBodySchema,
  response: InboundSchema,
  status: 201,
  tags,
});

/** `PUT /inbound/edit/{id}` (spec 2 §7, §5 Inbound edit): the information, while pending (409 `inbound_not_pending`). */
export const editInboundEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/inbound/edit/:id',
  summary: 'Edit an inbound while pending',
  params: idParams,
  body: InboundInformationSchema.partial(),
  response: InboundSchema,
  problems: ['inbound_not_pending'],
  tags,
});

/**
 * A page of inbound list rows (issue 8: every list within its budget): each inbound's summary
 * ({@link InboundSummarySchema}), not its items; 100 rows are about 60 KB whatever the inbounds hold.
 */
const InboundListSchema = pageOf(InboundSummarySchema);

/**
 * `GET /inbounds` (spec 2 §7): the caller's inbounds, pending first (soonest expected first), then checked in (newest
 * first). With `from` and `to` (dates, inclusive; our addition) only those a calendar of that range shows (spec 2 §9:
 * expected, 1800-01-01 when missing, or checked in on an Amsterdam day in it): the merchant's own calendar reads its
 * range instead of every inbound (issue 8). Each asks for the other; 400 when only one is given or `from` is after `to`.
 * Each row is the inbound's summary ({@link InboundSummarySchema}); its items are `GET /inbound_item/inbound/{id}`.
 */
export const inboundsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inbounds',
  summary: 'Inbounds, pending first',
  query: pageQuery(100)
    .extend({ from: dayText().optional(), to: dayText().optional() })
    .refine((q) => q.from === undefined || q.to !== undefined, {
      message: 'from needs to',
      path: ['from'],
      params: reasonParams('needs_field', { other: 'to' }),
    })
    .refine((q) => q.to === undefined || q.from !== undefined, {
      message: 'to needs from',
      path: ['to'],
      params: reasonParams('needs_field', { other: 'from' }),
    })
    .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
      message: 'from must not lie after to',
      path: ['to'],
      params: reasonParams('range_reversed', { other: 'from' }),
    }),
  response: InboundListSchema,
  // A hot read of up to 1000 rows: written in its shape (ADR 0065, 0131).
  trustedOutput: true,
  tags,
});

/** `GET /inbounds/status/pending` (spec 2 §7): pending inbounds, soonest expected first, each its summary. */
export const pendingInboundsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inbounds/status/pending',
  summary: 'Pending inbounds',
  query: pageQuery(100),
  response: InboundListSchema,
  // A hot read of up to 1000 rows: written in its shape (ADR 0065, 0131).
  trustedOutput: true,
  tags,
});

/** `GET /inbounds/status/checked_in` (spec 2 §7): checked-in inbounds, newest first, each its summary. */
export const checkedInInboundsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inbounds/status/checked_in',
  summary: 'Checked-in inbounds',
  query: pageQuery(100),
  response: InboundListSchema,
  // A hot read of up to 1000 rows: written in its shape (ADR 0065, 0131).
  trustedOutput: true,
  tags,
});

/** `GET /inventory/org/checked_in` (spec 2 §7): the current organisation's checked-in inbounds, each its summary. */
export const orgCheckedInEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inventory/org/checked_in',
  summary: "The current organisation's checked-in inbounds",
  scope: 'org',
  query: pageQuery(100),
  response: InboundListSchema,
  // A hot read of up to 1000 rows: written in its shape (ADR 0065, 0131).
  trustedOutput: true,
  tags,
});

/**
 * `GET /inbounds/status/pending/items` (our path; the floor's Check-in task, spec 2 §2 Inbound lists 'scan QR'): the
 * pending inbounds as `GET /inbounds/status/pending` orders them, each with every item ({@link InboundSchema}), for the
 * dock's offline copy: a scanned QR label or product finds its inbound and item without the network. Hundreds of KB a
 * page of 100 (about 6 KB an inbound of 20 items), so only the device that keeps them asks; a list screen reads the
 * summaries.
 */
export const pendingInboundsWithItemsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inbounds/status/pending/items',
  summary:
    "Pending inbounds with every item (own call: the floor's offline check-in desk; the lists answer summaries)",
  query: pageQuery(100),
  response: pageOf(InboundSchema),
  // A page of inbounds with their items (up to 100 × items, hundreds of KB): written in its shape (ADR 0065, 0131).
  trustedOutput: true,
  tags,
});

/** `GET /inbound/{id}` (spec 2 §7): one inbound with its items; 404 for another organisation's. */
export const inboundEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inbound/:id',
  summary: 'One inbound',
  params: idParams,
  response: InboundSchema,
  tags,
});

/** `GET /inbound_item/{id}` (spec 2 §7, §2 Inbound item detail). */
export const inboundItemEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inbound_item/:id',
  summary: 'One inbound item',
  params: idParams,
  response: InboundItemSchema,
  tags,
});

/** `GET /inbound_item/inbound/{id}` (spec 2 §7): the items of an inbound. */
export const inboundItemsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inbound_item/inbound/:id',
  summary: 'The items of an inbound',
  params: idParams,
  response: z.object({ items: z.array(InboundItemSchema) }),
  tags,
});

/** `POST /inbound_item/add/{inbound_id}` (spec 2 §7, §5 Add product to inbound): while pending. */
export const addInboundItemEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inbound_item/add/:inbound_id',
  summary: 'Add a product to a pending inbound',
  params: z.object({ inbound_id: IdSchema }),
  body: InboundItemInputSchema,
  response: InboundItemSchema,
  status: 201,
  problems: ['inbound_not_pending'],
  tags,
});

/** `DELETE /inbound_item/delete/{inbound_id}/{item_id}` (spec 2 §7, §6): while pending and nothing checked in. */
export const deleteInboundItemEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/inbound_item/delete/:inbound_id/:item_id',
  summary: 'Delete an item of a pending inbound',
  params: z.object({ inbound_id: IdSchema, item_id: IdSchema }),
  response: OkSchema,
  problems: ['inbound_not_pending'],
  tags,
});

/** `PUT /inbound_item/edit/customer/{id}` (spec 2 §7): the merchant's edit of an item, while pending. */
export const editInboundItemEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/inbound_item/edit/customer/:id',
  summary: 'Edit an inbound item while pending',
  params: idParams,
  body: InboundItemEditSchema,
  response: InboundItemSchema,
  problems: ['inbound_not_pending', 'inbound_item_submitted'],
  tags,
});

/** `PUT /inbound_item/edit/checkin{id}` (spec 2 §7; the path has no slash before the id): the warehouse's notes. */
export const editInboundItemCheckinEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/inbound_item/edit/checkin:id',
  summary: 'Edit notes of an item while checking in',
  params: idParams,
  body: InboundItemCheckinEditSchema,
  response: InboundItemSchema,
  problems: ['inbound_item_submitted'],
  tags,
});

/** `PUT /inbound_item/surcharge/{id}` (spec 2 §7, §5 Surcharge): adds extra work to an item. */
export const addSurchargeEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/inbound_item/surcharge/:id',
  summary: 'Add a surcharge to an inbound item',
  params: idParams,
  body: SurchargeSchema,
  response: InboundItemSchema,
  problems: ['inbound_item_submitted'],
  tags,
});

/** `DELETE /inbound_item/surcharge/{id}/{index}` (spec 2 §7): removes the surcharge at `index` (0-based). */
export const deleteSurchargeEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/inbound_item/surcharge/:id/:index',
  summary: 'Remove a surcharge of an inbound item',
  params: z.object({ id: IdSchema, index: z.coerce.number().int().min(0).max(10_000) }),
  response: InboundItemSchema,
  problems: ['inbound_item_submitted'],
  tags,
});

/**
 * `POST /inbound_item/locations/find/{id}` (spec 2 §7, §2 location finder): reserves up to `amount` active bins
 * of the type (default any) that are empty or already hold the product, the product's own first.
 */
export const findLocationsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inbound_item/locations/find/:id',
  summary: 'Find and reserve locations for an inbound item',
  params: idParams,
  body: FindLocationsBodySchema,
  response: InboundItemSchema,
  problems: ['inbound_item_submitted', 'nothing_in_transit'],
  tags,
});

/** `PUT /inbound_item/deleteLocation/{id}/{locationId}` (spec 2 §7): drops one reserved location. */
export const deleteReservedLocationEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/inbound_item/deleteLocation/:id/:locationId',
  summary: 'Drop a reserved location of an inbound item',
  params: z.object({ id: IdSchema, locationId: IdSchema }),
  response: InboundItemSchema,
  tags,
});

/** `DELETE /inbound_item/reserved_locations/{id}` (spec 2 §7): drops all reserved locations of an item. */
export const clearReservedLocationsEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/inbound_item/reserved_locations/:id',
  summary: 'Drop every reserved location of an inbound item',
  params: idParams,
  response: InboundItemSchema,
  tags,
});

/** `PUT /inbound_item/expiration_date/{id}/{date}` (spec 2 §7): sets the expiry date (YYYY-MM-DD). */
export const expirationDateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/inbound_item/expiration_date/:id/:date',
  summary: 'Set the expiry date of an inbound item',
  params: z.object({ id: IdSchema, date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  response: InboundItemSchema,
  problems: ['inbound_item_submitted'],
  tags,
});

/**
 * `PUT /inbound_item/submitInboundItem/{id}` (spec 2 §7): the item is counted; when every item of the inbound is,
 * the inbound becomes checked_in. 409 `inbound_item_submitted` the second time.
 */
export const submitInboundItemEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/inbound_item/submitInboundItem/:id',
  summary: 'Submit a counted inbound item',
  params: idParams,
  response: InboundItemSchema,
  problems: ['inbound_item_submitted'],
  tags,
});

/**
 * Direct check-in (spec 2 §2 Direct check-in; the spec shows no path): one inbound of the organisation named in the
 * body (the floor app) or else the current one (the portal; 409 `no_current_org` without either) made and checked in at once, each product's pieces onto its chosen location through the stock ledger. A chosen location that is inactive
 * (409 `location_inactive`) or a quarantine location (409 `location_quarantine`, issue 12) makes nothing.
 */
export const directCheckinEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inventory/direct_checkin',
  summary: 'Direct check-in',
  body: DirectCheckinBodySchema,
  response: InboundSchema,
  status: 201,
  problems: ['location_inactive', 'location_quarantine', 'location_reserved', 'no_current_org'],
  catalogue: 'direct check-in and temporary check-in records',
  tags,
});

/** `POST /inventory/email {_id}` (spec 2 §7): mails the check-in summary of an inbound (to its contact by default). */
export const inboundEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inventory/email',
  summary: 'Mail the check-in summary',
  body: InboundEmailBodySchema,
  response: OkSchema,
  catalogue: 'POST /inventory/email {_id}',
  tags,
});

/** `GET /inbounds/qr/{id}` (spec 2 §7, §2 Label printing): the inbound's QR label (PDF) for its boxes. */
export const inboundQrEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inbounds/qr/:id',
  summary: 'Inbound QR label (PDF)',
  params: idParams,
  response: PdfResponseSchema,
  binary: true,
  tags,
});

/** `GET /inbound_item/packing_slip/{id}` (spec 2 §7): the inventory ticket of an inbound (PDF), by inbound id. */
export const inboundPackingSlipEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inbound_item/packing_slip/:id',
  summary: 'Inventory ticket (PDF)',
  params: idParams,
  response: PdfResponseSchema,
  binary: true,
  tags,
});

/** `GET /pending-items-report` (spec 2 §7): every item announced and not yet fully received. */
export const pendingItemsReportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/pending-items-report',
  summary: 'Announced items not yet received',
  query: pageQuery(500),
  response: pageOf(PendingItemSchema),
  tags,
});

/**
 * Upload images (spec 2 §7 `PUT /inventory/checkin/images/{id}`, §5): one damage photo of an inbound item as the
 * body (jpeg, png or webp by its bytes, at most 5 MB; the spec's messages otherwise), its name in `X-File-Name`.
 * It also serves the catalogue's 'upload images' whose path the spec does not show (spec 2 §2 Inbound item detail
 * 'attachment upload'): the item's photos and attachments are one list, uploaded one image per call.
 */
export const inboundImageUploadEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/inventory/checkin/images/:id',
  summary: 'Add a photo to an inbound item',
  params: idParams,
  body: ImageBodySchema,
  imageBody: true,
  bodyLimit: IMAGE_MAX_BYTES + 1024,
  response: InboundItemSchema,
  problems: ['file_too_large'],
  catalogue: 'upload images',
  tags,
});

/**
 * One damage photo of an inbound item (issue 10; our path, the catalogue has none): to the item's organisation and the
 * provider's staff only; 404 otherwise.
 */
export const inboundImageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inbound_item/image/:id/:image_id',
  summary: 'A photo of an inbound item',
  params: z.object({ id: IdSchema, image_id: IdSchema }),
  response: PdfResponseSchema,
  binary: true,
  tags,
});

/** `POST /inbound/calendar_link` (our path, spec 2 §2 /inbounds-report): makes a new secret calendar link token. */
export const calendarLinkEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inbound/calendar_link',
  summary: 'New secret link of the public inbound calendar',
  scope: 'org',
  response: z.object({ token: z.string() }),
  tags,
});

/**
 * The public inbound calendar's data (spec 2 §2 Inbound calendar, §9; our path): the inbounds of the organisation
 * whose secret link token is given, expected or checked in between `from` and `to`; no personal data.
 */
export const calendarEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inbounds-report/:token',
  summary: 'Public inbound calendar',
  public: true,
  params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) }),
  query: z.object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  response: z.object({ items: z.array(CalendarEventSchema) }),
  tags,
});

/**
 * The items of one event of the public inbound calendar (spec 2 §2 Inbound calendar: the table per item; our path):
 * `{ items: CalendarItem[] }` in the inbound's order, read when the event is opened (the calendar's events are
 * summaries, issue 8). 404 when the link is unknown or replaced, or the inbound is not the link's organisation's.
 */
export const calendarEventItemsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/inbounds-report/:token/:id',
  summary: 'Public inbound calendar: the items of one event',
  public: true,
  params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/), id: IdSchema }),
  response: z.object({ items: z.array(CalendarItemSchema) }),
  tags,
});

/**
 * Link barcode to location (inbound) (spec 2 §2 Inbound item detail, §7; the spec shows no path): places `amount`
 * checked-in pieces of the item on the scanned location through the stock ledger; the scan must name the location
 * (and be a reserved one when the item has any), else 409 `wrong_location` and nothing changes. A quarantine location
 * answers 409 `location_quarantine` (its pieces would never be picked; issue 12), an inactive one `location_inactive`.
 */
export const placeInboundItemEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inbound_item/place/:id',
  summary: 'Place checked-in pieces on a scanned location',
  params: idParams,
  body: z.object({
    location_id: IdSchema,
    amount: z.number().int().min(1).max(1_000_000),
    raw_scan: boundedText('Scan', 200).nullable().optional(),
  }),
  response: InboundItemSchema,
  problems: [
    'wrong_location',
    'inbound_item_submitted',
    'location_inactive',
    'location_quarantine',
    'location_reserved',
  ],
  catalogue: 'link barcode to location (inbound)',
  tags,
});

/** `POST /inventory/pending_inventory_pdf` (spec 2 §7): the inventory tickets of the given (or all pending) inbounds. */
export const pendingInventoryPdfEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inventory/pending_inventory_pdf',
  summary: 'Inventory tickets of pending inbounds (PDF)',
  body: z.object({ ids: z.array(IdSchema).max(200).optional() }).optional(),
  response: PdfResponseSchema,
  binary: true,
  tags,
});

/** `POST /inventory/label` (spec 2 §7): QR labels of an inbound, `copies` pages (one per box). */
export const inventoryLabelEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inventory/label',
  summary: 'Inbound QR labels (PDF)',
  body: z.object({ _id: IdSchema, copies: z.number().int().min(1).max(500).default(1) }),
  response: PdfResponseSchema,
  binary: true,
  tags,
});

/**
 * `POST /inbound/excel` (spec 2 §7, §2 /add_inventory_excel): an inbound from spreadsheet rows (the portal's import
 * wizard maps the columns): information and products by EAN. All or nothing: any row the server rejects answers
 * 400 `validation` with one issue per row (`products.<n>`: the reason) and nothing is made.
 */
export const inboundExcelEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inbound/excel',
  summary: 'Announce an inbound from spreadsheet rows',
  scope: 'org',
  body: InboundExcelBodySchema,
  response: InboundSchema,
  status: 201,
  tags,
});

/**
 * Body of `POST /inbound/excel/check`: the spreadsheet's `rows` (1–5,000, cells by column as the sheet gives them,
 * core `InboundExcelRowSchema`), or only its `eans` (1–5,000; the first form of the call, still answered).
 */
export const InboundExcelCheckBodySchema = z
  .object({
    eans: z
      .array(boundedText('EAN', 50, { min: 1 }))
      .min(1)
      .max(5000)
      .optional(),
    rows: z.array(InboundExcelRowSchema).min(1).max(5000).optional(),
  })
  .refine((b) => b.eans !== undefined || b.rows !== undefined, {
    message: 'Send rows or eans',
    path: ['rows'],
    params: reasonParams('one_of_fields', { other: 'eans' }),
  });

/**
 * `POST /inbound/excel/check {rows}` (our own call; /add_inventory_excel, ADR 0118 'Left for later', ADR 0119 §3):
 * every problem of every row, `{ unknown: [ean, …], issues: [{ row, ean, field, code, values, reason }] }`: `issues`
 * by core `inboundExcelIssues` (EAN missing or no product of the current organisation, boxes and per box whole numbers
 * of 1–100,000, a real expiry date, EAN and batch text limits), each a code with its values
 * (`INBOUND_EXCEL_REASON_CODES`) and an English `reason`; `unknown` the EANs that are no product of the organisation
 * (each once, in the order sent; with `{eans}` only this, and no issues). Changes nothing. The import wizard asks it
 * before anything is announced; `POST /inbound/excel` still checks the rows itself.
 */
export const inboundExcelCheckEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inbound/excel/check',
  summary:
    "Every problem of an inbound spreadsheet's rows, with reason codes, and its EANs that are no product of the current organisation (own call: the wizard's one round of row checks before POST /inbound/excel)",
  scope: 'org',
  body: InboundExcelCheckBodySchema,
  response: z.object({ unknown: z.array(z.string()), issues: z.array(InboundExcelIssueSchema) }),
  tags,
});

/**
 * `POST /inventory/add_inventory` (spec 2 §7): the short announcement form, products with pieces (`amount`) in
 * `coli` boxes or `pallets`; the information comes from the current organisation, expected today.
 */
export const addInventoryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inventory/add_inventory',
  summary: 'Announce stock with the short form',
  scope: 'org',
  body: AddInventoryBodySchema,
  response: InboundSchema,
  status: 201,
  tags,
});

/**
 * `POST /inventory/checkin` (spec 2 §7): checks a whole inbound in: submits every pending item as counted (their
 * pieces are on locations already), so the inbound becomes checked_in. 409 `inbound_not_pending` when it is.
 */
export const inventoryCheckinEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inventory/checkin',
  summary: 'Check a whole inbound in',
  body: z.object({ _id: IdSchema }),
  response: InboundSchema,
  problems: ['inbound_not_pending'],
  tags,
});

/**
 * `PUT /inbound_item/addTransfer/{id}/{departedLocationId}` (spec 2 §7, §3 transfers): moves pieces of the item's
 * product from a temporary place (`departedLocationId`) onto `location_id` (default: the item's first reserved
 * location): two `transfer` ledger rows and an entry in the item's transfers. `amount` defaults to all pieces there.
 * 409 `location_inactive` or `location_quarantine` (issue 12) for such a destination; a temporary place that is a
 * quarantine location may be emptied.
 */
export const addTransferEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/inbound_item/addTransfer/:id/:departedLocationId',
  summary: 'Move pieces of an inbound item from a temporary place',
  params: z.object({ id: IdSchema, departedLocationId: IdSchema }),
  body: z
    .object({ location_id: IdSchema.optional(), amount: z.number().int().min(1).max(1_000_000).optional() })
    .optional(),
  response: InboundItemSchema,
  problems: ['location_inactive', 'location_quarantine', 'location_reserved'],
  tags,
});

/**
 * `POST /inventory/checkin/expand_amounts/{id}` (spec 2 §7): more arrived than announced: every item of the inbound
 * whose checked-in pieces exceed the expected ones gets as many boxes as those pieces fill (expected recomputed).
 */
export const expandAmountsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/inventory/checkin/expand_amounts/:id',
  summary: 'Raise expected amounts to what was checked in',
  params: idParams,
  response: InboundSchema,
  tags,
});

/** A product as the inbound screens' search lists it (spec 2 §5 Product EAN search (inbound)). */
export const InboundProductHitSchema = z.object({
  id: IdSchema,
  org_id: IdSchema,
  ean: z.string(),
  bsku: z.string().nullable(),
  name: z.string(),
  img_url: z.string().nullable(),
});

/**
 * `GET /products_org/ean/{text}` (spec 2 §7, §5 Product EAN search): products of the current organisation whose EAN
 * or SKU starts with `text` (a scan: at least 3 characters), exact EAN first, at most 20.
 */
export const productsOrgEanEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products_org/ean/:text',
  summary: "The current organisation's products by (the start of) their EAN or SKU",
  scope: 'org',
  params: z.object({ text: boundedText('Search', 50, { min: 3 }) }),
  response: z.object({ products: z.array(InboundProductHitSchema) }),
  tags,
});

/**
 * `GET /products/search?search&limit` (spec 2 §7, §5 'Zoek op EAN / naam'): the current organisation's products whose
 * name, EAN or SKU contains `search` (the screen asks only with more than 3 characters, or none: then the first by
 * name), at most `limit` (default 10).
 */
export const productsSearchEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/search',
  summary: "Search the current organisation's products by name, EAN or SKU",
  scope: 'org',
  query: z.object({
    search: boundedText('Search', 100).default(''),
    limit: z.coerce.number().int().min(1).max(100).default(10),
  }),
  response: z.object({ products: z.array(InboundProductHitSchema) }),
  catalogue: '/products/search?search&limit',
  tags,
});
