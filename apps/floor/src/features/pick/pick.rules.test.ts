import { describe, expect, it } from 'vitest';
import type { PickRecord } from '../../offline/db.ts';
import { pickItem } from '../../test/fixtures.ts';
import {
  currentPick,
  cutName,
  defaultPickFilter,
  isInsufficient,
  openPicks,
  periodInOrder,
  speakableLocation,
  withOrdersSwitch,
} from './pick.rules.ts';
import { fromLocalInput, toLocalInput } from './pick-period.rules.ts';

function rec(seq: number, status: PickRecord['status'] = 'open'): PickRecord {
  const item = pickItem();
  return { id: `p${seq}`, seq, item, status, pickedAt: null, scanned: null };
}

describe('pick rules', () => {
  it('cuts the product name at 80 characters', () => {
    expect(cutName('a'.repeat(80))).toBe('a'.repeat(80));
    const cut = cutName('b'.repeat(81));
    expect(Array.from(cut)).toHaveLength(80);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('defaults to 00:00 four days ago until 22:00 today, Amsterdam time', () => {
    const f = defaultPickFilter(new Date('2026-03-05T08:30:00Z'));
    expect(f.start).toBe('2026-02-28T23:00:00.000Z');
    expect(f.end).toBe('2026-03-05T21:00:00.000Z');
    expect(f.singleOrders || f.multiOrders).toBe(false);
  });

  it('keeps single-orders and multi-orders mutually exclusive', () => {
    const base = defaultPickFilter(new Date(2026, 0, 10));
    const single = withOrdersSwitch(base, 'single', true);
    expect([single.singleOrders, single.multiOrders]).toEqual([true, false]);
    const multi = withOrdersSwitch(single, 'multi', true);
    expect([multi.singleOrders, multi.multiOrders]).toEqual([false, true]);
    const off = withOrdersSwitch(multi, 'multi', false);
    expect([off.singleOrders, off.multiOrders]).toEqual([false, false]);
  });

  it('round-trips datetime-local values in Amsterdam time', () => {
    const iso = '2026-05-06T05:08:00.000Z'; // 07:08 in Amsterdam (summer time)
    expect(toLocalInput(iso)).toBe('2026-05-06T07:08');
    expect(fromLocalInput('2026-05-06T07:08')).toBe(iso);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('nonsense')).toBeNull();
  });

  it('lists open picks in walking order, leaving out just-confirmed ones', () => {
    const records = [rec(3), rec(1), rec(2, 'queued'), rec(0, 'sent'), rec(4)];
    expect(openPicks(records).map((r) => r.seq)).toEqual([1, 3, 4]);
    expect(openPicks(records, new Set(['p3'])).map((r) => r.seq)).toEqual([1, 4]);
  });

  it('skips forward and wraps around to the first open pick', () => {
    const open = [rec(0), rec(1), rec(2)];
    expect(currentPick(open, 0).pick?.seq).toBe(0);
    expect(currentPick(open, 2).pick?.seq).toBe(2);
    expect(currentPick(open, 3)).toMatchObject({ index: 0 });
    expect(currentPick([], 5)).toEqual({ pick: null, index: -1 });
  });

  it('reads rack names with pauses instead of separators', () => {
    expect(speakableLocation('A-01-02')).toBe('A 01 02');
    expect(speakableLocation('Hal 2 / B.3')).toBe('Hal 2 B 3');
  });

  it('a period runs forward: its end not before its start (the server answers 400 otherwise)', () => {
    expect(periodInOrder({ start: '2026-12-01T07:00:00.000Z', end: '2026-12-01T17:00:00.000Z' })).toBe(true);
    expect(periodInOrder({ start: '2026-12-01T07:00:00.000Z', end: '2026-12-01T07:00:00.000Z' })).toBe(true);
    expect(periodInOrder({ start: '2026-12-02T07:00:00.000Z', end: '2026-12-01T17:00:00.000Z' })).toBe(false);
  });

  it("'insufficient quantity' means fewer than the pick needs", () => {
    expect(isInsufficient(4, 5)).toBe(true);
    expect(isInsufficient(0, 1)).toBe(true);
    expect(isInsufficient(5, 5)).toBe(false);
    expect(isInsufficient(6, 5)).toBe(false);
  });
});
