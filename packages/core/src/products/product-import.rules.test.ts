import { describe, expect, it } from 'vitest';
import { guessColumnMapping } from '../import/column-mapping.rules.ts';
import { PRODUCT_IMPORT_FIELDS } from './product-import.fields.ts';
import {
  cellBoolean,
  cellHttpUrl,
  cellNumber,
  PRODUCT_IMPORT_ALIASES,
  PRODUCT_NUMBER_LIMITS,
  parseProductImportRow,
} from './product-import.rules.ts';

describe('cellNumber and cellBoolean', () => {
  it('reads Dutch and English decimals, empty as null, bad as NaN', () => {
    expect(cellNumber('1,5')).toBe(1.5);
    expect(cellNumber('1.234,5')).toBe(1234.5);
    expect(cellNumber('1,234.5')).toBe(1234.5);
    expect(cellNumber(2)).toBe(2);
    expect(cellNumber('')).toBeNull();
    expect(cellNumber('abc')).toBeNaN();
    expect(cellNumber(-1)).toBeNaN();
  });
  it('reads yes/no in Dutch and English', () => {
    expect(cellBoolean('ja')).toBe(true);
    expect(cellBoolean('FALSE')).toBe(false);
    expect(cellBoolean(0)).toBe(false);
    expect(cellBoolean('')).toBeNull();
    expect(cellBoolean('misschien')).toBeUndefined();
  });
});

describe('parseProductImportRow (spec 3 §3 Import row for products, §5)', () => {
  it('refuses numbers beyond the bounds and text with control characters, naming the field (issue 7)', () => {
    const base = { Product_name: 'Doos', barcode_sku_ean: '8700001234016' };
    expect(parseProductImportRow({ ...base, weight_kg: '10000' }).ok).toBe(true);
    expect(parseProductImportRow({ ...base, weight_kg: '10000000' })).toEqual({
      ok: false,
      ean: '8700001234016',
      code: 'too_large',
      values: { field: 'weight_kg', limit: 10_000, unit: 'kg' },
      reason: `weight_kg must be at most 10,000 kg`,
    });
    expect(parseProductImportRow({ ...base, length: '10000,5' })).toMatchObject({
      ok: false,
      reason: 'length must be at most 10,000 cm',
    });
    expect(parseProductImportRow({ ...base, value: '1000001' })).toMatchObject({
      ok: false,
      reason: 'value must be at most 1,000,000 EUR',
    });
    expect(parseProductImportRow({ ...base, Product_name: 'Do\u0000os' })).toMatchObject({
      ok: false,
      code: 'text_invalid',
      values: { field: 'Product_name' },
      reason: 'Product_name contains control or invalid characters',
    });
    expect(parseProductImportRow({ ...base, note: 'x'.repeat(2001) })).toMatchObject({
      code: 'text_too_long',
      values: { field: 'note', limit: 2000 },
      reason: 'note is too long (at most 2000 characters)',
    });
    // A C1 control (a real sample's double-decoded 'limão') is left out of the name instead of refusing the row.
    expect(parseProductImportRow({ ...base, Product_name: 'Ice tea lim\u00c3\u0083o' })).toMatchObject({
      ok: true,
      value: { name: 'Ice tea lim\u00c3o' },
    });
    // A refused EAN cell (a megabyte) is not echoed back.
    expect(parseProductImportRow({ ...base, barcode_sku_ean: '8'.repeat(1_000_000) })).toMatchObject({
      ok: false,
      ean: '',
    });
    expect(PRODUCT_NUMBER_LIMITS.weight_kg.max).toBeLessThan(10_000_000);
  });

  it('returns the values to store', () => {
    expect(
      parseProductImportRow({
        Product_name: ' Stroopwafels ',
        barcode_sku_ean: 8700001234016,
        parent_ean: '',
        fullfilled_bysf: 'nee',
        length: '20',
        height: '3,5',
        width: '10',
        weight_kg: '0,25',
        hs: '1905',
        value: '4,99',
        img_url: ' https://static.openfoodfacts.org/images/products/870/000/123/4016/front_fr.4.400.jpg ',
      }),
    ).toEqual({
      ok: true,
      value: {
        name: 'Stroopwafels',
        ean: '8700001234016',
        parentEan: null,
        fulfilledBySf: false,
        lengthCm: 20,
        heightCm: 3.5,
        widthCm: 10,
        weightKg: 0.25,
        note: null,
        hs: '1905',
        customsValue: 4.99,
        imgUrl: 'https://static.openfoodfacts.org/images/products/870/000/123/4016/front_fr.4.400.jpg',
      },
    });
    const bare = parseProductImportRow({ Product_name: 'x', barcode_sku_ean: '8700001234016', img_url: '' });
    expect(bare.ok && bare.value.imgUrl).toBeNull();
  });
  it('rejects a row with a reason', () => {
    expect(parseProductImportRow({ Product_name: '', barcode_sku_ean: '8700001234016' })).toEqual({
      ok: false,
      ean: '8700001234016',
      code: 'missing_name',
      values: { field: 'Product_name' },
      reason: 'Product name is missing',
    });
    expect(parseProductImportRow({ Product_name: 'x', barcode_sku_ean: '8700001234017' })).toMatchObject({
      ok: false,
      reason: 'EAN check digit is wrong',
    });
    expect(
      parseProductImportRow({ Product_name: 'x', barcode_sku_ean: '8700001234016', parent_ean: '12' }),
    ).toMatchObject({
      ok: false,
      code: 'ean_length',
      values: { field: 'parent_ean', ean: '12' },
      reason: 'Parent EAN must have 8 to 14 digits',
    });
    expect(
      parseProductImportRow({ Product_name: 'x', barcode_sku_ean: '8700001234016', weight_kg: 'zwaar' }),
    ).toMatchObject({
      ok: false,
      reason: 'weight_kg must be a number of 0 or more',
    });
    expect(
      parseProductImportRow({ Product_name: 'x', barcode_sku_ean: '8700001234016', fullfilled_bysf: '?' }).ok,
    ).toBe(false);
    expect(
      parseProductImportRow({ Product_name: 'x', barcode_sku_ean: '8700001234016', img_url: 'foto.jpg' }),
    ).toEqual({
      ok: false,
      ean: '8700001234016',
      code: 'bad_url',
      values: { field: 'img_url', limit: 2048 },
      reason: 'img_url must be a web address starting with http:// or https:// (at most 2048 characters)',
    });
  });
});

