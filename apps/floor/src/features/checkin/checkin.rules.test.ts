import { describe, expect, it } from 'vitest';
import {
  amsterdamDay,
  boxesOf,
  classifyListScan,
  classifyLocationScan,
  defaultPlaceAmount,
  inboundLocationByName,
  inboundLocationName,
  overlayInbound,
  parseCount,
  parseEuroCents,
  productCodeScan,
  sortForDock,
  staleInboundTypedKeys,
  stepAmount,
  storedReservation,
  temporaryPlaceId,
} from './checkin.rules.ts';
import { hex, inbound, item } from './checkin.test-fixtures.ts';

describe('the check-in overlay', () => {
  it('adds queued placements to the counts and boxes, and marks the item pending', () => {
    const shown = overlayInbound(inbound(), [
      { op: 'place', item_id: hex(11), location_id: hex(70), amount: 12 },
      { op: 'place', item_id: hex(11), location_id: hex(71), amount: 6 },
    ]);
    expect(shown.items[0]).toMatchObject({ pieces_checked_in: 18, boxes_checked_in: 3, pendingPieces: 18 });
    expect(shown.pieces_checked_in).toBe(18);
    expect(shown.pending).toBe(true);
  });

  it('appends and removes surcharges in order and totals them in euro', () => {
    const shown = overlayInbound(inbound(), [
      {
        op: 'surcharge',
        item_id: hex(11),
        surcharge: { description: 'Ompakken', cost_cents: 250, amount: 4 },
      },
      {
        op: 'surcharge',
        item_id: hex(11),
        surcharge: { description: 'Stickeren', cost_cents: 10, amount: 24 },
      },
      { op: 'surcharge_delete', item_id: hex(11), index: 0 },
    ]);
    expect(shown.items[0]?.surcharges.map((s) => s.description)).toEqual(['Stickeren']);
    expect(shown.items[0]?.surcharge_total_eur).toBeCloseTo(2.4);
    expect(shown.surcharge_total_eur).toBeCloseTo(2.4);
  });

  it('shows the inbound checked in once its last item is submitted, and leaves other items alone', () => {
    const two = inbound({ items: [item(), item({ id: hex(12) })] });
    expect(overlayInbound(two, [{ op: 'submit', item_id: hex(11) }]).status).toBe('pending');
    const both = overlayInbound(two, [
      { op: 'submit', item_id: hex(11) },
      { op: 'submit', item_id: hex(12) },
    ]);
    expect(both.status).toBe('checked_in');
    expect(both.items.map((i) => i.status)).toEqual(['checked_in', 'checked_in']);
  });

  it('lists queued moves from a temporary place without counting them again', () => {
    const shown = overlayInbound(inbound(), [
      { op: 'place', item_id: hex(11), location_id: hex(80), amount: 24 },
      { op: 'transfer', item_id: hex(11), from_location_id: hex(80), from_label: 'DOCK-1', amount: 12 },
    ]);
    expect(shown.items[0]?.pieces_checked_in).toBe(24);
    expect(shown.items[0]?.pendingTransfers).toEqual([{ from: 'DOCK-1', amount: 12 }]);
    expect(temporaryPlaceId(` ${hex(80).toUpperCase()} `)).toBe(hex(80));
    expect(temporaryPlaceId('DOCK-1')).toBeNull();
  });

  it('applies edits of notes and package closed', () => {
    const shown = overlayInbound(inbound(), [
      { op: 'edit', item_id: hex(11), fields: { notes: 'Doos nat', package_closed: true } },
    ]);
    expect(shown.items[0]).toMatchObject({ notes: 'Doos nat', package_closed: true, pending: true });
  });
});

describe('scans on the check-in list', () => {
  const list = [inbound(), inbound({ id: hex(2), inbound_number: 'IN-00000002', items: [] })];
  it('open an inbound by its QR id or its typed number, whatever the case', () => {
    expect(classifyListScan(` ${hex(2).toUpperCase()} `, list)).toEqual({
      kind: 'inbound',
      inboundId: hex(2),
    });
    expect(classifyListScan('in-00000001', list)).toEqual({ kind: 'inbound', inboundId: hex(1) });
  });
  it('open the item of a scanned EAN or SKU, an unknown id is fetched, anything else is unknown', () => {
    expect(classifyListScan('8712345678906', list)).toEqual({
      kind: 'item',
      inboundId: hex(1),
      itemId: hex(11),
    });
    expect(classifyListScan('MUG-01', list)).toEqual({ kind: 'item', inboundId: hex(1), itemId: hex(11) });
    expect(classifyListScan(hex(3), list)).toEqual({ kind: 'fetch', inboundId: hex(3) });
    expect(classifyListScan('hello', list)).toEqual({ kind: 'unknown' });
  });
});

