import { useSyncExternalStore } from 'react';
import { onReachableChange, serverReachable } from './connectivity.ts';
import { pausedListeners, pausedSource } from './outbox-reports.ts';

// What the first file needs of the outbox (the status bar, the menu, the update prompt, the app's session bridge),
// without IndexedDB: the outbox's sender, its live counts and Dexie load from sync.ts on first use (ADR 0082), so
// Dexie (~31 KB brotli) is not in the first file and a login screen does not download it at all.

/**
 * Until when loading the outbox's module waits (see {@link holdOutboxLoad}); null: it loads at once.
 */
let held: Promise<void> | null = null;

/**
 * Holds loading the outbox's sender and Dexie (the `offline` file) until `until` settles: a fresh device's pick start
 * (main.tsx, when it sent the pick list's first page) shows its first card without that file, and a request for it
 * before the card's paint would share the phone's network with the card's files (ADR 0136). Such a device has no
 * session copy, so nothing of its own waits to be sent; the status bar's count stays unknown meanwhile.
 */
export function holdOutboxLoad(until: Promise<void>): void {
  const hold: Promise<void> = until.then(
    () => undefined,
    () => undefined,
  );
  held = hold;
  void hold.then(() => {
    if (held === hold) held = null;
  });
}

/** The outbox's sender and live queries with Dexie (sync.ts), loaded once on first use (after a hold, if any). */
const outboxModule = () => (held ?? Promise.resolve()).then(() => import('./sync.ts'));

/** Resumes sending after a login (a 401 paused it); loads the sender first when it has not loaded yet. */
export function resumeOutbox(): void {
  outboxModule()
    .then((m) => m.resumeOutbox())
    .catch((err: unknown) => console.error('Outbox sending failed', err));
}

/**
 * Starts sending (sync.ts `startOutboxSending`: now, whenever the browser comes back online or the app comes back to
 * the front) once the sender has loaded. Returns the cleanup, which also holds when it runs before the sender loaded.
 */
export function startOutboxSync(): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  outboxModule()
    .then((m) => {
      if (!stopped) stop = m.startOutboxSending();
    })
    .catch((err: unknown) => console.error('Outbox sending failed', err));
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * Number of changes still to send, live from IndexedDB (sync.ts `watchPendingCount`: 0 exactly when the outbox has
 * nothing pending), or `undefined` while it is not known yet: until the outbox's module has loaded and IndexedDB has
 * answered. Unknown is not 0: the update prompt must not offer a reload, nor the status bar say "Alles verstuurd",
 * before the outbox was read. Every component shares one live count per tab, so a strip or screen that mounts while
 * another one watches (the status bar) knows the count at once.
 */
export function usePendingCount(): number | undefined {
  return useSyncExternalStore(subscribePending, pendingNow);
}

/** The last count the live query answered; undefined while nobody watches or before its first answer. */
let pendingCount: number | undefined;
const pendingListeners = new Set<() => void>();
/** Stops the shared live count; null while it is not running. */
let stopPendingWatch: (() => void) | null = null;
let pendingStopTimer: ReturnType<typeof setTimeout> | null = null;

function pendingNow(): number | undefined {
  return pendingCount;
}

function setPendingCount(count: number | undefined): void {
  if (count === pendingCount) return;
  pendingCount = count;
  for (const l of pendingListeners) l();
}

function subscribePending(cb: () => void): () => void {
  pendingListeners.add(cb);
  if (pendingStopTimer !== null) clearTimeout(pendingStopTimer);
  pendingStopTimer = null;
  stopPendingWatch ??= watchPending();
  return () => {
    pendingListeners.delete(cb);
    // A screen change unmounts one status bar and mounts the next: the count stops only when nobody mounts again.
    if (pendingListeners.size > 0 || pendingStopTimer !== null) return;
    pendingStopTimer = setTimeout(() => {
      pendingStopTimer = null;
      if (pendingListeners.size === 0) stopPending();
    }, 0);
  };
}

/** Stops the shared live count now; the count is unknown again. */
function stopPending(): void {
  if (pendingStopTimer !== null) clearTimeout(pendingStopTimer);
  pendingStopTimer = null;
  stopPendingWatch?.();
  stopPendingWatch = null;
  setPendingCount(undefined);
}

/**
 * Test-only: stops the shared live count at once and forgets it (unknown again), as the app does one tick after its
 * last watcher unmounts. The floor's tests share their modules per worker (ADR 0089): src/test/setup.ts calls this
 * before each test file, and tests of the unknown moment after each test. The app never calls it.
 */
export function resetPendingCountForTests(): void {
  pendingListeners.clear();
  stopPending();
}

/** Starts the live count once the outbox's module has loaded; returns its stop, which also holds before that. */
function watchPending(): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  outboxModule()
    .then((m) => {
      if (!stopped) stop = m.watchPendingCount(setPendingCount);
    })
    .catch((err: unknown) => console.error('Outbox count failed', err));
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Whether sending waits for a login. */
export function useOutboxPaused(): boolean {
  return useSyncExternalStore(subscribePaused, pausedSource);
}

// The subscribe and read functions of the hooks here are made once: a new function each render makes the store hook
// unsubscribe and subscribe again on every render of the status bar and the pick screen (ADR 0062).
function subscribePaused(cb: () => void): () => void {
  pausedListeners.add(cb);
  return () => pausedListeners.delete(cb);
}

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
