import type { createApiClient } from '@hoppa/core';
import type { OutboxRecord } from './db.ts';
import type { SendOutcome } from './sync.rules.ts';
import type { OutboxTransport } from './sync.ts';

/** The calls of outbox-calls.ts, loaded by {@link createApiTransport}. */
type OutboxCalls = typeof import('./outbox-calls.ts');

/**
 * The outbox transport over the API client: one row is one call of its endpoint with the row id as
 * `Idempotency-Key` (outbox-calls.ts). The calls and their schemas are not in the first file (the floor's first-load
 * budget, ADR 0033): they start loading when the transport is made (the app's outbox sender, made at login or at the
 * start of a logged-in app, when the app has just come from the network or the service worker's cache), not with the
 * first row sent. A first row queued offline on a new device, before the service worker had cached the chunk, failed
 * to load it, and Chromium keeps a module load that failed for the page's life: every later send failed as "network"
 * until the page was reloaded (ADR 0130). A chunk that cannot load still counts as no answer (the row is retried like
 * any network failure, and the load is tried again). `loadCalls` is for tests. Never throws.
 */
export function createApiTransport(
  client: ReturnType<typeof createApiClient>,
  loadCalls: () => Promise<Pick<OutboxCalls, 'sendOutboxRow'>> = () => import('./outbox-calls.ts'),
): OutboxTransport {
  let calls: Promise<Pick<OutboxCalls, 'sendOutboxRow'>> | null = null;
  const load = () => {
    calls ??= loadCalls().catch((err: unknown) => {
      calls = null;
      throw err;
    });
    return calls;
  };
  load().catch(() => undefined);
  return async (row: OutboxRecord): Promise<SendOutcome> => {
    try {
      const { sendOutboxRow } = await load();
      return await sendOutboxRow(client, row);
    } catch {
      return { status: 0 };
    }
  };
}