describe('img_url: the product photo (spec 3 §3 Product img_url)', () => {
  it('keeps absolute http(s) URLs and refuses everything else', () => {
    expect(cellHttpUrl('http://example.nl/a.png')).toBe('http://example.nl/a.png');
    expect(cellHttpUrl(' https://cdn.shopify.com/s/files/1/a.jpg?v=1 ')).toBe(
      'https://cdn.shopify.com/s/files/1/a.jpg?v=1',
    );
    expect(cellHttpUrl('')).toBe('');
    expect(cellHttpUrl(null)).toBe('');
    expect(cellHttpUrl('ftp://example.nl/a.png')).toBeNull();
    expect(cellHttpUrl('javascript:alert(1)')).toBeNull();
    expect(cellHttpUrl('/images/a.png')).toBeNull();
    expect(cellHttpUrl('https://example.nl/a b.png')).toBeNull();
    expect(cellHttpUrl(`https://example.nl/${'a'.repeat(2048)}`)).toBeNull();
  });

  it('is guessed from the image columns of shop exports and the sample file', () => {
    const guess = (columns: string[]) =>
      guessColumnMapping(PRODUCT_IMPORT_FIELDS, columns, PRODUCT_IMPORT_ALIASES).img_url;
    expect(guess(['ean', 'name', 'image_url'])).toBe('image_url');
    expect(
      guess(['Handle', 'Title', 'Variant Barcode', 'Image Src', 'Image Position', 'Image Alt Text']),
    ).toBe('Image Src');
    expect(guess(['Naam', 'EAN', 'Afbeelding'])).toBe('Afbeelding');
    expect(guess(['Name', 'GTIN', 'Images'])).toBe('Images');
    expect(guess(['Name', 'EAN', 'Notitie'])).toBeNull();
  });
});
