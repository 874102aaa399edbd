// How the outbox's sender (sync.ts, loaded on first use) reports to the first file's hooks (outbox-status.ts) and the
// session provider, without either importing the other (ADR 0082).

let authRequired: (() => void) | null = null;
/** Who re-reads whether sending waits for a login (the status bar's `useOutboxPaused`). */
export const pausedListeners = new Set<() => void>();
/** Whether sending waits for a login: the sender's state once sync.ts has loaded (it registers here). */
let readPaused: () => boolean = () => false;

/** Whether sending waits for a login, now. */
export const pausedSource = (): boolean => readPaused();

/** Who to tell when the server answered 401 to a queued change (the session provider). */
export function setAuthRequiredHandler(fn: (() => void) | null): void {
  authRequired = fn;
}

/**
 * How the sender (sync.ts) reports: `setPausedSource` registers what says whether sending waits for a login,
 * `authRequired` when the server answered 401 to a queued change (sending pauses, the session provider is told),
 * `pausedChanged` after a login resumed sending.
 */
export const outboxReports = {
  setPausedSource(read: () => boolean): void {
    readPaused = read;
  },
  authRequired(): void {
    for (const l of pausedListeners) l();
    authRequired?.();
  },
  pausedChanged(): void {
    for (const l of pausedListeners) l();
  },
};
