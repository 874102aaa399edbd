import type { InboundSummary } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import {
  type CalendarInbound,
  countByYear,
  EVENT_MS,
  eventWindow,
  inRange,
  shownHours,
  toCalendarInbound,
  unitsHeaderKey,
  viewRange,
  yearsBlockStart,
  yearsRange,
} from './calendar.rules.ts';

const ev = (over: Partial<CalendarInbound> = {}): CalendarInbound => ({
  id: 'a'.repeat(24),
  inbound_number: 'IN-00000001',
  title: 'Bakkerij Bol IN-00000001',
  type: 'package',
  status: 'pending',
  track_trace: '3S123',
  expected_delivery: '2026-11-25',
  checked_in_at: null,
  ...over,
});

describe('eventWindow (spec 2 §9: an event lasts an hour; a missing expected date counts as 1800)', () => {
  it('puts an expected inbound on its expected day for one hour', () => {
    expect(eventWindow(ev())).toEqual({ start: '2026-11-25T09:00:00', end: '2026-11-25T10:00:00' });
  });

  it('counts a missing expected date as the year 1800', () => {
    expect(eventWindow(ev({ expected_delivery: null }))).toEqual({
      start: '1800-01-01T09:00:00',
      end: '1800-01-01T10:00:00',
    });
    expect(eventWindow(ev({ expected_delivery: '' })).start.slice(0, 4)).toBe('1800');
  });

  it('puts a checked-in inbound at the moment it was checked in, for one hour', () => {
    const w = eventWindow(ev({ status: 'checked_in', checked_in_at: '2026-11-18T13:00:00.000Z' }));
    expect(w.start).toBe('2026-11-18T13:00:00.000Z');
    expect(Date.parse(w.end) - Date.parse(w.start)).toBe(EVENT_MS);
  });

  it('keeps a checked-in inbound without a check-in time on its expected day', () => {
    expect(eventWindow(ev({ status: 'checked_in', checked_in_at: null })).start).toBe('2026-11-25T09:00:00');
  });
});

describe('shownHours: the working day, widened to every event', () => {
  it('shows 06:00–20:00 when every event falls inside, also with no events', () => {
    expect(shownHours([])).toEqual({ slotMinTime: '06:00:00', slotMaxTime: '20:00:00' });
    expect(shownHours([eventWindow(ev())])).toEqual({ slotMinTime: '06:00:00', slotMaxTime: '20:00:00' });
  });

  it('widens to whole hours for an inbound checked in early or late, on the Amsterdam clock', () => {
    // 04:30 UTC in winter is 05:30 in Amsterdam; 21:10 UTC is 22:10, its hour ends 23:10.
    const early = eventWindow(ev({ status: 'checked_in', checked_in_at: '2026-11-25T04:30:00Z' }));
    const late = eventWindow(ev({ status: 'checked_in', checked_in_at: '2026-11-25T21:10:00Z' }));
    expect(shownHours([early, late])).toEqual({ slotMinTime: '05:00:00', slotMaxTime: '24:00:00' });
    // In summer Amsterdam is two hours ahead: 03:15 UTC is 05:15.
    const summer = eventWindow(ev({ status: 'checked_in', checked_in_at: '2026-07-01T03:15:00Z' }));
    expect(shownHours([summer]).slotMinTime).toBe('05:00:00');
  });

  it('draws an event that runs past midnight to the end of the day', () => {
    const night = eventWindow(ev({ status: 'checked_in', checked_in_at: '2026-11-25T22:40:00Z' }));
    expect(shownHours([night])).toEqual({ slotMinTime: '06:00:00', slotMaxTime: '24:00:00' });
  });
});

describe('unitsHeaderKey (spec 2 §2: Pallets for a pallet, otherwise Dozen)', () => {
  it('names pallets only for a pallet', () => {
    expect(unitsHeaderKey('pallet')).toBe('table.pallets');
    expect(unitsHeaderKey('package')).toBe('table.boxes');
    expect(unitsHeaderKey('container_other')).toBe('table.boxes');
  });
});

describe('the ranges the views ask for', () => {
  it('turns a view’s exclusive end into the inclusive last day, across a month end', () => {
    expect(viewRange('2026-11-23T00:00:00+01:00', '2026-11-30T00:00:00+01:00')).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(viewRange('2026-12-31', '2027-01-01')).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });

  it('shows decades in the years view', () => {
    expect(yearsBlockStart(2026)).toBe(2020);
    expect(yearsBlockStart(2030)).toBe(2030);
    expect(yearsRange(2020)).toEqual({ from: '2020-01-01', to: '2029-12-31' });
  });

  it('counts each year’s expected and checked-in inbounds by where they sit', () => {
    const rows = countByYear(
      [
        ev({ expected_delivery: '2026-03-01' }),
        ev({ expected_delivery: '2026-12-31' }),
        ev({ status: 'checked_in', expected_delivery: '2024-05-01', checked_in_at: '2025-01-02T10:00:00Z' }),
        // New Year's Eve 23:30 UTC is already 2026 in Amsterdam.
        ev({ status: 'checked_in', checked_in_at: '2025-12-31T23:30:00Z' }),
        ev({ expected_delivery: null }),
      ],
      2020,
    );
    expect(rows.map((r) => r.year)).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029]);
    expect(rows.find((r) => r.year === 2026)).toEqual({ year: 2026, expected: 2, checkedIn: 1 });
    expect(rows.find((r) => r.year === 2025)).toEqual({ year: 2025, expected: 0, checkedIn: 1 });
    expect(rows.find((r) => r.year === 2024)).toEqual({ year: 2024, expected: 0, checkedIn: 0 });
  });
});

describe('the merchant’s own list as calendar events', () => {
  it('selects by expected day or check-in day, as the public endpoint does', () => {
    expect(inRange(ev(), '2026-11-23', '2026-11-29')).toBe(true);
    expect(inRange(ev(), '2026-11-26', '2026-11-29')).toBe(false);
    const late = ev({ status: 'checked_in', checked_in_at: '2026-12-01T08:00:00Z' });
    expect(inRange(late, '2026-11-30', '2026-12-06')).toBe(true);
    expect(inRange(ev({ expected_delivery: null }), '1800-01-01', '1800-01-07')).toBe(true);
  });

  it('maps an inbound of the own list like the public answer: title, 1800 for a missing date, no items', () => {
    const inbound = {
      id: 'b'.repeat(24),
      inbound_number: 'IN-0000000B',
      org_name: 'Bakkerij Bol',
      type: 'pallet',
      status: 'pending',
      track_trace: '',
      expected_delivery: null,
      checked_in_at: null,
      item_count: 1,
      product_names: ['Jam'],
    } as unknown as InboundSummary;
    // The list answers a summary (issue 8): the event's details read the items when opened.
    expect(toCalendarInbound(inbound)).toEqual({
      id: inbound.id,
      inbound_number: 'IN-0000000B',
      title: 'Bakkerij Bol IN-0000000B',
      type: 'pallet',
      status: 'pending',
      track_trace: '',
      expected_delivery: '1800-01-01',
      checked_in_at: null,
    });
  });
});
