import type { OpenOrder, OpenOrderLine, ShipmentMethod } from '@hoppa/core';
import { createScanBuffer, PACK_SCAN_BUFFER, type PackScanState, packScanAfterShip } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { hexId, openLine, openOrder } from '../../test/open-orders.ts';
import {
  boardColumns,
  boardFirstCards,
  canShip,
  cardsShown,
  defaultOrderRange,
  findPackCandidate,
  groupedLocation,
  groupLocationTitle,
  groupPackagingName,
  groupSpan,
  linePickState,
  localInputToIso,
  methodsForOrder,
  openOrdersScan,
  ordersInListOrder,
  packBoardRows,
  sameEan,
  truncateTitle,
} from './open-orders.rules.ts';

let seq = 0;
const hex = hexId;

const line = (ean: string, over: Partial<OpenOrderLine> = {}) =>
  openLine(1000 + ++seq, ean, { pick_location: { id: hex(3000), name: 'A-01' }, ...over });
const order = (orderId: string, products: OpenOrderLine[], over: Partial<OpenOrder> = {}) =>
  openOrder(++seq, orderId, products, { selected_ship_option: 'SMF-POSTNL-NL', ...over });

const PASTA = '8700001234016';
const SAUCISSE = '8700020241422';

describe('defaultOrderRange (spec 1 §2, §9)', () => {
  it('runs from the start of the Amsterdam day 4 days ago until today 22:00 in Amsterdam', () => {
    expect(defaultOrderRange(new Date('2026-03-05T08:41:00Z'))).toEqual({
      from: '2026-03-01 00:00:00',
      until: '2026-03-05 22:00:00',
    });
  });

  it('reads the fields as Amsterdam time and refuses junk', () => {
    expect(localInputToIso('2026-03-01 00:00:00')).toBe('2026-02-28T23:00:00.000Z');
    expect(localInputToIso('2026-07-01T22:30')).toBe('2026-07-01T20:30:00.000Z');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('not a date')).toBeNull();
  });
});

describe('order board layout', () => {
  it('fits as many 380 px cards as the width allows, at least one', () => {
    expect(boardColumns(0)).toBe(1);
    expect(boardColumns(300)).toBe(1);
    expect(boardColumns(775)).toBe(1);
    expect(boardColumns(776)).toBe(2);
    // A 1280 px screen next to the menu, and a 1920 px one.
    expect(boardColumns(984)).toBe(2);
    expect(boardColumns(1624)).toBe(4);
  });

  it("renders the first screen's rows in the first commit: two rows of the columns that fit", () => {
    // 1350 × 940 (Lighthouse's desktop screen): two columns beside the menu, one row on screen, four cards.
    expect(boardFirstCards(boardColumns(1070))).toBe(4);
    expect(boardFirstCards(boardColumns(1624))).toBe(8);
    expect(boardFirstCards(boardColumns(0))).toBe(2);
  });

  it('lets a group take one column per order, at most the row', () => {
    expect(groupSpan(1, 4)).toBe(1);
    expect(groupSpan(3, 4)).toBe(3);
    expect(groupSpan(9, 4)).toBe(4);
    expect(groupSpan(0, 4)).toBe(1);
  });

  it('fills a row left open by a wide group with the next small groups, first fit', () => {
    // 1 order, 4 orders, then four single-order locations, on 4 columns.
    expect(packBoardRows([1, 4, 1, 1, 1, 1], 4)).toEqual([[0, 2, 3, 4], [1], [5]]);
    // Walking order stays when everything fits in turn.
    expect(packBoardRows([1, 1, 2, 3, 1], 4)).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
    // One column: one group per row, in walking order.
    expect(packBoardRows([2, 1, 3], 1)).toEqual([[0], [1], [2]]);
  });
});

describe('order board slices (issue 8, ADR 0071)', () => {
  it('fills the groups in placed order up to the limit, the rest with none', () => {
    expect(cardsShown([3, 1, 5, 2], 0)).toEqual([0, 0, 0, 0]);
    expect(cardsShown([3, 1, 5, 2], 5)).toEqual([3, 1, 1, 0]);
    expect(cardsShown([3, 1, 5, 2], 9)).toEqual([3, 1, 5, 0]);
    expect(cardsShown([3, 1, 5, 2], 11)).toEqual([3, 1, 5, 2]);
    expect(cardsShown([3, 1, 5, 2], 500)).toEqual([3, 1, 5, 2]);
    expect(cardsShown([], 8)).toEqual([]);
  });
});

