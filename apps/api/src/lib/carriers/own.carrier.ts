import { OWN_SHIPMENT_CODE } from '@hoppa/core';
import type { CarrierAdapter, CarrierLabel, ParcelMilestone } from './carrier.ts';
import { newOwnReference, recordedEvents, recordWarehouseMilestone } from './local.carrier.ts';

/** Code of own shipments in `shipments.carrier` (and of the OWN-SHIPMENT method's `carrier`). */
export const OWN_CARRIER_CODE = 'own';

const OWN_EVENTS: Record<ParcelMilestone, { code: string; description: string }> = {
  label_created: {
    code: 'A01',
    description: 'Verzonden met eigen verzendwijze van de webwinkel (geen label van ons)',
  },
  handed_over: { code: 'B01', description: 'Overgedragen aan de webwinkel voor eigen verzending' },
  delivered: { code: 'I11', description: 'Bezorgd (gemeld door de webwinkel)' },
};

/**
 * Own shipment, 'Eigen verzendwijze' (issue 14; spec 1 §4 'the own shipment code OWN-SHIPMENT means the merchant ships
 * it themselves'): no label and no carrier. `createLabel` answers `labelPdf: null` and a reference of ours (EV…NL) as the
 * shipment's tracking number; shipping stores the shipment with only the packing slip and answers that slip, which
 * goes into the parcel (ADR 0044).
 */
export const ownCarrier: CarrierAdapter = {
  code: OWN_CARRIER_CODE,

  async quoteOptions(_parcel, methods) {
    return methods
      .filter((m) => m.code === OWN_SHIPMENT_CODE)
      .map((m) => ({ methodCode: m.code, name: m.name, priceCents: m.priceCents }));
  },

  async createLabel(ctx): Promise<CarrierLabel> {
    return { trackingNumber: await newOwnReference(ctx, 'EV'), labelPdf: null, trackingUrl: null };
  },

  async getLabel() {
    return null;
  },

  track: (ctx, trackingNumber) => recordedEvents(ctx, trackingNumber, OWN_CARRIER_CODE),

  recordMilestone: (ctx, shipment, milestone, userId) =>
    recordWarehouseMilestone(ctx, shipment, milestone, userId, OWN_EVENTS),

  trackingUrl: () => null,
};
