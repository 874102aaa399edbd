import { describe, expect, it } from 'vitest';
import { inboundProgress } from './inbound.rules.ts';
import { calendarItemOf } from './inbound-calendar.rules.ts';

describe('inboundProgress (spec 2 §4 Inbound states)', () => {
  it('is expected, partly checked in or checked in', () => {
    expect(inboundProgress({ status: 'pending', pieces_checked_in: 0 })).toBe('expected');
    expect(inboundProgress({ status: 'pending', pieces_checked_in: 12 })).toBe('partly_checked_in');
    expect(inboundProgress({ status: 'checked_in', pieces_checked_in: 0 })).toBe('checked_in');
  });
});

describe('calendarItemOf (spec 2 §2 Inbound calendar)', () => {
  it('is the item table line of an inbound item: EAN, name, boxes, pieces; no ids', () => {
    const item = {
      id: 'item-1',
      product: { id: 'p-1', ean: '8711000000001', name: 'Jam', bsku: 'JAM-1' },
      units: 2,
      packed_per: 6,
      pieces_expected: 12,
      pieces_checked_in: 6,
    };
    expect(calendarItemOf(item)).toEqual({
      ean: '8711000000001',
      name: 'Jam',
      units: 2,
      packed_per: 6,
      pieces_expected: 12,
      pieces_checked_in: 6,
    });
  });
});
