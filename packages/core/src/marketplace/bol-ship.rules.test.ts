import { describe, expect, it } from 'vitest';
import {
  bolTransporterFor,
  carrierOfBolTransporter,
  confirmationBackoffMs,
  isBolPlatform,
  visibleLabelOptions,
} from './bol-ship.rules.ts';

const option = (id: string, totalPrice: number) => ({ id, labelPrice: { totalPrice } });

describe('visibleLabelOptions (spec 1 §4: marketplace label options only when the price is not 6)', () => {
  it('hides the options priced 6 and keeps the rest in bol’s order', () => {
    const all = [option('a', 2.88), option('b', 6), option('c', 6.65), option('d', 6.0), option('e', 5.999)];
    expect(visibleLabelOptions(all).map((o) => o.id)).toEqual(['a', 'c']);
  });
  it('keeps everything when no option costs 6 and answers an empty list for none', () => {
    expect(visibleLabelOptions([option('a', 3.9), option('b', 6.01)]).map((o) => o.id)).toEqual(['a', 'b']);
    expect(visibleLabelOptions([])).toEqual([]);
  });
});

describe('bol transporters', () => {
  it('names bol’s transporter for our carriers and OTHER for the local carrier', () => {
    expect(bolTransporterFor('postnl')).toBe('TNT');
    expect(bolTransporterFor('DHL')).toBe('DHLFORYOU');
    expect(bolTransporterFor('local')).toBe('OTHER');
  });
  it('maps bol transporters back to a carrier with a tracking page', () => {
    expect(carrierOfBolTransporter('TNT_BRIEF')).toBe('postnl');
    expect(carrierOfBolTransporter('DHLFORYOU')).toBe('dhl');
    expect(carrierOfBolTransporter('DPD-NL')).toBe('dpd');
    expect(carrierOfBolTransporter('BRIEFPOST')).toBeNull();
  });
  it('knows bol platforms', () => {
    expect(isBolPlatform('bol_be')).toBe(true);
    expect(isBolPlatform('portal')).toBe(false);
  });
  it('backs off a minute doubled per attempt, at most six hours', () => {
    expect(confirmationBackoffMs(1)).toBe(60_000);
    expect(confirmationBackoffMs(3)).toBe(240_000);
    expect(confirmationBackoffMs(30)).toBe(6 * 3_600_000);
  });
});
