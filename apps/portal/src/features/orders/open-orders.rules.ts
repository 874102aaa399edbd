import {
  amsterdamWallTime,
  amsterdamWallTimeToIso,
  carrierAllowsCountry,
  OPEN_ORDERS_UNTIL_HOUR,
  type OpenOrder,
  type OpenOrderLine,
  type OpenOrders,
  type OrderLine,
  type PackCandidate,
  type PackScanAction,
  type PackScanState,
  packScanStep,
  type ShipmentMethod,
} from '@hoppa/core';

/** Page limit options of the open orders list (spec 1 §9). */
export const ORDER_LIMIT_OPTIONS = [10, 20, 50, 100, 200, 500] as const;
/**
 * Default page limit. The spec names 'default order limit 5', which is not one of its own options;
 * 100 shows a morning's work at a packing station without rendering hundreds of cards.
 */
export const DEFAULT_ORDER_LIMIT = 100;
/** Product titles on order cards are cut at 120 characters (spec 1 §9). */
export const CARD_TITLE_MAX = 120;

/**
 * Default date range of the open orders list (spec 1 §2, §9): from the start of the day 4 days ago
 * until today 22:00, as values of the date-time fields ('YYYY-MM-DD HH:mm:ss'), in the warehouse's time
 * (Europe/Amsterdam) whatever zone the packing station's browser is in.
 */
export function defaultOrderRange(now: Date = new Date()): { from: string; until: string } {
  return {
    from: amsterdamWallTime(now, { days: -4, hour: 0 }),
    until: amsterdamWallTime(now, { hour: OPEN_ORDERS_UNTIL_HOUR }),
  };
}

/** A date-time field value (Amsterdam wall-clock time) as an ISO instant for the API; null when it is not a date. */
export function localInputToIso(value: string): string | null {
  return amsterdamWallTimeToIso(value);
}

/** Narrowest an order card may get before the board drops a column (px; the card's table and selectors fit). */
export const CARD_MIN_WIDTH = 380;
/** Space between order cards on the board (px). */
export const CARD_GAP = 16;

/**
 * How many order cards fit side by side on a board `width` px wide: as many as stay at least
 * `min` wide with `gap` between them, and always 1 (also before the board has been measured).
 */
export function boardColumns(width: number, min = CARD_MIN_WIDTH, gap = CARD_GAP): number {
  if (!Number.isFinite(width) || width <= 0) return 1;
  return Math.max(1, Math.floor((width + gap) / (min + gap)));
}

/**
 * Columns a pick-location group takes on a board of `columns`: one per order, at most the whole
 * row, so groups of one or two orders sit side by side instead of each taking a full row.
 */
export function groupSpan(orderCount: number, columns: number): number {
  return Math.max(1, Math.min(orderCount, columns));
}

/**
 * The board's rows: groups (given by their spans, in walking order) placed first-fit, each in the
 * first row that still has room for it, else in a new row. Returns per row the indexes of its
 * groups. A single-order location after a full-width one no longer leaves the rest of its row
 * empty; later small groups fill the gap. The screen shows the groups in this order (also the
 * reading and tab order); which order a scan ships still follows the list's walking order.
 */
export function packBoardRows(spans: readonly number[], columns: number): number[][] {
  const rows: { free: number; items: number[] }[] = [];
  spans.forEach((span, i) => {
    const width = Math.max(1, Math.min(span, columns));
    const row = rows.find((r) => r.free >= width);
    if (row) {
      row.free -= width;
      row.items.push(i);
    } else rows.push({ free: columns - width, items: [i] });
  });
  return rows.map((r) => r.items);
}

/**
 * Rows of order cards the board renders in its first commit (issue 8): the rows a packing station's screen shows
 * below the page's header, filters and scanner panel (one row at 940 px high, part of a second at 1200 px). Everything
 * after them comes in later slices; what the first commit renders decides when the first order is painted (LCP).
 */
export const BOARD_FIRST_ROWS = 2;

/**
 * Order cards of the board's first commit at `columns` columns (boardColumns): BOARD_FIRST_ROWS full rows, so a
 * two-column station starts with 4 cards and a four-column one with 8.
 */
export function boardFirstCards(columns: number): number {
  return Math.max(1, columns) * BOARD_FIRST_ROWS;
}
/**
 * Order cards each later commit adds, one commit per task, until the board is complete (issue 8, ADR 0071). Four was
 * tried (ADR 0087): shorter tasks, but more CPU in all and no better Lighthouse score in a calmer sitting, so eight.
 */
