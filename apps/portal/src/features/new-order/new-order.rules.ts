/**
 * The new order wizard's pure rules (spec 1 §2 New order wizard, §4 Wizard, §5): which steps an order type has, where
 * the wizard opens, which progress circles may be clicked, what blocks leaving a step (core's validation order), the
 * resend prefill (§4 house-number split rule), the attachment file checks and the body of `POST /orders`.
 */
import {
  type CreateOrderBody,
  type DeliveryUnit,
  firstNewOrderProblem,
  isB2bLike,
  type NewOrderCheck,
  type NewOrderStage,
  type Order,
  type OrderType,
  type ShipmentType,
} from '@hoppa/core';

/** The wizard's steps: manual orders four, B2B-like orders six (spec 1 §2, §4). */
export type StepKey = 'type' | 'products' | 'shipmentType' | 'delivery' | 'address' | 'confirmation';

const MANUAL_STEPS: readonly StepKey[] = ['type', 'products', 'address', 'confirmation'];
const B2B_STEPS: readonly StepKey[] = [
  'type',
  'products',
  'shipmentType',
  'delivery',
  'address',
  'confirmation',
];

/** The steps of `orderType`: choosing a B2B-like type changes the progress bar to six steps (spec 1 §4). */
export function wizardSteps(orderType: string | null): readonly StepKey[] {
  return isB2bLike(orderType) ? B2B_STEPS : MANUAL_STEPS;
}

/** One product line of the draft: the product and how many (at least 1, spec 1 §5 Product selection). */
export interface DraftLine {
  product_id: string;
  title: string;
  ean: string;
  quantity: number;
}

/** The address of the draft, with the wizard's spelling (spec 1 §3 New order draft shipment_details). */
export interface DraftAddress {
  name: string;
  surename: string;
  company: string;
  streetname: string;
  housenumber: string;
  houseNumberExtension: string;
  postalcode: string;
  city: string;
  countryCode: string;
  email: string;
  phone: string;
}

/** Everything the wizard collects (spec 1 §3 New order draft; box/pallet data). */
export interface NewOrderDraftState {
  order_type: OrderType | null;
  products: DraftLine[];
  shipmentType: ShipmentType;
  unit: DeliveryUnit;
  count: number | '';
  /** YYYY-MM-DD. */
  deliveryDate: string | null;
  address: DraftAddress;
  ship_option: string | null;
  reason: string | null;
  remark: string;
  attachmentText: string;
  /** How many PDF files are chosen (the files themselves stay in the page). */
  fileCount: number;
}

/** An empty address: country NL by default (spec 1 §5 Address form). */
export const EMPTY_ADDRESS: DraftAddress = {
  name: '',
  surename: '',
  company: '',
  streetname: '',
  housenumber: '',
  houseNumberExtension: '',
  postalcode: '',
  city: '',
  countryCode: 'NL',
  email: '',
  phone: '',
};

/** A fresh draft: nothing chosen, drop-off and box (spec 1 §3 defaults). */
export function emptyDraft(): NewOrderDraftState {
  return {
    order_type: null,
    products: [],
    shipmentType: 'drop_off',
    unit: 'box',
    count: '',
    deliveryDate: null,
    address: { ...EMPTY_ADDRESS },
    ship_option: null,
    reason: null,
    remark: '',
    attachmentText: '',
    fileCount: 0,
  };
}

/** What blocks leaving a step: the type step needs a type; the others run core's checks up to their stage. */
export type StepBlock = NewOrderCheck | 'type';

const STAGE_OF: Partial<Record<StepKey, NewOrderStage>> = {
  products: 'products',
  delivery: 'delivery',
  address: 'address',
  confirmation: 'create',
};

/** The draft as core's validation reads it. */
function coreDraft(d: NewOrderDraftState) {
  return {
    order_type: d.order_type ?? 'manual_order',
    products: d.products,
    delivery: { count: d.count === '' ? null : d.count, date: d.deliveryDate },
    address: d.address,
    ship_option: d.ship_option,
    reason: d.reason,
    attachments: { text: d.attachmentText, files: d.fileCount },
  };
}

