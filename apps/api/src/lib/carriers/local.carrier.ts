import { randomInt } from 'node:crypto';
import { EVENT_DELIVERED, EVENT_HANDED_OVER, EVENT_LABEL_CREATED, newId } from '@hoppa/core';
import { buildShippingLabelPdf } from '../pdf/label.pdf.ts';
import type {
  CarrierAdapter,
  CarrierCallContext,
  CarrierEvent,
  CarrierLabel,
  CarrierOption,
  ParcelMilestone,
  ParcelRequest,
  ShipmentMethodInfo,
  ShipmentRef,
} from './carrier.ts';

/** The event code and Dutch description the local carrier records per milestone (spec 1 §2 Order detail codes). */
export const LOCAL_EVENTS: Record<ParcelMilestone, { code: string; description: string }> = {
  label_created: {
    code: EVENT_LABEL_CREATED,
    description: 'Label aangemaakt; pakket nog niet door de vervoerder ontvangen',
  },
  handed_over: { code: EVENT_HANDED_OVER, description: 'Pakket overgedragen aan de vervoerder' },
  delivered: { code: EVENT_DELIVERED, description: 'Pakket bezorgd' },
};

/** Code of the built-in carrier in `shipments.carrier`. */
export const LOCAL_CARRIER_CODE = 'local';

/** Mod-10 check digit with weights 3,1 from the right (as GS1), so a mistyped number is caught. */
export function trackingCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]);
    sum += d * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A local tracking number: 'HP', 10 random digits, a check digit and 'NL' (15 characters, S10-like). */
export function newLocalTrackingNumber(): string {
  let digits = '';
  for (let i = 0; i < 10; i++) digits += String(randomInt(10));
  return `HP${digits}${trackingCheckDigit(digits)}NL`;
}

/** True when `value` is a well-formed local tracking number with a correct check digit. */
export function isLocalTrackingNumber(value: string): boolean {
  const m = /^HP(\d{10})(\d)NL$/.exec(value);
  return !!m && trackingCheckDigit(m[1] as string) === Number(m[2]);
}

/** The events recorded in `order_events` for the shipment of `carrier` with this tracking number, oldest first. */
export async function recordedEvents(
  ctx: CarrierCallContext,
  trackingNumber: string,
  carrier: string,
): Promise<CarrierEvent[]> {
  const r = await ctx.db.query<{ code: string; description: string; at: Date }>(
    `SELECT e.code, e.description, e.at FROM order_events e JOIN shipments s ON s.id = e.shipment_id
      WHERE s.tracking_number = $1 AND s.carrier = $2 ORDER BY e.at, e.id`,
    [trackingNumber, carrier],
  );
  return r.rows.map((e) => ({ code: e.code, description: e.description, at: new Date(e.at) }));
}

/**
 * Records a milestone the warehouse knows (ADR 0041) as an event in `order_events`, once (a repeat answers the recorded
 * event), and keeps `shipments.handed_over_at` / `delivered_at` in step; `events` gives code and Dutch text per
 * milestone. Shared by the carriers whose milestones the warehouse records (local, stamp, own, PostNL).
 */
