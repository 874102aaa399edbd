/**
 * Whether the server answered the last request (docs/decisions/0007-floor-offline-outbox.md). `navigator.onLine` only
 * says a network interface is up: a handheld on the warehouse Wi-Fi without a route to the server, or a page that a
 * service worker served while the network is gone, still reports "online". The floor's API client reports each
 * attempt here; the status bar shows offline when either says so, and the outbox keeps working as before.
 */
type Listener = () => void;

let reachable = true;
const listeners = new Set<Listener>();

/** The last request reached the server (any HTTP answer) or not (no answer at all). */
export function reportReachable(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  for (const l of listeners) l();
}

/** Whether the last request got an answer; true until one fails. */
export function serverReachable(): boolean {
  return reachable;
}

/**
 * Test-only: the server counts as reachable again, as at a page load (listeners stay: mounted components remove their
 * own). The floor's tests share their modules per worker (ADR 0089); src/test/setup.ts calls this before each test
 * file. The app never calls it.
 */
export function resetReachableForTests(): void {
  reachable = true;
}

/** Calls `cb` whenever {@link serverReachable} changes; returns the unsubscribe. */
export function onReachableChange(cb: Listener): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

if (typeof window !== 'undefined') {
  // The browser saw the network come back: try again optimistically; the next request will tell.
  window.addEventListener('online', () => reportReachable(true));
}

/** A `fetch` that reports to {@link reportReachable}: an answer means reachable, a thrown error means not. */
export const reportingFetch: typeof fetch = async (input, init) => {
  try {
    const res = await globalThis.fetch(input, init);
    reportReachable(true);
    return res;
  } catch (err) {
    // An aborted request (navigation, time-out we set) says nothing about the network.
    if (!(err instanceof DOMException && err.name === 'AbortError')) reportReachable(false);
    throw err;
  }
};
