import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import {
  type FloorDb,
  floorDb,
  forgetTypedWhere,
  type TypedDraftWriter,
  typedDrafts,
  typedDraftWriter,
} from './db.ts';

/** The typed values kept on the device (meta `typedDrafts`: field key → text), read once when a task opens; null until read. */
export type TypedDrafts = RefObject<Record<string, string> | null>;

/**
 * The typed values kept on the device, read once when a task opens (ADR 0135): `typed` holds them in a ref, so a
 * keystroke's write re-renders nothing; `typedRead` turns true once read (a read that fails counts as none kept), so
 * the task shows its fields only then and each starts from its kept value. A field's writer updates the ref as it is
 * typed, so a field left with Back and opened again shows what was typed (ADR 0136).
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

/** One field's kept typed value ({@link useTypedField}). */
export interface TypedField {
  /** The field's key in meta `typedDrafts`. */
  key: string;
  /** The text kept for it (from before a reload, or typed before the worker left it with Back); undefined when none. */
  kept: string | undefined;
  /** The writer to give each change to (debounced, ADR 0135). */
  writer: TypedDraftWriter;
  /** The value is being saved: the save's transaction removes the kept value; the mark goes. */
  forget: () => void;
  /**
   * Nothing is kept any more (the worker emptied a field whose empty value means "none", e.g. another amount): the
   * waiting write is dropped, the kept value removed from the device and the mark goes (ADR 0136). Nothing is sent.
   */
  clear: () => Promise<void>;
  /**
   * True while a typed value is kept on the device and not yet sent (ADR 0136): from when it is written (or read back
   * when the task opens) until `forget`. Changes at most twice per value, so typing re-renders nothing.
   */
  unsent: boolean;
}

/**
 * One field's value as typed, kept on the device while it is typed (meta `typedDrafts` under `key`, ADR 0135): its
 * key, what was kept, the writer to give each change to, `forget` for when the value is being saved (the save's
 * transaction removes the kept value) and `unsent` for the field's "not sent yet" mark (ADR 0136). A change still
 * waiting is written when the field unmounts (the worker leaves the item with Back: the value stays for when the item
 * opens again, and is sent only when the worker is done with it).
 */
export function useTypedField(key: string, typed: TypedDrafts): TypedField {
  const [mark, setMark] = useState<{ key: string; unsent: boolean } | null>(null);
  const writer = useMemo((): TypedDraftWriter => {
    const inner = typedDraftWriter(floorDb(), key, undefined, () => setMark({ key, unsent: true }));
    return {
      change(value) {
        if (typed.current) typed.current[key] = value;
        inner.change(value);
      },
      flush: () => inner.flush(),
      cancel: () => inner.cancel(),
    };
  }, [key, typed]);
  useEffect(() => () => void writer.flush(), [writer]);
  const kept = typed.current?.[key];
  const forget = () => {
    writer.cancel();
    if (typed.current) delete typed.current[key];
    setMark({ key, unsent: false });
  };
  return {
    key,
    kept,
    writer,
    forget,
    async clear() {
      forget();
      // After any write already on its way: Dexie runs read-write transactions on `meta` in the order they began.
      await forgetTypedWhere(floorDb(), () => [key]);
    },
    unsent: mark?.key === key ? mark.unsent : kept !== undefined,
  };
}
