import { ApiError, type createApiClient, pickConfirmEndpoint, request } from '@hoppa/core';
import type { OutboxRecord } from './db.ts';
import type { SendOutcome } from './sync.rules.ts';
import type { OutboxTransport } from './sync.ts';

/**
 * The outbox transport over the API client: one row is one call of its endpoint, with the row id as
 * `Idempotency-Key` (the server stores the key with the result in the same transaction as the change,
 * so a replay returns the first answer). Never throws: failures become a status for sync.rules.ts.
 */
export function createApiTransport(client: ReturnType<typeof createApiClient>): OutboxTransport {
  return async (row: OutboxRecord): Promise<SendOutcome> => {
    try {
      switch (row.kind) {
        case 'pick.confirm':
          await request(
            client,
            pickConfirmEndpoint,
            { body: row.body },
            { headers: { 'Idempotency-Key': row.id } },
          );
          return { status: 200 };
      }
    } catch (err) {
      if (err instanceof ApiError) return { status: err.status, body: err.body };
      // A 2xx whose body does not match the contract was still applied by the server: resending
      // would only replay the same answer, so it counts as sent (and is logged for the developers).
      if (err instanceof Error && err.name === 'ZodError') {
        console.error('Outbox: answer does not match the contract', err);
        return { status: 200 };
      }
      // ky's TimeoutError and anything else without an answer: retry later.
      return { status: 0 };
    }
  };
}
