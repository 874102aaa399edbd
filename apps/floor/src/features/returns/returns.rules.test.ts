import type { Return } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { hexId } from '../../test/fixtures.ts';
import {
  codeName,
  deskShown,
  firstSplit,
  locationText,
  matchesSearch,
  overlayReturn,
  parseReceived,
  shownReceived,
  staleReturnTypedKeys,
  withMadeReturn,
  withOpenList,
  withOpenShown,
  withSearchFound,
} from './returns.rules.ts';

function aReturn(): Return {
  const item = (n: number, ean: string) => ({
    id: hexId(n),
    product_id: hexId(100 + n),
    ean,
    title: `Product ${n}`,
    return_instruction: null,
    location: { id: hexId(200 + n), name: `A-0${n}`, parent_name: 'A' },
    expected_quantity: 2,
    received_quantity: null,
    product_state: null,
    damaged_package: false,
    damaged_product: false,
    damaged_product_package: false,
    return_action: 'RETURN_RECEIVED' as const,
    fulfilled_at: null,
    quarantined: null,
    parts: [],
    restocked_quantity: null,
  });
  return {
    id: hexId(1),
    return_number: 'R00000001',
    org_id: hexId(2),
    org_name: 'Bakkerij Bol',
    order_id: hexId(3),
    shop_order_id: 'BOL-1',
    platform: 'bol',
    tracking_number: '3SHOP0000001',
    carrier: 'local',
    reason: 'DAMAGED',
    customer_comments: null,
    registered_at: new Date().toISOString(),
    closed_at: null,
    items: [item(1, '8710000000011'), item(2, '8710000000028')],
    images: [],
  };
}

describe('returns desk rules', () => {
  it('draws a judgement in parts over the line: the received quantity is their sum; a plain recount ends the split', () => {
    const r = aReturn();
    const parts = [
      { quantity: 1, product_state: 'good' },
      { quantity: 1, product_state: 'bad', damaged_product: true },
    ];
    const split = overlayReturn(r, [
      { op: 'update', body: { return_id: r.id, ean: '8710000000011', parts } },
    ]);
    expect(split.items[0]?.received_quantity).toBe(2);
    expect(
      split.items[0]?.parts.map((p) => [p.quantity, p.product_state, p.damaged_product, p.return_action]),
    ).toEqual([
      [1, 'good', false, 'RETURN_RECEIVED'],
      [1, 'bad', true, 'RETURN_RECEIVED'],
    ]);
    const recount = overlayReturn(r, [
      { op: 'update', body: { return_id: r.id, ean: '8710000000011', parts } },
      { op: 'update', body: { return_id: r.id, ean: '8710000000011', received_quantity: 3 } },
    ]);
    expect([recount.items[0]?.received_quantity, recount.items[0]?.parts]).toEqual([3, []]);
  });

  it('splits a line of 2 or more into the good pieces and one damaged', () => {
    expect(firstSplit({ received_quantity: 3, expected_quantity: 3, product_state: 'good' })).toEqual([
      { quantity: 2, product_state: 'good' },
      { quantity: 1, product_state: 'bad', damaged_product: true },
    ]);
    expect(firstSplit({ received_quantity: null, expected_quantity: 2, product_state: null })).toEqual([
      { quantity: 1, product_state: 'good' },
      { quantity: 1, product_state: 'bad', damaged_product: true },
    ]);
  });

  it('draws queued judgements and closes over the server’s return, marking what waits', () => {
    const r = aReturn();
    const shown = overlayReturn(r, [
      {
        op: 'update',
        body: { return_id: r.id, ean: '8710000000011', received_quantity: 1, product_state: 'good' },
      },
      { op: 'update', body: { return_id: r.id, ean: '8710000000028', damaged_product: true } },
      { op: 'fulfill', return_id: r.id, ean: '8710000000028' },
    ]);
    expect(
      shown.items.map((i) => [i.received_quantity, i.product_state, i.damaged_product, i.closing, i.pending]),
    ).toEqual([
      [1, 'good', false, false, true],
      [null, null, true, true, true],
    ]);
    expect(shown.pending).toBe(true);
    expect(overlayReturn(r, []).pending).toBe(false);
    // The server's return itself is not changed.
    expect(r.items[0]?.received_quantity).toBeNull();
  });

  it('shows the expected quantity when none was received and a received 0 as 0, reads typed quantities, names locations', () => {
    expect(shownReceived({ received_quantity: null, expected_quantity: 3 })).toBe(3);
    // 0 typed (the item was not in the parcel) is what the server books on close: shown as 0, not as the expected 3.
    expect(shownReceived({ received_quantity: 0, expected_quantity: 3 })).toBe(0);
    expect(shownReceived({ received_quantity: 2, expected_quantity: 3 })).toBe(2);
    expect(parseReceived(' 4 ')).toBe(4);
    for (const bad of ['-1', '1.5', '', 'x']) expect(parseReceived(bad)).toBeNull();
    expect(locationText(null, 'Unknown Location')).toBe('Unknown Location');
    expect(locationText({ id: hexId(1), name: 'A-01-02', parent_name: 'A-01' }, '?')).toBe('A-01 - A-01-02');
  });

  it('names platform and carrier codes in the desk language, and leaves an unknown code as it is', () => {
    expect(codeName('import', 'nl')).toBe('Geïmporteerd');
    expect(codeName('import', 'en')).toBe('Imported');
    expect(codeName('local', 'nl')).toBe('Hoppa lokaal');
    expect(codeName('local', 'en')).toBe('Hoppa Local');
    expect(codeName('bol', 'en')).toBe('bol.com');
    expect(codeName('gls', 'nl')).toBe('gls');
  });
});

