import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkinTexts } from '../features/checkin/checkin.i18n.ts';
import { directCheckinTexts } from '../features/direct-checkin/direct-checkin.i18n.ts';
import { groupingTexts } from '../features/grouping/grouping.i18n.ts';
import { locationsTexts } from '../features/locations/locations.i18n.ts';
import { pickTexts } from '../features/pick/pick.i18n.ts';
import { returnsTexts } from '../features/returns/returns.i18n.ts';

/**
 * About how wide `text` is in the scan field's 20 px font, in widths of an average lower-case letter: capitals and
 * m/w wider, i, l, t, f, spaces and punctuation narrower. Measured against the QA run on a 390 px phone: 'Scan een
 * product (EAN)' (20.6) was cut off, 'Product of locatie' (15.5) filled three quarters of the field.
 */
function width(text: string): number {
  let w = 0;
  for (const ch of text) {
    if (/[A-Z]/.test(ch)) w += 1.25;
    else if (/[mw]/.test(ch)) w += 1.4;
    else if (/[iljtf.,:;'()|\s-]/.test(ch)) w += 0.6;
    else w += 1;
  }
  return w;
}

/** What the scan field of a 390 px phone holds without cutting the placeholder off (the field is 214 px inside). */
const FITS = 19.5;

/**
 * The scan field's inside width in px on a phone `vw` px wide: the row's padding (2 × 10) and gap (2 × 8), two 56 px
 * icon buttons, the field's border (2 × 2) and padding (2 × 12) taken off (floor.css). 214 on a 390 px phone.
 */
const insideWidth = (vw: number) => vw - 20 - 16 - 2 * 56 - 4 - 24;

/** Every placeholder of every floor scan field, in both languages. */
function allPlaceholders(): string[] {
  const placeholders: string[] = [pickTexts.nl.scanPlaceholder];
  for (const lang of ['nl', 'en'] as const) {
    const g = groupingTexts[lang];
    const l = locationsTexts[lang];
    placeholders.push(
      g.scanSourceShort,
      g.scanDestinationShort,
      g.scanNewDestinationShort,
      checkinTexts[lang].scanInboundShort,
      checkinTexts[lang].scanLocationShort,
      returnsTexts[lang].searchShort,
      directCheckinTexts[lang].scanShort,
      l.placeholderProduct,
      l.placeholderLocation,
      l.placeholderTransfer,
    );
  }
  return placeholders;
}

describe('scan field placeholders fit a 390 px phone', () => {
  it('every placeholder of every floor scan field, in both languages', () => {
    const cut = allPlaceholders().filter((p) => width(p) > FITS);
    expect(cut).toEqual([]);
    // the calibration: what the tester saw cut off is cut off by this measure too
    expect(width('Scan een product (EAN)')).toBeGreaterThan(FITS);
    expect(width('SCAN NEW DESTINATION')).toBeGreaterThan(FITS);
    expect(width('Scan QR code or product')).toBeGreaterThan(FITS);
  });
});

describe('and a 360 px phone', () => {
  it('through the smaller placeholder font floor.css gives a field below 375 px', () => {
    const css = readFileSync(new URL('./floor.css', import.meta.url), 'utf8');
    const rule = /@media \(max-width: 374px\) \{\s*\.scan-input::placeholder \{\s*font-size: (\d+)px;/.exec(
      css,
    );
    expect(rule).not.toBeNull();
    const px = Number(rule?.[1]);
    // The field's room at 360 px in units of the 20 px font, for text `px` high.
    const fits = ((FITS * insideWidth(360)) / insideWidth(390)) * (20 / px);
    expect(allPlaceholders().filter((p) => width(p) > fits)).toEqual([]);
    // without the rule, the longest would be cut there
    expect(
      allPlaceholders().filter((p) => width(p) > (FITS * insideWidth(360)) / insideWidth(390)).length,
    ).toBeGreaterThan(0);
  });
});

describe("the check-in's typed amount and location fields on a 360 px phone", () => {
  /**
   * Their room inside at 360 px in units of the 20 px font (the TextInputs are size lg: 20 px text, 50 px high, a
   * third of that as padding each side, 1 px borders): the amount field at its 120 px minimum beside the − amount +
   * stepper (checkin.screen.tsx), the location field beside the Plaatsen button (180 px, measured in the QA run).
   */
  const room = (outer: number) => ((outer - 2 - (2 * 50) / 3) * FITS) / insideWidth(390);
  it('show their whole placeholder, in both languages (the QA run saw "Ander aa" and "Locatie (naam")', () => {
    for (const lang of ['nl', 'en'] as const) {
      expect(width(checkinTexts[lang].manualAmountShort)).toBeLessThanOrEqual(room(120));
      expect(width(checkinTexts[lang].manualLocationShort)).toBeLessThanOrEqual(room(180));
    }
    // the calibration: what the tester saw cut off is cut off by this measure too
    expect(width('Ander aantal')).toBeGreaterThan(room(120));
    expect(width('Locatie (naam of id)')).toBeGreaterThan(room(180));
  });
});
