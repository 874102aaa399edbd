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

describe('scan field placeholders fit a 390 px phone', () => {
  it('every placeholder of every floor scan field, in both languages', () => {
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
    const cut = placeholders.filter((p) => width(p) > FITS);
    expect(cut).toEqual([]);
    // the calibration: what the tester saw cut off is cut off by this measure too
    expect(width('Scan een product (EAN)')).toBeGreaterThan(FITS);
    expect(width('SCAN NEW DESTINATION')).toBeGreaterThan(FITS);
    expect(width('Scan QR code or product')).toBeGreaterThan(FITS);
  });
});
