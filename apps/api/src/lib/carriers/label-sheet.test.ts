import { describe, expect, it } from 'vitest';
import { buildShippingLabelPdf } from '../pdf/label.pdf.ts';
import { readPdf, readPdfTitle, TEST_SENDER } from '../pdf/pdf.test-helpers.ts';
import { placeLabels } from './label-sheet.ts';

describe('placeLabels', () => {
  it("titles the sheet in the requester's language (Dutch by default) and keeps every label page", async () => {
    const label = await buildShippingLabelPdf({
      trackingNumber: 'HP12345678903NL',
      carrierName: 'HOPPA',
      methodCode: 'SMF-POSTNL-NL',
      methodName: 'PostNL pakket NL',
      sender: TEST_SENDER,
      recipient: { ...TEST_SENDER, name: 'Jan de Vries', company: '' },
      shopOrderId: 'WEB-4711',
      merchantName: 'Stroopwafel & Co',
      labelQuantity: 2,
      shipDate: new Date('2026-03-02T10:00:00Z'),
      weightKg: null,
    });
    const dutch = await placeLabels([label], 1);
    expect(await readPdfTitle(dutch)).toBe('Verzendlabels');
    expect((await readPdf(dutch)).pages).toBe(1);
    expect(await readPdfTitle(await placeLabels([label], null, 'en'))).toBe('Shipping labels');
  });
});
