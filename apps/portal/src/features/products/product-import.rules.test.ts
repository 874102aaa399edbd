import {
  AUTOMATION_IMPORT_REASON_CODES,
  automationImportProblem,
  BUNDLE_IMPORT_REASON_CODES,
  bundleImportProblem,
  PRODUCT_IMPORT_REASON_CODES,
  productImportProblem,
} from '@hoppa/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../components/spreadsheet-import/read-spreadsheet.ts';
import { applyColumnMapping } from '../../components/spreadsheet-import/spreadsheet.rules.ts';
import { createI18n, loadAllAreaTexts } from '../../i18n/i18n.ts';
import { bulkImportI18n } from './product-import.i18n.ts';
import { bulkReasonText, guessProductMapping, productImportRows } from './product-import.rules.ts';

describe("bulkReasonText: the product, bundle and automation imports' reasons in the UI language (ADR 0119 §3)", () => {
  beforeAll(() => loadAllAreaTexts());
  const textsOf = (lang: 'en' | 'nl') => {
    const i18n = createI18n(lang);
    i18n.addResourceBundle(lang, 'bulkImport', bulkImportI18n[lang]);
    return { t: i18n.getFixedT(lang, 'products'), tb: i18n.getFixedT(lang, 'bulkImport') };
  };
  const same = (n: number) => n + 1;

  it('shows a Dutch UI the Dutch reason of each code, product fields by their Dutch labels', () => {
    const { t, tb } = textsOf('nl');
    const text = (issue: Parameters<typeof bulkReasonText>[2]) => bulkReasonText(t, tb, issue, same);
    expect(text(productImportProblem('missing_name', { field: 'Product_name' }))).toBe(
      'Productnaam ontbreekt',
    );
    expect(text(productImportProblem('ean_check_digit', { field: 'barcode_sku_ean' }))).toBe(
      'EAN (barcode): het controlecijfer klopt niet',
    );
    expect(text(productImportProblem('too_large', { field: 'weight_kg', limit: 10_000, unit: 'kg' }))).toBe(
      'Gewicht (kg) mag hoogstens 10000 kg zijn',
    );
    expect(text({ ...productImportProblem('duplicate_ean'), first_row: 1 })).toBe(
      'Deze EAN staat twee keer in het bestand (eerst op regel 2)',
    );
    expect(text(automationImportProblem('missing', { field: 'automation_operator' }))).toBe(
      'automation_operator ontbreekt',
    );
    expect(text(automationImportProblem('unknown_shipment_method', { value: 'NO-SUCH' }))).toBe(
      'Onbekende verzendmethode: NO-SUCH',
    );
    // The bundle import's codes: a part by its number, a repeated bundle with its first line.
    expect(
      text(bundleImportProblem('unknown_product', { field: 'bundle_item_ean', ean: '4000000000006' })),
    ).toBe('bundle_item_ean: je winkel heeft geen product met EAN 4000000000006');
    expect(
      text(
        bundleImportProblem('out_of_range', {
          field: 'bundle_item_qty',
          item: 2,
          value: '0',
          min: 1,
          limit: 10_000,
        }),
      ),
    ).toBe('Onderdeel 2: bundle_item_qty moet 1 tot 10000 zijn');
    expect(
      text(bundleImportProblem('ean_check_digit', { field: 'bundle_item_ean', item: 1, ean: '123' })),
    ).toBe('Onderdeel 1: bundle_item_ean: het controlecijfer klopt niet');
    expect(text({ ...bundleImportProblem('duplicate_bundle'), first_row: 3 })).toBe(
      'Deze bundel staat twee keer in het bestand (eerst op regel 4)',
    );
    expect(text(bundleImportProblem('no_parts'))).toBe('Deze bundel heeft geen onderdelen');
    expect(text(bundleImportProblem('parent_is_part'))).toBe(
      'Dit product is een onderdeel van een andere bundel',
    );
    // A report without codes (an older API) or a newer API's code shows the English reason.
    expect(text({ reason: 'bundle has no items' })).toBe('bundle has no items');
    expect(text({ code: 'later_code', values: {}, reason: 'a later reason' })).toBe('a later reason');
  });

  it('words every code of the three imports in English and Dutch', () => {
    const codes: string[] = [
      ...PRODUCT_IMPORT_REASON_CODES,
      ...BUNDLE_IMPORT_REASON_CODES,
      ...AUTOMATION_IMPORT_REASON_CODES,
    ];
    for (const lang of ['en', 'nl'] as const)
      for (const code of codes) expect(bulkImportI18n[lang].reasons, code).toHaveProperty(code);
    const { t, tb } = textsOf('en');
    expect(
      bulkReasonText(t, tb, automationImportProblem('missing', { field: 'automation_operator' }), same),
    ).toBe('automation_operator is missing');
  });
});

describe('product import mapping (spec 3 §2 Bulk import, §4 Import wizard)', () => {
  it('maps the sample file (ean,name,image_url) onto EAN, product name and image URL', () => {
    const sheet = readCsv(
      'ean,name,image_url\n8700001234016,Strong pasta,https://static.openfoodfacts.org/a.jpg\n8700020241422,Saucisse,\n',
    );
    const mapping = guessProductMapping(sheet.columns);
    expect(mapping.barcode_sku_ean).toBe('ean');
    expect(mapping.Product_name).toBe('name');
    expect(mapping.img_url).toBe('image_url');
    expect(productImportRows(applyColumnMapping(sheet.rows, mapping))).toEqual([
      {
        Product_name: 'Strong pasta',
        barcode_sku_ean: '8700001234016',
        img_url: 'https://static.openfoodfacts.org/a.jpg',
      },
      { Product_name: 'Saucisse', barcode_sku_ean: '8700020241422', img_url: null },
    ]);
  });

  it("maps Shopify's product export: Image Src is the image URL, Variant Barcode the EAN", () => {
    const mapping = guessProductMapping([
      'Handle',
      'Title',
      'Variant SKU',
      'Variant Grams',
      'Variant Barcode',
      'Image Src',
      'Image Position',
      'Image Alt Text',
    ]);
    expect(mapping).toMatchObject({
      Product_name: 'Title',
      barcode_sku_ean: 'Variant Barcode',
      img_url: 'Image Src',
    });
  });

  it('maps our own template headers one to one', () => {
    const columns = [
      'Product_name',
      'barcode_sku_ean',
      'parent_ean',
      'fullfilled_bysf',
      'length',
      'height',
      'width',
      'weight_kg',
    ];
    const mapping = guessProductMapping(columns);
    for (const c of columns) expect(mapping[c as keyof typeof mapping]).toBe(c);
  });

  it('maps Dutch headers and sends sizes and weight as they are in the file', () => {
    const sheet = readCsv('Productnaam;EAN code;Gewicht (kg);Lengte cm\nDrop;8712345678906;0,25;12\n');
    const mapping = guessProductMapping(sheet.columns);
    expect(mapping).toMatchObject({
      Product_name: 'Productnaam',
      barcode_sku_ean: 'EAN code',
      weight_kg: 'Gewicht (kg)',
      length: 'Lengte cm',
    });
    expect(productImportRows(applyColumnMapping(sheet.rows, mapping))).toEqual([
      { Product_name: 'Drop', barcode_sku_ean: '8712345678906', weight_kg: '0,25', length: '12' },
    ]);
  });
});