describe('location scans on an item', () => {
  const reserved = item({
    reserved_locations: [{ location_id: hex(70), name: 'A-01-1', parent_name: 'A', type: 'bin', stock: 0 }],
  });
  it('take a reserved location by its label id or its typed name', () => {
    expect(classifyLocationScan(hex(70), reserved)).toEqual({
      kind: 'location',
      locationId: hex(70),
      name: 'A-01-1',
    });
    expect(classifyLocationScan('a-01-1', reserved)).toMatchObject({ kind: 'location', locationId: hex(70) });
  });
  it('refuse another location when some are reserved, and take any label id when none are', () => {
    expect(classifyLocationScan(hex(71), reserved)).toEqual({ kind: 'not_reserved' });
    expect(classifyLocationScan(hex(71), item())).toEqual({
      kind: 'location',
      locationId: hex(71),
      name: null,
    });
    expect(classifyLocationScan('B-02', reserved)).toEqual({ kind: 'not_reserved' });
  });
  it('pass a typed name on to be looked up when none are reserved, trimmed and as typed', () => {
    expect(classifyLocationScan('  b-02 ', item())).toEqual({ kind: 'name', name: 'b-02' });
    expect(classifyLocationScan('   ', item())).toEqual({ kind: 'unknown' });
  });
});

describe('amounts', () => {
  it('propose the pieces still expected, at least one box', () => {
    expect(defaultPlaceAmount(item())).toBe(24);
    expect(defaultPlaceAmount(item({ pieces_checked_in: 20 }))).toBe(6);
  });
  it('step by packed per and never below one box', () => {
    expect(stepAmount(12, 1, 6, 24)).toBe(18);
    expect(stepAmount(12, -1, 6, 24)).toBe(6);
    expect(stepAmount(6, -1, 6, 24)).toBe(6);
    expect(boxesOf(17, 6)).toBe(2);
    expect(boxesOf(5, 0)).toBe(0);
  });
  it('step up no further than the pieces still in transit (ADR 0142)', () => {
    expect(stepAmount(18, 1, 6, 24)).toBe(24);
    expect(stepAmount(24, 1, 6, 24)).toBe(24);
    expect(stepAmount(18, 1, 6, 20)).toBe(20);
    // nothing left in transit: the box proposed stays one box
    expect(stepAmount(6, 1, 6, 0)).toBe(6);
    expect(stepAmount(30, -1, 6, 0)).toBe(24);
  });
  it('read euro costs with comma or dot, and counts as whole numbers', () => {
    expect(parseEuroCents('12,50')).toBe(1250);
    expect(parseEuroCents('€ 12.5')).toBe(1250);
    expect(parseEuroCents('1.250,75')).toBe(125075);
    expect(parseEuroCents('3')).toBe(300);
    expect(parseEuroCents('abc')).toBeNull();
    expect(parseCount('4x')).toBe(4);
    expect(parseCount('0')).toBeNull();
  });
});

describe('the dock order', () => {
  it('puts today first, then by expected date, checked-in last', () => {
    const today = amsterdamDay(Date.parse('2026-11-25T10:00:00Z'));
    expect(today).toBe('2026-11-25');
    const sorted = sortForDock(
      [
        { id: 'a', status: 'pending', expected_delivery: '2026-11-27' },
        { id: 'b', status: 'checked_in', expected_delivery: '2026-11-25' },
        { id: 'c', status: 'pending', expected_delivery: null },
        { id: 'd', status: 'pending', expected_delivery: '2026-11-25' },
        { id: 'e', status: 'pending', expected_delivery: '2026-11-24' },
      ],
      today,
    );
    expect(sorted.map((x) => x.id)).toEqual(['d', 'e', 'a', 'c', 'b']);
  });
});

