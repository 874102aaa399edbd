import {
  amsterdamDay,
  amsterdamDayOf,
  amsterdamWallTime,
  SHIPMENT_SEARCH_MIN,
  SHIPMENTS_DEFAULT_DAYS,
} from '@hoppa/core';

/**
 * Default period of the shipments list (spec 1 §9: one week): a week ago until today, as date inputs
 * ('YYYY-MM-DD'), counted in the warehouse's days (Europe/Amsterdam) whatever zone the browser is in.
 */
export function defaultShipmentRange(now: Date = new Date()): { from: string; until: string } {
  return {
    from: amsterdamWallTime(now, { days: -SHIPMENTS_DEFAULT_DAYS, hour: 12 }).slice(0, 10),
    until: amsterdamDay(now),
  };
}

/**
 * The period as ISO instants for `GET /shipments`: from the start of the first day until the end of
 * the last day in Amsterdam, so 'until today' includes what was shipped a minute ago. Null when a
 * date is missing or the range is reversed.
 */
export function shipmentRangeToIso(from: string, until: string): { start: string; end: string } | null {
  try {
    const start = amsterdamDayOf(from).start;
    const end = amsterdamDayOf(until).end;
    return end < start ? null : { start, end };
  } catch {
    return null;
  }
}

/** The search term to send: trimmed, and only from 3 characters on (shorter searches show everything). */
export function effectiveSearch(input: string): string | null {
  const s = input.trim();
  return s.length >= SHIPMENT_SEARCH_MIN ? s : null;
}
