import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { phoneField } from '../common/phone.ts';
import { reasonParams } from '../common/reason.ts';
import { boundedText, codeText, freeText } from '../common/text.ts';

/**
 * Why a parcel came back (spec 2 §3 Return reasons): the carrier's codes for an undeliverable parcel, and the
 * customer's reasons of the creation wizard. Labels in Dutch and English.
 */
export const RETURN_REASONS = [
  { code: 'REFUSED', nl: 'Geweigerd', en: 'Refused', kind: 'carrier' },
  { code: 'INCORRECT_ADDRESS', nl: 'Onjuist adres', en: 'Incorrect address', kind: 'carrier' },
  { code: 'FULL_MAILBOX', nl: 'Brievenbus vol', en: 'Full mailbox', kind: 'carrier' },
  { code: 'NO_MAILBOX', nl: 'Geen brievenbus', en: 'No mailbox', kind: 'carrier' },
  { code: 'UNCLAIMED', nl: 'Niet afgehaald', en: 'Unclaimed', kind: 'carrier' },
  { code: 'DISSOLVED', nl: 'Bedrijf opgeheven', en: 'Dissolved', kind: 'carrier' },
  { code: 'NO_REASON', nl: 'Geen reden', en: 'No reason', kind: 'carrier' },
  { code: 'DAMAGED', nl: 'Beschadigd', en: 'Damaged', kind: 'customer' },
  { code: 'WRONG_ITEM', nl: 'Verkeerd artikel', en: 'Wrong item', kind: 'customer' },
  { code: 'NOT_AS_DESCRIBED', nl: 'Niet zoals beschreven', en: 'Not as described', kind: 'customer' },
  { code: 'OTHER', nl: 'Anders', en: 'Other', kind: 'customer' },
] as const;
export type ReturnReasonCode = (typeof RETURN_REASONS)[number]['code'];
export const ReturnReasonCodeSchema = z.enum(
  RETURN_REASONS.map((r) => r.code) as [ReturnReasonCode, ...ReturnReasonCode[]],
  { error: 'Please select a reason for the return.' },
);

/** Answer of the return reasons fetch (spec 2 §7; our path `GET /returns/reasons`). */
export const ReturnReasonListSchema = z.object({
  items: z.array(
    z.object({ code: z.string(), nl: z.string(), en: z.string(), kind: z.enum(['carrier', 'customer']) }),
  ),
});

/** What the desk decides for a returned item (spec 2 §4 Returns); RETURN_RECEIVED when none is set. */
export const RETURN_ACTIONS = [
  'RETURN_RECEIVED',
  'EXCHANGE_PRODUCT',
  'RETURN_DOES_NOT_MEET_CONDITIONS',
  'REPAIR_PRODUCT',
  'CUSTOMER_KEEPS_PRODUCT_PAID',
  'STILL_APPROVED',
] as const;
export const ReturnActionSchema = z.enum(RETURN_ACTIONS);
export type ReturnAction = z.infer<typeof ReturnActionSchema>;

/** Actions after which the pieces may not be sold again (spec 2 §4 Returns). */
const NOT_SELLABLE_ACTIONS: readonly ReturnAction[] = ['RETURN_DOES_NOT_MEET_CONDITIONS', 'REPAIR_PRODUCT'];

/**
 * Whether judged pieces (a return line, or one judged part of it) go back to sellable stock when the desk closes the
 * line: no damage to the product or its packaging, a state other than 'bad', and an action that keeps them sellable;
 * else they go to quarantine (the API's `POST /returns/fulfill`). Pure.
 */
export function isReturnSellable(j: {
  damaged_product: boolean;
  damaged_product_package: boolean;
  product_state: string | null;
  return_action: string;
}): boolean {
  return (
    !j.damaged_product &&
    !j.damaged_product_package &&
    (j.product_state ?? '').trim().toLowerCase() !== 'bad' &&
    !NOT_SELLABLE_ACTIONS.includes(j.return_action as ReturnAction)
  );
}

/**
 * Where a closed return line's pieces went (spec 2 §4 Returns; `POST /returns/fulfill`): how many back to sellable stock and how many to quarantine (0 and 0 when
 * nothing was received). From `restocked_quantity`; for an answer without it, the one `quarantined` flag. Pure.
 */
export function returnOutcome(item: {
  received_quantity: number | null;
  expected_quantity?: number;
  restocked_quantity?: number | null | undefined;
  quarantined: boolean | null;
}): { restocked: number; quarantined: number } {
  // The server books the expected quantity when none was entered (the API's fulfillReturnItem).
  const received = item.received_quantity ?? item.expected_quantity ?? 0;
  const restocked =
    item.restocked_quantity !== null && item.restocked_quantity !== undefined
      ? item.restocked_quantity
      : item.quarantined
        ? 0
        : received;
  return { restocked, quarantined: received - restocked };
}

