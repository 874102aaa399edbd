import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { reasonParams } from '../common/reason.ts';
import { boundedText, codeText, nameText, noteText, searchText } from '../common/text.ts';
import { pageOf, pageQuery } from '../http/page.ts';
import { ORDER_STATUSES } from '../orders/order.schema.ts';
import { GrantSchema } from '../permissions/permission.schema.ts';
import { SURCHARGE_TYPES } from '../products/product-card.schema.ts';

/**
 * A euro amount as the admin forms send it (spec 3 §2 Admin area: price, purchase price, surcharges, costs are
 * numbers): 0 … 100,000 with at most two decimals. The API stores it as integer cents ({@link toCents}).
 */
export const euroAmount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(100_000, `${label} is too large (at most 100000)`)
    .refine((x) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6, {
      message: `${label} has at most two decimals`,
      params: reasonParams('too_many_decimals', { limit: 2 }),
    });

/** Euro (a number with at most two decimals) to integer cents. */
export function toCents(euro: number): number {
  return Math.round(euro * 100);
}

/** A cut-off time of a shipment method, `HH:MM` in Amsterdam time (orders after it leave the next working day). */
const cutOffText = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 15:30');

/**
 * A shipment method as the admin area shows it (spec 3 §3 Shipment method: name, code, price, purchase_price, cut_off,
 * late_drop_surcharge, peak_surcharge; ADR 0053): euro amounts with their cents, the group the method is listed under
 * (`GET /shipment_methods/groups`), the carrier adapter it ships with, the country it serves (null: every country).
 */
export const AdminShipmentMethodSchema = z.object({
  id: IdSchema,
  name: z.string(),
  code: z.string(),
  carrier: z.string(),
  group: z.string().nullable(),
  price: z.number(),
  price_cents: z.number().int(),
  purchase_price: z.number(),
  purchase_price_cents: z.number().int(),
  cut_off: z.string().nullable(),
  late_drop_surcharge: z.number(),
  late_drop_surcharge_cents: z.number().int(),
  peak_surcharge: z.number(),
  peak_surcharge_cents: z.number().int(),
  country_code: z.string().nullable(),
  active: z.boolean(),
  /** Open orders that have this method selected (read for the page's rows only). */
  open_orders: z.number().int(),
});
export type AdminShipmentMethod = z.infer<typeof AdminShipmentMethodSchema>;

/**
 * Carriers a shipment method can ship with (the adapters of apps/api lib/carriers; ADR 0044, 0046). `drive`: the
 * warehouse's own drivers deliver it (the route plan's stops, ADR 0133); it ships with the local carrier's label.
 */
export const METHOD_CARRIERS = ['local', 'postnl', 'dhl', 'stamp', 'own', 'bol', 'drive'] as const;

/**
 * Body of `POST /shipment_methods/add` and `PUT /shipment_methods/:id` (spec 3 §5: name and code required; price,
 * purchase_price, late_drop_surcharge numbers, cut_off text, peak_surcharge required). Codes are unique
 * (case-insensitive): 409 `code_taken`.
 */
export const ShipmentMethodBodySchema = z.object({
  name: nameText('Name', 1),
  code: codeText('Code', 1),
  carrier: z.enum(METHOD_CARRIERS).default('local'),
  group: boundedText('Group', 100).nullable().default(null),
  price: euroAmount('Price').default(0),
  purchase_price: euroAmount('Purchase price').default(0),
  cut_off: cutOffText.nullable().default(null),
  late_drop_surcharge: euroAmount('Late-drop surcharge').default(0),
  peak_surcharge: euroAmount('Peak surcharge'),
  country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'Use a two-letter country code')
    .nullable()
    .default(null),
  active: z.boolean().default(true),
});
export type ShipmentMethodBody = z.input<typeof ShipmentMethodBodySchema>;

/** Query of `GET /shipment_methods/list`: a page by group and name, optionally of one group or matching a search. */
export const ShipmentMethodListQuerySchema = pageQuery(25).extend({
  search: searchText().optional(),
  group: boundedText('Group', 100).optional(),
  inactive: z.enum(['true', 'false']).default('true'),
});
/** Answer of `GET /shipment_methods/list`. */
export const ShipmentMethodListSchema = pageOf(AdminShipmentMethodSchema);

/** One group of `GET /shipment_methods/groups`: its name (null: methods without a group) and how many methods. */
export const ShipmentMethodGroupSchema = z.object({
  group: z.string().nullable(),
  methods: z.number().int(),
  active: z.number().int(),
});
export type ShipmentMethodGroup = z.infer<typeof ShipmentMethodGroupSchema>;

