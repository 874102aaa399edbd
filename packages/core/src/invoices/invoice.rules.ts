/**
 * The sheets of the invoice export, in order (spec 3 §7 billing: "sheets Orders, Storage, Product Locations and
 * Product Storage Summary").
 */
export const INVOICE_SHEETS = ['Orders', 'Storage', 'Product Locations', 'Product Storage Summary'] as const;

/** `YYYY-MM-DD` of the calendar day `date` falls on in Europe/Amsterdam. */
function amsterdamDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/**
 * The default invoice period (spec 3 §9 "Default invoice period is the previous calendar month"): the first and last
 * day (`YYYY-MM-DD`, both included) of the month before the Amsterdam month `now` falls in.
 */
export function previousMonthPeriod(now: Date): { start: string; end: string } {
  const [y, m] = amsterdamDay(now).split('-').map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { start: `${year}-${mm}-01`, end: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/**
 * Integer euro cents as exact euro text with two decimals and a point (`123456` → `'1234.56'`, `-5` → `'-0.05'`):
 * the invoice's euro totals, never through floating point. Throws on a non-integer (a bug upstream).
 */
export function centsToEuroText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
