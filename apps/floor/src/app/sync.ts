import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import type { OutboxRecord } from '../offline/db.ts';
import { floorDb } from '../offline/db.ts';
import { pendingScanCount, rejectedRows } from '../offline/outbox.ts';
import { createOutboxSender, type LockManagerLike, type OutboxSender } from '../offline/sync.ts';
import { createApiTransport } from '../offline/transport.ts';
import { api } from './api.ts';
import { outboxReports } from './outbox-reports.ts';

// The outbox's sender and live queries, with Dexie: loaded by the screens that queue work and, through
// outbox-status.ts, when somebody is logged in; not in the first file (ADR 0082).

let sender: OutboxSender | null = null;
outboxReports.setPausedSource(() => sender?.paused ?? false);

/** navigator.locks when the browser has it (one sending tab); null otherwise. */
function webLocks(): LockManagerLike | null {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return null;
  return { request: (name, cb) => locks.request(name, () => cb()) };
}

/**
 * Test-only: stops the app's outbox sender and forgets it, so the next {@link outboxSender} makes a new one on the
 * database of that moment. The floor's tests share their modules per worker (ADR 0089); src/test/setup.ts calls this
 * before each test file. The app never calls it.
 */
export function resetOutboxSenderForTests(): void {
  sender?.stop();
  sender = null;
}

/** The app's one outbox sender over the API. */
export function outboxSender(): OutboxSender {
  sender ??= createOutboxSender({
    db: floorDb(),
    transport: createApiTransport(api),
    locks: webLocks(),
    onAuthRequired: () => outboxReports.authRequired(),
  });
  return sender;
}

/** Asks the sender to send now (after an enqueue, on 'online'); errors are logged, never thrown. */
export function kickOutbox(force = false): void {
  outboxSender()
    .drain({ force })
    .catch((err: unknown) => console.error('Outbox sending failed', err));
}

/** Resumes sending after a login (a 401 paused it). */
export function resumeOutbox(): void {
  outboxSender()
    .resume()
    .catch((err: unknown) => console.error('Outbox sending failed', err))
    .finally(() => outboxReports.pausedChanged());
}

/**
 * Starts sending: now, whenever the browser comes back online or the app comes back to the front.
 * Returns the cleanup. The backoff timer of failed sends lives in the sender. The app calls it through
 * outbox-status.ts `startOutboxSync`, which loads this file first.
 */
export function startOutboxSending(): () => void {
  const onOnline = () => kickOutbox(true);
  const onVisible = () => {
    if (document.visibilityState === 'visible') kickOutbox(true);
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  kickOutbox(true);
  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    outboxSender().stop();
  };
}

/**
 * Calls `onCount` with the number of scans still to send, now and after every change of the outbox (0 exactly when
 * nothing is pending); returns the unsubscribe. For outbox-status.ts `usePendingCount`.
 */
export function watchPendingCount(onCount: (count: number) => void): () => void {
  const subscription = liveQuery(() => pendingScanCount(floorDb())).subscribe({
    next: onCount,
    error: (err: unknown) => console.error('Outbox count failed', err),
  });
  return () => subscription.unsubscribe();
}

/** The answer of {@link useRejectedRows} while nothing was refused: one array, so its live query's answer is no change. */
const NO_ROWS: OutboxRecord[] = [];

/**
 * Rows the server refused, live. While there are none the hook answers the same empty array before and after
 * IndexedDB answers, so the screens using it (the pick screen) do not render again for it (ADR 0078).
 */
export function useRejectedRows(): OutboxRecord[] {
  return useLiveQuery(
    () => rejectedRows(floorDb()).then((rows) => (rows.length > 0 ? rows : NO_ROWS)),
    [],
    NO_ROWS,
  );
}

/**
 * Calls `onRefused` once when a change this screen saw waiting (`waitingIds`, the outbox rows it shows as queued) comes
 * back among `rejected`: it was confirmed with the ok sound when it was queued, so its refusal gets the wrong-scan buzz
 * and the screen can drop the line that confirmed it (ADR 0142). A row refused before the screen saw it waiting is
 * listed without a sound.
 */
export function useRefusedWhileWaiting(
  waitingIds: readonly string[] | undefined,
  rejected: readonly OutboxRecord[],
  onRefused: () => void,
): void {
  const seen = useRef(new Set<string>());
  useEffect(() => {
    for (const id of waitingIds ?? []) seen.current.add(id);
    if (rejected.filter((r) => seen.current.delete(r.id)).length > 0) onRefused();
  });
}
