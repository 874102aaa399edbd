import { classifyPickScan, judgePickScan } from '@hoppa/core';
import type { TFunction } from 'i18next';
import { type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { kickOutbox } from '../../app/sync.ts';
import type { FloorDb, PickRecord } from '../../offline/db.ts';
import { enqueuePick } from '../../offline/outbox.ts';
import { afterPaint } from '../../scan/after-paint.ts';
import type { ScanFeedback } from '../../scan/feedback.ts';
import { createFlashStore } from './flash-store.ts';
import { enqueueLinkedPick } from './linked-pick.ts';
import { speakableLocation } from './pick.rules.ts';

/**
 * How long after a confirming scan the same code again counts as the scanner's double read (ms): one that arrives
 * after the next pick has rendered is ignored, whatever it is for that pick: not the error sound and 'Fout' when it is
 * wrong for it, and not a confirmation when it is right for it (the same product on the next location: a second
 * within which nobody walks there and takes it).
 */
export const PICK_REPEAT_MS = 1000;

/**
 * Scanning at the pick screen (spec 2 §4 Pick flow, §5 Pick screen scan): a scan of the pick's location id or EAN
 * confirms it — feedback first (sound, buzz, the verdict; the quantity is spoken right after), then one Dexie
 * transaction writes the pick state and its outbox rows, then the sender is nudged. Anything else is wrong: error
 * sound, buzz and the location spoken. The handler reads the current pick through refs, so it stays one function.
 *
 * One frame (issue 8 §2): the verdict lives in a {@link FlashStore} that only the verdict components read, and the
 * move to the next pick is rendered after the verdict's frame has been painted ({@link afterPaint}). The Dexie
 * transaction is started in the scan's own task, before that paint, and awaited after it. Until the next pick has
 * rendered, the confirmed pick is still "current": a second scan of it in that moment (a scanner's double trigger) is
 * ignored, never confirmed twice; one arriving after it, within {@link PICK_REPEAT_MS}, is ignored too, wrong or right
 * for the pick now in front (right for it, the same product on the next location, it confirmed that pick unpicked).
 */
export function usePickScan(opts: {
  db: FloorDb;
  feedback: ScanFeedback;
  /** The screen's translation of 'done' (spoken and shown when the last pick is confirmed). */
  t: TFunction<'pick', undefined>;
  pickRef: RefObject<PickRecord | null>;
  /** The read-only card shown while a downloaded list is being stored (`usePickList().previewRef`), or null. */
  previewRef: RefObject<PickRecord | null>;
  openCountRef: RefObject<number>;
  markConfirmed: (id: string) => void;
  unmarkConfirmed: (id: string) => void;
  onError: (err: unknown) => void;
}) {
  const { db, feedback, t, pickRef, previewRef, openCountRef, markConfirmed, unmarkConfirmed, onError } =
    opts;
  const flashStore = useMemo(createFlashStore, []);
  const setFlash = flashStore.set;
  const [done, setDone] = useState(false);
  const flashSeq = useRef(0);
  /** The pick record confirmed last (by identity: a re-downloaded item with the same id is a new record). */
  const confirming = useRef<PickRecord | null>(null);
  /** The pick without a location whose product was scanned last: its location scan comes next. */
  const linking = useRef<string | null>(null);
  /** The code and time (ms) of the last confirming scan. */
  const lastConfirm = useRef<{ raw: string; at: number } | null>(null);
  /** The pick confirmed last: a later scan of its EAN or location is a piece scanned again, shown as such. */
  const lastPicked = useRef<PickRecord | null>(null);

  const onScan = useCallback(
    (raw: string) => {
      const current = pickRef.current;
      if (current && current === confirming.current) return;
      const last = lastConfirm.current;
      // The scanner's double read of the code that confirmed the last pick: nothing to judge (see PICK_REPEAT_MS).
      if (last !== null && last.raw === raw.trim() && Date.now() - last.at < PICK_REPEAT_MS) return;
      const confirmed = () => {
        lastConfirm.current = { raw: raw.trim(), at: Date.now() };
        lastPicked.current = current;
      };
      const id = ++flashSeq.current;
      if (!current) {
        // A card is on screen but its list is not stored yet: not wrong (no error sound, no 'Fout' for the product
        // the picker holds), only not counted yet.
        if (previewRef.current) {
          setFlash({ id, kind: 'loading', scan: raw });
          return;
        }
        feedback.wrong(null);
        setFlash({ id, kind: 'wrong', scan: raw, location: null });
        return;
      }
      // An item without a pick location (spec 2 §4): the product first, then the location it is taken from, which
      // becomes its pick location (POST /pick_list) and confirms the pick from there.
      if (!current.item.loc_id) {
        const scan = classifyPickScan(raw);
        if (scan.kind === 'location' && linking.current === current.id) {
          confirmed();
          feedback.valid(current.item.qty);
          setFlash({ id, kind: 'valid', qty: current.item.qty, name: current.item.product__name });
          confirming.current = current;
          linking.current = null;
          const last = (openCountRef.current ?? 0) <= 1;
          afterPaint(() => {
            markConfirmed(current.id);
            if (last) setDone(true);
          });
          if (last) feedback.done(t('done'));
          enqueueLinkedPick(db, current.id, { id: scan.id, name: scan.id }, raw)
            .then(() => kickOutbox())
            .catch((err: unknown) => {
              console.error('Could not store the pick', err);
              if (confirming.current === current) confirming.current = null;
              unmarkConfirmed(current.id);
              onError(err);
            });
          return;
        }
        if (judgePickScan(raw, { locationId: null, ean: current.item.ean }) === 'valid') {
          linking.current = current.id;
          feedback.link();
          setFlash({ id, kind: 'link', name: current.item.product__name });
          return;
        }
        feedback.wrong(null);
        setFlash({ id, kind: 'wrong', scan: raw, location: null });
        return;
      }
      const verdict = judgePickScan(raw, { locationId: current.item.loc_id, ean: current.item.ean });
      if (verdict === 'valid') {
        confirmed();
        feedback.valid(current.item.qty);
        setFlash({ id, kind: 'valid', qty: current.item.qty, name: current.item.product__name });
        confirming.current = current;
        const last = (openCountRef.current ?? 0) <= 1;
        // The next pick renders after the verdict's frame: with the whole screen in the same render (Preact has no
        // transitions) the verdict came ~3x later at 4x CPU throttle than for a wrong scan (ADR 0062).
        afterPaint(() => {
          markConfirmed(current.id);
          if (last) setDone(true);
        });
        // spec 2 §2: the done message is spoken as well as shown, in Dutch
        if (last) feedback.done(t('done'));
        enqueuePick(db, current.id, raw)
          .then(() => kickOutbox())
          .catch((err: unknown) => {
            console.error('Could not store the pick', err);
            if (confirming.current === current) confirming.current = null;
            unmarkConfirmed(current.id);
            onError(err);
          });
      } else {
        feedback.wrong(current.item.rack ? speakableLocation(current.item.rack) : null);
        const before = lastPicked.current?.item;
        const again =
          before && judgePickScan(raw, { locationId: before.loc_id, ean: before.ean }) === 'valid'
            ? { qty: before.qty, name: before.product__name }
            : undefined;
        setFlash({ id, kind: 'wrong', scan: raw, location: current.item.rack || null, picked: again });
      }
    },
    [db, feedback, t, pickRef, previewRef, openCountRef, markConfirmed, unmarkConfirmed, onError, setFlash],
  );

  return { onScan, flashStore, setFlash, done, setDone };
}
