/**
 * The phone field of spec 3 §5 (Custom form fields) and §9 (phone input defaults to nl, preferred nl, be, de): one
 * rule for every phone input of the apps, pure so the API and the apps agree.
 */

/** The message of a refused phone number (spec 3 §5). */
export const PHONE_MESSAGE = 'Please enter a valid phone number';

/** What the rule strips before checking: spaces, brackets and dashes (spec 3 §5). */
const STRIPPED = /[\s()-]/g;

/**
 * Whether `value` is a valid phone number (spec 3 §5): empty (or only spaces) is valid; otherwise, after stripping
 * spaces, brackets and dashes, an optional `+`, a first digit 1–9 and then 1 to 14 more digits (2 to 15 digits).
 */
export function isValidPhone(value: string): boolean {
  const v = value.replace(STRIPPED, '');
  return v === '' || /^\+?[1-9][0-9]{1,14}$/.test(v);
}

/** Calling codes of the countries the phone field offers, preferred ones first (spec 3 §9: nl, be, de). */
export const PHONE_COUNTRIES = [
  { code: 'nl', dial: '31' },
  { code: 'be', dial: '32' },
  { code: 'de', dial: '49' },
  { code: 'at', dial: '43' },
  { code: 'ch', dial: '41' },
  { code: 'dk', dial: '45' },
  { code: 'es', dial: '34' },
  { code: 'fi', dial: '358' },
  { code: 'fr', dial: '33' },
  { code: 'gb', dial: '44' },
  { code: 'ie', dial: '353' },
  { code: 'it', dial: '39' },
  { code: 'lu', dial: '352' },
  { code: 'no', dial: '47' },
  { code: 'pl', dial: '48' },
  { code: 'pt', dial: '351' },
  { code: 'se', dial: '46' },
  { code: 'us', dial: '1' },
] as const;

/** A country of the phone field (lower-case ISO 3166 code). */
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number]['code'];

/** The phone field's default country (spec 3 §9). */
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'nl';

/**
 * The phone field's country for an address's country code (ISO 3166, any case: `BE` → `be`); the default (nl) for
 * an empty code or a country the field does not offer.
 */
export function phoneCountryOf(countryCode: string | null | undefined): PhoneCountry {
  const code = (countryCode ?? '').trim().toLowerCase();
  return PHONE_COUNTRIES.find((c) => c.code === code)?.code ?? DEFAULT_PHONE_COUNTRY;
}

/**
 * The number to store for what a person typed in the phone field with `country` chosen: empty stays empty; a number
 * typed with `+` or `00` is already international (`00` becomes `+`); otherwise the national trunk `0` is dropped and
 * the country's calling code put in front (`06 1234 5678` in nl → `+31 6 1234 5678`). Spacing is kept as typed.
 */
export function internationalPhone(country: PhoneCountry, typed: string): string {
  const t = typed.trim();
  if (t === '') return '';
  if (t.startsWith('+')) return t;
  if (t.startsWith('00')) return `+${t.slice(2)}`;
  const dial = PHONE_COUNTRIES.find((c) => c.code === country)?.dial ?? '31';
  return `+${dial} ${t.replace(/^0+/, '')}`;
}

/**
 * Splits a stored number into the country whose calling code it starts with and the rest, for showing it in the
 * phone field (the longest matching code wins; `+1` only when nothing longer matches). A number without `+` is shown
 * as stored, with `fallback` as its country: the address's country where the number belongs to an address (a Belgian
 * order's `0470 12 34 56` is a Belgian number), else the default (nl).
 */
export function splitPhone(
  stored: string,
  fallback: PhoneCountry = DEFAULT_PHONE_COUNTRY,
): { country: PhoneCountry; national: string } {
  const v = stored.trim();
  if (!v.startsWith('+')) return { country: fallback, national: v };
  const digits = v.slice(1).replace(STRIPPED, '');
  const match = [...PHONE_COUNTRIES]
    .sort((a, b) => b.dial.length - a.dial.length)
    .find((c) => digits.startsWith(c.dial));
  if (!match) return { country: fallback, national: v };
  // Drop '+', then the calling code's digits (skipping spaces in between), then leading spaces.
  let i = 1;
  let seen = 0;
  while (i < v.length && seen < match.dial.length) {
    if (/[0-9]/.test(v.charAt(i))) seen++;
    i++;
  }
  return { country: match.code, national: `0${v.slice(i).trim()}` };
}