export const BOARD_SLICE_CARDS = 8;
/**
 * How far below the viewport the board keeps rendering cards ahead of the packer, in screen heights (ADR 0109): the
 * next slice renders while the end of the rendered board is on screen or less than this far below it. One screen
 * ahead keeps scrolling on cards that are already there; everything further waits until the packer scrolls to it.
 */
export const BOARD_AHEAD_SCREENS = 1;

/**
 * How many cards of each group (given by their order counts, in the board's placed order) a board rendering its first
 * `limit` cards shows: the groups in that order are filled up to `limit` cards in all, the rest get 0. Rendering a
 * board of 100 cards in one commit was one task of most of a second on /orders (Lighthouse's blocking time, issue 8).
 */
export function cardsShown(counts: readonly number[], limit: number): number[] {
  let left = Math.max(0, limit);
  return counts.map((n) => {
    const shown = Math.min(n, left);
    left -= shown;
    return shown;
  });
}

/** Cuts a title to `max` characters with an ellipsis (spec 1 §2 Order card: 120). */
export function truncateTitle(title: string, max = CARD_TITLE_MAX): string {
  return title.length > max ? `${title.slice(0, max - 1).trimEnd()}…` : title;
}

/** Header text of a pick-location group: the location as 'VAK <name>' (spec 1 §2), or null without one. */
export function groupLocationTitle(location: { name: string } | null): string | null {
  if (!location) return null;
  return /^vak\b/i.test(location.name) ? location.name : `VAK ${location.name}`;
}

/**
 * The location an order waits in at the packing station (spec 1 §4 'picked grouped', spec 2 §4 Order grouping flow):
 * the group location when every line that is not being cancelled is in the same one, else null.
 */
export function groupedLocation(order: Pick<OpenOrder, 'products'>): { id: string; name: string } | null {
  const lines = order.products.filter((l) => !l.cancellationRequest);
  const first = lines[0]?.group_location;
  if (!first) return null;
  return lines.every((l) => l.group_location?.id === first.id) ? first : null;
}

/**
 * Picking state of a line (spec 1 §4): picked when picked_quantity reached quantity (the API's `picked` on the order
 * card says the same; the open list leaves it out, core `OpenOrderLineSchema`).
 */
export function linePickState(
  line: Pick<OrderLine, 'quantity' | 'picked_quantity'>,
): 'picked' | 'partial' | 'none' {
  if (line.picked_quantity >= line.quantity) return 'picked';
  return line.picked_quantity > 0 ? 'partial' : 'none';
}

/**
 * EANs compare without leading zeros, so a 12-digit UPC-A scan matches its 13-digit EAN. An all-zero
 * or empty code matches nothing (as core's `judgePickScan`), so '00000000' never hits a line without EAN.
 */
export function sameEan(a: string, b: string): boolean {
  const x = a.replace(/^0+/, '');
  return x !== '' && x === b.replace(/^0+/, '');
}

/**
 * Spec 1 §4: shipping options are disabled when any line has a cancellation request that is still open; a line
 * cancelled at the customer's request (accepted, `cancelled`, ADR 0128) is simply not shipped.
 */
export function hasCancellation(order: Pick<OpenOrder, 'products'>): boolean {
  return order.products.some((l) => l.cancellationRequest && !l.cancelled);
}

/** An order can be shipped from the open list: not shipped, no label yet, no cancellation request. */
export function canShip(order: Pick<OpenOrder, 'products' | 'shipped' | 'label' | 'status'>): boolean {
  return order.status === 'open' && !order.shipped && !order.label && !hasCancellation(order);
}

/** The orders of the list in screen order (groups in walking order, orders oldest first). */
export function ordersInListOrder(data: Pick<OpenOrders, 'groups'> | undefined): OpenOrder[] {
  return data ? data.groups.flatMap((g) => g.orders) : [];
}

/**
 * The lines of an order that go into its box (spec 1 §4): every line but those cancelled at the customer's request
 * (accepted, `cancelled`, ADR 0128), which are not shipped. (A line with an open cancellation request blocks the whole
 * order, {@link canShip}.)
 */
export function linesToPack<L extends Pick<OpenOrderLine, 'cancelled'>>(order: {
  products: readonly L[];
}): L[] {
  return order.products.filter((l) => !l.cancelled);
}

