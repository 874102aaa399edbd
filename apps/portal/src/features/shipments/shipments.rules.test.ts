import { describe, expect, it } from 'vitest';
import { defaultShipmentRange, effectiveSearch, shipmentRangeToIso } from './shipments.rules.ts';

describe('shipments list rules (spec 1 §2 Shipments, §5, §9)', () => {
  it('defaults to the last week', () => {
    expect(defaultShipmentRange(new Date(2026, 2, 5, 15, 0))).toEqual({
      from: '2026-02-26',
      until: '2026-03-05',
    });
  });

  it('sends whole days and refuses reversed or empty ranges', () => {
    expect(shipmentRangeToIso('2026-02-26', '2026-03-05')).toEqual({
      start: new Date(2026, 1, 26, 0, 0, 0, 0).toISOString(),
      end: new Date(2026, 2, 5, 23, 59, 59, 999).toISOString(),
    });
    expect(shipmentRangeToIso('2026-03-05', '2026-02-26')).toBeNull();
    expect(shipmentRangeToIso('', '2026-02-26')).toBeNull();
  });

  it('searches from 3 characters', () => {
    expect(effectiveSearch(' 10 ')).toBeNull();
    expect(effectiveSearch(' 100 ')).toBe('100');
  });
});
