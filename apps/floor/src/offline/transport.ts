import type { createApiClient } from '@hoppa/core';
import type { OutboxRecord } from './db.ts';
import type { SendOutcome } from './sync.rules.ts';
import type { OutboxTransport } from './sync.ts';

/** The calls of outbox-calls.ts, loaded by {@link createApiTransport}. */
type OutboxCalls = typeof import('./outbox-calls.ts');

/**
 * When the outbox's calls start loading ahead of the first row (for tests): `target` receives the user's first input
 * (`keydown`, `pointerdown`), `idle` runs the load once the browser has painted its answer to it.
 */
export interface WarmUp {
  target: EventTarget;
  idle: (run: () => void) => void;
}

/** The page's own: the window's first key or pointer press, then an idle moment (within 2 s). */
function pageWarmUp(): WarmUp | null {
  if (typeof window === 'undefined') return null;
  return {
    target: window,
    idle: (run) =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(() => run(), { timeout: 2000 })
        : setTimeout(run, 0),
  };
}

/**
 * The outbox transport over the API client: one row is one call of its endpoint with the row id as
 * `Idempotency-Key` (outbox-calls.ts). The calls and their schemas (≈ 39 KB gzip and their zod schemas' set-up) are
 * not in the first file nor in a screen's first paint (the floor's first-load budget, ADR 0033; with them loaded at
 * start the pick screen's Lighthouse score fell from 96 to 92, its blocking time from 47 to 206 ms: ADR 0131): they
 * start loading at the user's first key or pointer press after the transport is made, in an idle moment after its
 * answer is painted, so still before a first change is queued; a row sent before any input loads them itself. A first
 * row queued offline on a new device, before the service worker had cached the chunk, failed to load it, and Chromium
 * keeps a module load that failed for the page's life: every later send failed as "network" until the page was
 * reloaded (ADR 0130). A chunk that cannot load still counts as no answer (the row is retried like any network
 * failure, and the load is tried again). `loadCalls` and `warmUp` are for tests. Never throws.
 */
export function createApiTransport(
  client: ReturnType<typeof createApiClient>,
  loadCalls: () => Promise<Pick<OutboxCalls, 'sendOutboxRow'>> = () => import('./outbox-calls.ts'),
  warmUp: WarmUp | null = pageWarmUp(),
): OutboxTransport {
  let calls: Promise<Pick<OutboxCalls, 'sendOutboxRow'>> | null = null;
  const load = () => {
    calls ??= loadCalls().catch((err: unknown) => {
      calls = null;
      throw err;
    });
    return calls;
  };
  if (warmUp) {
    const events = ['keydown', 'pointerdown'] as const;
    const onInput = () => {
      for (const e of events) warmUp.target.removeEventListener(e, onInput, true);
      warmUp.idle(() => {
        load().catch(() => undefined);
      });
    };
    for (const e of events) warmUp.target.addEventListener(e, onInput, { capture: true, passive: true });
  } else load().catch(() => undefined);
  return async (row: OutboxRecord): Promise<SendOutcome> => {
    try {
      const { sendOutboxRow } = await load();
      return await sendOutboxRow(client, row);
    } catch {
      return { status: 0 };
    }
  };
}
