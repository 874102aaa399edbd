import type { AvailablePickCarts, GroupItem, GroupProduct } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { PICK_SCAN_BUFFER } from '../../scan/wedge.rules.ts';
import {
  nextSpoken,
  onGroupingScan,
  pageAfterMove,
  promptOf,
  refuseDestination,
  START,
  stepSkip,
  toggleLocation,
} from './grouping.rules.ts';

const CART = 'c'.repeat(24);
const OTHER = 'd'.repeat(24);
const item: GroupItem = {
  location_id: 'a'.repeat(24),
  location_name: 'A-01-02',
  parent_name: 'A-01',
  more: 0,
  products: [
    {
      _id: '1'.repeat(24),
      order_id: '2'.repeat(24),
      order_number: 'W1',
      product_id: '3'.repeat(24),
      ean: '8712345678906',
      title: 'Brood',
      quantity: 2,
      pick_group_location: null,
    },
    {
      _id: '4'.repeat(24),
      order_id: '5'.repeat(24),
      order_number: 'W2',
      product_id: '6'.repeat(24),
      ean: '8712345678913',
      title: 'Jam',
      quantity: 1,
      pick_group_location: { id: CART, name: 'KAR-1' },
    },
  ],
};

describe('order grouping state machine (spec 2 §4 Order grouping flow)', () => {
  it('moves to awaiting destination on the EAN or on the source location', () => {
    const byEan = onGroupingScan(START, item, '8712345678913');
    expect(byEan).toMatchObject({
      kind: 'state',
      state: { phase: 'destination', product: { title: 'Jam' } },
    });
    expect(onGroupingScan(START, item, 'a'.repeat(24))).toMatchObject({
      state: { product: { title: 'Brood' } },
    });
    expect(onGroupingScan(START, item, 'a-01-02')).toMatchObject({ state: { phase: 'destination' } });
    expect(promptOf(START)).toBe('scanSource');
  });

  it('refuses a mismatched EAN and an unknown format (logged and the error sound)', () => {
    expect(onGroupingScan(START, item, '8700000000000')).toEqual({ kind: 'wrong', reason: 'mismatched_ean' });
    expect(onGroupingScan(START, item, '??')).toEqual({ kind: 'wrong', reason: 'unknown_format' });
    expect(onGroupingScan(START, null, '8712345678906')).toEqual({ kind: 'wrong', reason: 'busy' });
  });

  it('accepts any location for an ungrouped order, only its group location otherwise', () => {
    const free = onGroupingScan(START, item, '8712345678906');
    if (free.kind !== 'state') throw new Error('expected a state');
    expect(promptOf(free.state)).toBe('scanDestination');
    expect(onGroupingScan(free.state, item, OTHER)).toMatchObject({
      state: { phase: 'sending', destinationId: OTHER },
    });
    const grouped = onGroupingScan(START, item, '8712345678913');
    if (grouped.kind !== 'state') throw new Error('expected a state');
    expect(onGroupingScan(grouped.state, item, OTHER)).toEqual({
      kind: 'wrong',
      reason: 'wrong_group_location',
    });
    expect(onGroupingScan(grouped.state, item, CART.toUpperCase())).toMatchObject({
      state: { destinationId: CART },
    });
    expect(onGroupingScan(grouped.state, item, 'kar-1')).toMatchObject({ state: { destinationId: CART } });
    const again = refuseDestination(grouped.state);
    expect(promptOf(again)).toBe('scanNewDestination');
    expect(
      onGroupingScan(
        { phase: 'sending', product: item.products[0] as never, destinationId: CART },
        item,
        CART,
      ),
    ).toEqual({ kind: 'wrong', reason: 'busy' });
  });

  it('never takes the source location for the destination: scanned again, it or an EAN on it picks the product anew', () => {
    // The shelf's label scanned a second time after the product put the order 'in' its own shelf bin (A-01-02).
    const free = onGroupingScan(START, item, '8712345678906');
    if (free.kind !== 'state') throw new Error('expected a state');
    const byLabel = onGroupingScan(free.state, item, 'A'.repeat(24));
    expect(byLabel).toEqual({
      kind: 'state',
      state: { phase: 'destination', product: item.products[0], retry: false },
    });
    expect(onGroupingScan(free.state, item, 'a-01-02')).toEqual(byLabel);
    // The EAN again (the next piece of the line) or another product's on this location: that product, no error.
    expect(onGroupingScan(free.state, item, '8712345678906')).toEqual(byLabel);
    const refused = refuseDestination(free.state);
    expect(onGroupingScan(refused, item, '8712345678913')).toEqual({
      kind: 'state',
      state: { phase: 'destination', product: item.products[1], retry: false },
    });
  });

  it('pages with Previous/Next, toggles the location, speaks the next location', () => {
    expect(stepSkip(0, -1, 5)).toBe(0);
    expect(stepSkip(3, 1, 5)).toBe(4);
    expect(stepSkip(4, 1, 5)).toBe(4);
    expect(toggleLocation(null, 'x')).toBe('x');
    expect(toggleLocation('x', 'x')).toBeNull();
    expect(toggleLocation('x', 'y')).toBe('y');
    expect(nextSpoken(item)).toBe('A-01-02');
    expect(nextSpoken(null)).toBeNull();
  });

  it('keeps the page after a move without the moved line, the order shown in its cart, else no page (ADR 0142)', () => {
    const third = {
      ...(item.products[0] as GroupProduct),
      _id: '7'.repeat(24),
      ean: '8712345678920',
      title: 'Kaas',
    };
    const page: AvailablePickCarts = {
      items: [{ ...item, products: [...item.products, third] }],
      total: 3,
      skip: 0,
      limit: 1,
    };
    const kar2 = { id: OTHER, name: 'KAR-2' };
    const after = pageAfterMove(page, { lineId: '1'.repeat(24), orderId: '2'.repeat(24), group: kar2 });
    expect(after?.items[0]?.products.map((p) => [p.title, p.pick_group_location?.name ?? null])).toEqual([
      ['Jam', 'KAR-1'],
      ['Kaas', 'KAR-2'],
    ]);
    expect(after).toMatchObject({ total: 3, skip: 0 });
    // The location's last line shown: the device does not know what comes next.
    const last: AvailablePickCarts = { ...page, items: [{ ...item, products: [third] }] };
    expect(pageAfterMove(last, { lineId: third._id, orderId: third.order_id, group: kar2 })).toBeNull();
    // A line of another page: nothing to drop.
    expect(pageAfterMove(page, { lineId: '9'.repeat(24), orderId: '9'.repeat(24), group: kar2 })).toEqual(
      page,
    );
  });

  it('uses the shared wedge buffer, which resets after 250 ms (spec 2 §9 grouping)', () => {
    expect(PICK_SCAN_BUFFER.resetMs).toBe(250);
  });
});
