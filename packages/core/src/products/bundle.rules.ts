import { boundedText, freeText } from '../common/text.ts';
import { BUNDLE_MAX_QUANTITY, type BundleImport } from './bundle.schema.ts';
import { EAN_PROBLEM_TEXT, eanProblem, normaliseEan } from './ean.rules.ts';

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
const nameCheck = boundedText('parent_name', 500);
const descriptionCheck = freeText('description');

/**
 * Checks one transformed bundle of the bundle import (spec 3 §5: a bundle needs its main EAN (the portal already
 * refused rows without a bundle name), each item an item EAN; quantity defaults to 1 when not a number; bundles
 * without items are refused). Also: EANs with valid GS1 check digits, a part is not the bundle itself and appears
 * once (two rows of one part add up), quantity a whole number 1–10,000. Returns the bundle or the reason. Whether the
 * EANs are products of the organisation is the service's check.
 */
export function parseBundleImport(
  b: BundleImport,
): { ok: true; value: ValidBundleImport } | { ok: false; ean: string; reason: string } {
  const parentEan = normaliseEan(b.parent_ean);
  const fail = (reason: string) => ({ ok: false as const, ean: parentEan, reason });
  const issue = eanProblem(parentEan);
  if (issue) return fail(`main_product_ean: ${EAN_PROBLEM_TEXT[issue]}`);
  const name = text(b.parent_name);
  if (!nameCheck.safeParse(name).success) return fail('bundle_name is too long or has control characters');
  const description = text(b.description);
  if (!descriptionCheck.safeParse(description).success)
    return fail('bundle_description is too long or has control characters');
  const items = new Map<string, number>();
  for (const [i, item] of b.bundle_items.entries()) {
    const ean = normaliseEan(item.ean);
    const itemIssue = eanProblem(ean);
    if (itemIssue) return fail(`item ${i + 1}: bundle_item_ean: ${EAN_PROBLEM_TEXT[itemIssue]}`);
    if (ean === parentEan) return fail(`item ${i + 1}: a bundle cannot contain itself`);
    const raw = text(item.quantity).replace(',', '.');
    const n = raw === '' ? 1 : Number(raw);
    const quantity = Number.isFinite(n) ? n : 1;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > BUNDLE_MAX_QUANTITY)
      return fail(`item ${i + 1}: bundle_item_qty must be a whole number from 1 to ${BUNDLE_MAX_QUANTITY}`);
    items.set(ean, (items.get(ean) ?? 0) + quantity);
  }
  if (items.size === 0) return fail('bundle has no items');
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
 * line) and the refused rows (1-based data rows), in row order.
 */
export function groupBundleRows(rows: readonly BundleFileRow[]): {
  bundles: (BundleImport & { row: number })[];
  refused: { row: number; ean: string; reason: string }[];
} {
  const byEan = new Map<string, BundleImport & { row: number }>();
  const refused: { row: number; ean: string; reason: string }[] = [];
  let current: (BundleImport & { row: number }) | null = null;
  rows.forEach((r, i) => {
    const row = i + 1;
    const name = text(r.bundle_name) || text(r.main_product_name);
    const mainEan = normaliseEan(r.main_product_ean);
    const itemEan = normaliseEan(r.bundle_item_ean);
    if (mainEan) {
      if (!name && !byEan.has(mainEan)) {
        refused.push({ row, ean: mainEan, reason: 'bundle_name is missing' });
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
      refused.push({ row, ean: '', reason: 'main_product_ean is missing' });
      current = null;
      return;
    }
    if (!itemEan) return;
    if (!current) {
      refused.push({
        row,
        ean: itemEan,
        reason: 'item has no bundle (bundle_name and main_product_ean above it)',
      });
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
      refused.push({ row: b.row, ean: text(b.parent_ean), reason: 'bundle has no items' });
  refused.sort((a, b) => a.row - b.row);
  return { bundles: all.filter((b) => b.bundle_items.length > 0), refused };
}
