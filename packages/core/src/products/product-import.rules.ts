import { type CodedReason, codedReason, type ReasonValues } from '../common/reason.ts';
import { boundedText, codeText, noteText } from '../common/text.ts';
import { EAN_PROBLEM_TEXT, type EanProblem, eanProblem, normaliseEan } from './ean.rules.ts';
import type { ProductImportReasonCode, ProductImportRow } from './product.schema.ts';
import { PRODUCT_IMPORT_FIELDS, type ProductImportField } from './product-import.fields.ts';

/**
 * Largest accepted numbers of a product row (issue 7: one 10,000,000 kg weight used to fail the whole import): far
 * above any parcel or pallet, and inside the database columns (weight numeric(10,3), dimensions numeric(10,1),
 * customs value numeric(12,2)).
 */
export const PRODUCT_NUMBER_LIMITS = {
  length: { max: 10_000, unit: 'cm' },
  height: { max: 10_000, unit: 'cm' },
  width: { max: 10_000, unit: 'cm' },
  weight_kg: { max: 10_000, unit: 'kg' },
  value: { max: 1_000_000, unit: 'EUR' },
} as const;

/** Text limits of the product row's cells (core common/text.ts): no control characters, bounded lengths. */
const PRODUCT_CELL_TEXT: Partial<Record<ProductImportField, ReturnType<typeof codeText>>> = {
  Product_name: boundedText('Product_name', 500),
  barcode_sku_ean: codeText('barcode_sku_ean'),
  parent_ean: codeText('parent_ean'),
  fullfilled_bysf: codeText('fullfilled_bysf'),
  length: codeText('length'),
  height: codeText('height'),
  width: codeText('width'),
  weight_kg: codeText('weight_kg'),
  note: noteText('note'),
  hs: codeText('hs'),
  value: codeText('value'),
  img_url: boundedText('img_url', 10_000),
};

/** The most characters of each text cell (the limits of {@link PRODUCT_CELL_TEXT}). */
const PRODUCT_CELL_MAX: Partial<Record<ProductImportField, number>> = {
  Product_name: 500,
  note: 2000,
  img_url: 10_000,
};

/**
 * The English text of each reason code of the product import (spec 3 §5; ADR 0119 §3), sent as the row's `reason`
 * for clients that do not translate the codes (the portal does: bulkImport `reasons.<code>`).
 */
export const PRODUCT_IMPORT_REASON_TEXT: Record<ProductImportReasonCode, (v: ReasonValues) => string> = {
  text_too_long: (v) => `${v.field} is too long (at most ${v.limit} characters)`,
  text_invalid: (v) => `${v.field} contains control or invalid characters`,
  missing_name: () => 'Product name is missing',
  ...eanReasonTexts(),
  parent_is_self: () => 'Parent EAN is the product itself',
  bad_boolean: (v) => `${v.field} must be yes/no (true/false, 1/0, ja/nee)`,
  not_a_number: (v) => `${v.field} must be a number of 0 or more`,
  too_large: (v) => `${v.field} must be at most ${(v.limit ?? 0).toLocaleString('en')} ${v.unit}`,
  bad_url: (v) =>
    `${v.field} must be a web address starting with http:// or https:// (at most ${v.limit} characters)`,
  duplicate_ean: () => 'EAN appears twice in this file',
};

/** The reason code of an EAN problem (core `eanProblem`), the same in every import that checks EANs. */
export const EAN_REASON_CODE = {
  missing: 'missing_ean',
  'not-digits': 'ean_not_digits',
  length: 'ean_length',
  'check-digit': 'ean_check_digit',
} as const satisfies Record<EanProblem, string>;

/**
 * The English texts of the EAN codes: the product's own EAN (field `barcode_sku_ean`, or none) reads 'EAN must have 8
 * to 14 digits'; the parent's 'Parent EAN …'; any other field is named in front ('automation_action_value: …').
 */
export function eanReasonTexts(): Record<(typeof EAN_REASON_CODE)[EanProblem], (v: ReasonValues) => string> {
  const text = (p: EanProblem) => (v: ReasonValues) =>
    !v.field || v.field === 'barcode_sku_ean'
      ? EAN_PROBLEM_TEXT[p]
      : v.field === 'parent_ean'
        ? `Parent ${EAN_PROBLEM_TEXT[p]}`
        : `${v.field}: ${EAN_PROBLEM_TEXT[p]}`;
  return {
    missing_ean: text('missing'),
    ean_not_digits: text('not-digits'),
    ean_length: text('length'),
    ean_check_digit: text('check-digit'),
  };
}

/** A problem of a product row: its code, values and English reason. */
export type ProductImportProblem = CodedReason<ProductImportReasonCode>;

/** The problem `code` with `values` of the product import. */
export function productImportProblem(
  code: ProductImportReasonCode,
  values: ReasonValues = {},
): ProductImportProblem {
  return codedReason(PRODUCT_IMPORT_REASON_TEXT, code, values);
}

