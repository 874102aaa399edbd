/**
 * Delivery performance and carrier events (spec 1 §2 Shipments, Order detail; §4 Sent-order categories; ADR 0041):
 * the event codes that have their own icon, the speed group of a parcel and the public tracking link per carrier.
 * Pure functions: the API, the portal and the tests share them.
 */

/**
 * Carrier status event codes with their own icon (spec 1 §2 Order detail), PostNL-style: `A01` label created /
 * announced, `B01` handed over to the carrier, `J01` sorted, `J05` out for delivery, `I11` delivered. Any other code
 * gets the default icon.
 */
export const EVENT_CODES = ['A01', 'B01', 'J01', 'J05', 'I11'] as const;
export type EventCode = (typeof EVENT_CODES)[number];

/** The label-created event the local carrier records when the label is made. */
export const EVENT_LABEL_CREATED: EventCode = 'A01';
/** The handed-over event the local carrier records on `POST /order/shipped/{id}`. */
export const EVENT_HANDED_OVER: EventCode = 'B01';
/** The delivered event (recorded when marked delivered; carriers send theirs). */
export const EVENT_DELIVERED: EventCode = 'I11';

/**
 * Codes that say a parcel was delivered: I11 (spec 1 §2 Order detail) and PostNL's `01B` 'Zending is bezorgd'
 * (shared/contracts PostNL status recordings), so the tracking job moves a parcel to delivered on either.
 */
export const DELIVERED_EVENT_CODES: readonly string[] = ['I11', '01B'];

/**
 * What a carrier event tells of a parcel's delivery state (ADR 0041, 0046): A01 (announced, the carrier has not seen
 * the parcel) nothing beyond the label; a delivered code ({@link DELIVERED_EVENT_CODES}) delivered; any other carrier
 * event (received, sorted, out for delivery, a delay) that the carrier has the parcel: handed over.
 */
export function eventMilestone(code: string): 'label_created' | 'handed_over' | 'delivered' {
  if (DELIVERED_EVENT_CODES.includes(code)) return 'delivered';
  return code === EVENT_LABEL_CREATED ? 'label_created' : 'handed_over';
}

/** The code whose icon an event shows: PostNL's delivered `01B` as I11, every other code as itself. */
export function iconEventCode(code: string): string {
  return DELIVERED_EVENT_CODES.includes(code) ? EVENT_DELIVERED : code;
}

/** True when `code` has its own icon; the screens show a default icon for every other code. */
export function isKnownEventCode(code: string): code is EventCode {
  return (EVENT_CODES as readonly string[]).includes(code);
}

/** The distinct event codes of a parcel in the order they first occurred (spec 1 §2: icons from distinct codes). */
export function distinctEventCodes(events: readonly { code: string }[]): string[] {
  return [...new Set(events.map((e) => e.code))];
}

/**
 * What a carrier event says, as a stable status the apps translate (ADR 0118 "Left for later"; the carriers' own
 * `description` is Dutch, or the carrier's words): `label_created` (A01: label made or announced, the carrier has not
 * got the parcel), `handed_over` (B01), `sorted` (J01), `out_for_delivery` (J05), `delivered` (I11, PostNL's 01B),
 * `customs` (DC01), `delayed` (DX01), `intervention` (DX02), `status_unknown` (DX09: the carrier does not know it);
 * a stamp letter's `letter_label_created`, `letter_posted`, `letter_delivered` and an own shipment's `own_shipment`,
 * `handed_to_shop`, `delivered_reported_by_shop` (the same codes A01, B01, I11 of the `stamp` and `own` carriers).
 */
