/**
 * Money formatting for every portal screen. Amounts travel as integer euro cents (design: Data);
 * they are always shown in the Dutch notation '€ 1.234,56' (nl-NL, whatever the UI language),
 * as the merchants' invoices and price lists are.
 *
 * - `formatMoney(cents)` → '€ 12,50' for 1250; '€ -3,00' for -300; '' for null/undefined.
 *   The space after € is a no-break space (U+00A0), as Intl prints it, so the amount never wraps.
 * - `parseMoney(text)` → cents from what a user typed ('12,50', '€ 1.234,5', '12.5'); null when not a number.
 */
import { formatEuroCents } from '@hoppa/core';

/** Formats integer euro cents as '€ 0,00' (nl-NL). Throws on a non-integer, which means a bug upstream. */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return formatEuroCents(cents);
}

/**
 * Parses a typed euro amount into cents. A comma is the decimal separator; dots before it are
 * thousands separators. Without a comma, a single dot followed by one or two digits is read as
 * the decimal point ('12.5' → 1250). Returns null for anything else.
 */
export function parseMoney(text: string): number | null {
  let s = text.replace(/[€\s\u00a0]/g, '');
  if (s === '') return null;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (!/^-?\d+(\.\d{1,2})?$/.test(s)) s = s.replace(/\./g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}
