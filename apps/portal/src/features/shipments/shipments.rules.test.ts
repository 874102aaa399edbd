import { TRACKING_STATUSES } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { shipmentsI18n } from './shipments.i18n.ts';
import { defaultShipmentRange, effectiveSearch, shipmentRangeToIso } from './shipments.rules.ts';

describe('shipments list rules (spec 1 §2 Shipments, §5, §9)', () => {
  it('defaults to the last week of Amsterdam days', () => {
    expect(defaultShipmentRange(new Date('2026-03-05T14:00:00Z'))).toEqual({
      from: '2026-02-26',
      until: '2026-03-05',
    });
    // 23:30 UTC is already the next day in Amsterdam, whatever zone the browser runs in.
    expect(defaultShipmentRange(new Date('2026-03-05T23:30:00Z')).until).toBe('2026-03-06');
  });

  it('sends whole Amsterdam days and refuses reversed or empty ranges', () => {
    expect(shipmentRangeToIso('2026-02-26', '2026-03-05')).toEqual({
      start: '2026-02-25T23:00:00.000Z',
      end: '2026-03-05T22:59:59.999Z',
    });
    expect(shipmentRangeToIso('2026-03-05', '2026-02-26')).toBeNull();
    expect(shipmentRangeToIso('', '2026-02-26')).toBeNull();
  });

  it('searches from 3 characters', () => {
    expect(effectiveSearch(' 10 ')).toBeNull();
    expect(effectiveSearch(' 100 ')).toBe('100');
  });

  it('has a short word for every carrier status in both languages, for the list, beside the whole sentence', () => {
    for (const lang of ['nl', 'en'] as const) {
      const { statuses, statusesShort } = shipmentsI18n[lang];
      expect(Object.keys(statusesShort).sort()).toEqual([...TRACKING_STATUSES].sort());
      for (const s of TRACKING_STATUSES)
        expect(statusesShort[s].length).toBeLessThanOrEqual(statuses[s].length);
    }
  });
});
