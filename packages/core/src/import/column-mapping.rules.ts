import { diceCoefficient } from 'dice-coefficient';

/** Similarity above which a column is guessed for an import field (spec 1 §5 Import, spec 3 §2 Bulk import). */
export const MAPPING_THRESHOLD = 0.6;

/**
 * Normalises a column or field name for comparison: lower case, accents removed, camelCase split,
 * and every run of non-alphanumerics (spaces, `_`, `-`, `/`) removed, so `Shipping Zip`, `shipping_zip`
 * and `shippingZip` compare equal.
 */
export function normaliseHeader(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** Dice coefficient (bigrams) of two names after {@link normaliseHeader}; 1 for equal names, 0..1. */
export function headerSimilarity(a: string, b: string): number {
  const na = normaliseHeader(a);
  const nb = normaliseHeader(b);
  if (!na || !nb) return 0;
  if (na === nb) return 1;
  return diceCoefficient(na, nb);
}

/**
 * Guesses which spreadsheet column feeds each import field: for every field, the column with the
 * highest similarity above {@link MAPPING_THRESHOLD} (spec 1 §5: 'similarity exceeds 0.6'). Each column
 * is used at most once, best pairs first, so `Shipping Zip` is not also taken for `city`. Fields
 * without a good match map to null. `aliases` adds other names a field is known by (e.g. Shopify's
 * `Lineitem sku` for `product_ean`); the best score over the field name and its aliases counts.
 * Returns `{ [field]: column | null }`.
 */
export function guessColumnMapping<F extends string>(
  fields: readonly F[],
  columns: readonly string[],
  aliases: Partial<Record<F, readonly string[]>> = {},
): Record<F, string | null> {
  const pairs: { field: F; column: string; score: number }[] = [];
  for (const field of fields) {
    const names = [field, ...(aliases[field] ?? [])];
    for (const column of columns) {
      const score = Math.max(...names.map((n) => headerSimilarity(n, column)));
      if (score > MAPPING_THRESHOLD) pairs.push({ field, column, score });
    }
  }
  pairs.sort((a, b) => b.score - a.score);
  const result = Object.fromEntries(fields.map((f) => [f, null])) as Record<F, string | null>;
  const usedColumns = new Set<string>();
  for (const p of pairs) {
    if (result[p.field] !== null || usedColumns.has(p.column)) continue;
    result[p.field] = p.column;
    usedColumns.add(p.column);
  }
  return result;
}