/**
 * The first text cell the shared text family refuses, as the row's problem: `text_too_long` (field, limit) or
 * `text_invalid` (field: control or invalid characters); null when all are fine.
 */
function badProductCell(row: ProductImportRow): ProductImportProblem | null {
  for (const f of PRODUCT_IMPORT_FIELDS) {
    const v = f === 'Product_name' ? withoutC1(row[f]) : row[f];
    if (typeof v !== 'string') continue;
    const r = PRODUCT_CELL_TEXT[f]?.safeParse(v);
    if (!r || r.success) continue;
    const limit = PRODUCT_CELL_MAX[f] ?? 64;
    return v.trim().length > limit
      ? productImportProblem('text_too_long', { field: f, limit })
      : productImportProblem('text_invalid', { field: f });
  }
  return null;
}

/** Fields a product row cannot do without (spec 3 §5 Templates: product name and EAN required). */
export const PRODUCT_IMPORT_REQUIRED_FIELDS: readonly ProductImportField[] = [
  'Product_name',
  'barcode_sku_ean',
];

/**
 * Other column names the product fields are known by in shop exports and our own template
 * (Shopify, WooCommerce, bol, Dutch spreadsheets), for `guessColumnMapping` (spec 3 §2 Bulk import).
 */
export const PRODUCT_IMPORT_ALIASES: Partial<Record<ProductImportField, readonly string[]>> = {
  Product_name: ['name', 'product name', 'title', 'productnaam', 'naam', 'omschrijving', 'description'],
  barcode_sku_ean: ['ean', 'barcode', 'gtin', 'ean code', 'variant barcode', 'ean13', 'streepjescode'],
  parent_ean: ['parent', 'parent ean', 'hoofdproduct', 'main product ean'],
  fullfilled_bysf: ['fulfilled by sf', 'fulfilment', 'fulfillment', 'fulfilled'],
  length: ['length cm', 'lengte', 'lengte cm', 'depth'],
  height: ['height cm', 'hoogte', 'hoogte cm'],
  width: ['width cm', 'breedte', 'breedte cm'],
  weight_kg: ['weight', 'gewicht', 'gewicht kg', 'variant weight'],
  note: ['notes', 'notitie', 'opmerking', 'remark'],
  hs: ['hs code', 'hscode', 'customs hs', 'tariff code', 'hs tariff number'],
  // The customs value by its own names only: a shop's 'Prijs' / 'Price' column is the selling price, which a product
  // has no field for, so it stays unmapped rather than being taken for the customs value.
  value: ['customs value', 'douanewaarde', 'waarde', 'declared value', 'aangegeven waarde'],
  // 'Image Src' is Shopify's, 'Images' WooCommerce's, 'image_link' Google Merchant's feed column.
  img_url: [
    'image_url',
    'image url',
    'image',
    'images',
    'image src',
    'image link',
    'main image',
    'variant image',
    'picture',
    'photo',
    'afbeelding',
    'afbeelding url',
    'foto',
  ],
};

/** A product row after checking: the values to store (sizes in cm, weight in kg, value in euro). */
export interface ValidProductImportRow {
  name: string;
  ean: string;
  parentEan: string | null;
  fulfilledBySf: boolean | null;
  lengthCm: number | null;
  heightCm: number | null;
  widthCm: number | null;
  weightKg: number | null;
  note: string | null;
  hs: string | null;
  customsValue: number | null;
  /** The product photo as given (http or https); null keeps the stored one on update. */
  imgUrl: string | null;
}

/**
 * A name cell without C1 control characters (U+0080–U+009F; spec 3 §5 import validation). They are invisible, never
 * meant in a product name, and come from text decoded twice (Open Food Facts' 'limÃ\u0083o' for 'limão'): the row is
 * imported with the rest of the name as it stands rather than refused for a character the merchant cannot see.
 * Other values pass unchanged (C0 controls such as NUL are still refused).
 */
function withoutC1(v: unknown): unknown {
  return typeof v === 'string' ? v.replace(/[\u0080-\u009f]/g, '') : v;
}

/** Trimmed text of a spreadsheet cell; empty cells give ''. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  return String(v).trim();
}

/**
 * Reads a spreadsheet number, accepting a Dutch decimal comma ('1,5') and thousands separators. Empty gives null; text that
 * is no number, or a negative one, gives NaN so the caller can report it.
 */
export function cellNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : Number.NaN;
  const s = cellText(v).replace(/\s/g, '');
  if (s === '') return null;
  // The last separator is the decimal one: '1.234,5' (Dutch) and '1,234.5' (English) both read 1234.5.
  const decimalComma = s.lastIndexOf(',') > s.lastIndexOf('.');
  const normalised = decimalComma ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(normalised)) return Number.NaN;
  return Number(normalised);
}

/**
 * Reads a yes/no cell: true for true, 1, yes, ja, y, j, x; false for false, 0, no, nee, n.
 * Empty gives null (keep the stored value, new products default to true); anything else undefined.
 */
