const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/**
 * Integer euro cents as the Dutch notation every screen and document shows ('€ 1.234,56', '€ 0,00'; spec 1 §1:
 * prices are shown in euro), in nl-NL whatever the UI language, with a no-break space after €, as Intl prints it. Throws on a
 * non-integer, which means a float crept in upstream.
 */
export function formatEuroCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`formatEuroCents expects integer cents, got ${cents}`);
  return euro.format(cents / 100);
}
