import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { OutboxRecord } from '../offline/db.ts';
import { floorDb } from '../offline/db.ts';
import { pendingScanCount, rejectedRows } from '../offline/outbox.ts';
import { createOutboxSender, type LockManagerLike, type OutboxSender } from '../offline/sync.ts';
import { createApiTransport } from '../offline/transport.ts';
import { api } from './api.ts';
import { onReachableChange, serverReachable } from './connectivity.ts';

let sender: OutboxSender | null = null;
let authRequired: (() => void) | null = null;
const pausedListeners = new Set<() => void>();

/** navigator.locks when the browser has it (one sending tab); null otherwise. */
function webLocks(): LockManagerLike | null {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return null;
  return { request: (name, cb) => locks.request(name, () => cb()) };
}

/** The app's one outbox sender over the API. */
export function outboxSender(): OutboxSender {
  sender ??= createOutboxSender({
    db: floorDb(),
    transport: createApiTransport(api),
    locks: webLocks(),
    onAuthRequired: () => {
      for (const l of pausedListeners) l();
      authRequired?.();
    },
  });
  return sender;
}

/** Who to tell when the server answered 401 to a queued change (the session provider). */
export function setAuthRequiredHandler(fn: (() => void) | null): void {
  authRequired = fn;
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
    .finally(() => {
      for (const l of pausedListeners) l();
    });
}

/**
 * Starts sending: now, whenever the browser comes back online or the app comes back to the front.
 * Returns the cleanup. The backoff timer of failed sends lives in the sender.
 */
export function startOutboxSync(): () => void {
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

/** Number of scans still to send, live from IndexedDB (0 exactly when the outbox has nothing pending). */
export function usePendingCount(): number {
  return useLiveQuery(() => pendingScanCount(floorDb()), [], 0);
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

/** Whether sending waits for a login. */
export function useOutboxPaused(): boolean {
  return useSyncExternalStore(subscribePaused, pausedNow);
}

// The subscribe and read functions of the hooks here are made once: a new function each render makes the store hook
// unsubscribe and subscribe again on every render of the status bar and the pick screen (ADR 0062).
function subscribePaused(cb: () => void): () => void {
  pausedListeners.add(cb);
  return () => pausedListeners.delete(cb);
}
const pausedNow = () => sender?.paused ?? false;

/**
 * Online, live: the browser has a network (`navigator.onLine`) and the server answered the last request
 * (connectivity.ts; `navigator.onLine` alone stays true on a Wi-Fi without a route to the server).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, onlineNow);
}

function subscribeOnline(cb: () => void): () => void {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  const stop = onReachableChange(cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
    stop();
  };
}
const onlineNow = () => navigator.onLine && serverReachable();
