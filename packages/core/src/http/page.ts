import { z } from 'zod';

/** Largest page any list answers (rows); a screen pages through more. */
export const MAX_PAGE_LIMIT = 1000;

/**
 * Paging of every list endpoint: `skip` rows, then at most `limit` (1 … {@link MAX_PAGE_LIMIT}); `defaultLimit`
 * per list. Numbers come as query strings and are coerced.
 */
export function pageQuery(defaultLimit = 100) {
  return z.object({
    skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(defaultLimit),
  });
}

/**
 * The one envelope of a list answer: `{ items, total, skip, limit }` (`total` counts every row the filters select,
 * not just this page), plus list-specific fields in `extra` (e.g. the date range a list defaulted to).
 */
export function pageOf<T extends z.ZodType, X extends z.ZodRawShape = Record<never, never>>(
  item: T,
  extra?: X,
) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
    ...(extra ?? ({} as X)),
  });
}

/** A page as a service returns it, before the answer schema checks it. */
export interface Page<T> {
  items: T[];
  total: number;
  skip: number;
  limit: number;
}

/** A list's sort order as its `sort` query parameter: a field, descending with a leading minus (`-shipped_at`). */
export type SortParam<F extends string> = F | `-${F}`;

/**
 * The `sort` query parameter of a list whose server sorts by one of `fields` (spec: a screen's sortable columns):
 * `field` ascending, `-field` descending, `defaultSort` when absent. Anything else is a 400 like every bad query.
 */
export function sortQuery<const F extends string>(fields: readonly [F, ...F[]], defaultSort: SortParam<F>) {
  const values = sortValues(fields);
  // zod cannot relate a generic member to its enum's output type; `values` holds `defaultSort` by construction.
  return z.object({ sort: z.enum(values).default(defaultSort as never) });
}

/** Every sort parameter of `fields`: each field and its descending `-field` (for a `z.enum`, e.g. in the URL). */
export function sortValues<const F extends string>(
  fields: readonly [F, ...F[]],
): [SortParam<F>, ...SortParam<F>[]] {
  return fields.flatMap((f) => [f, `-${f}`]) as [SortParam<F>, ...SortParam<F>[]];
}

/** `{ field, desc }` of a sort parameter (`-name` → `{ field: 'name', desc: true }`). */
export function parseSort<F extends string>(sort: SortParam<F>): { field: F; desc: boolean } {
  return sort.startsWith('-') ? { field: sort.slice(1) as F, desc: true } : { field: sort as F, desc: false };
}
