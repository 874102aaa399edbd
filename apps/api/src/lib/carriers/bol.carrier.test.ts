import { describe, expect, it } from 'vitest';
import { bolCarrier, transporterOfMethodCode } from './bol.carrier.ts';
import { carrierByCode } from './index.ts';

const recipient = { countryCode: 'NL', zipCode: '1234 AB' };

describe('the bol carrier (ADR 0045)', () => {
  it('links to the page of the transporter bol hands the parcel to', () => {
    expect(bolCarrier.trackingUrl('3SBOL0000000001', recipient, 'BOL-TNT')).toBe(
      'https://jouw.postnl.nl/track-and-trace/3SBOL0000000001-NL-1234AB',
    );
    expect(bolCarrier.trackingUrl('JVGL0001', recipient, 'BOL-DHLFORYOU')).toContain('tc=JVGL0001');
    expect(bolCarrier.trackingUrl('X1', recipient, 'BOL-BRIEFPOST')).toBeNull();
  });
  it('reads the transporter from the method code and is found by its code', () => {
    expect(transporterOfMethodCode('BOL-DPD-NL')).toBe('DPD-NL');
    expect(transporterOfMethodCode('LOCAL-NL')).toBeNull();
    expect(carrierByCode('bol')).toBe(bolCarrier);
  });
  it('makes no labels itself: bol sells them', async () => {
    await expect(bolCarrier.createLabel({} as never, {} as never)).rejects.toThrow(
      /POST \/orders\/ship\/bol/,
    );
  });
});
