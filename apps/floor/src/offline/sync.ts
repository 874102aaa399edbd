import type { FloorDb, OutboxRecord } from './db.ts';
import { headOfOutbox, markRejected, markRetry, markSent } from './outbox.ts';
import { backoffDelayMs, classifySendOutcome, type SendOutcome } from './sync.rules.ts';

/** Sends one outbox row (with its `id` as Idempotency-Key) and reports what came back; never throws. */
export type OutboxTransport = (row: OutboxRecord) => Promise<SendOutcome>;

/** The part of the Web Locks API the sender uses (navigator.locks). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface OutboxSenderOptions {
  db: FloorDb;
  transport: OutboxTransport;
  /** navigator.locks when available; without it only this tab is serialised (the keys keep replays safe). */
  locks?: LockManagerLike | null;
  now?: () => number;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Called once when the server answered 401: the app shows the login screen. */
  onAuthRequired?: () => void;
}

export interface OutboxSender {
  /**
   * Sends pending rows in order until the outbox is empty, the head must wait (backoff), or sending
   * is paused (401). `force` ignores the head's backoff (used on 'online' and on start).
   * Concurrent calls coalesce: one drain runs, and runs again if asked meanwhile.
   */
  drain(options?: { force?: boolean }): Promise<void>;
  /** Sending after a 401 resumes here (after a successful login). */
  resume(): Promise<void>;
  /** Whether sending is paused until login. */
  readonly paused: boolean;
  /** Stops the backoff timer. */
  stop(): void;
}

/** Name of the Web Lock that makes one tab the only sender. */
export const OUTBOX_LOCK = 'hoppa-floor-outbox';

/**
 * Creates the one outbox sender (design: 'Floor app offline model'). Rows go strictly in `seq` order:
 * a row that must be retried blocks the ones behind it, so the server sees changes in the order the
 * picker made them. Terminal answers (409 and other 4xx) mark the row rejected and move on; 401 pauses
 * until {@link OutboxSender.resume}; network errors, 408, 429 and 5xx back off (sync.rules.ts).
 */
export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const {
    db,
    transport,
    locks = null,
    now = Date.now,
    random = Math.random,
    setTimer = (fn, ms) => setTimeout(fn, ms),
    clearTimer = (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    onAuthRequired,
  } = options;

  let paused = false;
  let running: Promise<void> | null = null;
  let again = false;
  let againForce = false;
  let timer: unknown = null;

  function schedule(ms: number) {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(
      () => {
        timer = null;
        void drain();
      },
      Math.max(0, ms),
    );
  }

  async function loop(force: boolean): Promise<void> {
    let ignoreBackoff = force;
    for (;;) {
      if (paused) return;
      const head = await headOfOutbox(db);
      if (!head) return;
      const t = now();
      if (!ignoreBackoff && head.nextAttemptAt > t) {
        schedule(head.nextAttemptAt - t);
        return;
      }
      ignoreBackoff = false;
      let outcome: SendOutcome;
      try {
        outcome = await transport(head);
      } catch {
        outcome = { status: 0 };
      }
      const verdict = classifySendOutcome(outcome);
      if (verdict.kind === 'sent') await markSent(db, head, outcome.body);
      else if (verdict.kind === 'rejected') await markRejected(db, head, verdict.rejection);
      else if (verdict.kind === 'auth') {
        paused = true;
        onAuthRequired?.();
        return;
      } else {
        const delay = backoffDelayMs(head.attempts + 1, undefined, random);
        await markRetry(db, head, verdict.reason, now() + delay);
        schedule(delay);
        return;
      }
    }
  }

  function runOnce(force: boolean): Promise<void> {
    const work = () => loop(force);
    return locks ? locks.request(OUTBOX_LOCK, work) : work();
  }

  async function drain(opts: { force?: boolean } = {}): Promise<void> {
    const force = opts.force ?? false;
    if (running) {
      again = true;
      againForce ||= force;
      return running;
    }
    running = (async () => {
      try {
        let f = force;
        do {
          again = false;
          await runOnce(f);
          f = againForce;
          againForce = false;
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    drain,
    async resume() {
      paused = false;
      await drain({ force: true });
    },
    get paused() {
      return paused;
    },
    stop() {
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
