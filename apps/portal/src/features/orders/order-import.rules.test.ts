import { type OrderImportIssue, orderImportIssue, orderImportProblem } from '@hoppa/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../components/spreadsheet-import/read-spreadsheet.ts';
import { applyColumnMapping, sheetLineOf } from '../../components/spreadsheet-import/spreadsheet.rules.ts';
import { createI18n, loadAllAreaTexts } from '../../i18n/i18n.ts';
import { importReasonText } from '../../lib/order-import-reason.ts';
import {
  afterOrderImport,
  countImportOrders,
  guessOrderMapping,
  ORDER_IMPORT_UI_REQUIRED,
  orderImportRows,
  skippedOrderIds,
} from './order-import.rules.ts';

/** The first columns of a real Shopify orders export (it has ~80); billing columns must stay unmapped. */
const SHOPIFY_HEADER = [
  'Name',
  'Email',
  'Financial Status',
  'Paid at',
  'Fulfillment Status',
  'Currency',
  'Subtotal',
  'Lineitem quantity',
  'Lineitem name',
  'Lineitem price',
  'Lineitem sku',
  'Billing Name',
  'Billing Street',
  'Billing Address1',
  'Billing City',
  'Billing Zip',
  'Billing Country',
  'Shipping Name',
  'Shipping Street',
  'Shipping Address1',
  'Shipping Address2',
  'Shipping Company',
  'Shipping City',
  'Shipping Zip',
  'Shipping Province',
  'Shipping Country',
  'Shipping Phone',
  'Notes',
  'Vendor',
  'Id',
  'Tags',
];

describe('order import mapping (spec 1 §2 Import, §5)', () => {
  it('guesses the Shopify delivery columns and leaves billing and other columns unmapped', () => {
    const m = guessOrderMapping(SHOPIFY_HEADER);
    expect(m.order_id).toBe('Name');
    expect(m.product_ean).toBe('Lineitem sku');
    expect(m.quantity).toBe('Lineitem quantity');
    expect(m.email).toBe('Email');
    expect(m.zipcode).toBe('Shipping Zip');
    expect(m.city).toBe('Shipping City');
    expect(m.countryCode).toBe('Shipping Country');
    expect(m.company).toBe('Shipping Company');
    const used = Object.values(m).filter(Boolean) as string[];
    for (const c of used) expect(c.startsWith('Billing')).toBe(false);
  });

  it('maps our own field names one to one', () => {
    const fields = [
      'order_id',
      'product_ean',
      'quantity',
      'streetName',
      'houseNumber',
      'zipcode',
      'city',
      'countryCode',
    ];
    const m = guessOrderMapping(fields);
    for (const f of fields) expect(m[f as keyof typeof m]).toBe(f);
  });

  it('does not insist on a house number column (the street may carry it)', () => {
    expect(ORDER_IMPORT_UI_REQUIRED).toEqual([
      'order_id',
      'product_ean',
      'quantity',
      'streetName',
      'zipcode',
      'city',
    ]);
  });

  it('turns a multi-line order file into one import row per line, ignoring unmapped columns', () => {
    const sheet = readCsv(
      [
        'Name,Email,Lineitem quantity,Lineitem sku,Shipping Name,Shipping Address1,Shipping City,Shipping Zip,Shipping Country,Vendor',
        '#1001,jan@example.nl,2,8700001234016,Jan Jansen,Kerkstraat 12a,Utrecht,3511 AB,NL,Bakkerij Bol',
        '#1001,jan@example.nl,1,8700020241422,,,,,,Bakkerij Bol',
        '',
        '#1002,piet@example.nl,1,8700001234016,Piet Pieters,Dorpsweg 3,Gent,9000,BE,Bakkerij Bol',
      ].join('\n'),
    );
    const mapped = applyColumnMapping(sheet.rows, guessOrderMapping(sheet.columns));
    const body = orderImportRows(mapped);
    expect(body).toHaveLength(3);
    expect(body[0]).toEqual({
      order_id: '#1001',
      email: 'jan@example.nl',
      quantity: '2',
      product_ean: '8700001234016',
      firstName: 'Jan Jansen',
      streetName: 'Kerkstraat 12a',
      city: 'Utrecht',
      zipcode: '3511 AB',
      countryCode: 'NL',
    });
    expect(body[1]).toMatchObject({
      order_id: '#1001',
      product_ean: '8700020241422',
      quantity: '1',
      city: null,
    });
    expect(body.some((r) => 'Vendor' in r)).toBe(false);
    expect(countImportOrders(mapped)).toBe(2);
    // The API's row 3 is the third row sent, which is line 5 of the sheet (a blank line was skipped).
    expect(sheetLineOf(mapped, 3)).toBe(5);
  });
});

