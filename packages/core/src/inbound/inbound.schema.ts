import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { phoneField } from '../common/phone.ts';
import { boundedText, dayText } from '../common/text.ts';
import { SpreadsheetCellSchema } from '../products/product.schema.ts';
import { InboundProgressSchema } from './inbound.rules.ts';

/** Inbound types (spec 2 §3 Inbound types, §9): package, pallet, container/other. */
export const INBOUND_TYPES = ['package', 'pallet', 'container_other'] as const;
/** One of {@link INBOUND_TYPES}. */
export type InboundType = (typeof INBOUND_TYPES)[number];
/** Status of an inbound and of its items (spec 2 §4 Inbound): pending (open) or checked_in (closed). */
export const InboundStatusSchema = z.enum(['pending', 'checked_in']);

/** A delivery or expiry day `YYYY-MM-DD` that exists (2026-02-31 is refused, coded `date_invalid`). */
const dateOnly = dayText('Expected a date YYYY-MM-DD');
const text = (max: number) => boundedText('Text', max, { multiLine: max > 500 });

/** 'Extra work' on an item (spec 2 §5 Surcharge): what, cost per time in cents, how many times. */
export const SurchargeSchema = z.object({
  description: text(200).min(1),
  cost_cents: z.number().int().min(0).max(10_000_000),
  amount: z.number().int().min(1).max(100_000),
});
/** A surcharge (spec 2 §5 Surcharge). */
export type Surcharge = z.infer<typeof SurchargeSchema>;

/**
 * Inbound information (spec 2 §5 Inbound information): every field required, with the spec's messages; the
 * portal prefills them from the organisation, the date with today.
 */
export const InboundInformationSchema = z.object({
  contact_person: text(200).min(1, 'Contact person is required.'),
  contact_person_email: z
    .string()
    .trim()
    .min(1, 'Contact person email is required.')
    .pipe(z.email('Valid email is required.')),
  phone: phoneField('Phone number is required.'),
  shipping_address: text(500).min(1, 'Shipping address is required.'),
  track_trace: text(200).min(1, 'Track & Trace is required.'),
  expected_delivery: dateOnly,
});
/** Inbound information (spec 2 §5). */
export type InboundInformation = z.infer<typeof InboundInformationSchema>;

/** A product of the add-inventory wizard or `POST /inbound_item/add` (spec 2 §5 Add product to inbound). */
export const InboundItemInputSchema = z.object({
  product_id: IdSchema,
  units: z.number().int().min(1).max(100_000),
  packed_per: z.number().int().min(1).max(100_000),
  batch_nr: text(100).nullable().optional(),
  expiration_date: dateOnly.nullable().optional(),
});

/** Body of `POST /inbound/` (spec 2 §7 Inbound; the wizard's confirmation, spec 2 §4): type, products, information. */
export const CreateInboundBodySchema = z.object({
  type: z.enum(INBOUND_TYPES, 'Kies eerst een type zending'),
  items: z.array(InboundItemInputSchema).min(1, 'Voeg producten toe').max(500),
  information: InboundInformationSchema,
});
/** Body of `POST /inbound/`. */
export type CreateInboundBody = z.input<typeof CreateInboundBodySchema>;

/** Body of `PUT /inbound_item/edit/customer/{id}` (spec 2 §7): what a merchant may change while pending. */
export const InboundItemEditSchema = z.object({
  units: z.number().int().min(1).max(100_000).optional(),
  packed_per: z.number().int().min(1).max(100_000).optional(),
  batch_nr: text(100).nullable().optional(),
  expiration_date: dateOnly.nullable().optional(),
  notes: text(2000).nullable().optional(),
  package_closed: z.boolean().optional(),
});

/** Body of `PUT /inbound_item/edit/checkin{id}` (spec 2 §7): what the warehouse notes while counting. */
export const InboundItemCheckinEditSchema = z.object({
  notes: text(2000).nullable().optional(),
  package_closed: z.boolean().optional(),
  batch_nr: text(100).nullable().optional(),
  expiration_date: dateOnly.nullable().optional(),
});

/** A location the finder reserved for an item (spec 2 §3 Inbound item reservedLocations). */
export const ReservedLocationSchema = z.object({
  location_id: IdSchema,
  name: z.string(),
  parent_name: z.string().nullable(),
  type: z.string(),
  stock: z.number().int(),
});

/**
 * An inbound item (spec 2 §3 Inbound item, §9): expected and checked-in pieces, boxes checked in = pieces checked in
 * ÷ packed per (rounded down), total = units × packed per, surcharges with their total in euro.
 */
