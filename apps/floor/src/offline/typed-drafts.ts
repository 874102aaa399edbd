import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { type FloorDb, floorDb, type TypedDraftWriter, typedDrafts, typedDraftWriter } from './db.ts';

/** The typed values kept on the device (meta `typedDrafts`: field key → text), read once when a task opens; null until read. */
export type TypedDrafts = RefObject<Record<string, string> | null>;

/**
 * The typed values kept on the device, read once when a task opens (ADR 0135): `typed` holds them in a ref, so a
 * keystroke's write re-renders nothing; `typedRead` turns true once read (a read that fails counts as none kept), so
 * the task shows its fields only then and each starts from its kept value.
 */
export function useTypedDrafts(db: FloorDb): { typed: TypedDrafts; typedRead: boolean } {
  const typed: TypedDrafts = useRef(null);
  const [typedRead, setTypedRead] = useState(false);
  useEffect(() => {
    let live = true;
    typedDrafts(db)
      .catch(() => ({}))
      .then((kept) => {
        if (!live) return;
        typed.current = { ...kept };
        setTypedRead(true);
      });
    return () => {
      live = false;
    };
  }, [db]);
  return { typed, typedRead };
}

/**
 * One field's value as typed, kept on the device while it is typed (meta `typedDrafts` under `key`, ADR 0135): its
 * key, what was kept (from before a reload), the writer to give each change to, and `forget` for when the value is being saved
 * (the save's transaction removes the kept value). A change still waiting is written when the field unmounts (the
 * worker leaves the item).
 */
export function useTypedField(
  key: string,
  typed: TypedDrafts,
): { key: string; kept: string | undefined; writer: TypedDraftWriter; forget: () => void } {
  const writer = useMemo(() => typedDraftWriter(floorDb(), key), [key]);
  useEffect(() => () => void writer.flush(), [writer]);
  return {
    key,
    kept: typed.current?.[key],
    writer,
    forget() {
      writer.cancel();
      if (typed.current) delete typed.current[key];
    },
  };
}