/** The quick product states of the desk (spec 2 §3 Return product condition); the state text is free. */
export const RETURN_CONDITIONS = ['excellent', 'good', 'bad'] as const;
/** One of {@link RETURN_CONDITIONS}. */
type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

/**
 * Whether a return item's free `product_state` is one of the quick states (spec 2 §3), which the apps show as their
 * word in the UI language ('good' as 'Goed') instead of the stored code.
 */
export function isReturnCondition(state: string | null | undefined): state is ReturnCondition {
  return (RETURN_CONDITIONS as readonly unknown[]).includes(state);
}

/**
 * One judged part of a return line (spec 2 §3 Return item's judgement, per piece): `quantity` pieces (1 or more) with
 * their own product state, damage flags and action, so that of two pieces of one EAN one can go back to stock and
 * one to quarantine. Whether a part is sellable follows the rule of the whole line ({@link isReturnSellable}).
 */
export const ReturnItemPartSchema = z.object({
  quantity: z.number().int(),
  product_state: z.string().nullable(),
  damaged_package: z.boolean(),
  damaged_product: z.boolean(),
  damaged_product_package: z.boolean(),
  return_action: ReturnActionSchema,
});
export type ReturnItemPart = z.infer<typeof ReturnItemPartSchema>;

/** One product of a return as the desk shows it (spec 2 §3 Return item). */
export const ReturnItemSchema = z.object({
  id: IdSchema,
  product_id: IdSchema,
  ean: z.string(),
  title: z.string(),
  /** The product's return instruction (spec 3 §2), shown at the desk; null when it has none. */
  return_instruction: z.string().nullable(),
  /** The product's pick location, where sellable pieces go back by default (null: 'Unknown Location'). */
  location: z.object({ id: IdSchema, name: z.string(), parent_name: z.string().nullable() }).nullable(),
  expected_quantity: z.number().int(),
  received_quantity: z.number().int().nullable(),
  product_state: z.string().nullable(),
  damaged_package: z.boolean(),
  damaged_product: z.boolean(),
  damaged_product_package: z.boolean(),
  return_action: ReturnActionSchema,
  /** Closed by the desk: when, and whether the pieces went to quarantine (any of them, when judged in parts). */
  fulfilled_at: z.string().nullable(),
  quarantined: z.boolean().nullable(),
  /**
   * The line judged in parts (their quantities add up to `received_quantity`); empty when the whole line has the one
   * judgement above. Older answers lack it.
   */
  parts: z.array(ReturnItemPartSchema).default([]),
  /**
   * Once closed: how many pieces went back to sellable stock (0 when none did; the rest of `received_quantity` went
   * to quarantine); null while open.
   */
  restocked_quantity: z.number().int().nullable().default(null),
});
export type ReturnItem = z.infer<typeof ReturnItemSchema>;

/** A return (spec 2 §3 Return): closed when every item is (`closed_at`). */
export const ReturnSchema = z.object({
  id: IdSchema,
  return_number: z.string(),
  org_id: IdSchema,
  org_name: z.string(),
  order_id: IdSchema,
  shop_order_id: z.string(),
  platform: z.string(),
  tracking_number: z.string(),
  carrier: z.string(),
  reason: z.string(),
  customer_comments: z.string().nullable(),
  registered_at: z.string(),
  closed_at: z.string().nullable(),
  items: z.array(ReturnItemSchema),
  /** The customer's images (spec 2 §5), read with `GET /returns/image/{return_id}/{image_id}`. */
  images: z.array(z.object({ id: IdSchema, mime: z.string(), file_name: z.string() })).default([]),
});
export type Return = z.infer<typeof ReturnSchema>;

/**
 * Answer of `GET /returns/get/{id}` (spec 2 §7, §4: search by return number, tracking number or product barcode):
 * the open returns found first, or `order_found` when no return matches but a shipped order does (the desk then
 * offers to create a return from it).
 */
export const ReturnSearchResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('found'), returns: z.array(ReturnSchema) }),
  z.object({
    status: z.literal('order_found'),
    order: z.object({ id: IdSchema, shop_order_id: z.string(), org_name: z.string() }),
  }),
]);

/** The sender of a return (spec 2 §5 Return address form): the customer, prefilled from the order. */
export const ReturnAddressSchema = z
  .object({
    countryCode: z.string().trim().toUpperCase().length(2).default('NL'),
    zipCode: boundedText('Postal code', 16, { min: 1 }),
    houseNumber: z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,5}$/, 'House number: a number from 1'),
    houseNumberExtension: boundedText('Addition', 10).optional(),
    streetName: boundedText('Street', 120, { min: 1 }),
    city: boundedText('City', 80, { min: 1 }),
    firstName: boundedText('First name', 80, { min: 1 }),
    surname: boundedText('Surname', 80, { min: 1 }),
    company: boundedText('Company', 120).optional(),
    email: z.email('A valid e-mail address'),
    phone: phoneField().optional(),
  })
  .refine((a) => a.countryCode !== 'NL' || /^\d{4}\s?[A-Za-z]{2}$/.test(a.zipCode), {
    message: 'Dutch postal code: four digits and two letters',
    path: ['zipCode'],
    params: reasonParams('format_invalid', { format: 'postcode_nl' }),
  });