export const InboundItemSchema = z.object({
  id: IdSchema,
  inbound_id: IdSchema,
  inbound_number: z.string(),
  inbound_status: InboundStatusSchema,
  org_id: IdSchema,
  org_name: z.string(),
  product: z.object({ id: IdSchema, ean: z.string(), bsku: z.string().nullable(), name: z.string() }),
  units: z.number().int(),
  packed_per: z.number().int(),
  pieces_expected: z.number().int(),
  pieces_checked_in: z.number().int(),
  boxes_checked_in: z.number().int(),
  batch_nr: z.string().nullable(),
  expiration_date: z.string().nullable(),
  notes: z.string().nullable(),
  package_closed: z.boolean(),
  status: InboundStatusSchema,
  surcharges: z.array(SurchargeSchema),
  surcharge_total_eur: z.number(),
  reserved_locations: z.array(ReservedLocationSchema),
  images: z.array(z.object({ id: IdSchema, mime: z.string(), size: z.number().int(), name: z.string() })),
  /**
   * Moves from a temporary place onto a location (spec 2 §3 Inbound item transfers), each with its places' names as
   * the warehouse spells them now (what a worker reads; session 41).
   */
  transfers: z.array(
    z.object({
      transfer_id: IdSchema,
      departed_location_id: IdSchema,
      departed_location_name: z.string(),
      arrived_location_id: IdSchema,
      arrived_location_name: z.string(),
      stock: z.number().int(),
      departed_at: z.string(),
    }),
  ),
});
/** An inbound item (spec 2 §3). */
export type InboundItem = z.infer<typeof InboundItemSchema>;

/** An inbound with its items and totals (spec 2 §3 Inbound, §9). */
export const InboundSchema = z.object({
  // What was given as the inbound's information, as stored: answers do not repeat the input rules (a direct
  // check-in may leave phone and track and trace empty).
  contact_person: z.string(),
  contact_person_email: z.string(),
  phone: z.string(),
  shipping_address: z.string(),
  track_trace: z.string(),
  id: IdSchema,
  inbound_number: z.string(),
  org_id: IdSchema,
  org_name: z.string(),
  type: z.enum(INBOUND_TYPES),
  status: InboundStatusSchema,
  /**
   * `inboundProgress` of status and pieces checked in: what every screen shows as the inbound's state. The API always
   * sends it; optional so a copy the floor kept offline from before it still reads.
   */
  progress: InboundProgressSchema.optional(),
  expected_delivery: z.string().nullable(),
  direct: z.boolean(),
  created_at: z.string(),
  checked_in_at: z.string().nullable(),
  created_by: z.object({ first_name: z.string(), family_name: z.string() }).nullable(),
  pieces_expected: z.number().int(),
  pieces_checked_in: z.number().int(),
  surcharge_total_eur: z.number(),
  items: z.array(InboundItemSchema),
});
/** An inbound (spec 2 §3). */
export type Inbound = z.infer<typeof InboundSchema>;

/** How many product names a list row of an inbound carries at most ({@link InboundSummarySchema}). */
export const INBOUND_SUMMARY_NAMES = 3;

/**
 * An inbound as its lists answer it (spec 2 §7 `GET /inbounds`, `/inbounds/status/…`, `/inventory/org/checked_in`;
 * issue 8: every list within its budget): the inbound's fields and totals without its items and without the contact
 * (person, e-mail, phone, shipping address: the detail's, no list shows them), and a bounded summary of the items
 * instead: `item_count` lines, `product_count` different products, `items_checked_in` lines submitted (status
 * checked_in), `units_expected` boxes announced (Σ units; pieces are `pieces_expected`), and the names of the first
 * {@link INBOUND_SUMMARY_NAMES} products in the items' order (a product on two lines named once). About 0.6 KB a row
 * whatever the items; one inbound's items are `GET /inbound/{id}` or `GET /inbound_item/inbound/{id}`.
 */
export const InboundSummarySchema = InboundSchema.omit({
  items: true,
  contact_person: true,
  contact_person_email: true,
  phone: true,
  shipping_address: true,
}).extend({
  item_count: z.number().int(),
  product_count: z.number().int(),
  items_checked_in: z.number().int(),
  units_expected: z.number().int(),
  product_names: z.array(z.string()).max(INBOUND_SUMMARY_NAMES),
});
/** An inbound of a list (spec 2 §7), its items summarised. */
export type InboundSummary = z.infer<typeof InboundSummarySchema>;

/** Body of `POST /inbound_item/locations/find/{id}` (spec 2 §7): how many locations of which type to reserve. */
export const FindLocationsBodySchema = z.object({
  type: boundedText('Type', 50, { min: 1 }).optional(),
  amount: z.number().int().min(1).max(50).default(1),
});

/**
 * The direct check-in's contact form (spec 2 §2 Direct check-in, §8): contact person, shipping address and a valid
 * e-mail are required; phone and track and trace may be left empty (stored as '').
 */
export const DirectCheckinInformationSchema = InboundInformationSchema.extend({
  phone: phoneField().default(''),
  track_trace: text(200).default(''),
});