describe('matchesSearch (a desk search answered from the returns on the device)', () => {
  const r = {
    return_number: 'R00000042',
    tracking_number: '3SHOP0000042',
    shop_order_id: 'BOL-1',
    items: [{ ean: '8710000000011' }],
  };
  it('matches the return number, track & trace, order number or an item EAN, whole, in any case', () => {
    expect(['r00000042', ' 3shop0000042 ', 'bol-1', '8710000000011'].map((q) => matchesSearch(r, q))).toEqual(
      [true, true, true, true],
    );
    expect(['R0000004', '3SHOP', '871000000001', '', '  '].map((q) => matchesSearch(r, q))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('typed values kept for returns no longer open (ADR 0136)', () => {
  const key = (r: string, i: string, f = 'received') => `return:${r}:${i}:${f}`;
  it('forgets those of a closed item or return, keeps those of open items and of returns out of a search', () => {
    const r = aReturn();
    const [first, second] = r.items as [Return['items'][number], Return['items'][number]];
    const done: Return = { ...r, items: [{ ...first, fulfilled_at: '2026-12-01T10:00:00.000Z' }, second] };
    const keys = [
      key(r.id, first.id),
      key(r.id, second.id, 'state'),
      key(r.id, hexId(77)),
      key(hexId(99), first.id),
      'inbound:abc:notes',
    ];
    expect(staleReturnTypedKeys(keys, { query: 'R1', returns: [done] })).toEqual([
      key(r.id, first.id),
      key(r.id, hexId(77)),
    ]);
    const closed: Return = { ...r, closed_at: '2026-12-01T10:00:00.000Z' };
    expect(staleReturnTypedKeys(keys, { query: 'R1', returns: [closed] })).toEqual(keys.slice(0, 3));
  });

  it('forgets those of a return missing from the whole open list, not from a list of one page of more', () => {
    const r = aReturn();
    const gone = key(hexId(99), hexId(1));
    expect(staleReturnTypedKeys([gone], { query: '', returns: [r], total: 1 })).toEqual([gone]);
    expect(staleReturnTypedKeys([gone], { query: '', returns: [r], total: 51 })).toEqual([]);
    expect(staleReturnTypedKeys([gone], { query: '', returns: [r] })).toEqual([]);
  });

  it('judges the whole open list by its ids, not by the search finds kept beside it (ADR 0142)', () => {
    const r = aReturn();
    const found = { ...aReturn(), id: hexId(50), closed_at: '2026-12-01T10:00:00.000Z' };
    const gone = key(hexId(99), hexId(1));
    expect(staleReturnTypedKeys([gone], { query: '', returns: [r, found], total: 2, open: [r.id] })).toEqual(
      [],
    );
    expect(staleReturnTypedKeys([gone], { query: '', returns: [r, found], total: 1, open: [r.id] })).toEqual([
      gone,
    ]);
  });
});

describe('the open list kept on the device beside a search (ADR 0142)', () => {
  const older = aReturn();
  const newer = { ...aReturn(), id: hexId(9), return_number: 'R00000009' };
  const listed = withOpenList(undefined, { items: [newer, older], total: 5 }, 1_000, 2_000);

  it('keeps the open list through a search, shows only the finds, and gives the list back', () => {
    const other = { ...aReturn(), id: hexId(8), return_number: 'R00000008' };
    const fresher: Return = { ...older, customer_comments: 'nieuw' };
    const searched = withSearchFound(listed, '3SHOP', [fresher, other], 3_000, 4_000);
    expect(deskShown(searched).map((r) => r.id)).toEqual([older.id, other.id]);
    expect(searched).toMatchObject({ query: '3SHOP', open: [newer.id, older.id], total: 5 });
    // A return on both is kept once, as the search found it.
    expect(searched.returns.filter((r) => r.id === older.id)).toEqual([fresher]);
    const back = withOpenShown(searched);
    expect(deskShown(back ?? undefined).map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(deskShown(back ?? undefined)[1]?.customer_comments).toBe('nieuw');
    expect(back?.total).toBe(5);
    // An order without a return finds none: nothing shown, the list still kept.
    const orderOnly = withSearchFound(searched, 'BOL-9', [], 5_000, 6_000);
    expect(deskShown(orderOnly)).toEqual([]);
    expect(deskShown(withOpenShown(orderOnly) ?? undefined).map((r) => r.id)).toEqual([newer.id, older.id]);
    // The finds of an earlier search not on the list are not kept.
    expect(orderOnly.returns.map((r) => r.id)).toEqual([newer.id, older.id]);
  });

  it('adds a return made from an order at the top of the open list, its total one more', () => {
    const made = { ...aReturn(), id: hexId(10), return_number: 'R00000010' };
    const desk = withMadeReturn(listed, made, 3_000, 4_000);
    expect(deskShown(desk)).toEqual([made]);
    expect(desk).toMatchObject({ query: 'R00000010', open: [made.id, newer.id, older.id], total: 6 });
    expect(deskShown(withOpenShown(desk) ?? undefined).map((r) => r.id)).toEqual([
      made.id,
      newer.id,
      older.id,
    ]);
    // Without an open list kept, none is made up.
    expect(withMadeReturn(undefined, made, 3_000, 4_000)).not.toHaveProperty('open');
    expect(withOpenShown(withMadeReturn(undefined, made, 3_000, 4_000))).toBeNull();
  });

  it('reads a desk stored before the ids: query "" is the open list, a search its finds, no list kept', () => {
    const old = { query: '', at: 1, returns: [newer, older], total: 2 };
    expect(deskShown(old)).toEqual([newer, older]);
    const searched = withSearchFound(old, 'R00000009', [newer], 3_000, 4_000);
    expect(deskShown(withOpenShown(searched) ?? undefined)).toEqual([newer, older]);
    expect(withOpenShown({ query: 'R1', at: 1, returns: [older] })).toBeNull();
  });
});