/**
 * Body of `POST /returns/create` (spec 2 §3 Create-return payload, §5): the shipped order, the lines coming back with
 * their quantities (not more than shipped minus already returned), the reason and the customer's comments, and the
 * sender's address.
 */
export const CreateReturnBodySchema = z.object({
  order_id: IdSchema,
  items: z
    .array(z.object({ order_line_id: IdSchema, quantity: z.number().int().min(1).max(100_000) }))
    .min(1, 'Choose at least one product')
    .max(200),
  reason: ReturnReasonCodeSchema,
  customer_comments: freeText('Comments').optional(),
  address: ReturnAddressSchema,
});
export type CreateReturnBody = z.infer<typeof CreateReturnBodySchema>;

/** Body of the create-from-order call (spec 2 §3 Return-from-order prompt: orderId plus reason_code). */
export const ReturnFromOrderBodySchema = z.object({
  orderId: IdSchema,
  reason_code: ReturnReasonCodeSchema,
});

/**
 * Body of `POST /returns` (spec 2 §7, §5 Return update): one item's judgement, saved at once. `return_id` and `ean`
 * name the item ('Return ID and EAN are required to update a return.').
 */
export const ReturnUpdateBodySchema = z
  .object({
    return_id: z.string({ error: 'Return ID and EAN are required to update a return.' }).pipe(IdSchema),
    ean: z
      .string({ error: 'Return ID and EAN are required to update a return.' })
      .trim()
      .min(1, 'Return ID and EAN are required to update a return.')
      .max(64),
    received_quantity: z
      .number({ error: 'Please select how many of this EAN were in the shipment.' })
      .int()
      .min(0, 'Please select how many of this EAN were in the shipment.')
      .max(100_000)
      .optional(),
    product_state: boundedText('Product state', 500).optional(),
    return_action: ReturnActionSchema.optional(),
    damaged_package: z.boolean().optional(),
    damaged_product: z.boolean().optional(),
    damaged_product_package: z.boolean().optional(),
    /**
     * The line judged in parts (session 44): the pieces of one EAN with different judgements, e.g. 1 good and 1
     * damaged. Replaces the parts saved before; the received quantity becomes their sum (a `received_quantity` sent
     * along must be that sum). An empty list ends the split: the line's one judgement counts again.
     */
    parts: z
      .array(
        z.object({
          quantity: z
            .number({ error: 'Each part needs a number of pieces (1 or more).' })
            .int()
            .min(1, 'Each part needs a number of pieces (1 or more).')
            .max(100_000),
          product_state: boundedText('Product state', 500).optional(),
          return_action: ReturnActionSchema.optional(),
          damaged_package: z.boolean().optional(),
          damaged_product: z.boolean().optional(),
          damaged_product_package: z.boolean().optional(),
        }),
      )
      .max(20)
      .optional(),
  })
  .refine(
    (b) =>
      b.parts === undefined ||
      b.parts.length === 0 ||
      b.received_quantity === undefined ||
      b.received_quantity === b.parts.reduce((n, p) => n + p.quantity, 0),
    { message: 'The received quantity must be the sum of the judged parts.', path: ['received_quantity'] },
  );
export type ReturnUpdateBody = z.infer<typeof ReturnUpdateBodySchema>;

/** Path of `POST /returns/fulfill/{return_id}/{ean}`. */
export const ReturnFulfillParamsSchema = z.object({ return_id: IdSchema, ean: codeText('EAN', 1) });

/**
 * Body of the fulfil call (optional): `location_id`, a location scanned for the sellable pieces instead of the
 * product's pick location.
 */
export const ReturnFulfillBodySchema = z.object({ location_id: IdSchema.optional() }).default({});

/**
 * A judged part as `POST /returns` takes it (`parts[]`) with the defaults filled in as the server stores it: no
 * state, no damage, RETURN_RECEIVED. Pure.
 */
export function fullReturnPart(p: NonNullable<ReturnUpdateBody['parts']>[number]): ReturnItemPart {
  return {
    quantity: p.quantity,
    product_state: p.product_state ?? null,
    damaged_package: p.damaged_package ?? false,
    damaged_product: p.damaged_product ?? false,
    damaged_product_package: p.damaged_product_package ?? false,
    return_action: p.return_action ?? 'RETURN_RECEIVED',
  };
}