export async function recordWarehouseMilestone(
  ctx: CarrierCallContext,
  shipment: ShipmentRef,
  milestone: ParcelMilestone,
  userId: string | null,
  events: Record<ParcelMilestone, { code: string; description: string }>,
): Promise<CarrierEvent> {
  const { code, description } = events[milestone];
  const existing = await ctx.db.query<{ at: Date }>(
    'SELECT at FROM order_events WHERE shipment_id = $1 AND code = $2 ORDER BY at LIMIT 1',
    [shipment.id, code],
  );
  const seen = existing.rows[0];
  if (seen) return { code, description, at: new Date(seen.at) };
  await ctx.db.query(
    `INSERT INTO order_events (id, org_id, order_id, shipment_id, code, description, at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      newId(ctx.now.getTime()),
      shipment.orgId,
      shipment.orderId,
      shipment.id,
      code,
      description,
      ctx.now,
      userId,
    ],
  );
  // Delivered implies handed over: a parcel marked delivered straight away was handed over at that moment too.
  if (milestone === 'handed_over' || milestone === 'delivered') {
    await ctx.db.query('UPDATE shipments SET handed_over_at = COALESCE(handed_over_at, $2) WHERE id = $1', [
      shipment.id,
      ctx.now,
    ]);
  }
  if (milestone === 'delivered') {
    await ctx.db.query('UPDATE shipments SET delivered_at = COALESCE(delivered_at, $2) WHERE id = $1', [
      shipment.id,
      ctx.now,
    ]);
  }
  return { code, description, at: ctx.now };
}

/**
 * A reference of our own for parcels without a carrier's tracking number: `prefix` (2 letters), 10 random digits, a
 * check digit and 'NL' (15 characters), not yet used in `shipments.tracking_number` (the unique index stays the last
 * guard). The local carrier uses HP, stamps ST, own shipments EV.
 */
export async function newOwnReference(ctx: CarrierCallContext, prefix: string): Promise<string> {
  const make = () => {
    let digits = '';
    for (let i = 0; i < 10; i++) digits += String(randomInt(10));
    return `${prefix}${digits}${trackingCheckDigit(digits)}NL`;
  };
  let ref = make();
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await ctx.db.query('SELECT 1 FROM shipments WHERE tracking_number = $1', [ref]);
    if (taken.rows.length === 0) break;
    ref = make();
  }
  return ref;
}

/**
 * The built-in carrier, used for every method when no carrier account is configured (design:
 * Printing). It registers nothing outside: it draws a real A6 label with a unique tracking number,
 * so the warehouse can work and test end to end; the parcel is handed to whichever carrier collects it.
 * It records its own events (ADR 0041): A01 when the label is made, B01 when the parcel is handed over
 * (`POST /order/shipped/{id}`), I11 when it is marked delivered; tracking reads them back from `order_events`.
 */
export const localCarrier: CarrierAdapter = {
  code: LOCAL_CARRIER_CODE,

  async quoteOptions(parcel, methods: ShipmentMethodInfo[]): Promise<CarrierOption[]> {
    const country = parcel.recipient.countryCode;
    return methods
      .filter((m) => !m.countryCode || m.countryCode === country)
      .map((m) => ({ methodCode: m.code, name: m.name, priceCents: m.priceCents }));
  },

  async createLabel(ctx: CarrierCallContext, parcel: ParcelRequest): Promise<CarrierLabel> {
    // 10 random digits make a clash rare; the unique constraint stays the last guard.
    const trackingNumber = await newOwnReference(ctx, 'HP');
    const labelPdf = await buildShippingLabelPdf({
      trackingNumber,
      carrierName: 'HOPPA',
      methodCode: parcel.method.code,
      methodName: parcel.method.name,
      sender: parcel.sender,
      recipient: parcel.recipient,
      shopOrderId: parcel.shopOrderId,
      merchantName: parcel.merchantName,
      labelQuantity: parcel.labelQuantity,
      shipDate: ctx.now,
      weightKg: parcel.weightKg,
      lang: ctx.lang,
    });
    return { trackingNumber, labelPdf, trackingUrl: null };
  },

  async getLabel(ctx, trackingNumber) {
    const r = await ctx.db.query<{ label_pdf: Buffer | null }>(
      'SELECT label_pdf FROM shipments WHERE tracking_number = $1 AND carrier = $2',
      [trackingNumber, LOCAL_CARRIER_CODE],
    );
    return r.rows[0]?.label_pdf ?? null;
  },

  track: (ctx, trackingNumber) => recordedEvents(ctx, trackingNumber, LOCAL_CARRIER_CODE),

  recordMilestone: (ctx, shipment, milestone, userId) =>
    recordWarehouseMilestone(ctx, shipment, milestone, userId, LOCAL_EVENTS),

  trackingUrl() {
    return null;
  },
};
