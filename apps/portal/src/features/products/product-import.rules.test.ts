import { describe, expect, it } from 'vitest';
import { readCsv } from '../../components/spreadsheet-import/read-spreadsheet.ts';
import { applyColumnMapping } from '../../components/spreadsheet-import/spreadsheet.rules.ts';
import { guessProductMapping, productImportRows } from './product-import.rules.ts';

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