describe('card helpers', () => {
  it('cuts titles at 120 characters', () => {
    expect(truncateTitle('x'.repeat(120))).toHaveLength(120);
    const cut = truncateTitle('y'.repeat(121));
    expect(cut).toHaveLength(120);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('titles groups VAK <name> once', () => {
    expect(groupLocationTitle({ name: 'A-01-2' })).toBe('VAK A-01-2');
    expect(groupLocationTitle({ name: 'VAK 12' })).toBe('VAK 12');
    expect(groupLocationTitle(null)).toBeNull();
  });

  it('derives the picking state of a line (spec 1 §4)', () => {
    expect(linePickState({ quantity: 2, picked_quantity: 2 })).toBe('picked');
    expect(linePickState({ quantity: 2, picked_quantity: 1 })).toBe('partial');
    expect(linePickState({ quantity: 2, picked_quantity: 0 })).toBe('none');
  });

  it('refuses to ship orders with a label, shipped or with a cancellation request', () => {
    expect(canShip(order('1', [line(PASTA)]))).toBe(true);
    expect(canShip(order('2', [line(PASTA)], { label: true }))).toBe(false);
    expect(canShip(order('3', [line(PASTA)], { shipped: true }))).toBe(false);
    expect(canShip(order('4', [line(PASTA), line(SAUCISSE, { cancellationRequest: true })]))).toBe(false);
  });

  it('offers methods for the recipient country plus the current choice', () => {
    const m = (code: string, country: string | null, active = true): ShipmentMethod => ({
      id: hex(code.length),
      code,
      name: code,
      carrier: 'postnl',
      price: 5,
      price_cents: 500,
      country_code: country,
      product_code: null,
      active,
    });
    const all = [
      m('NL', 'NL'),
      m('BE', 'BE'),
      m('ANY', null),
      m('OLD', 'NL', false),
      m('OWN-SHIPMENT', null),
    ];
    expect(methodsForOrder(all, 'be', null).map((x) => x.code)).toEqual(['BE', 'ANY', 'OWN-SHIPMENT']);
    expect(methodsForOrder(all, undefined, 'OLD').map((x) => x.code)).toEqual([
      'NL',
      'ANY',
      'OLD',
      'OWN-SHIPMENT',
    ]);
  });
});

describe('findPackCandidate', () => {
  it('takes the first shippable order in list order, summing the EAN over its lines', () => {
    const blocked = order('1000', [line(PASTA), line('1', { cancellationRequest: true })]);
    const first = order('1001', [
      line(PASTA, { quantity: 1 }),
      line(PASTA, { quantity: 2, pack_note: ' Glas ' }),
    ]);
    const second = order('1002', [line(PASTA)]);
    const hit = findPackCandidate([blocked, first, second], PASTA);
    expect(hit?.order.orderId).toBe('1001');
    expect(hit?.candidate).toEqual({
      orderId: first.id,
      quantity: 3,
      packNote: 'Glas',
      hasShipOption: true,
      otherLines: 0,
    });
    expect(findPackCandidate([blocked, first, second], PASTA, new Set([first.id]))?.order.orderId).toBe(
      '1002',
    );
  });

  it("counts the order's other lines to pack, leaving out lines cancelled at the customer's request", () => {
    // SW-1017: the scanned product once and 'Cruesli Fruta' ×2 (spec 1 §4; never lose a unit).
    const sw1017 = order('SW-1017', [
      line(PASTA),
      line(SAUCISSE, { title: 'Cruesli Fruta', quantity: 2 }),
      line('8712345678906', { cancellationRequest: true, cancelled: true }),
    ]);
    expect(findPackCandidate([sw1017], PASTA)?.candidate).toMatchObject({ quantity: 1, otherLines: 1 });
    // Only cancelled lines beside the scanned one: nothing else goes in the box.
    const rest = order('1005', [line(PASTA), line(SAUCISSE, { cancellationRequest: true, cancelled: true })]);
    expect(findPackCandidate([rest], PASTA)?.candidate.otherLines).toBe(0);
    // A cancelled line of the scanned product is not packed: the order is no match for it.
    expect(findPackCandidate([rest], SAUCISSE)).toBeUndefined();
  });

  it('matches a 12-digit UPC scan to a 13-digit EAN with a leading zero', () => {
    const o = order('1003', [line('0012345678905')]);
    expect(findPackCandidate([o], '012345678905')?.order.orderId).toBe('1003');
  });

  it('finds nothing when no order holds the EAN', () => {
    expect(findPackCandidate([order('1', [line(PASTA)])], SAUCISSE)).toBeUndefined();
  });

  it('does not match an all-zero scan to a line without an EAN', () => {
    const o = order('1004', [line('')]);
    expect(findPackCandidate([o], '00000000')).toBeUndefined();
    expect(sameEan('00000000', '')).toBe(false);
    expect(sameEan('', '')).toBe(false);
  });
});

describe('open orders scan handler (spec 1 §4 Open orders screen barcode scan)', () => {
  const single = order('2001', [line(SAUCISSE)]);
  const double = order('2002', [line(PASTA, { quantity: 2 })]);
  const noted = order('2003', [line(SAUCISSE, { pack_note: 'Fragile' })]);
  const noMethod = order('2004', [line('8712345678906')], { selected_ship_option: null });
  const groups = [
    { location: { id: hex(3000), name: 'A-01' }, count: 2, orders: [single, double] },
    { location: null, count: 2, orders: [noted, noMethod] },
  ];
  const orders = ordersInListOrder({ groups });

  /** Types a scan through the keyboard buffer the page uses, then runs the handler. */
  function scan(state: PackScanState, code: string, t0: number) {
    const buf = createScanBuffer(PACK_SCAN_BUFFER);
    let out: string | null = null;
    [...code, 'Enter'].forEach((k, i) => {
      out = buf.feed(k, t0 + i * 8) ?? out;
    });
    expect(out).toBe(code);
    return openOrdersScan(state, out as unknown as string, orders);
  }

  it('lists the orders in walking order across groups', () => {
    expect(orders.map((o) => o.orderId)).toEqual(['2001', '2002', '2003', '2004']);
  });

  it('selects on the first scan and ships the first matching order at once on the second', () => {
    const first = scan({ selectedEan: null }, SAUCISSE, 0);
    expect(first.action).toEqual({ type: 'select', ean: SAUCISSE });
    const second = scan(first.state, SAUCISSE, 1000);
    expect(second.action.type).toBe('ship');
    expect(second.order?.orderId).toBe('2001');
  });

  it('asks for confirmation for a quantity above 1', () => {
    const r = scan({ selectedEan: PASTA }, PASTA, 0);
    expect(r.action.type).toBe('confirm');
    expect(r.order?.orderId).toBe('2002');
    // Confirming ships and clears the selection: the next scan selects again.
    expect(openOrdersScan(packScanAfterShip(), PASTA, orders).action.type).toBe('select');
  });

  it('asks for confirmation for a pack note once the first order is being shipped', () => {
    const r = openOrdersScan({ selectedEan: SAUCISSE }, SAUCISSE, orders, new Set([single.id]));
    expect(r.action).toMatchObject({ type: 'confirm', order: { packNote: 'Fragile' } });
    expect(r.order?.orderId).toBe('2003');
  });

  it('asks for confirmation, never ships at once, when the order holds other products (SW-1017)', () => {
    const sw1017 = order('SW-1017', [
      line('8710100121919'),
      line('8710100121926', { title: 'Cruesli Fruta', quantity: 2 }),
    ]);
    const r = openOrdersScan({ selectedEan: '8710100121919' }, '8710100121919', [sw1017]);
    expect(r.action).toMatchObject({
      type: 'confirm',
      order: { quantity: 1, packNote: null, otherLines: 1 },
    });
    expect(r.order?.orderId).toBe('SW-1017');
  });

  it("ships a single-line order at once beside a line cancelled at the customer's request", () => {
    const o = order('2005', [
      line('8710100121919'),
      line('8710100121926', { cancellationRequest: true, cancelled: true }),
    ]);
    expect(openOrdersScan({ selectedEan: '8710100121919' }, '8710100121919', [o]).action.type).toBe('ship');
  });

  it('does not ship an order without a ship option', () => {
    const r = scan({ selectedEan: '8712345678906' }, '8712345678906', 0);
    expect(r.action.type).toBe('no-ship-option');
  });

  it('replaces the selection on another EAN, filters on a location label and warns on junk', () => {
    expect(scan({ selectedEan: PASTA }, SAUCISSE, 0).state).toEqual({ selectedEan: SAUCISSE });
    const loc = scan({ selectedEan: PASTA }, hex(3000), 0);
    expect(loc.action).toEqual({ type: 'filter-location', locationId: hex(3000) });
    expect(loc.state).toEqual({ selectedEan: PASTA });
    expect(scan({ selectedEan: null }, 'ABC-1', 0).action).toMatchObject({
      type: 'unknown',
      message: 'Onbekend formaat scan',
    });
  });

  it('reports when no order holds the selected EAN', () => {
    expect(scan({ selectedEan: '8710398500014' }, '8710398500014', 0).action.type).toBe('no-order');
  });
});

describe('groupedLocation (spec 1 §4 picked grouped)', () => {
  const cart = { id: 'c'.repeat(24), name: 'KAR-01' };
  const line = (group: typeof cart | null, cancel = false) =>
    ({ group_location: group, cancellationRequest: cancel }) as unknown as OpenOrderLine;
  it('names the location when every active line is in it, else nothing', () => {
    expect(groupedLocation({ products: [line(cart), line(cart)] })).toEqual(cart);
    expect(groupedLocation({ products: [line(cart), line(null)] })).toBeNull();
    expect(groupedLocation({ products: [line(cart), line(null, true)] })).toEqual(cart);
    expect(
      groupedLocation({ products: [line({ id: 'd'.repeat(24), name: 'KAR-02' }), line(cart)] }),
    ).toBeNull();
    expect(groupedLocation({ products: [] })).toBeNull();
  });
});

describe('groupPackagingName (spec 1 §2 group header)', () => {
  const boxes = [
    { id: 'a'.repeat(24), name: 'Doos S' },
    { id: 'b'.repeat(24), name: 'Doos L' },
  ];
  it('names the box most orders chose, with +n for other boxes, and null without a choice', () => {
    const o = (id: string | null) => ({ selected_packaging_option: id });
    expect(groupPackagingName([o('a'.repeat(24)), o('a'.repeat(24))], boxes)).toBe('Doos S');
    expect(groupPackagingName([o('b'.repeat(24)), o('a'.repeat(24)), o('b'.repeat(24))], boxes)).toBe(
      'Doos L +1',
    );
    expect(groupPackagingName([o(null)], boxes)).toBeNull();
  });
});
