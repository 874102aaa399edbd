/**
 * Rules of shipping bol.com orders with a bol label (spec 1 §3 Ship option, §4 Shipping a card), shared by the API and
 * the portal so neither copies them.
 */

/** The platforms whose orders come from bol.com (the order intake's `orders.platform`, ADR 0043). */
export const BOL_PLATFORMS = ['bol', 'bol_be'] as const;
export type BolPlatform = (typeof BOL_PLATFORMS)[number];

/** True when an order of `platform` came from bol.com (bol or bol_be), so bol labels and confirmations apply. */
export function isBolPlatform(platform: string | null | undefined): platform is BolPlatform {
  return platform === 'bol' || platform === 'bol_be';
}

/**
 * The label price the spec hides (spec 1 §4: "Marketplace label options are shown only when the price is not 6",
 * the fallback rule for the TNT option), in euros as bol answers `labelPrice.totalPrice`.
 */
export const HIDDEN_LABEL_PRICE = 6;

/**
 * The marketplace label options a packer may choose (spec 1 §4): every option whose `labelPrice.totalPrice` is not
 * {@link HIDDEN_LABEL_PRICE} (compared to the cent, so 6, 6.0 and 5.999 all count as 6), in bol's order. Pure.
 */
export function visibleLabelOptions<T extends { labelPrice: { totalPrice: number } }>(
  options: readonly T[],
): T[] {
  return options.filter((o) => Math.round(o.labelPrice.totalPrice * 100) !== HIDDEN_LABEL_PRICE * 100);
}

/**
 * bol's transporter code (Retailer API v10 `transporterCode`) for a parcel shipped with one of our carriers, so the
 * confirmation to bol names the right transporter (spec 1 §4; ADR 0045): PostNL and its parcel products → `TNT`,
 * DHL → `DHLFORYOU`, DPD → `DPD-NL`, UPS → `UPS`, GLS → `GLS`; anything else (the local carrier, an own shipment)
 * → `OTHER`. `carrier` is a shipment method's carrier or a shipment's carrier code, case-insensitive.
 */
export function bolTransporterFor(carrier: string): string {
  switch (carrier.trim().toLowerCase()) {
    case 'postnl':
    case 'smf':
      return 'TNT';
    case 'dhl':
      return 'DHLFORYOU';
    case 'dpd':
      return 'DPD-NL';
    case 'ups':
      return 'UPS';
    case 'gls':
      return 'GLS';
    default:
      return 'OTHER';
  }
}

/**
 * Our carrier code (as core `carrierTrackingUrl` knows them) of a bol transporter code, for the tracking link of a
 * parcel shipped with a bol label: `TNT…` (PostNL) → `postnl`, `DHL…` → `dhl`, `DPD…` → `dpd`, `UPS` → `ups`,
 * `GLS` → `gls`; null for a transporter we know no page of.
 */
export function carrierOfBolTransporter(transporterCode: string): string | null {
  const t = transporterCode.trim().toUpperCase();
  if (t.startsWith('TNT') || t.startsWith('POSTNL')) return 'postnl';
  if (t.startsWith('DHL')) return 'dhl';
  if (t.startsWith('DPD')) return 'dpd';
  if (t.startsWith('UPS')) return 'ups';
  if (t.startsWith('GLS')) return 'gls';
  return null;
}

/** Most attempts the confirmation queue makes before it marks a confirmation failed (ADR 0045). */
export const MAX_CONFIRMATION_ATTEMPTS = 12;

/**
 * Wait before attempt `attempts + 1` of a marketplace confirmation, milliseconds (ADR 0045): one minute doubled per
 * failed attempt, at most six hours, so a bol outage of a day is bridged with about a dozen calls.
 */
export function confirmationBackoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}