/**
 * The order a second scan of `ean` ships (spec 1 §4): the first order in the list that contains the
 * EAN on a line to pack ({@link linesToPack}) and can be shipped, skipping `skip` (orders being shipped right now, so
 * a quick third scan does not ship the same order twice). Its candidate carries the EAN's quantity on the order
 * (summed over lines), the first pack note of those lines, whether a ship option is set and how many other lines
 * the order has to pack (`otherLines`: above 0 the scan asks first, never ships at once; core `PackCandidate`).
 */
export function findPackCandidate(
  orders: readonly OpenOrder[],
  ean: string,
  skip: ReadonlySet<string> = new Set(),
): { order: OpenOrder; candidate: PackCandidate } | undefined {
  for (const order of orders) {
    if (skip.has(order.id) || !canShip(order)) continue;
    const toPack = linesToPack(order);
    const lines = toPack.filter((l) => sameEan(l.ean, ean));
    if (lines.length === 0) continue;
    const note = lines.map((l) => l.pack_note?.trim()).find((n) => !!n) ?? null;
    return {
      order,
      candidate: {
        orderId: order.id,
        quantity: lines.reduce((s, l) => s + l.quantity, 0),
        packNote: note,
        hasShipOption: !!order.selected_ship_option,
        otherLines: toPack.length - lines.length,
      },
    };
  }
  return undefined;
}

/**
 * One scan on the open orders screen: core's {@link packScanStep} with the order lookup over the
 * orders on screen. Returns the next state, the action and the order it concerns (for ship/confirm). When a second
 * scan finds no order to ship (`no-order`) but an order on screen holds the EAN with a cancellation request (spec 1
 * §4: it must not be shipped), that order is `blocked`, so the packer is told why instead of 'no open order'.
 */
export function openOrdersScan(
  state: PackScanState,
  raw: string,
  orders: readonly OpenOrder[],
  skip: ReadonlySet<string> = new Set(),
): { state: PackScanState; action: PackScanAction; order: OpenOrder | undefined; blocked?: OpenOrder } {
  let found: OpenOrder | undefined;
  const step = packScanStep(state, raw, (ean) => {
    const hit = findPackCandidate(orders, ean, skip);
    found = hit?.order;
    return hit?.candidate;
  });
  if (step.action.type !== 'no-order') return { ...step, order: found };
  const ean = step.action.ean;
  const blocked = orders.find(
    (o) => !skip.has(o.id) && hasCancellation(o) && o.products.some((l) => sameEan(l.ean, ean)),
  );
  return { ...step, order: found, ...(blocked ? { blocked } : {}) };
}

/**
 * Shipment methods a card offers: active methods for the recipient's country or for every country
 * (spec 1 §5), without PostNL's 6440, 6942 and 6945 for a recipient abroad (spec 1 §4; core
 * `carrierAllowsCountry`), plus the order's current choice even when it no longer qualifies, so it stays visible.
 */
export function methodsForOrder(
  methods: readonly ShipmentMethod[],
  countryCode: string | undefined,
  selected: string | null,
): ShipmentMethod[] {
  const country = (countryCode || 'NL').toUpperCase();
  return methods.filter(
    (m) =>
      m.code === selected ||
      (m.active &&
        (m.country_code === null || m.country_code.toUpperCase() === country) &&
        carrierAllowsCountry(m, country)),
  );
}

/**
 * The packaging name of a group header (spec 1 §2 Open orders list: the header shows the packaging name): the box
 * most of the group's orders chose (`selected_packaging_option`), with '+n' when others chose other boxes; null when
 * none chose one. Ties go to the box of the earliest order.
 */
export function groupPackagingName(
  orders: readonly Pick<OpenOrder, 'selected_packaging_option'>[],
  boxes: readonly { id: string; name: string }[],
): string | null {
  const counts = new Map<string, number>();
  for (const o of orders)
    if (o.selected_packaging_option)
      counts.set(o.selected_packaging_option, (counts.get(o.selected_packaging_option) ?? 0) + 1);
  let best: string | null = null;
  for (const [id, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = id;
  if (!best) return null;
  const name = boxes.find((b) => b.id === best)?.name;
  if (!name) return null;
  return counts.size > 1 ? `${name} +${counts.size - 1}` : name;
}
