import {
  amsterdamDay,
  amsterdamDayOf,
  amsterdamWallTime,
  SHIPMENT_SEARCH_MIN,
  SHIPMENTS_DEFAULT_DAYS,
  TRACKING_STATUSES,
  type TrackingEvent,
  type TrackingStatus,
} from '@hoppa/core';
import type { TFunction } from 'i18next';

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

/**
 * A carrier event as the shipments list, the order detail's timeline and its status icons show it, in the UI's
 * language (ADR 0118 "Left for later"): its `status` (core `trackingStatusOf`) through the shipments texts
 * `statuses.<status>`; an event without a known status (a carrier's other scans, or a status newer than this portal)
 * shows the carrier's own `description`.
 */
export function trackingEventText(
  t: TFunction<'shipments'>,
  event: Pick<TrackingEvent, 'status' | 'description'>,
): string {
  const status = knownTrackingStatus(event.status);
  return status ? t(`statuses.${status}`) : event.description;
}

/** `status` when it is one of core's TRACKING_STATUSES this portal has words for, else null. */
export function knownTrackingStatus(status: string | null | undefined): TrackingStatus | null {
  return status && (TRACKING_STATUSES as readonly string[]).includes(status)
    ? (status as TrackingStatus)
    : null;
}

/**
 * A carrier event in a word or two for the shipments list's status column (`statusesShort.<status>`: 'Gesorteerd',
 * 'Label aangemaakt'), whole in a narrow column; {@link trackingEventText} has the sentence for the hover text and
 * the order detail. An event without a known status shows the carrier's own `description`, as there.
 */
export function trackingEventShort(
  t: TFunction<'shipments'>,
  event: Pick<TrackingEvent, 'status' | 'description'>,
): string {
  const status = knownTrackingStatus(event.status);
  return status ? t(`statusesShort.${status}`) : event.description;
}

/**
 * The colour of each carrier status's badge in the list and on the order detail's status card, as the status icons
 * have them (gray label, blue handed over, indigo sorted, orange out for delivery, green delivered); red for a delay,
 * yellow for what needs a look (customs, a changed delivery).
 */
export const TRACKING_STATUS_COLOR: Record<TrackingStatus, string> = {
  label_created: 'gray',
  handed_over: 'blue',
  sorted: 'indigo',
  out_for_delivery: 'orange',
  delivered: 'green',
  customs: 'yellow',
  delayed: 'red',
  intervention: 'yellow',
  status_unknown: 'gray',
  letter_label_created: 'gray',
  letter_posted: 'blue',
  letter_delivered: 'green',
  own_shipment: 'gray',
  handed_to_shop: 'gray',
  delivered_reported_by_shop: 'green',
};
