import {
  AUTOMATION_IMPORT_FIELDS,
  BUNDLE_IMPORT_FIELDS,
  type BulkImportType,
  PRODUCT_IMPORT_FIELDS,
} from '@hoppa/core';

/** File names of the import templates per type (spec 3 §9 Templates). */
export const TEMPLATE_NAMES: Record<BulkImportType, string> = {
  products: 'product_import_template',
  product_bundles: 'product_bundle_import_template',
  automations: 'automation_rules_import_template',
};

/** Header row and example rows of each template (spec 3 §9: with example rows; sizes in cm, weight in kg). */
export const TEMPLATE_ROWS: Record<
  BulkImportType,
  { sheet: string; header: readonly string[]; rows: unknown[][]; eanColumns: number[] }
> = {
  products: {
    sheet: 'Products',
    header: PRODUCT_IMPORT_FIELDS,
    rows: [
      [
        'Stroopwafels 8 stuks',
        '8710398500014',
        '',
        'yes',
        20,
        4,
        8,
        0.25,
        'Fragile',
        '190590',
        3.5,
        'https://example.com/images/stroopwafels.jpg',
      ],
      ['Hagelslag puur 400 g', '8712345678906', '', 'yes', 15, 20, 5, 0.4, '', '180690', 2.25, ''],
    ],
    eanColumns: [2, 3],
  },
  product_bundles: {
    sheet: 'Bundles',
    header: BUNDLE_IMPORT_FIELDS,
    // One row per part; the bundle's name and main EAN on each row (or only on its first).
    rows: [
      [
        'Cadeaubox ontbijt',
        '8710000000017',
        'Cadeaubox ontbijt',
        '8710398500014',
        'Stroopwafels 8 stuks',
        1,
        'Ontbijtpakket in een geschenkdoos',
      ],
      [
        'Cadeaubox ontbijt',
        '8710000000017',
        'Cadeaubox ontbijt',
        '8712345678906',
        'Hagelslag puur 400 g',
        2,
        '',
      ],
    ],
    eanColumns: [2, 4],
  },
  automations: {
    sheet: 'Automation rules',
    header: AUTOMATION_IMPORT_FIELDS,
    rows: [
      [
        '8712345678906',
        'Hagelslag puur 400 g',
        '',
        'shipmentDetails.countryCode',
        '==',
        'BE',
        'selected_ship_option',
        'SMF-POSTNL-BE',
        '',
        '',
      ],
      [
        '8712345678906',
        'Hagelslag puur 400 g',
        '',
        'quantity',
        '>=',
        3,
        'bundled_products',
        '8710398500014',
        1,
        'Stroopwafels 8 stuks',
      ],
    ],
    eanColumns: [1, 3, 8],
  },
};

/**
 * Builds and downloads the import template of a type (spec 3 §2 'download a template', §9: xlsx with example rows)
 * with exceljs, loaded only on demand. EAN columns are text, so Excel keeps all 13 digits. Returns the file name.
 */
export async function downloadImportTemplate(type: BulkImportType): Promise<string> {
  const spec = TEMPLATE_ROWS[type];
  const mod = await import('exceljs');
  const ExcelJS = ((mod as { default?: unknown }).default ?? mod) as typeof import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(spec.sheet);
  ws.addRow([...spec.header]);
  for (const row of spec.rows) ws.addRow(row);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => {
    c.width = 20;
  });
  // Text format keeps EANs from turning into 8.71E+12 when the merchant types new ones.
  for (const col of spec.eanColumns) ws.getColumn(col).numFmt = '@';
  const buf = await wb.xlsx.writeBuffer();
  const url = URL.createObjectURL(
    new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const file = `${TEMPLATE_NAMES[type]}.xlsx`;
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return file;
}