describe('importReasonText: the reason in the UI language, naming the row the Row column shows (ADR 0118)', () => {
  beforeAll(() => loadAllAreaTexts());
  const tOf = (lang: 'en' | 'nl') => createI18n(lang).getFixedT(lang, 'orders');

  it("puts the sheet line of the faulty row into 'Order rejected because of row N'", () => {
    const csv = ['order_id,product_ean,quantity', '#2001,8700001234016,1', '#2001,0000000000000,1'].join(
      '\n',
    );
    const sheet = readCsv(csv);
    const mapped = applyColumnMapping(sheet.rows, guessOrderMapping(sheet.columns));
    const lineOf = (apiRow: number) => sheetLineOf(mapped, apiRow);
    // The API rejects its row 2 (the bad EAN, sheet line 3) and names that row on its sibling, row 1 (line 2).
    const sibling = orderImportIssue(
      1,
      '#2001',
      orderImportProblem('unknown_ean', { ean: '0000000000000' }),
      2,
    );
    expect(lineOf(1)).toBe(2);
    expect(importReasonText(tOf('en'), sibling, lineOf)).toBe(
      'Order rejected because of row 3: Unknown EAN for this shop: 0000000000000',
    );
    expect(importReasonText(tOf('nl'), sibling, lineOf)).toBe(
      'Order geweigerd vanwege regel 3: Onbekende EAN voor deze webwinkel: 0000000000000',
    );
  });

  it('shows a Dutch UI the Dutch reason, fields by their Dutch labels, and keeps "quantity" in English', () => {
    const issue = (code: Parameters<typeof orderImportProblem>[0], values = {}) =>
      orderImportIssue(1, 'A', orderImportProblem(code, values));
    const nl = tOf('nl');
    const en = tOf('en');
    const same = (n: number) => n;
    expect(importReasonText(nl, issue('missing_address', { field: 'city' }), same)).toBe(
      'Plaats ontbreekt (nodig voor het adres)',
    );
    expect(importReasonText(nl, issue('missing_address', { field: 'name' }), same)).toBe(
      'Voornaam of achternaam ontbreekt (nodig voor het adres)',
    );
    expect(importReasonText(nl, issue('bad_postcode', { country: 'NL', value: '123 AB' }), same)).toBe(
      "Ongeldige Nederlandse postcode: '123 AB' (vier cijfers en twee letters, bijv. 1234 AB)",
    );
    expect(importReasonText(nl, issue('bad_postcode', { country: 'BE', value: '12' }), same)).toBe(
      "Ongeldige postcode voor BE: '12'",
    );
    expect(importReasonText(nl, issue('text_too_long', { field: 'city', limit: 200 }), same)).toBe(
      'Plaats is te lang (hoogstens 200 tekens)',
    );
    expect(importReasonText(nl, issue('duplicate'), same)).toBe('Dit ordernummer is al eerder geïmporteerd');
    expect(importReasonText(en, issue('bad_quantity', { value: '0' }), same)).toContain('quantity');
    // A code of a newer API falls back to its English reason.
    const newer = { ...issue('duplicate'), code: 'later_code', reason: 'a later reason' };
    expect(importReasonText(nl, newer as unknown as OrderImportIssue, same)).toBe('a later reason');
  });
});

describe('orders skipped as imported before (spec 1 §7: re-uploading creates no duplicates)', () => {
  const skipped = (row: number, id: string) => orderImportIssue(row, id, orderImportProblem('duplicate'));

  it('names each skipped order once, in file order, up to a limit', () => {
    const rows = [skipped(1, 'A'), skipped(2, 'A'), skipped(3, 'B'), skipped(4, 'C')];
    expect(skippedOrderIds({ skipped_rows: rows })).toEqual({ ids: ['A', 'B', 'C'], more: 0 });
    expect(skippedOrderIds({ skipped_rows: rows }, 2)).toEqual({ ids: ['A', 'B'], more: 1 });
  });

  it('leaves for the open orders only when nothing was skipped, rejected or warned about', () => {
    const clean = { errors: [], warnings: [], skipped: 0 };
    expect(afterOrderImport(clean)).toBe('leave');
    expect(afterOrderImport({ ...clean, skipped: 2 })).toBe('results');
    expect(afterOrderImport({ ...clean, errors: [skipped(1, 'A')] })).toBe('results');
    expect(afterOrderImport({ ...clean, warnings: [skipped(1, 'A')] })).toBe('results');
  });
});
