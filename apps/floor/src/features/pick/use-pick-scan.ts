import { judgePickScan } from '@hoppa/core';
import type { TFunction } from 'i18next';
import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { kickOutbox } from '../../app/sync.ts';
import type { FloorDb, PickRecord } from '../../offline/db.ts';
import { enqueuePick } from '../../offline/outbox.ts';
import type { ScanFeedback } from '../../scan/feedback.ts';
import { markScanFeedback } from '../../scan/scan-perf.ts';
import { speakableLocation } from './pick.rules.ts';

/** The verdict of the last scan, shown until the next one. */
export type Flash =
  | { id: number; kind: 'valid'; qty: number; name: string }
  | { id: number; kind: 'wrong'; scan: string; location: string | null };

/**
 * Scanning at the pick screen (spec 2 §4 Pick flow, §5 Pick screen scan): a scan of the pick's location id or EAN
 * confirms it — feedback first (sound, buzz, quantity spoken; marked for the latency benchmark), then one Dexie
 * transaction writes the pick state and its outbox rows, then the sender is nudged. Anything else is wrong: error
 * sound, buzz and the location spoken. The handler reads the current pick through refs, so it stays one function.
 */
export function usePickScan(opts: {
  db: FloorDb;
  feedback: ScanFeedback;
  /** The screen's translation of 'done' (spoken and shown when the last pick is confirmed). */
  t: TFunction<'pick', undefined>;
  pickRef: RefObject<PickRecord | null>;
  openCountRef: RefObject<number>;
  markConfirmed: (id: string) => void;
  unmarkConfirmed: (id: string) => void;
  onError: (err: unknown) => void;
}) {
  const { db, feedback, t, pickRef, openCountRef, markConfirmed, unmarkConfirmed, onError } = opts;
  const [flash, setFlash] = useState<Flash | null>(null);
  const [done, setDone] = useState(false);
  const flashSeq = useRef(0);

  const onScan = useCallback(
    (raw: string) => {
      const current = pickRef.current;
      const id = ++flashSeq.current;
      if (!current) {
        feedback.wrong(null);
        setFlash({ id, kind: 'wrong', scan: raw, location: null });
        return;
      }
      const verdict = judgePickScan(raw, { locationId: current.item.loc_id, ean: current.item.ean });
      if (verdict === 'valid') {
        feedback.valid(current.item.qty);
        setFlash({ id, kind: 'valid', qty: current.item.qty, name: current.item.product__name });
        markConfirmed(current.id);
        const last = (openCountRef.current ?? 0) <= 1;
        if (last) {
          setDone(true);
          // spec 2 §2: the done message is spoken as well as shown, in Dutch
          feedback.done(t('done'));
        }
        enqueuePick(db, current.id, raw)
          .then(() => kickOutbox())
          .catch((err: unknown) => {
            console.error('Could not store the pick', err);
            unmarkConfirmed(current.id);
            onError(err);
          });
      } else {
        feedback.wrong(current.item.rack ? speakableLocation(current.item.rack) : null);
        setFlash({ id, kind: 'wrong', scan: raw, location: current.item.rack || null });
      }
    },
    [db, feedback, t, pickRef, openCountRef, markConfirmed, unmarkConfirmed, onError],
  );

  // The verdict is in the DOM and sound and buzz have started: that is the feedback the benchmark times.
  useLayoutEffect(() => {
    if (flash) markScanFeedback();
  }, [flash]);

  return { onScan, flash, setFlash, done, setDone };
}
