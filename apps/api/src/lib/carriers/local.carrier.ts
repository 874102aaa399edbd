import { randomInt } from 'node:crypto';
import { buildShippingLabelPdf } from '../pdf/label.pdf.ts';
import type {
  CarrierAdapter,
  CarrierCallContext,
  CarrierEvent,
  CarrierLabel,
  CarrierOption,
  ParcelRequest,
  ShipmentMethodInfo,
} from './carrier.ts';

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

/**
 * The built-in carrier, used for every method when no carrier account is configured (design:
 * Printing). It registers nothing outside: it draws a real A6 label with a unique tracking number,
 * so the warehouse can work and test end to end; the parcel is handed to whichever carrier collects it.
 * Tracking knows only that the label was made (event A01).
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
    let trackingNumber = newLocalTrackingNumber();
    // 10 random digits make a clash rare; the unique constraint stays the last guard.
    for (let attempt = 0; attempt < 5; attempt++) {
      const taken = await ctx.db.query('SELECT 1 FROM shipments WHERE tracking_number = $1', [
        trackingNumber,
      ]);
      if (taken.rows.length === 0) break;
      trackingNumber = newLocalTrackingNumber();
    }
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
    });
    return { trackingNumber, labelPdf, trackingUrl: null };
  },

  async getLabel(ctx, trackingNumber) {
    const r = await ctx.db.query<{ label_pdf: Buffer }>(
      'SELECT label_pdf FROM shipments WHERE tracking_number = $1 AND carrier = $2',
      [trackingNumber, LOCAL_CARRIER_CODE],
    );
    return r.rows[0]?.label_pdf ?? null;
  },

  async track(ctx, trackingNumber, shippedAt): Promise<CarrierEvent[]> {
    let at = shippedAt;
    if (!at) {
      const r = await ctx.db.query<{ created_at: Date }>(
        'SELECT created_at FROM shipments WHERE tracking_number = $1 AND carrier = $2',
        [trackingNumber, LOCAL_CARRIER_CODE],
      );
      at = r.rows[0]?.created_at;
    }
    if (!at) return [];
    return [
      { code: 'A01', description: 'Label aangemaakt; pakket nog niet door de vervoerder ontvangen', at },
    ];
  },

  trackingUrl() {
    return null;
  },
};
