import { type CodedReason, codedReason, type ReasonValues } from '../common/reason.ts';
import { boundedText, freeText } from '../common/text.ts';
import { BUNDLE_MAX_QUANTITY, type BundleImport, type BundleImportReasonCode } from './bundle.schema.ts';
import { EAN_PROBLEM_TEXT, eanProblem, normaliseEan } from './ean.rules.ts';
import { EAN_REASON_CODE } from './product-import.rules.ts';

/**
 * The stock of a bundle, derived from its parts (issue 15 item 1; ADR 0049): the whole bundles the parts make, the
 * minimum over the parts of floor(part stock / quantity per bundle); 0 for a bundle without parts, never below 0.
 */
export function bundleStock(parts: readonly { stock: number; quantity: number }[]): number {
  if (parts.length === 0) return 0;
  let min = Number.POSITIVE_INFINITY;
  for (const p of parts) min = Math.min(min, Math.floor(Math.max(0, p.stock) / Math.max(1, p.quantity)));
  return min;
}

/** A bundle that passed the row rules: parent EAN and name, description, parts with their EANs and pieces. */
export interface ValidBundleImport {
  parentEan: string;
  parentName: string | null;
  description: string | null;
  items: { ean: string; quantity: number }[];
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
/** The most characters of a bundle's name and of its description. */
const NAME_MAX = 500;
const DESCRIPTION_MAX = 5000;
const nameCheck = boundedText('parent_name', NAME_MAX);
const descriptionCheck = freeText('description');

/** 'item 2: ' in front of a part's problem (values.item), nothing for the bundle's own. */
const ofItem = (v: ReasonValues) => (v.item === undefined ? '' : `item ${v.item}: `);
const eanText = (p: keyof typeof EAN_PROBLEM_TEXT) => (v: ReasonValues) =>
  `${ofItem(v)}${v.field}: ${EAN_PROBLEM_TEXT[p]}`;

/**
 * The English text of each reason code of the bundle import (spec 3 §5; ADR 0119 §3), sent as the bundle's `reason`
 * for clients that do not translate the codes (the portal does: bulkImport `reasons.<code>`, a part's problem as
 * `reasonOfItem`).
 */
export const BUNDLE_IMPORT_REASON_TEXT: Record<BundleImportReasonCode, (v: ReasonValues) => string> = {
  text_too_long: (v) => `${v.field} is too long (at most ${v.limit} characters)`,
  text_invalid: (v) => `${v.field} contains control or invalid characters`,
  missing_ean: eanText('missing'),
  ean_not_digits: eanText('not-digits'),
  ean_length: eanText('length'),
  ean_check_digit: eanText('check-digit'),
  missing: (v) => `${v.field} is missing`,
  part_without_bundle: () => 'item has no bundle (bundle_name and main_product_ean above it)',
  contains_itself: (v) => `${ofItem(v)}a bundle cannot contain itself`,
  out_of_range: (v) => `${ofItem(v)}${v.field} must be a whole number from ${v.min} to ${v.limit}`,
  no_parts: () => 'bundle has no items',
  duplicate_bundle: () => 'bundle appears twice in this file',
  part_is_bundle: (v) => `${v.field} ${v.ean} is a bundle itself`,
  unknown_product: (v) => `${v.field} ${v.ean} is not a product of this shop`,
  parent_is_part: () => 'this product is a part of another bundle',
  missing_new_name: (v) => `${v.field} is missing (needed for a new product)`,
};

/** A problem of a bundle: its code, values and English reason. */
export type BundleImportProblem = CodedReason<BundleImportReasonCode>;

/** The problem `code` with `values` of the bundle import ({@link BUNDLE_IMPORT_REASON_TEXT}). */
export function bundleImportProblem(
  code: BundleImportReasonCode,
  values: ReasonValues = {},
): BundleImportProblem {
  return codedReason(BUNDLE_IMPORT_REASON_TEXT, code, values);
}

/** A cell's text problem (too long, or control or invalid characters) of `field`, at most `limit` characters. */
const textProblem = (field: string, value: string, limit: number) =>
  value.length > limit
    ? bundleImportProblem('text_too_long', { field, limit })
    : bundleImportProblem('text_invalid', { field });

/**
 * Checks one transformed bundle of the bundle import (spec 3 §5: a bundle needs its main EAN (the portal already
 * refused rows without a bundle name), each item an item EAN; quantity defaults to 1 when not a number; bundles
 * without items are refused). Also: EANs with valid GS1 check digits, a part is not the bundle itself and appears
 * once (two rows of one part add up), quantity a whole number 1–10,000. Returns the bundle or its problem (`{ ok:
 * false, ean, code, values, reason }`, codes {@link BUNDLE_IMPORT_REASON_TEXT}). Whether the EANs are products of the
 * organisation is the service's check.
 */
export function parseBundleImport(
  b: BundleImport,
): { ok: true; value: ValidBundleImport } | ({ ok: false; ean: string } & BundleImportProblem) {
  const parentEan = normaliseEan(b.parent_ean);
  const fail = (p: BundleImportProblem) => ({ ok: false as const, ean: parentEan, ...p });
  const issue = eanProblem(parentEan);
  if (issue) return fail(bundleImportProblem(EAN_REASON_CODE[issue], { field: 'main_product_ean' }));
  const name = text(b.parent_name);
  if (!nameCheck.safeParse(name).success) return fail(textProblem('bundle_name', name, NAME_MAX));
  const description = text(b.description);
  if (!descriptionCheck.safeParse(description).success)
    return fail(textProblem('bundle_description', description, DESCRIPTION_MAX));
  const items = new Map<string, number>();
  for (const [i, item] of b.bundle_items.entries()) {
    const ean = normaliseEan(item.ean);
    const itemIssue = eanProblem(ean);
    if (itemIssue)
      return fail(
        bundleImportProblem(EAN_REASON_CODE[itemIssue], {
          field: 'bundle_item_ean',
          item: i + 1,
          ...(itemIssue === 'missing' ? {} : { ean: ean.slice(0, 50) }),
        }),
      );
    if (ean === parentEan) return fail(bundleImportProblem('contains_itself', { item: i + 1 }));
    const raw = text(item.quantity).replace(',', '.');
    const n = raw === '' ? 1 : Number(raw);
    const quantity = Number.isFinite(n) ? n : 1;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > BUNDLE_MAX_QUANTITY)
      return fail(
        bundleImportProblem('out_of_range', {
          field: 'bundle_item_qty',
          item: i + 1,
          value: raw.slice(0, 50),
          min: 1,
          limit: BUNDLE_MAX_QUANTITY,
        }),
      );
    items.set(ean, (items.get(ean) ?? 0) + quantity);
  }
  if (items.size === 0) return fail(bundleImportProblem('no_parts'));
  return {
    ok: true,
    value: {
      parentEan,
      parentName: name || null,
      description: description || null,
      items: [...items].map(([ean, quantity]) => ({
        ean,
        quantity: Math.min(quantity, BUNDLE_MAX_QUANTITY),
      })),
    },
  };
}

