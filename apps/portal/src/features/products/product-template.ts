import { PRODUCT_IMPORT_FIELDS } from '@hoppa/core';

/** File name of the product import template (spec 3 §9 Templates). */
export const PRODUCT_TEMPLATE_NAME = 'product_import_template';

/**
 * Builds and downloads the product import template (spec 3 §2 'download a template', §9: xlsx with
 * example rows; sizes in cm, weight in kg). exceljs is loaded only on demand.
 */
export async function downloadProductTemplate(): Promise<void> {
  const mod = await import('exceljs');
  const ExcelJS = ((mod as { default?: unknown }).default ?? mod) as typeof import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Products');
  ws.addRow([...PRODUCT_IMPORT_FIELDS]);
  ws.addRow([
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
  ]);
  ws.addRow(['Hagelslag puur 400 g', '8712345678906', '', 'yes', 15, 20, 5, 0.4, '', '180690', 2.25, '']);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => {
    c.width = 18;
  });
  // Text format keeps EANs from turning into 8.71E+12 when the merchant types new ones.
  ws.getColumn(2).numFmt = '@';
  ws.getColumn(3).numFmt = '@';
  const buf = await wb.xlsx.writeBuffer();
  const url = URL.createObjectURL(
    new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = `${PRODUCT_TEMPLATE_NAME}.xlsx`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
