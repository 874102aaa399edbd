/**
 * The pure parts of the shared data table: a list's `sort` parameter (core `sortQuery`: `field` ascending,
 * `-field` descending) as TanStack Table's sorting state and back, the next sort when a header is clicked, and the
 * row range a page shows.
 */

/** One column's sort as TanStack Table holds it. */
export interface ColumnSort {
  id: string;
  desc: boolean;
}

/** `-shipped_at` → `[{ id: 'shipped_at', desc: true }]`; nothing for an empty parameter. */
export function sortingFromParam(sort: string | undefined): ColumnSort[] {
  if (!sort) return [];
  return sort.startsWith('-') ? [{ id: sort.slice(1), desc: true }] : [{ id: sort, desc: false }];
}

/** The `sort` parameter of a sorting state (its first column), or undefined when unsorted. */
export function paramFromSorting(sorting: readonly ColumnSort[]): string | undefined {
  const first = sorting[0];
  if (!first) return undefined;
  return first.desc ? `-${first.id}` : first.id;
}

/**
 * The sort after clicking column `id`'s header: the same column flips direction; another column starts ascending,
 * or descending when it reads newest or largest first (`descFirst`: dates, amounts).
 */
export function nextSort(current: string | undefined, id: string, descFirst = false): string {
  const [now] = sortingFromParam(current);
  if (now?.id === id) return now.desc ? id : `-${id}`;
  return descFirst ? `-${id}` : id;
}

/** 'first–last' row numbers (1-based) of `page` (1-based) of `total` rows, `pageSize` a page; null when empty. */
export function pageRange(
  page: number,
  pageSize: number,
  total: number,
): { first: number; last: number } | null {
  if (total <= 0) return null;
  const first = Math.min((page - 1) * pageSize + 1, total);
  return { first, last: Math.min(page * pageSize, total) };
}

/** The narrowest (spec 3 §9: 50 px) and widest a dragged column may get (px). */
export const COLUMN_WIDTH_LIMITS = { min: 50, max: 800 } as const;

/**
 * A column's width after dragging its header's edge `dx` px from `start` px (or a keyboard step), kept within
 * {@link COLUMN_WIDTH_LIMITS} and rounded to whole pixels (spec 3 §2 Sales dashboard: draggable column widths).
 */
export function draggedWidth(start: number, dx: number): number {
  const w = Math.round(start + dx);
  return Math.min(COLUMN_WIDTH_LIMITS.max, Math.max(COLUMN_WIDTH_LIMITS.min, w));
}
