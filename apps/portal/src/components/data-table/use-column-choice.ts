import { useCallback, useState } from 'react';

/** Which columns a user hid, per table: `{ [columnId]: false }` for each hidden one (TanStack's visibility state). */
export type ColumnChoice = Record<string, boolean>;

const key = (tableId: string) => `hoppa.columns.${tableId}`;

/** localStorage key of table `tableId`'s column widths. */
export const columnWidthsKey = (tableId: string) => `hoppa.columnWidths.${tableId}`;

/**
 * The entries of a stored table preference (a JSON object in localStorage) whose values pass `keep`; an absent,
 * broken or foreign value (not JSON, an array, no localStorage) reads as `{}`.
 */
export function readStored<V>(storageKey: string, keep: (value: unknown) => value is V): Record<string, V> {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => keep(v))) as Record<string, V>;
  } catch {
    return {};
  }
}

/** Stores a table preference; in private mode or with a full store it holds for this visit only. */
export function writeStored(storageKey: string, value: Record<string, unknown>): void {
  try {
    globalThis.localStorage?.setItem(storageKey, JSON.stringify(value));
  } catch {
    // Private mode or a full store: nothing to do.
  }
}

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** A stored width: a finite number of px above 0 (a broken entry is dropped, its column gets its own width). */
export const isWidth = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * The column choice of table `tableId`, kept in this browser (localStorage `hoppa.columns.<id>`, or `storageKey` where
 * the spec names the key, e.g. spec 3 §2 `productTableColumnPreferences`), so a packer's or merchant's chosen columns
 * are there again tomorrow. A broken or foreign stored value counts as "all shown".
 */
export function useColumnChoice(tableId: string, storageKey: string = key(tableId)) {
  const [choice, setChoice] = useState<ColumnChoice>(() => readStored(storageKey, isBoolean));
  const update = useCallback(
    (next: ColumnChoice | ((prev: ColumnChoice) => ColumnChoice)) => {
      setChoice((prev) => {
        const value = typeof next === 'function' ? next(prev) : next;
        writeStored(storageKey, value);
        return value;
      });
    },
    [storageKey],
  );
  return [choice, update] as const;
}
