import { SHIPMENT_SEARCH_MIN, SHIPMENTS_DEFAULT_DAYS } from '@hoppa/core';
import dayjs from 'dayjs';

/** Default period of the shipments list (spec 1 §9: one week): a week ago until today, as date inputs. */
export function defaultShipmentRange(now: Date = new Date()): { from: string; until: string } {
  const today = dayjs(now);
  return {
    from: today.subtract(SHIPMENTS_DEFAULT_DAYS, 'day').format('YYYY-MM-DD'),
    until: today.format('YYYY-MM-DD'),
  };
}

/**
 * The period as ISO instants for `GET /shipments`: from the start of the first day until the end of
 * the last day (local time), so 'until today' includes what was shipped a minute ago. Null when a
 * date is missing or the range is reversed.
 */
export function shipmentRangeToIso(from: string, until: string): { start: string; end: string } | null {
  const a = dayjs(from);
  const b = dayjs(until);
  if (!from || !until || !a.isValid() || !b.isValid() || b.isBefore(a)) return null;
  return { start: a.startOf('day').toISOString(), end: b.endOf('day').toISOString() };
}

/** The search term to send: trimmed, and only from 3 characters on (shorter searches show everything). */
export function effectiveSearch(input: string): string | null {
  const s = input.trim();
  return s.length >= SHIPMENT_SEARCH_MIN ? s : null;
}
