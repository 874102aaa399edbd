import type { ProductLocationLink, ProductLocations } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { hexId } from '../../test/fixtures.ts';
import {
  classifyScan,
  overlayPending,
  parseAmount,
  recountDifferences,
  signedDifference,
  swapsForMove,
} from './locations.rules.ts';

const PRODUCT = hexId(1);
const ORG = hexId(2);

function link(
  n: number,
  name: string,
  stock: number,
  extra: Partial<ProductLocationLink> = {},
): ProductLocationLink {
  return {
    id: hexId(100 + n),
    location: { id: hexId(200 + n), name, parent_name: 'R-01', type: 'half-box', active: true },
    stock,
    active: true,
    to_transfer: false,
    transfer_quantity: null,
    position: n,
    ...extra,
  };
}

function product(locations: ProductLocationLink[], needsRecount = false): ProductLocations {
  return {
    product: {
      id: PRODUCT,
      org_id: ORG,
      name: 'Beschuit',
      ean: '8712100486517',
      needs_recount: needsRecount,
      stock: locations.reduce((s, l) => s + l.stock, 0),
      return_instruction: null,
    },
    locations,
  };
}

describe('classifyScan (the Locations task)', () => {
  it('reads every code as a product while no product is open', () => {
    expect(classifyScan('8712100486517', false)).toEqual({ kind: 'product', code: '8712100486517' });
    expect(classifyScan(' R-01-02 ', false)).toEqual({ kind: 'product', code: 'R-01-02' });
  });

  it('with a product open: 24 hex is a label (id, lower case), EAN digits a product, the rest a location name', () => {
    const id = 'ABCDEF0123456789ABCDEF01';
    expect(classifyScan(id, true)).toEqual({ kind: 'location_id', id: id.toLowerCase() });
    for (const ean of ['12345670', '012345678905', '8712100486517', '18712100486514'])
      expect(classifyScan(ean, true)).toEqual({ kind: 'product', code: ean });
    expect(classifyScan('R-01-02', true)).toEqual({ kind: 'location_name', name: 'R-01-02' });
    expect(classifyScan('123', true)).toEqual({ kind: 'location_name', name: '123' });
  });

  it('refuses empty codes, control characters and names over 64 characters', () => {
    expect(classifyScan('   ', true).kind).toBe('invalid');
    expect(classifyScan('A\u0007B', true).kind).toBe('invalid');
    expect(classifyScan('x'.repeat(65), true).kind).toBe('invalid');
    expect(classifyScan('x'.repeat(64), true).kind).toBe('location_name');
  });
});

