/**
 * Whether the server answered the last request (docs/decisions/0007-floor-offline-outbox.md). `navigator.onLine` only
 * says a network interface is up: a handheld on the warehouse Wi-Fi without a route to the server, or a page that a
 * service worker served while the network is gone, still reports "online". The floor's API client reports each
 * attempt here; the status bar shows offline when either says so, and the outbox keeps working as before.
 */
type Listener = () => void;

let reachable = true;
const listeners = new Set<Listener>();

/**
 * How often (ms) the server is asked whether it answers again while it is unreachable: a page loaded offline gets no
 * 'online' event when the network comes back in every browser, and a Wi-Fi without a route to the server that gets it
 * back sends none at all. Without the question, a floor with nothing in its outbox made no request and stayed
 * "Offline" (its Refresh disabled) for good.
 */
export const REACHABLE_PROBE_MS = 10_000;
/** The public liveness route (`GET /health`, spec 1 §7), asked by the probe: small, no session needed. */
const PROBE_URL = '/api/health';
/** A probe without an answer within this time (ms) counts as none. */
const PROBE_TIMEOUT_MS = 5_000;
let probeTimer: ReturnType<typeof setTimeout> | null = null;

function stopProbe(): void {
  if (probeTimer !== null) clearTimeout(probeTimer);
  probeTimer = null;
}

/** Asks {@link PROBE_URL} after {@link REACHABLE_PROBE_MS}, and again after each probe that got no answer. */
function scheduleProbe(): void {
  stopProbe();
  probeTimer = setTimeout(() => {
    probeTimer = null;
    if (reachable) return;
    // No network interface at all: nothing to ask yet (the 'online' event, or the next probe, follows).
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      scheduleProbe();
      return;
    }
    const signal =
      typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(PROBE_TIMEOUT_MS) : undefined;
    globalThis
      .fetch(PROBE_URL, { cache: 'no-store', credentials: 'same-origin', signal })
      .then(() => reportReachable(true))
      .catch(() => {
        if (!reachable) scheduleProbe();
      });
  }, REACHABLE_PROBE_MS);
}

/**
 * The last request reached the server (any HTTP answer) or not (no answer at all). While it has not, the server is
 * asked again every {@link REACHABLE_PROBE_MS} until it answers.
 */
export function reportReachable(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  if (value) stopProbe();
  else scheduleProbe();
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
  stopProbe();
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
