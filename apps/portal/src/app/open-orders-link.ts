import { amsterdamWallTime, OPEN_ORDERS_UNTIL_HOUR } from '@hoppa/core';
import { PATHS } from './paths.ts';

/**
 * The open orders board's address that shows orders placed at `placedAt` (a new order's success link, an import's
 * return to /orders): the board's default range when it holds them; for orders placed at or after 22:00 the range
 * runs until the next midnight, since the default ("until today 22:00") would leave them out while the link says
 * they are open. `b2b` turns the board's B2B filter on.
 */
export function openOrdersLink(placedAt: Date = new Date(), options: { b2b?: boolean } = {}): string {
  const params = new URLSearchParams();
  const placed = amsterdamWallTime(placedAt);
  if (placed >= amsterdamWallTime(placedAt, { hour: OPEN_ORDERS_UNTIL_HOUR })) {
    params.set('until', amsterdamWallTime(placedAt, { days: 1, hour: 0 }));
  }
  if (options.b2b) params.set('b2b', 'true');
  const query = params.toString();
  return query ? `${PATHS.orders}?${query}` : PATHS.orders;
}
