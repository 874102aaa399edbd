import { carrierOfBolTransporter, carrierTrackingUrl } from '@hoppa/core';
import type { CarrierAdapter, CarrierEvent } from './carrier.ts';
import { localCarrier } from './local.carrier.ts';

/** Code of shipments made with a label bought from bol.com (`shipments.carrier`; ADR 0045). */
export const BOL_CARRIER_CODE = 'bol';

/** Prefix of the method code a bol-label shipment stores: `BOL-<transporterCode>` (e.g. `BOL-TNT`, `BOL-DHLFORYOU`). */
export const BOL_METHOD_PREFIX = 'BOL-';

/** The bol transporter code a bol-label shipment's method code carries, null for another method code. */
export function transporterOfMethodCode(methodCode: string | null | undefined): string | null {
  if (!methodCode?.startsWith(BOL_METHOD_PREFIX)) return null;
  return methodCode.slice(BOL_METHOD_PREFIX.length) || null;
}

/**
 * The carrier of shipments made with bol.com labels (spec 1 §4 marketplace label; ADR 0045). Labels are bought through
 * `POST /orders/ship/bol` (bol sells them; this adapter makes none): `createLabel` refuses, `quoteOptions` offers
 * nothing here (the order card asks bol for its options). `getLabel` answers the stored PDF; `trackingUrl` is the page
 * of the transporter bol hands the parcel to (TNT → PostNL with number, country and postcode; DHL, DPD, UPS, GLS).
 * `track()` answers our own recorded events (A01 label, B01 handed over, I11 delivered) like the local carrier: no
 * PostNL status call exists in this branch to delegate TNT parcels to.
 */
export const bolCarrier: CarrierAdapter = {
  code: BOL_CARRIER_CODE,

  async quoteOptions() {
    return [];
  },

  async createLabel() {
    throw new Error(
      'bol.com labels are bought through POST /orders/ship/bol, not made by the carrier adapter',
    );
  },

  async getLabel(ctx, trackingNumber) {
    const r = await ctx.db.query<{ label_pdf: Buffer }>(
      'SELECT label_pdf FROM shipments WHERE tracking_number = $1 AND carrier = $2',
      [trackingNumber, BOL_CARRIER_CODE],
    );
    return r.rows[0]?.label_pdf ?? null;
  },

  async track(ctx, trackingNumber): Promise<CarrierEvent[]> {
    const r = await ctx.db.query<{ code: string; description: string; at: Date }>(
      `SELECT e.code, e.description, e.at FROM order_events e JOIN shipments s ON s.id = e.shipment_id
        WHERE s.tracking_number = $1 AND s.carrier = $2 ORDER BY e.at, e.id`,
      [trackingNumber, BOL_CARRIER_CODE],
    );
    return r.rows.map((e) => ({ code: e.code, description: e.description, at: new Date(e.at) }));
  },

  // The warehouse's own milestones are recorded exactly as the local carrier records them (ADR 0041).
  recordMilestone: (ctx, shipment, milestone, userId) =>
    localCarrier.recordMilestone(ctx, shipment, milestone, userId),

  trackingUrl(trackingNumber, recipient, methodCode) {
    const transporter = transporterOfMethodCode(methodCode);
    const carrier = transporter ? carrierOfBolTransporter(transporter) : 'postnl';
    if (!carrier) return null;
    return carrierTrackingUrl(carrier, trackingNumber, recipient.countryCode, recipient.zipCode);
  },
};
