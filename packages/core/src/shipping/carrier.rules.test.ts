import { describe, expect, it } from 'vitest';
import { carrierAllowsCountry, isStampCode, shipVariant, stampAmount } from './carrier.rules.ts';

describe('carrier rules (spec 1 §4)', () => {
  it('reads the stamp amount from the code', () => {
    expect(stampAmount('SMF-STAMP1-NL')).toBe(1);
    expect(stampAmount('SMF-STAMP2-NL')).toBe(2);
    expect(stampAmount('smf-stamp2-intl')).toBe(2);
    expect(stampAmount('SMF-STAMP-NL')).toBe(1);
    expect(stampAmount('SMF-BRIEF-NL')).toBeNull();
    expect(isStampCode('SMF-POSTNL-NL')).toBe(false);
  });

  it('gives each method its ship button', () => {
    expect(shipVariant({ code: 'OWN-SHIPMENT', carrier: 'own' })).toBe('own');
    expect(shipVariant({ code: 'SMF-STAMP1-NL', carrier: 'stamp' })).toBe('stamp');
    expect(shipVariant({ code: 'SMF-POSTNL-NL', carrier: 'postnl' })).toBe('postnl');
    expect(shipVariant({ code: 'LOCAL-NL', carrier: 'local' })).toBe('standard');
  });

  it('keeps PostNL 6440, 6942 and 6945 to the Netherlands', () => {
    for (const product of ['6440', '6942', '6945']) {
      const m = { code: 'X', carrier: 'postnl', product_code: product };
      expect(carrierAllowsCountry(m, 'NL')).toBe(true);
      expect(carrierAllowsCountry(m, 'be')).toBe(false);
      expect(carrierAllowsCountry(m, 'DE')).toBe(false);
    }
    expect(carrierAllowsCountry({ code: 'X', carrier: 'postnl', product_code: '4945' }, 'DE')).toBe(true);
    expect(carrierAllowsCountry({ code: 'X', carrier: 'postnl', product_code: '6440' }, '')).toBe(true);
  });
});