/** One row of a bundle file as mapped by the portal (spec 3 §3 Bundle import fields). */
export interface BundleFileRow {
  bundle_name?: unknown;
  main_product_ean?: unknown;
  main_product_name?: unknown;
  bundle_item_ean?: unknown;
  bundle_item_name?: unknown;
  bundle_item_qty?: unknown;
  bundle_description?: unknown;
}

/**
 * Groups the rows of a bundle file into transformed bundles (spec 3 §3/§5): a row with bundle name and main EAN
 * starts (or continues, for the same main EAN) a bundle; a row with an item EAN adds a part to the bundle of its own
 * main EAN, or, when it has none, to the bundle above it; an item without a bundle is refused; quantity defaults
 * to 1 when not a number; a bundle without items is refused ('bundle has no items', the row of its first line), so
 * the results report it instead of leaving it out. Returns the bundles in file order (with the row of their first
 * line) and the refused rows (1-based data rows), in row order, each with its code, values and English reason
 * ({@link BUNDLE_IMPORT_REASON_TEXT}).
 */
export function groupBundleRows(rows: readonly BundleFileRow[]): {
  bundles: (BundleImport & { row: number })[];
  refused: ({ row: number; ean: string } & BundleImportProblem)[];
} {
  const byEan = new Map<string, BundleImport & { row: number }>();
  const refused: ({ row: number; ean: string } & BundleImportProblem)[] = [];
  let current: (BundleImport & { row: number }) | null = null;
  rows.forEach((r, i) => {
    const row = i + 1;
    const name = text(r.bundle_name) || text(r.main_product_name);
    const mainEan = normaliseEan(r.main_product_ean);
    const itemEan = normaliseEan(r.bundle_item_ean);
    if (mainEan) {
      if (!name && !byEan.has(mainEan)) {
        refused.push({ row, ean: mainEan, ...bundleImportProblem('missing', { field: 'bundle_name' }) });
        current = null;
        return;
      }
      let b = byEan.get(mainEan);
      if (!b) {
        b = {
          parent_ean: mainEan,
          parent_name: name,
          description: text(r.bundle_description) || null,
          bundle_items: [],
          row,
        };
        byEan.set(mainEan, b);
      }
      current = b;
    } else if (name && !itemEan) {
      refused.push({ row, ean: '', ...bundleImportProblem('missing', { field: 'main_product_ean' }) });
      current = null;
      return;
    }
    if (!itemEan) return;
    if (!current) {
      refused.push({ row, ean: itemEan, ...bundleImportProblem('part_without_bundle') });
      return;
    }
    const qty = Number(text(r.bundle_item_qty));
    current.bundle_items.push({
      ean: itemEan,
      name: text(r.bundle_item_name) || null,
      quantity: Number.isFinite(qty) && text(r.bundle_item_qty) !== '' ? qty : 1,
    });
  });
  const all = [...byEan.values()];
  for (const b of all)
    if (b.bundle_items.length === 0)
      refused.push({ row: b.row, ean: text(b.parent_ean), ...bundleImportProblem('no_parts') });
  refused.sort((a, b) => a.row - b.row);
  return { bundles: all.filter((b) => b.bundle_items.length > 0), refused };
}