/** Outer size of a box in millimetres (spec 3 §3 Shipment box max_size {L, W, H}). */
export const BoxSizeSchema = z.object({
  L: z.number().int().min(1).max(10_000),
  W: z.number().int().min(1).max(10_000),
  H: z.number().int().min(1).max(10_000),
});

/**
 * A shipment box as the admin area shows it (spec 3 §3 Shipment box: label, name, price, max_size, package_cost,
 * purchase_cost, package_code, fulfillment_cost). `fulfillment_cost` is what the client pays for an order packed in
 * it (stored as `price_cents`, which the invoice reads), `package_cost` the packaging charged, `purchase_cost` what
 * the provider paid for the box.
 */
export const AdminShipmentBoxSchema = z.object({
  id: IdSchema,
  name: z.string(),
  label: z.string(),
  max_size: BoxSizeSchema.nullable(),
  fulfillment_cost: z.number(),
  fulfillment_cost_cents: z.number().int(),
  package_cost: z.number(),
  package_cost_cents: z.number().int(),
  purchase_cost: z.number(),
  purchase_cost_cents: z.number().int(),
  package_code: z.string().nullable(),
  active: z.boolean(),
});
export type AdminShipmentBox = z.infer<typeof AdminShipmentBoxSchema>;

/** Body of `POST /shipment_boxes/add` and `PUT /shipment_boxes/:id` (spec 3 §2: name, max_size, fulfillment_cost required). */
export const ShipmentBoxBodySchema = z.object({
  name: nameText('Name', 1),
  label: nameText('Label').optional(),
  max_size: BoxSizeSchema,
  fulfillment_cost: euroAmount('Fulfilment cost'),
  package_cost: euroAmount('Package cost').default(0),
  purchase_cost: euroAmount('Purchase cost').default(0),
  package_code: codeText('Package code').nullable().default(null),
  active: z.boolean().default(true),
});
export type ShipmentBoxBody = z.input<typeof ShipmentBoxBodySchema>;

/** Query of `GET /shipment_boxes/list`: a page by name. */
export const ShipmentBoxListQuerySchema = pageQuery(25).extend({ search: searchText().optional() });
/** Answer of `GET /shipment_boxes/list`. */
export const ShipmentBoxListSchema = pageOf(AdminShipmentBoxSchema);

/**
 * A surcharge as the admin list shows it (spec 3 §2 Surcharge list: name, code, price, note, type, product, order):
 * `products` counts the products it applies to (the product card's selector), `order` says it is charged per order
 * or per store rather than per product line.
 */
export const AdminSurchargeSchema = z.object({
  id: IdSchema,
  name: z.string(),
  code: z.string(),
  price: z.number(),
  price_cents: z.number().int(),
  note: z.string().nullable(),
  type: z.enum(SURCHARGE_TYPES),
  active: z.boolean(),
  products: z.number().int(),
  order: z.boolean(),
});
export type AdminSurcharge = z.infer<typeof AdminSurchargeSchema>;

/** Body of `POST /surcharge/add` (spec 3 §5: name and code required, price number, note, type select). */
export const SurchargeBodySchema = z.object({
  name: nameText('Name', 1),
  code: codeText('Code', 1),
  price: euroAmount('Price').default(0),
  note: noteText().nullable().default(null),
  type: z.enum(SURCHARGE_TYPES).default('order-line'),
});
export type SurchargeBody = z.input<typeof SurchargeBodySchema>;

/**
 * Body of `PUT /surcharges/:id`, the list's in-place edit (spec 3 §2: name, code, price and note editable in place):
 * any of the fields, at least one.
 */
export const SurchargePatchSchema = z
  .object({
    name: nameText('Name', 1).optional(),
    code: codeText('Code', 1).optional(),
    price: euroAmount('Price').optional(),
    note: noteText().nullable().optional(),
    type: z.enum(SURCHARGE_TYPES).optional(),
    active: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Change at least one field',
    params: reasonParams('nothing_to_change'),
  });
export type SurchargePatch = z.input<typeof SurchargePatchSchema>;

/** Query of `GET /surcharges/list`: every surcharge (inactive ones too) by name, paged. */
export const AdminSurchargeListQuerySchema = pageQuery(25).extend({ search: searchText().optional() });
/** Answer of `GET /surcharges/list`. */
export const AdminSurchargeListSchema = pageOf(AdminSurchargeSchema);

/** Path of `GET`/`DELETE /orders/searchOrderId/:orderId`: the shop's order number or our 24-character id. */
export const SearchOrderParamsSchema = z.object({ orderId: codeText('Order number', 1) });