/**
 * What keeps the wizard on `step` (spec 1 §4 'on a validation failure the wizard stays on the step and shows an
 * error banner'): no type on the type step; else the first failure of core's order up to the step's stage (the
 * address step checks the products too, the confirmation everything); null when it may be left. `now` and
 * `shipmentMethodOk` are passed on to core.
 */
export function stepBlock(
  step: StepKey,
  d: NewOrderDraftState,
  opts: { now?: Date; shipmentMethodOk?: (code: string) => boolean } = {},
): StepBlock | null {
  if (step === 'type') return d.order_type ? null : 'type';
  const stage = STAGE_OF[step];
  if (!stage) return null;
  return firstNewOrderProblem(coreDraft(d), stage, opts);
}

/**
 * Where the wizard opens (spec 1 §4): step 0; step 1 when products are already chosen; step 2 when the address is
 * valid too (the resend prefill).
 */
export function openingStep(d: NewOrderDraftState, now?: Date): number {
  if (!d.order_type || d.products.length === 0) return 0;
  const addressOk = firstNewOrderProblem(coreDraft(d), 'address', { now }) === null;
  return addressOk ? 2 : 1;
}

/**
 * Whether the progress circle of step `target` may be clicked (spec 1 §2 'jumps to that step unless it is
 * disabled'): back always; forward only when every step before it can be left.
 */
export function canJumpTo(target: number, current: number, d: NewOrderDraftState, now?: Date): boolean {
  if (target <= current) return true;
  const steps = wizardSteps(d.order_type);
  return steps.slice(0, target).every((s) => stepBlock(s, d, { now }) === null);
}

/**
 * The body of `POST /orders` from the draft (spec 1 §7 Create order payload): B2B-like orders add shipment type,
 * count, unit and delivery date; attachments are `available` when files are chosen, with their instruction text.
 */
export function createOrderBody(d: NewOrderDraftState): CreateOrderBody {
  const b2b = isB2bLike(d.order_type);
  const a = d.address;
  return {
    order_type: d.order_type ?? 'manual_order',
    products: d.products.map((p) => ({
      product_id: p.product_id,
      quantity: p.quantity,
      title: p.title.slice(0, 200),
      ean: p.ean.slice(0, 64),
    })),
    shipment_details: {
      name: a.name,
      surename: a.surename,
      company: a.company || undefined,
      streetname: a.streetname,
      housenumber: a.housenumber,
      houseNumberExtension: a.houseNumberExtension || undefined,
      postalcode: a.postalcode,
      city: a.city,
      countryCode: a.countryCode,
      email: a.email,
      phone: a.phone || undefined,
    },
    ship_option: d.ship_option ?? undefined,
    type: (d.reason ?? undefined) as CreateOrderBody['type'],
    remark: d.remark.trim() || undefined,
    attachments: { available: d.fileCount > 0, instructions: d.attachmentText.trim() || undefined },
    ...(b2b
      ? {
          shipmentType: d.shipmentType,
          deliveryUnit: d.unit,
          deliveryBoxes: d.count === '' ? 0 : d.count,
          deliveryDateTime: d.deliveryDate ?? undefined,
        }
      : {}),
  };
}

/**
 * Splits the house number off a street for the resend prefill (spec 1 §4): when the house number is empty but the
 * street contains digits, the digits become the house number and what follows them the addition ('Kerkstraat 12a'
 * → 'Kerkstraat', '12', 'a'; '12 Rue de Rivoli' → 'Rue de Rivoli', '12', ''). A filled house number, or a street
 * without digits, is left as it is.
 */
export function splitHouseNumber(
  street: string,
  houseNumber: string,
  addition: string,
): { street: string; houseNumber: string; addition: string } {
  if (houseNumber.trim() || !/\d/.test(street)) return { street, houseNumber, addition };
  const trailing = /^(.*?\D)\s*(\d+)\s*[-/]?\s*(.*)$/.exec(street.trim());
  if (trailing?.[1]?.trim())
    return {
      street: trailing[1].trim().replace(/,$/, ''),
      houseNumber: trailing[2] ?? '',
      addition: (trailing[3] ?? '').trim() || addition,
    };
  const leading = /^(\d+)\s*[-/]?\s*(.*)$/.exec(street.trim());
  return { street: (leading?.[2] ?? '').trim(), houseNumber: leading?.[1] ?? '', addition };
}

