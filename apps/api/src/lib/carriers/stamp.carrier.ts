import { stampAmount } from '@hoppa/core';
import { buildStampLabelPdf } from '../pdf/stamp-label.pdf.ts';
import type { CarrierAdapter, CarrierLabel, ParcelMilestone } from './carrier.ts';
import { newOwnReference, recordedEvents, recordWarehouseMilestone } from './local.carrier.ts';

/** Code of the stamp product in `shipments.carrier` (and of its methods' `carrier`). */
export const STAMP_CARRIER_CODE = 'stamp';

/** Events of a stamped letter: no carrier reports on it, the warehouse records what it knows (ADR 0041, 0044). */
const STAMP_EVENTS: Record<ParcelMilestone, { code: string; description: string }> = {
  label_created: { code: 'A01', description: 'Postzegellabel gemaakt; brief nog niet gepost' },
  handed_over: { code: 'B01', description: 'Brief gepost' },
  delivered: { code: 'I11', description: 'Brief bezorgd' },
};

/**
 * The stamp (letter) product (issue 14; spec 1 §4 'a stamp/letter product (with an amount, 1 or 2 depending on the
 * code)', §9 SMF-STAMP1-NL … SMF-STAMP2-INTL): nothing is registered outside and there is no tracking. The label is
 * ours: an A6 PDF saying how many stamps to stick on (the request's `stampAmount`, else the code's), with address and
 * reference; the reference (ST…NL) is the shipment's tracking number so the shipment can be found again.
 */
export const stampCarrier: CarrierAdapter = {
  code: STAMP_CARRIER_CODE,

  async quoteOptions(parcel, methods) {
    const country = parcel.recipient.countryCode;
    return methods
      .filter((m) => stampAmount(m.code) !== null && (!m.countryCode || m.countryCode === country))
      .map((m) => ({ methodCode: m.code, name: m.name, priceCents: m.priceCents }));
  },

  async createLabel(ctx, parcel): Promise<CarrierLabel> {
    const reference = await newOwnReference(ctx, 'ST');
    const amount = parcel.stampAmount ?? stampAmount(parcel.method.code) ?? 1;
    const labelPdf = await buildStampLabelPdf({
      reference,
      amount,
      methodCode: parcel.method.code,
      methodName: parcel.method.name,
      sender: parcel.sender,
      recipient: parcel.recipient,
      shopOrderId: parcel.shopOrderId,
      merchantName: parcel.merchantName,
      shipDate: ctx.now,
      lang: ctx.lang,
    });
    return { trackingNumber: reference, labelPdf, trackingUrl: null };
  },

  async getLabel(ctx, trackingNumber) {
    const r = await ctx.db.query<{ label_pdf: Buffer | null }>(
      'SELECT label_pdf FROM shipments WHERE tracking_number = $1 AND carrier = $2',
      [trackingNumber, STAMP_CARRIER_CODE],
    );
    return r.rows[0]?.label_pdf ?? null;
  },

  track: (ctx, trackingNumber) => recordedEvents(ctx, trackingNumber, STAMP_CARRIER_CODE),

  recordMilestone: (ctx, shipment, milestone, userId) =>
    recordWarehouseMilestone(ctx, shipment, milestone, userId, STAMP_EVENTS),

  trackingUrl: () => null,
};