describe('a location named by the stored check-in list (ADR 0135)', () => {
  it("finds a reserved location's or a transfer's place name by its id, and none for an id it does not hold", () => {
    const moved = {
      transfer_id: hex(90),
      departed_location_id: hex(76),
      departed_location_name: 'DOCK-2',
      arrived_location_id: hex(70),
      arrived_location_name: 'A-01-1',
      stock: 6,
      departed_at: '2026-11-25T10:00:00.000Z',
    };
    const list = [
      inbound({
        items: [
          item({ transfers: [moved] }),
          item({
            id: hex(12),
            reserved_locations: [
              { location_id: hex(77), name: 'D-20-19', parent_name: 'D-20', type: 'bin', stock: 0 },
            ],
          }),
        ],
      }),
    ];
    expect(inboundLocationName(list, hex(76))).toBe('DOCK-2');
    expect(inboundLocationName(list, hex(70))).toBe('A-01-1');
    expect(inboundLocationName(list, hex(77))).toBe('D-20-19');
    expect(inboundLocationName(list, hex(78))).toBeNull();
  });

  it('finds a location by the name the stored list gives it, typed in any case with spaces around (ADR 0142)', () => {
    const moved = {
      transfer_id: hex(90),
      departed_location_id: hex(76),
      departed_location_name: 'DOCK-2',
      arrived_location_id: hex(79),
      arrived_location_name: 'B-02-07',
      stock: 6,
      departed_at: '2026-11-25T10:00:00.000Z',
    };
    const d2019 = { location_id: hex(77), name: 'D-20-19', parent_name: 'D-20', type: 'bin', stock: 0 };
    const list = [
      inbound({ items: [item({ transfers: [moved] }), item({ id: hex(12), reserved_locations: [d2019] })] }),
    ];
    expect(inboundLocationByName(list, ' d-20-19 ')).toEqual({ id: hex(77), name: 'D-20-19' });
    expect(inboundLocationByName(list, 'dock-2')).toEqual({ id: hex(76), name: 'DOCK-2' });
    expect(inboundLocationByName(list, 'B-02-07')).toEqual({ id: hex(79), name: 'B-02-07' });
    expect(inboundLocationByName(list, 'D-20-1')).toBeNull();
    expect(inboundLocationByName(list, '  ')).toBeNull();
  });
});

describe('typed values kept for inbound items no longer pending (ADR 0136)', () => {
  it('forgets those of a confirmed item or a checked-in inbound, and of an item on no inbound only with the whole list', () => {
    const open = item();
    const confirmed = item({ id: hex(12), status: 'checked_in' });
    const list = [inbound({ items: [open, confirmed] })];
    const keys = [
      `inbound:${hex(11)}:notes`,
      `inbound:${hex(12)}:batch`,
      `inbound:${hex(13)}:expiry`,
      'return:x:y:state',
    ];
    expect(staleInboundTypedKeys(keys, list, false)).toEqual([`inbound:${hex(12)}:batch`]);
    expect(staleInboundTypedKeys(keys, list, true)).toEqual([
      `inbound:${hex(12)}:batch`,
      `inbound:${hex(13)}:expiry`,
    ]);
    const checkedIn = [inbound({ status: 'checked_in', items: [open] })];
    expect(staleInboundTypedKeys(keys.slice(0, 1), checkedIn, false)).toEqual(keys.slice(0, 1));
  });
});

describe('scans on an item that are not a free location (ADR 0142)', () => {
  const bin = { location_id: hex(70), name: 'A-01-1', parent_name: 'A-01', type: 'bin', stock: 0 };
  const bord = item({
    id: hex(12),
    product: { id: hex(501), ean: '8710000000017', bsku: null, name: 'Bord' },
    reserved_locations: [bin],
  });

  it("names the pending item of another product that reserved a bin; the item's own product and done items pass", () => {
    const stored = [inbound({ items: [item(), bord] })];
    expect(storedReservation(stored, hex(70).toUpperCase(), hex(500))).toEqual({
      shop: 'own',
      location: 'A-01-1',
      inbound: 'IN-00000001',
      product: 'Bord',
    });
    expect(storedReservation(stored, hex(70), hex(501))).toBeNull();
    expect(
      storedReservation([inbound({ items: [{ ...bord, status: 'checked_in' }] })], hex(70), hex(500)),
    ).toBeNull();
    expect(storedReservation(stored, hex(71), hex(500))).toBeNull();
  });

  it("reads the item's own code, a stored product's code and a valid GTIN as products; names and bad check digits not", () => {
    const stored = [inbound({ items: [item(), bord] })];
    expect(productCodeScan(' 8712345678906 ', item(), stored)).toBe('own');
    expect(productCodeScan('mug-01', item(), stored)).toBe('own');
    expect(productCodeScan('8710000000017', item(), stored)).toBe('other');
    expect(productCodeScan('4006381333931', item(), [])).toBe('other');
    expect(productCodeScan('4006381333932', item(), [])).toBeNull();
    expect(productCodeScan('B-15-23', item(), stored)).toBeNull();
    expect(productCodeScan(hex(70), item(), stored)).toBeNull();
  });
});