/**
 * The draft a resend opens with (spec 1 §4 'Resend from shipments opens the wizard prefilled from the order'): a
 * manual order with the order's products and quantities (lines with a cancellation request left out) and its address
 * (the house-number split rule of {@link splitHouseNumber}; a missing country becomes NL). Method, reason and
 * attachments are chosen anew.
 */
export function resendPrefill(order: Order): NewOrderDraftState {
  const s = order.shipmentDetails;
  const split = splitHouseNumber(s.streetName ?? '', s.houseNumber ?? '', s.houseNumberExtension ?? '');
  return {
    ...emptyDraft(),
    order_type: 'manual_order',
    products: order.products
      .filter((l) => !l.cancellationRequest)
      .map((l) => ({ product_id: l.product_id, title: l.title, ean: l.ean, quantity: l.quantity })),
    address: {
      name: s.firstName ?? '',
      surename: s.surname ?? '',
      company: s.company ?? '',
      streetname: split.street,
      housenumber: split.houseNumber,
      houseNumberExtension: split.addition,
      postalcode: s.zipCode ?? '',
      city: s.city ?? '',
      countryCode: (s.countryCode || 'NL').toUpperCase(),
      email: s.email ?? '',
      phone: s.phone ?? s.deliveryPhoneNumber ?? '',
    },
  };
}

/** Adds a product to the lines, or raises its quantity when it is there already; a non-positive amount adds 1 (spec 1 §5). */
export function addLine(lines: readonly DraftLine[], line: DraftLine): DraftLine[] {
  const qty = line.quantity >= 1 ? Math.floor(line.quantity) : 1;
  const at = lines.findIndex((l) => l.product_id === line.product_id);
  if (at < 0) return [...lines, { ...line, quantity: qty }];
  return lines.map((l, i) => (i === at ? { ...l, quantity: l.quantity + qty } : l));
}

/** Sets a line's quantity; it stops at 1 (spec 1 §5 'the minus button stops at 1'). */
export function setLineQuantity(
  lines: readonly DraftLine[],
  productId: string,
  quantity: number,
): DraftLine[] {
  return lines.map((l) =>
    l.product_id === productId ? { ...l, quantity: Math.max(1, Math.floor(quantity) || 1) } : l,
  );
}

/** Product search runs for 3 to 20 characters (spec 1 §5 'search by EAN runs for 3 to 20 characters'); empty lists all. */
export function productSearchRuns(text: string): boolean {
  const n = text.trim().length;
  return n === 0 || (n >= 3 && n <= 20);
}

/** The search the products step asks for `text`: the trimmed text when it runs, else the empty search (the first ones). */
export function productSearchTerm(text: string): string {
  return productSearchRuns(text) ? text.trim() : '';
}

/**
 * Whether the listed hits answer what is typed now. While the typed text waits for its debounce or its answer, the list
 * still shows the previous search's hits (kept so the list does not flash empty); those are not to be added: the answer
 * replaces them at any moment, the page gets shorter and everything under the pointer moves, so a click on a stale hit
 * was lost, or could land on another hit or control (e2e new-order.spec.ts, flaky under load).
 */
export function productHitsCurrent(typed: string, searched: string, placeholder: boolean): boolean {
  return !placeholder && productSearchTerm(typed) === productSearchTerm(searched);
}

/** The address fields each address check points at (for the field error next to the banner). */
export const FIELD_OF_CHECK: Partial<Record<NewOrderCheck, keyof DraftAddress>> = {
  firstName: 'name',
  surname: 'surename',
  country: 'countryCode',
  postalCode: 'postalcode',
  postalCodeFormat: 'postalcode',
  houseNumber: 'housenumber',
  houseNumberFormat: 'housenumber',
  street: 'streetname',
  city: 'city',
  email: 'email',
  emailFormat: 'email',
  phoneFormat: 'phone',
};