/** Body of direct check-in (spec 2 §2 Direct check-in): scanned products onto chosen locations, the contact form. */
export const DirectCheckinBodySchema = z.object({
  /**
   * The merchant whose goods these are; the current organisation when left out (the portal). The floor app names it
   * (a worker checks in for any client, and a queued check-in must not depend on the session's organisation when it
   * is sent). One the user may not see is a 404.
   */
  org_id: IdSchema.optional(),
  type: z.enum(INBOUND_TYPES).default('package'),
  information: DirectCheckinInformationSchema,
  items: z
    .array(
      z.object({
        product_id: IdSchema,
        location_id: IdSchema,
        amount: z.number().int().min(1).max(1_000_000),
      }),
    )
    .min(1, 'Voeg producten toe')
    .max(500),
});

/** Body of direct check-in as sent (`POST /inventory/direct_checkin`). */
export type DirectCheckinBody = z.input<typeof DirectCheckinBodySchema>;

/** Body of `POST /inventory/email` (spec 2 §7): the inbound whose check-in summary is mailed. */
export const InboundEmailBodySchema = z.object({ _id: IdSchema, to: z.email().optional() });

/**
 * One event of the public inbound calendar (spec 2 §2 Inbound calendar, §9): status, title, number, track and trace,
 * the expected day and per item EAN, units × packed per, expected and checked-in pieces; no personal data.
 */
export const CalendarEventSchema = z.object({
  id: IdSchema,
  inbound_number: z.string(),
  title: z.string(),
  type: z.enum(INBOUND_TYPES),
  status: InboundStatusSchema,
  /** `inboundProgress`: the calendar's colour and badge, the same state the inbound list shows (always sent). */
  progress: InboundProgressSchema.optional(),
  track_trace: z.string(),
  expected_delivery: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  /** The inbound's lines (issue 8: an event is a summary; {@link CalendarItemSchema}s are read when it is opened). */
  item_count: z.number().int(),
  /** Pieces announced over every line (units × packed per, spec 2 §9). */
  pieces_expected: z.number().int(),
  /** Pieces checked in over every line. */
  pieces_checked_in: z.number().int(),
});

/**
 * One line of an opened public calendar event (spec 2 §2 Inbound calendar: 'a table per item with EAN, units x
 * packed_per pcs, expected and checked-in pieces'; `GET /inbounds-report/{token}/{id}`): no ids, no personal data.
 */
export const CalendarItemSchema = z.object({
  ean: z.string(),
  name: z.string(),
  units: z.number().int(),
  packed_per: z.number().int(),
  pieces_expected: z.number().int(),
  pieces_checked_in: z.number().int(),
});
export type CalendarItem = z.infer<typeof CalendarItemSchema>;

/** A line of the pending-items report (spec 2 §7 `GET /pending-items-report`): announced, not yet received. */
export const PendingItemSchema = z.object({
  inbound_id: IdSchema,
  inbound_number: z.string(),
  item_id: IdSchema,
  org_name: z.string(),
  ean: z.string(),
  name: z.string(),
  expected_delivery: z.string().nullable(),
  pieces_expected: z.number().int(),
  pieces_checked_in: z.number().int(),
  pieces_open: z.number().int(),
});

/**
 * Body of `POST /inbound/excel` (spec 2 §7): information and products by EAN, as mapped by the import wizard. A
 * product's cells are taken as the sheet gives them (text, number or empty) and checked by the service with core
 * `inboundExcelIssues`, the rule of `POST /inbound/excel/check`, so each refused cell comes back as a reason code
 * (ADR 0119 §3): an EAN of at most 50 characters, units (boxes) and packed_per whole numbers of 1–100,000, batch_nr
 * single-line text of at most 100 characters, expiration_date a date (YYYY-MM-DD, DD-MM-YYYY or an Excel day).
 */
export const InboundExcelBodySchema = InboundInformationSchema.extend({
  type: z.enum(INBOUND_TYPES).default('package'),
  products: z
    .array(
      z.object({
        ean: SpreadsheetCellSchema,
        units: SpreadsheetCellSchema,
        packed_per: SpreadsheetCellSchema,
        batch_nr: SpreadsheetCellSchema,
        expiration_date: SpreadsheetCellSchema,
      }),
    )
    .min(1, 'Voeg producten toe')
    .max(5000),
});

/** Body of `POST /inventory/add_inventory` (spec 2 §7): products with pieces, in boxes (`coli`) or on pallets. */
export const AddInventoryBodySchema = z.object({
  products: z
    .array(
      z.object({
        product: IdSchema,
        amount: z.number().int().min(1).max(1_000_000),
        coli: z.number().int().min(0).max(100_000).optional(),
        pallets: z.number().int().min(0).max(10_000).optional(),
        type: z.enum(INBOUND_TYPES).optional(),
      }),
    )
    .min(1, 'Voeg producten toe')
    .max(500),
});
