import type { ProductRow } from '@hoppa/core';

/**
 * The product table's columns (spec 3 §2 "Table columns") in their groups (the column-group toggles Product Info,
 * Stock, Shipment, Documentation, Customs). Ids are the spec's field names; `name` always shows.
 */
export const PRODUCT_COLUMN_GROUPS = {
  info: ['ean', 'platform', 'offer_id'],
  stock: ['own_stock', 'sf_stock', 'total_sold_30d', 'reorder_point', 'days_until_out_of_stock'],
  shipment: ['def_shipping_id', 'ship_box_id', 'fullfilled_bysf', 'track_trace_email', 'share_track_trace'],
  documentation: ['return_instruction', 'note', 'size', 'weight_kg'],
  customs: ['customs.hs', 'customs.value'],
} as const;

export type ProductColumnGroup = keyof typeof PRODUCT_COLUMN_GROUPS;
export type ProductColumnId = 'name' | (typeof PRODUCT_COLUMN_GROUPS)[ProductColumnGroup][number];

/** Every column in table order. */
export const PRODUCT_COLUMNS: readonly ProductColumnId[] = [
  'name',
  ...Object.values(PRODUCT_COLUMN_GROUPS).flat(),
];

/** localStorage key of the table's column choice (spec 3 §2: "remembered locally … under the key …"). */
export const COLUMN_PREFERENCES_KEY = 'productTableColumnPreferences';

/**
 * Columns hidden until the user shows them: the table opens with the daily work (name, EAN, stock, sales, reorder
 * point, days of stock, shipping method) and fits a 1280 px laptop's window beside the menu; the box, the
 * track-and-trace switches, fulfilment, size and weight are one click away under Columns (ADR 0132 §5: with them shown
 * by default the table was ~1570 px wide in Dutch and scrolled sideways in its 990 px box).
 */
export const DEFAULT_HIDDEN: readonly ProductColumnId[] = [
  'platform',
  'offer_id',
  'own_stock',
  'ship_box_id',
  'fullfilled_bysf',
  'track_trace_email',
  'share_track_trace',
  'return_instruction',
  'note',
  'size',
  'weight_kg',
  'customs.hs',
  'customs.value',
];

/** The default hidden columns before ADR 0132, which browsers that opened the table before then still hold. */
const PREVIOUS_DEFAULT_HIDDEN: readonly ProductColumnId[] = [
  'platform',
  'offer_id',
  'own_stock',
  'return_instruction',
  'note',
  'customs.hs',
  'customs.value',
];

/** `columns` as a stored column choice: each one hidden (`false`). */
const hiddenChoice = (columns: readonly ProductColumnId[]) =>
  JSON.stringify(Object.fromEntries(columns.map((c) => [c, false])));

/**
 * The column choice to store under {@link COLUMN_PREFERENCES_KEY} before the table first renders, given what the
 * browser holds there (`stored`, null when nothing): the default ({@link DEFAULT_HIDDEN}) on a first visit, and also
 * in place of the untouched previous default (the same columns hidden, nothing else chosen), so the table opens
 * narrow for those who never chose; null (keep it) for anything the user chose, or a value this code cannot read.
 */
export function columnPreferencesToStore(stored: string | null): string | null {
  if (stored === null) return hiddenChoice(DEFAULT_HIDDEN);
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed);
  const untouched =
    entries.length === PREVIOUS_DEFAULT_HIDDEN.length &&
    entries.every(
      ([id, shown]) => shown === false && (PREVIOUS_DEFAULT_HIDDEN as readonly string[]).includes(id),
    );
  return untouched ? hiddenChoice(DEFAULT_HIDDEN) : null;
}

/** Size as the table shows it: length × width × height in cm, or null when any is missing. */
export function productSize(p: Pick<ProductRow, 'length' | 'width' | 'height'>): string | null {
  if (p.length === null || p.width === null || p.height === null) return null;
  return `${p.length} × ${p.width} × ${p.height} cm`;
}

/** A product as one export row: the table's columns by their spec names, plain values. */
export type ExportRow = Record<ProductColumnId, string | number | boolean | null>;

/**
 * The export row of a product (spec 3 §2 Export): every column of the table, whether shown or not, by the spec's field
 * names; `own_stock` is not tracked and stays empty (ADR 0047); shipping defaults by name.
 */
export function exportRow(p: ProductRow): ExportRow {
  return {
    name: p.name,
    ean: p.ean,
    platform: p.platform,
    offer_id: p.offer_id,
    own_stock: null,
    sf_stock: p.sf_stock,
    total_sold_30d: p.total_sold_30d,
    reorder_point: p.reorder_point,
    days_until_out_of_stock: p.days_until_out_of_stock,
    def_shipping_id: p.def_shipping_id?.name ?? null,
    ship_box_id: p.ship_box_id?.name ?? null,
    fullfilled_bysf: p.fullfilled_bysf,
    track_trace_email: p.track_trace_email,
    share_track_trace: p.share_track_trace,
    return_instruction: p.return_instruction,
    note: p.note,
    size: productSize(p),
    weight_kg: p.weight_kg,
    'customs.hs': p.customs.hs,
    'customs.value': p.customs.value,
  };
}

/** Export formats and scopes (spec 3 §2 Export, §9); files are products.csv, products.json, products.xlsx. */
export const EXPORT_FORMATS = ['csv', 'json', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_SCOPES = ['all', 'filtered', 'selected', 'page'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

/** The sheet of the xlsx export (spec 3 §2: "the xlsx sheet is named Products"). */
export const EXPORT_SHEET = 'Products';

/** Rows of an export as a table: the header row (when asked) and one array per product, in {@link PRODUCT_COLUMNS} order. */
export function exportTable(
  rows: readonly ExportRow[],
  headers: boolean,
): (string | number | boolean | null)[][] {
  const body = rows.map((r) => PRODUCT_COLUMNS.map((c) => r[c]));
  return headers ? [[...PRODUCT_COLUMNS], ...body] : body;
}
