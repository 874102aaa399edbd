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
 * Words that only say a column is about the delivery, as in Shopify's 'Shipping City', bol's
 * 'Woonplaats bezorging' or bol's API spelling 'cityshipping'. {@link guessColumnMapping} also
 * compares a column without such a leading or trailing word, so 'Shipping Zip' meets 'zipcode' and
 * 'cityshipping' meets 'city', while billing columns ('Billing City') keep their full name and lose.
 */
export const DELIVERY_CONTEXT_WORDS: readonly string[] = [
  'shipping',
  'delivery',
  'bezorging',
  'verzending',
  'bezorg',
];

// A match found only after dropping a context word counts slightly less than the same match on the
// full name, so an exact full-name column always wins a tie.
const CONTEXT_MATCH_FACTOR = 0.98;

function withoutContextWord(column: string, words: readonly string[]): string | null {
  const n = normaliseHeader(column);
  for (const w of words) {
    if (n.length > w.length && n.startsWith(w)) return n.slice(w.length);
    if (n.length > w.length && n.endsWith(w)) return n.slice(0, -w.length);
  }
  return null;
}

/**
 * Guesses which spreadsheet column feeds each import field: for every field, the column with the
 * highest similarity above {@link MAPPING_THRESHOLD} (spec 1 §5: 'similarity exceeds 0.6'). Each column
 * is used at most once, best pairs first, so `Shipping Zip` is not also taken for `city`. Fields
 * without a good match map to null. `aliases` adds other names a field is known by (e.g. Shopify's
 * `Lineitem sku` for `product_ean`); the best score over the field name and its aliases counts. A
 * column is also compared without a leading or trailing context word (`options.contextWords`, default
 * {@link DELIVERY_CONTEXT_WORDS}), at {@link CONTEXT_MATCH_FACTOR} of the score. Ties keep field
 * order, then column order. Returns `{ [field]: column | null }`.
 */
export function guessColumnMapping<F extends string>(
  fields: readonly F[],
  columns: readonly string[],
  aliases: Partial<Record<F, readonly string[]>> = {},
  options: { contextWords?: readonly string[] } = {},
): Record<F, string | null> {
  const contextWords = options.contextWords ?? DELIVERY_CONTEXT_WORDS;
  const stripped = columns.map((c) => withoutContextWord(c, contextWords));
  const pairs: { field: F; column: string; score: number }[] = [];
  for (const field of fields) {
    const names = [field, ...(aliases[field] ?? [])];
    columns.forEach((column, i) => {
      let score = Math.max(...names.map((n) => headerSimilarity(n, column)));
      const bare = stripped[i];
      if (bare)
        score = Math.max(
          score,
          CONTEXT_MATCH_FACTOR * Math.max(...names.map((n) => headerSimilarity(n, bare))),
        );
      if (score > MAPPING_THRESHOLD) pairs.push({ field, column, score });
    });
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
