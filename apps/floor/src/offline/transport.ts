import type { createApiClient } from '@hoppa/core';
import type { OutboxRecord } from './db.ts';
import type { SendOutcome } from './sync.rules.ts';
import type { OutboxTransport } from './sync.ts';

/**
 * The outbox transport over the API client: one row is one call of its endpoint with the row id as
 * `Idempotency-Key` (outbox-calls.ts). The calls and their schemas load with the first row sent, not with the app
 * (the floor's first-load budget, ADR 0033; the service worker precaches the chunk, so this works offline too). A
 * chunk that cannot load counts as no answer: the row is retried like any network failure. Never throws.
 */
export function createApiTransport(client: ReturnType<typeof createApiClient>): OutboxTransport {
  return async (row: OutboxRecord): Promise<SendOutcome> => {
    try {
      const { sendOutboxRow } = await import('./outbox-calls.ts');
      return await sendOutboxRow(client, row);
    } catch {
      return { status: 0 };
    }
  };
}