/** A line of the admin's order view: product, pieces ordered and picked, and the product's locations. */
export const AdminOrderLineSchema = z.object({
  id: IdSchema,
  title: z.string(),
  quantity: z.number().int(),
  picked_quantity: z.number().int(),
  ean: z.string(),
  product_id: IdSchema,
  locations: z.array(z.string()),
});

/**
 * An order as the admin's search shows it (spec 3 §3 Order (admin view): orderId, org_name, active, platform, notes,
 * orderPlacedDateTime, track_trace, shipmentDetails, latestDeliveryDate, products). `deleted_at`/`deleted_by` are set
 * once it was deleted (a soft delete: ADR 0053); `picked_pieces` is what a delete would put back on the shelves.
 */
export const AdminOrderSchema = z.object({
  _id: IdSchema,
  orderId: z.string(),
  org_id: IdSchema,
  org_name: z.string(),
  active: z.boolean(),
  status: z.enum(ORDER_STATUSES),
  platform: z.string(),
  notes_notify: z.boolean(),
  notes_color: z.string().nullable(),
  notes_text: z.string().nullable(),
  orderPlacedDateTime: z.string(),
  track_trace: z.string().nullable(),
  shipmentDetails: z.object({
    firstName: z.string(),
    surname: z.string(),
    email: z.string(),
    streetName: z.string(),
    houseNumber: z.string(),
    city: z.string(),
    zipCode: z.string(),
    countryCode: z.string(),
  }),
  latestDeliveryDate: z.string().nullable(),
  products: z.array(AdminOrderLineSchema),
  picked_pieces: z.number().int(),
  deleted_at: z.string().nullable(),
  deleted_by: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/** Answer of `GET /orders/searchOrderId/:orderId`: every order of that number (one per shop) or that id, at most 50. */
export const AdminOrderSearchSchema = z.array(AdminOrderSchema);

/** Query of `DELETE /orders/searchOrderId/:orderId`: the shop, when the order number is used by several. */
export const DeleteOrderQuerySchema = z.object({ org_id: IdSchema.optional() });

/**
 * Answer of `DELETE /orders/searchOrderId/:orderId` (ADR 0053): the deleted order and the picked pieces that went
 * back to their locations (one ledger row each, reason `unpick`).
 */
export const DeleteOrderResultSchema = z.object({
  order: AdminOrderSchema,
  returned: z.array(
    z.object({ ean: z.string(), title: z.string(), location: z.string(), quantity: z.number().int() }),
  ),
});
export type DeleteOrderResult = z.infer<typeof DeleteOrderResultSchema>;

/**
 * A role as the admin's role editor shows it (spec 3 §6: a role lists allowed HTTP methods per path pattern;
 * ADR 0053). `is_default` roles ship with the application (apps/api db/roles.ts); once edited (`edited_at`), a
 * restart keeps the edit and `default_grants` shows what the application ships now.
 */
export const AdminRoleSchema = z.object({
  id: IdSchema,
  key: z.string(),
  name: z.string(),
  all_orgs: z.boolean(),
  grants: z.array(GrantSchema),
  is_default: z.boolean(),
  default_grants: z.array(GrantSchema).nullable(),
  edited_at: z.string().nullable(),
  users: z.number().int(),
});
export type AdminRole = z.infer<typeof AdminRoleSchema>;

/** Query of `GET /roles`. */
export const RoleListQuerySchema = pageQuery(100);
/** Answer of `GET /roles`. */
export const RoleListSchema = pageOf(AdminRoleSchema);

/** A grant's path starts with `/` (coded `format_invalid`, format `path`). */
const PATH_FROM_ROOT = {
  message: 'A path starts with /',
  params: reasonParams('format_invalid', { format: 'path' }),
};

/** A grant as the editor sends it: methods (GET, POST, PUT, DELETE, PATCH or `*`), a path pattern, exceptions. */
export const GrantInputSchema = z.object({
  methods: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .pipe(z.enum(['*', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH'])),
    )
    .min(1, 'Choose at least one method')
    .max(6),
  path: boundedText('Path', 200, { min: 1 }).refine((p) => p.startsWith('/'), PATH_FROM_ROOT),
  except: z
    .array(boundedText('Except', 200, { min: 1 }).refine((p) => p.startsWith('/'), PATH_FROM_ROOT))
    .max(50)
    .optional(),
});

/** Body of `PUT /roles/:id`: the role's name and its whole list of grants (replacing the old one). */
export const RoleUpdateBodySchema = z.object({
  name: nameText('Name', 1),
  grants: z.array(GrantInputSchema).max(200),
});
export type RoleUpdateBody = z.input<typeof RoleUpdateBodySchema>;

/** Body of `POST /roles`: a new role (key lower-case letters, digits and underscores). */
export const RoleCreateBodySchema = RoleUpdateBodySchema.extend({
  key: z.string().regex(/^[a-z][a-z0-9_]{1,39}$/, 'Use 2–40 lower-case letters, digits or _'),
  all_orgs: z.boolean().default(false),
});

/** Body of `POST /roles/preview`: grants to try. */
export const RolePreviewBodySchema = z.object({ grants: z.array(GrantInputSchema).max(200) });

/** Answer of `POST /roles/preview`: the API calls the grants allow (from the API's route table, checked by `can()`). */
export const RolePreviewSchema = z.object({
  calls: z.array(z.object({ method: z.string(), path: z.string(), summary: z.string() })),
  total: z.number().int(),
});
export type RolePreview = z.infer<typeof RolePreviewSchema>;

/** One user's role in one shop (the admin's users list, spec 3 §2 Admin: users and groups). */
export const MembershipSchema = z.object({
  user_id: IdSchema,
  first_name: z.string(),
  family_name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  org_id: IdSchema,
  org_name: z.string(),
  role_id: IdSchema,
  role_name: z.string(),
  current: z.boolean(),
});
export type Membership = z.infer<typeof MembershipSchema>;

/** Query of `GET /roles/memberships`: users with their role per shop, by e-mail then shop, optionally searched. */
export const MembershipListQuerySchema = pageQuery(25).extend({
  search: searchText().optional(),
  role_id: IdSchema.optional(),
});
/** Answer of `GET /roles/memberships`. */
export const MembershipListSchema = pageOf(MembershipSchema);

/** Body of `PUT /roles/memberships`: the user's new role in that shop. */
export const MembershipUpdateBodySchema = z.object({
  user_id: IdSchema,
  org_id: IdSchema,
  role_id: IdSchema,
});

/** A typed euro amount in a form field: digits with a comma or dot and at most two decimals ('4,95', '12.5', ''). */
const moneyText = (label: string, min = 0) =>
  boundedText(label, 12, { min }).refine((s) => /^(\d{1,6}([.,]\d{1,2})?)?$/.test(s), {
    message: `${label}: use an amount like 4,95`,
    params: reasonParams('format_invalid', { format: 'amount' }),
  });

/** A form's euro text to a number (`''` is 0): '4,95' → 4.95. For fields {@link moneyText} accepted. */
export function euroFromText(text: string): number {
  const s = text.trim().replace(',', '.');
  return s === '' ? 0 : Number(s);
}

/**
 * The shipment method form's fields as typed (a blank field is absent: optional ones are `.optional()`; spec 3 §2 Add shipment method form, §5: name and code required,
 * peak surcharge marked required, validated after change and before submit); the portal turns them into
 * {@link ShipmentMethodBodySchema} with {@link euroFromText}.
 */
export const ShipmentMethodFormSchema = z.object({
  name: nameText('Name', 1),
  code: codeText('Code', 1),
  group: boundedText('Group', 100).optional(),
  price: moneyText('Price').optional(),
  purchase_price: moneyText('Purchase price').optional(),
  cut_off: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, 'Use a time like 15:30')
    .optional(),
  late_drop_surcharge: moneyText('Late-drop surcharge').optional(),
  peak_surcharge: moneyText('Peak surcharge', 1),
  country_code: z
    .string()
    .regex(/^([A-Za-z]{2})?$/, 'Use a two-letter country code')
    .optional(),
});

/** The shipment box form's fields as typed (spec 3 §2 Shipment box form: name, max_size, fulfillment_cost required). */
export const ShipmentBoxFormSchema = z.object({
  name: nameText('Name', 1),
  L: z.string().regex(/^[1-9]\d{0,3}$/, 'Length in mm'),
  W: z.string().regex(/^[1-9]\d{0,3}$/, 'Width in mm'),
  H: z.string().regex(/^[1-9]\d{0,3}$/, 'Height in mm'),
  fulfillment_cost: moneyText('Fulfilment cost', 1),
  package_cost: moneyText('Package cost').optional(),
  purchase_cost: moneyText('Purchase cost').optional(),
  package_code: codeText('Package code').optional(),
});

/** The surcharge form's fields as typed (spec 3 §5: name and code required, price number, note, type select). */
export const SurchargeFormSchema = z.object({
  name: nameText('Name', 1),
  code: codeText('Code', 1),
  price: moneyText('Price').optional(),
  note: noteText().optional(),
  type: z.enum(SURCHARGE_TYPES),
});
