import type { CalendarItem } from './inbound.schema.ts';

/**
 * One line of a calendar event as its item table shows it (spec 2 §2 Inbound calendar: EAN, name, units × packed
 * per, expected and checked-in pieces), from an inbound item with its product: the public calendar's
 * `GET /inbounds-report/{token}/{id}` answers these, and the own calendar maps `GET /inbound_item/inbound/{id}` with it.
 */
export function calendarItemOf(item: {
  product: { ean: string; name: string };
  units: number;
  packed_per: number;
  pieces_expected: number;
  pieces_checked_in: number;
}): CalendarItem {
  return {
    ean: item.product.ean,
    name: item.product.name,
    units: item.units,
    packed_per: item.packed_per,
    pieces_expected: item.pieces_expected,
    pieces_checked_in: item.pieces_checked_in,
  };
}
