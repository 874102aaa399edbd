import { useCallback, useState } from 'react';

/** Which columns a user hid, per table: `{ [columnId]: false }` for each hidden one (TanStack's visibility state). */
export type ColumnChoice = Record<string, boolean>;

const key = (tableId: string) => `hoppa.columns.${tableId}`;

function read(storageKey: string): ColumnChoice {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([, v]) => typeof v === 'boolean'),
    ) as ColumnChoice;
  } catch {
    return {};
  }
}

/**
 * The column choice of table `tableId`, kept in this browser (localStorage `hoppa.columns.<id>`, or `storageKey` where
 * the spec names the key, e.g. spec 3 §2 `productTableColumnPreferences`), so a packer's or merchant's chosen columns
 * are there again tomorrow. A broken or foreign stored value counts as "all shown".
 */
export function useColumnChoice(tableId: string, storageKey: string = key(tableId)) {
  const [choice, setChoice] = useState<ColumnChoice>(() => read(storageKey));
  const update = useCallback(
    (next: ColumnChoice | ((prev: ColumnChoice) => ColumnChoice)) => {
      setChoice((prev) => {
        const value = typeof next === 'function' ? next(prev) : next;
        try {
          globalThis.localStorage?.setItem(storageKey, JSON.stringify(value));
        } catch {
          // Private mode or a full store: the choice holds for this visit only.
        }
        return value;
      });
    },
    [storageKey],
  );
  return [choice, update] as const;
}
