import type { TFunction } from 'i18next';
import type { ScanBarTexts } from '../../components/scan-bar.tsx';
import { pickTexts } from './pick.i18n.ts';

const NL: Readonly<Record<string, string>> = pickTexts.nl;
const VARIABLE = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * One of the pick screen's texts (pick.i18n.ts, Dutch only: spec 2 §2 Pick screen, §9) by `key`, as i18next's `t`
 * of the `pick` namespace writes it with the floor's options (no escaping, `_one` / `_other` by `count` with Dutch
 * plurals: `one` for 1 and −1 only), `{{name}}` filled from `options` (a missing value leaves the placeholder, as
 * i18next does); the key itself when no text has it.
 */
function translate(key: string, options?: Readonly<Record<string, unknown>>): string {
  const count = options?.count;
  const text =
    (typeof count === 'number' ? NL[`${key}_${Math.abs(count) === 1 ? 'one' : 'other'}`] : undefined) ??
    NL[key];
  if (text === undefined) return key;
  if (!options) return text;
  return text.replace(VARIABLE, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/**
 * The pick screen's `t` (ADR 0091): the same texts as `useTranslation('pick', { lng: 'nl' })`, read straight from
 * pick.i18n.ts. i18next's `t` was ~40 % of the screen's first render at 4× CPU (each key resolved through its
 * namespaces, fallbacks and plural rules), a long task in Lighthouse's blocking time; the screen is Dutch only, so it
 * needs none of that. One function for the app's life (the screen's memoised parts never re-render for a new `t`).
 * `pick-texts.test.ts` holds it to i18next's output for every key.
 */
export const pickT = translate as unknown as TFunction<'pick', undefined>;

/** The pick screen's scan row texts (the first card's frame and the screen alike, so the takeover moves nothing). */
export const PICK_SCAN_TEXTS: ScanBarTexts = {
  scanLabel: pickT('scanLabel'),
  scanPlaceholder: pickT('scanPlaceholder'),
  keyboard: pickT('keyboard'),
  camera: pickT('camera'),
};
