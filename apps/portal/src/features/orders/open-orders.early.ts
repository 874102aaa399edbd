/**
 * What /orders asks for first, computed without the screen's code (the route's `early`, lib/early-get.ts; issue 8
 * §1, ADR 0093): small on purpose, since it loads with the portal's first file. The defaults of the list's filters
 * live here so the filter bar (open-orders.rules.ts) and the early request cannot disagree.
 */
import { type AmsterdamClockTime, amsterdamClockIso } from '@hoppa/core';

/**
 * Default page limit. The spec names 'default order limit 5', which is not one of its own options;
 * 100 shows a morning's work at a packing station without rendering hundreds of cards.
 */
export const DEFAULT_ORDER_LIMIT = 100;

/** Default period of the open orders list (spec 1 §2, §9): from the start of the day 4 days ago until today 22:00. */
export const DEFAULT_ORDER_PERIOD: { from: AmsterdamClockTime; until: AmsterdamClockTime } = {
  from: { days: -4, hour: 0 },
  until: { hour: 22 },
};

/**
 * The API path (without `/api/`, with its query) of the list /orders shows first when entered at `url` without
 * filters: `orders/open/<start>/<end>/all?limit=100` for the default period at `now`, encoded as the API client
 * encodes it. Null when the URL carries filters (the screen's own prefetch reads them).
 */
export function earlyOpenOrdersPath(url: URL, now: Date = new Date()): string | null {
  if (url.search !== '') return null;
  const start = encodeURIComponent(amsterdamClockIso(now, DEFAULT_ORDER_PERIOD.from));
  const end = encodeURIComponent(amsterdamClockIso(now, DEFAULT_ORDER_PERIOD.until));
  return `orders/open/${start}/${end}/all?limit=${DEFAULT_ORDER_LIMIT}`;
}