describe('overlayPending (queued changes drawn over the last answer)', () => {
  it('shows the answer as it is without queued changes, in the product order', () => {
    const shown = overlayPending(product([link(2, 'B', 4), link(1, 'A', 3)]), []);
    expect(shown.locations.map((l) => [l.name, l.stock, l.pending])).toEqual([
      ['A', 3, false],
      ['B', 4, false],
    ]);
    expect(shown.stock).toBe(7);
    expect(shown.pending).toBe(false);
  });

  it('adds a location scanned by label or name as provisional, and changes nothing for one already there', () => {
    const a = link(1, 'A', 3);
    const shown = overlayPending(
      product([a]),
      [
        { op: 'assign', product_id: PRODUCT, location_id: hexId(999), amount: 0 },
        { op: 'assign_by_name', product_id: PRODUCT, rack_number: 'C-09' },
        { op: 'assign_by_name', product_id: PRODUCT, rack_number: 'a' },
      ],
      new Map([[hexId(999), 'R-01-09']]),
    );
    expect(shown.locations.map((l) => [l.name, l.stock, l.provisional, l.pending])).toEqual([
      ['A', 3, false, true],
      ['R-01-09', 0, true, true],
      ['C-09', 0, true, true],
    ]);
    expect(shown.locations[1]?.locationId).toBe(hexId(999));
    expect(shown.locations[2]?.locationId).toBeNull();
  });

  it('sets, adds with set, and corrects amounts; a correction clears the recount flag', () => {
    const a = link(1, 'A', 3);
    const b = link(2, 'B', 4);
    const shown = overlayPending(product([a, b], true), [
      { op: 'set', product_id: PRODUCT, location_product_id: a.id, amount: 10, expected: 3 },
      { op: 'assign', product_id: PRODUCT, location_id: b.location.id, amount: 2 },
      { op: 'assign', product_id: PRODUCT, location_id: b.location.id, amount: 1, type: 'set' },
      {
        op: 'correct',
        product_id: PRODUCT,
        org_id: ORG,
        ean: 'x',
        location_id: a.location.id,
        curr_amount: 8,
        desc: 'n',
      },
    ]);
    expect(shown.locations.map((l) => l.stock)).toEqual([8, 1]);
    expect(shown.stock).toBe(9);
    expect(shown.needsRecount).toBe(false);
    expect(shown.locations.map((l) => l.confirmedStock)).toEqual([3, 4]);
  });

  it('moves a transfer quantity (default: the open transfer, else all) and keeps the rest of an open transfer', () => {
    const a = link(1, 'A', 10, { to_transfer: true, transfer_quantity: 6 });
    const b = link(2, 'B', 1);
    const partly = overlayPending(product([a, b]), [
      {
        op: 'transfer',
        product_id: PRODUCT,
        location_product_id: a.id,
        to: { rack_number: 'b' },
        quantity: 4,
      },
    ]);
    expect(partly.locations.map((l) => [l.name, l.stock, l.toTransfer, l.transferQuantity])).toEqual([
      ['A', 6, true, 2],
      ['B', 5, false, null],
    ]);
    const byDefault = overlayPending(product([a, b]), [
      { op: 'transfer', product_id: PRODUCT, location_product_id: a.id, to: { location_id: hexId(777) } },
    ]);
    expect(byDefault.locations.map((l) => [l.name, l.stock, l.toTransfer, l.provisional])).toEqual([
      ['A', 4, false, false],
      ['B', 1, false, false],
      [hexId(777), 6, false, true],
    ]);
    expect(byDefault.stock).toBe(11);
  });

  it('removes a cleared location, swaps places, and sets the recount flag', () => {
    const a = link(1, 'A', 0);
    const b = link(2, 'B', 4);
    const c = link(3, 'C', 5);
    const shown = overlayPending(product([a, b, c]), [
      { op: 'clear', product_id: PRODUCT, location_product_id: a.id, location_id: a.location.id },
      { op: 'switch', product_id: PRODUCT, id_to_switch: c.id, id_to_be: b.id },
      { op: 'recount', product_id: PRODUCT, recount: true },
    ]);
    expect(shown.locations.map((l) => l.name)).toEqual(['C', 'B']);
    expect(shown.needsRecount).toBe(true);
    expect(shown.pending).toBe(true);
  });
});

describe('swapsForMove (drag-reorder as neighbour swaps)', () => {
  function apply(ids: string[], swaps: [string, string][]) {
    const order = [...ids];
    for (const [a, b] of swaps) {
      const i = order.indexOf(a);
      const j = order.indexOf(b);
      [order[i], order[j]] = [b, a];
    }
    return order;
  }

  it('moves one row up or down and keeps the others in order', () => {
    const ids = ['a', 'b', 'c', 'd'];
    expect(swapsForMove(ids, 3, 0)).toHaveLength(3);
    expect(apply(ids, swapsForMove(ids, 3, 0))).toEqual(['d', 'a', 'b', 'c']);
    expect(apply(ids, swapsForMove(ids, 0, 2))).toEqual(['b', 'c', 'a', 'd']);
    expect(swapsForMove(ids, 1, 1)).toEqual([]);
    expect(swapsForMove(ids, 1, 9)).toEqual([]);
  });
});

describe('parseAmount', () => {
  it('takes whole numbers from 0 to 1,000,000 only', () => {
    expect(parseAmount(' 12 ')).toBe(12);
    expect(parseAmount('0')).toBe(0);
    expect(parseAmount('1000000')).toBe(1_000_000);
    for (const bad of ['', '-1', '1.5', '1e3', '1000001', 'abc']) expect(parseAmount(bad)).toBeNull();
  });
});

describe('recountDifferences and signedDifference (spec 2 §6 Recount panel)', () => {
  it('keeps only the counts that differ from the stock shown, with counted − expected, in order', () => {
    const a = { name: 'A', stock: 5 };
    const b = { name: 'B', stock: 2 };
    const c = { name: 'C', stock: 0 };
    expect(
      recountDifferences([
        { row: a, amount: 2 },
        { row: b, amount: 2 },
        { row: c, amount: 4 },
      ]),
    ).toEqual([
      { row: a, expected: 5, counted: 2, difference: -3 },
      { row: c, expected: 0, counted: 4, difference: 4 },
    ]);
    expect(recountDifferences([{ row: b, amount: 2 }])).toEqual([]);
  });

  it('writes a difference with its sign, a minus as the true minus sign', () => {
    expect([signedDifference(-3), signedDifference(2), signedDifference(0)]).toEqual(['\u22123', '+2', '0']);
  });
});