export function cellBoolean(v: unknown): boolean | null | undefined {
  if (typeof v === 'boolean') return v;
  const s = cellText(v).toLowerCase();
  if (s === '') return null;
  if (['true', '1', 'yes', 'ja', 'y', 'j', 'x', 'waar'].includes(s)) return true;
  if (['false', '0', 'no', 'nee', 'n', 'onwaar'].includes(s)) return false;
  return undefined;
}

/** Longest image URL the import keeps; longer ones are rejected rather than cut (a cut URL is broken). */
export const IMG_URL_MAX_LENGTH = 2048;

/**
 * Reads an image URL cell: '' for an empty cell, the URL when it is an absolute http(s) URL of at most
 * {@link IMG_URL_MAX_LENGTH} characters, else null so the caller can report it. The URL is not fetched:
 * the apps show a placeholder when it cannot load.
 */
export function cellHttpUrl(v: unknown): string | null {
  const s = cellText(v);
  if (s === '') return '';
  if (s.length > IMG_URL_MAX_LENGTH || /\s/.test(s)) return null;
  try {
    const url = new URL(s);
    return url.protocol === 'http:' || url.protocol === 'https:' ? s : null;
  } catch {
    return null;
  }
}

/**
 * Checks one product import row (spec 3 §5 Import; issue 3 §1): name required, EAN digits only,
 * 8–14 long with a valid check digit, optional parent EAN valid too, sizes/weight/value non-negative
 * numbers, fulfilment a yes/no value, image URL (`img_url`) an http(s) URL. Returns the values to store,
 * or the first problem to reject it for (`{ ok: false, ean, code, values, reason }`, codes
 * {@link PRODUCT_IMPORT_REASON_TEXT}). A bad image URL rejects the whole row like any other bad cell:
 * importing the rest and silently dropping the photo would hide the mistake in a large file.
 */
export function parseProductImportRow(
  row: ProductImportRow,
): { ok: true; value: ValidProductImportRow } | ({ ok: false; ean: string } & ProductImportProblem) {
  const bad = badProductCell(row);
  // A refused cell may be the EAN itself (a NUL, a megabyte): it is not echoed back then.
  if (bad)
    return {
      ok: false,
      ean: codeText().safeParse(cellText(row.barcode_sku_ean)).success ? cellText(row.barcode_sku_ean) : '',
      ...bad,
    };
  const ean = normaliseEan(row.barcode_sku_ean);
  const fail = (code: ProductImportReasonCode, values: ReasonValues = {}) => ({
    ok: false as const,
    ean,
    ...productImportProblem(code, values),
  });
  const name = cellText(withoutC1(row.Product_name));
  if (name === '') return fail('missing_name', { field: 'Product_name' });
  const problem = eanProblem(ean);
  if (problem) return fail(EAN_REASON_CODE[problem], { field: 'barcode_sku_ean' });
  const parentEan = normaliseEan(row.parent_ean);
  if (parentEan !== '') {
    const parentProblem = eanProblem(parentEan);
    if (parentProblem) return fail(EAN_REASON_CODE[parentProblem], { field: 'parent_ean', ean: parentEan });
    if (parentEan === ean) return fail('parent_is_self', { field: 'parent_ean' });
  }
  const fulfilledBySf = cellBoolean(row.fullfilled_bysf);
  if (fulfilledBySf === undefined)
    return fail('bad_boolean', { field: 'fullfilled_bysf', value: cellText(row.fullfilled_bysf) });
  const numbers: Record<'length' | 'height' | 'width' | 'weight_kg' | 'value', number | null> = {
    length: cellNumber(row.length),
    height: cellNumber(row.height),
    width: cellNumber(row.width),
    weight_kg: cellNumber(row.weight_kg),
    value: cellNumber(row.value),
  };
  for (const [field, n] of Object.entries(numbers) as [keyof typeof PRODUCT_NUMBER_LIMITS, number | null][]) {
    if (n !== null && Number.isNaN(n)) return fail('not_a_number', { field, value: cellText(row[field]) });
    const { max, unit } = PRODUCT_NUMBER_LIMITS[field];
    if (n !== null && n > max) return fail('too_large', { field, limit: max, unit });
  }
  const imgUrl = cellHttpUrl(row.img_url);
  if (imgUrl === null) return fail('bad_url', { field: 'img_url', limit: IMG_URL_MAX_LENGTH });
  return {
    ok: true,
    value: {
      name: name.slice(0, 500),
      ean,
      parentEan: parentEan || null,
      fulfilledBySf,
      lengthCm: numbers.length,
      heightCm: numbers.height,
      widthCm: numbers.width,
      weightKg: numbers.weight_kg,
      note: cellText(row.note) || null,
      hs: cellText(row.hs) || null,
      customsValue: numbers.value,
      imgUrl: imgUrl || null,
    },
  };
}
