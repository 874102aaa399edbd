/**
 * Pure rules of the Order grouping task (issue 11 item 3; spec 2 §2 Order grouping, §4 Order grouping flow, §9):
 * the state machine of one group item (a pick location with its picked lines). No React, no network: tested alone.
 */
import type { AvailablePickCarts, GroupItem, GroupProduct } from '@hoppa/core';

/** Capacities the screen offers (spec 2 §9: 10, 20, 30). */
export const CAPACITIES = [10, 20, 30] as const;
/** One of {@link CAPACITIES}. */
export type Capacity = (typeof CAPACITIES)[number];

/**
 * Where the grouping of the current item stands (spec 2 §4): `source` waits for the product's EAN or the source
 * location ('SCAN EAN/LOCATION AND MOVE'); `destination` for the cart or grouping location ('SCAN DESTINATION', or
 * 'SCAN NEW DESTINATION' after a refused one, `retry`).
 */
export type GroupingState =
  | { phase: 'source' }
  | { phase: 'destination'; product: GroupProduct; retry: boolean }
  | { phase: 'sending'; product: GroupProduct; destinationId: string };

/** The start of every item: waiting for the EAN or the location (spec 2 §4). */
export const START: GroupingState = { phase: 'source' };

/** What a scan means (spec 2 §4; 'wrong' plays the error sound, §8, and an unknown format or EAN is logged). */
export type GroupingEvent =
  | { kind: 'state'; state: GroupingState }
  | { kind: 'wrong'; reason: 'unknown_format' | 'mismatched_ean' | 'wrong_group_location' | 'busy' };

const LOCATION_ID = /^[0-9a-fA-F]{24}$/;
const PRODUCT_CODE = /^(\d{8}|\d{12,14})$/;

/** Whether a scan is a location's label (its 24-hex id): a code the worker never reads, so never shown as such. */
export function isLabelScan(raw: string): boolean {
  return LOCATION_ID.test(raw.trim());
}

/**
 * Reads one scan on item `item` in state `state` (spec 2 §4 Order grouping flow): in `source` the EAN of one of its
 * products or the source location's id or name moves to `destination` for that product (the first for a location);
 * in `destination` a location label (24-hex id), or the name of the order's group location, is the destination,
 * but when the order has grouped products only its group location is accepted; the source location or a product on
 * it scanned then picks that product again (never the source location as the destination).
 */
export function onGroupingScan(state: GroupingState, item: GroupItem | null, raw: string): GroupingEvent {
  const code = raw.trim();
  if (!item || item.products.length === 0) return { kind: 'wrong', reason: 'busy' };
  if (state.phase === 'sending') return { kind: 'wrong', reason: 'busy' };
  // The product again, another product on this location, or the location itself: that product is the one to move.
  // Also while a destination is awaited: the source location is never the destination (a shelf label scanned twice
  // would put the order 'in' its own shelf bin), and a second piece's EAN is no wrong scan.
  const byEan = item.products.find((p) => p.ean === code);
  if (byEan) return { kind: 'state', state: { phase: 'destination', product: byEan, retry: false } };
  if (code.toLowerCase() === item.location_id || code.toLowerCase() === item.location_name.toLowerCase()) {
    const product = state.phase === 'source' ? (item.products[0] as GroupProduct) : state.product;
    return { kind: 'state', state: { phase: 'destination', product, retry: false } };
  }
  if (state.phase === 'source')
    return { kind: 'wrong', reason: PRODUCT_CODE.test(code) ? 'mismatched_ean' : 'unknown_format' };
  const group = state.product.pick_group_location;
  let destinationId: string | null = null;
  if (LOCATION_ID.test(code)) destinationId = code.toLowerCase();
  else if (group && code.toLowerCase() === group.name.toLowerCase()) destinationId = group.id;
  if (!destinationId) return { kind: 'wrong', reason: 'unknown_format' };
  if (group && group.id !== destinationId) return { kind: 'wrong', reason: 'wrong_group_location' };
  return { kind: 'state', state: { phase: 'sending', product: state.product, destinationId } };
}

/** A refused destination (a wrong scan or the server's 409): back to waiting, with 'SCAN NEW DESTINATION'. */
export function refuseDestination(state: GroupingState): GroupingState {
  return state.phase === 'source' ? state : { phase: 'destination', product: state.product, retry: true };
}

/** The prompt of a state (spec 2 §2 Order grouping), as a key of the task's texts. */
export function promptOf(state: GroupingState): 'scanSource' | 'scanDestination' | 'scanNewDestination' {
  if (state.phase === 'source') return 'scanSource';
  return state.phase === 'destination' && state.retry ? 'scanNewDestination' : 'scanDestination';
}

/** Previous/Next (spec 2 §4: they change the skip count and reset the scan state); never below 0. */
export function stepSkip(skip: number, delta: -1 | 1, total: number): number {
  return Math.max(0, Math.min(skip + delta, Math.max(0, total - 1)));
}

/** The location selector (spec 2 §2): selecting the selected location deselects it. */
export function toggleLocation(selected: string | null, id: string): string | null {
  return selected === id ? null : id;
}

/** What is spoken after an accepted destination (spec 2 §4): the next location's name, in Dutch (nl-NL). */
export function nextSpoken(item: GroupItem | null): string | null {
  return item ? item.location_name : null;
}

/**
 * The page kept on the device after line `lineId` of order `orderId` moved to `group` (ADR 0142), for a reload that
 * finds no network: the line is gone (it waits no longer) and the order's other lines show `group` as their group
 * location (the only one the server now accepts for them). `null` when a location is left without lines shown: the
 * device does not know which lines or location come next, so it keeps no page rather than an empty or wrong one.
 */
export function pageAfterMove(
  page: AvailablePickCarts,
  moved: { lineId: string; orderId: string; group: { id: string; name: string } },
): AvailablePickCarts | null {
  const items = page.items.map((i) => ({
    ...i,
    products: i.products
      .filter((p) => p._id !== moved.lineId)
      .map((p) => (p.order_id === moved.orderId ? { ...p, pick_group_location: moved.group } : p)),
  }));
  return items.some((i) => i.products.length === 0) ? null : { ...page, items };
}