export const TRACKING_STATUSES = [
  'label_created',
  'handed_over',
  'sorted',
  'out_for_delivery',
  'delivered',
  'customs',
  'delayed',
  'intervention',
  'status_unknown',
  'letter_label_created',
  'letter_posted',
  'letter_delivered',
  'own_shipment',
  'handed_to_shop',
  'delivered_reported_by_shop',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

const STATUS_OF_CODE: Record<string, TrackingStatus> = {
  A01: 'label_created',
  B01: 'handed_over',
  J01: 'sorted',
  J05: 'out_for_delivery',
  I11: 'delivered',
  '01B': 'delivered',
  DC01: 'customs',
  DX01: 'delayed',
  DX02: 'intervention',
  DX09: 'status_unknown',
};
const CARRIER_STATUS: Record<string, Partial<Record<TrackingStatus, TrackingStatus>>> = {
  stamp: {
    label_created: 'letter_label_created',
    handed_over: 'letter_posted',
    delivered: 'letter_delivered',
  },
  own: {
    label_created: 'own_shipment',
    handed_over: 'handed_to_shop',
    delivered: 'delivered_reported_by_shop',
  },
};

/**
 * The status of a carrier event from the shipment's `carrier` (`postnl`, `dhl`, `local`, `bol`, `stamp`, `own`) and the
 * event's `code` (see {@link TRACKING_STATUSES}); null for a code we do not know (a carrier's other scans), which the
 * apps show with the carrier's own description.
 */
export function trackingStatusOf(carrier: string, code: string): TrackingStatus | null {
  const status = STATUS_OF_CODE[code.trim().toUpperCase()];
  if (!status) return null;
  return CARRIER_STATUS[carrier.trim().toLowerCase()]?.[status] ?? status;
}

/**
 * The speed groups of the shipments screen (spec 1 §2 Shipments, §4 Sent-order categories): `not_sorted` (label
 * made, not yet handed to the carrier), `on_the_way` (handed over, not delivered), `d_24h` (delivered within 24 h of
 * shipping), `d_48h` (after 24 h, within 48 h), `d_late` (after more than 2 days).
 */
export const DELIVERY_GROUPS = ['not_sorted', 'on_the_way', 'd_48h', 'd_24h', 'd_late'] as const;
export type DeliveryGroup = (typeof DELIVERY_GROUPS)[number];

const HOUR_MS = 3_600_000;

/**
 * The speed group of a parcel from its shipping moment (`shippedAt`, the label), when it was handed over and when it
 * was delivered (null while not). Boundaries: exactly 24 h is `d_24h`, exactly 48 h is `d_48h`.
 */
export function deliveryGroup(p: {
  shippedAt: Date;
  handedOverAt: Date | null;
  deliveredAt: Date | null;
}): DeliveryGroup {
  if (p.deliveredAt) {
    const hours = (p.deliveredAt.getTime() - p.shippedAt.getTime()) / HOUR_MS;
    if (hours <= 24) return 'd_24h';
    if (hours <= 48) return 'd_48h';
    return 'd_late';
  }
  return p.handedOverAt ? 'on_the_way' : 'not_sorted';
}

/** Whole percentage of `part` in `total` (0 when total is 0), rounded to one decimal. */
export function percentage(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 1000) / 10;
}

/**
 * The public tracking page of a parcel (spec 1 §7: "an external carrier tracking link built from the tracking
 * number, country code and postcode"), by carrier code (`postnl`, `dhl`, `dpd`, `ups`, `gls`, `bol` — the
 * `carrier` of a shipment method, spec 1 §9). Postcode spaces are dropped; country upper-cased (default NL).
 * Answers null for an unknown carrier, an own shipment (`own`), the built-in `local` carrier (its numbers are ours:
 * no carrier's page knows them; the order detail shows the events instead) or an empty tracking number.
 */
export function carrierTrackingUrl(
  carrier: string,
  trackingNumber: string,
  countryCode?: string | null,
  postcode?: string | null,
): string | null {
  const code = trackingNumber.trim();
  if (!code) return null;
  const country = (countryCode || 'NL').trim().toUpperCase();
  const zip = (postcode ?? '').replace(/\s+/g, '').toUpperCase();
  const c = encodeURIComponent(code);
  switch (carrier.trim().toLowerCase()) {
    case 'postnl':
    case 'smf':
      return `https://jouw.postnl.nl/track-and-trace/${c}-${country}-${encodeURIComponent(zip)}`;
    case 'dhl':
      // DHL Parcel NL's public track page: tracker code and postcode (ADR 0046).
      return `https://www.dhlparcel.nl/nl/volg-uw-zending?tc=${c}&pc=${encodeURIComponent(zip)}`;
    case 'dpd':
      return `https://www.dpdgroup.com/nl/mydpd/my-parcels/incoming?parcelNumber=${c}`;
    case 'ups':
      return `https://www.ups.com/track?loc=nl_NL&tracknum=${c}`;
    case 'gls':
      return `https://www.gls-info.nl/tracking?parcelNo=${c}&zipCode=${encodeURIComponent(zip)}`;
    case 'bol':
      return `https://jouw.postnl.nl/track-and-trace/${c}-${country}-${encodeURIComponent(zip)}`;
    default:
      return null;
  }
}
