/**
 * What a barcode scan on the pick screen is (spec 2 §4 Pick flow, §5 Pick screen scan, §9):
 * a location id is exactly 24 hexadecimal characters (ObjectId style, as printed on location labels);
 * an EAN is 6 to 13 digits. Anything else is `unknown`. Input is trimmed; hex is case-insensitive.
 */
export type PickScan =
  | { kind: 'location'; id: string }
  | { kind: 'ean'; ean: string }
  | { kind: 'unknown'; raw: string };

const LOCATION_RE = /^[0-9a-f]{24}$/i;
const PICK_EAN_RE = /^\d{6,13}$/;

/** Classifies a floor scan; see {@link PickScan}. */
export function classifyPickScan(raw: string): PickScan {
  const s = raw.trim();
  if (LOCATION_RE.test(s)) return { kind: 'location', id: s.toLowerCase() };
  if (PICK_EAN_RE.test(s)) return { kind: 'ean', ean: s };
  return { kind: 'unknown', raw: s };
}

/** Outcome of a scan against the current pick (spec 2 §4 Pick flow). */
export type PickScanVerdict = 'valid' | 'wrong';

/**
 * Checks a scan against the pick in front of the picker: scanning its location id or its product EAN
 * makes it valid; anything else is wrong (error sound, vibration, location spoken). EANs compare with
 * leading zeros ignored, so a 12-digit UPC-A scan matches its 13-digit EAN form.
 */
export function judgePickScan(
  raw: string,
  pick: { locationId: string | null; ean: string },
): PickScanVerdict {
  const scan = classifyPickScan(raw);
  if (scan.kind === 'location')
    return pick.locationId && scan.id === pick.locationId.toLowerCase() ? 'valid' : 'wrong';
  if (scan.kind === 'ean') {
    // an all-zero scan strips to '' and must not match a product without an EAN
    const ean = stripLeadingZeros(scan.ean);
    return ean !== '' && ean === stripLeadingZeros(pick.ean) ? 'valid' : 'wrong';
  }
  return 'wrong';
}

function stripLeadingZeros(s: string): string {
  return s.replace(/^0+/, '');
}

/**
 * What a scan on the open orders screen is (spec 1 §4 Open orders screen barcode scan, §9): 24 or more
 * characters filter by picked location; 8 to 13 digits is a product EAN; anything else is unknown.
 */
export type PackScan =
  | { kind: 'location'; id: string }
  | { kind: 'ean'; ean: string }
  | { kind: 'unknown'; raw: string };

/** Classifies a packing-station scan; see {@link PackScan}. */
export function classifyPackScan(raw: string): PackScan {
  const s = raw.trim();
  if (s.length >= 24) return { kind: 'location', id: s };
  if (/^\d{8,13}$/.test(s)) return { kind: 'ean', ean: s };
  return { kind: 'unknown', raw: s };
}
