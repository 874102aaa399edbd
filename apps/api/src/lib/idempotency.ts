import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { HttpProblem, type ProblemIssue } from './errors.ts';
import type { RequestContext } from './route.ts';

/** Longest accepted `Idempotency-Key` (the floor app sends a UUID or a 24-hex id). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

type StoredAnswer = {
  status_code: number;
  response: unknown;
  request_hash: string | null;
  method: string;
  path: string;
};

function requestHash(method: string, path: string, body: unknown): string {
  const hash = createHash('sha256').update(`${method} ${path}\n`);
  // An uploaded image arrives as bytes: hash them as they are, not as a JSON array of numbers.
  return (Buffer.isBuffer(body) ? hash.update(body) : hash.update(JSON.stringify(body ?? null))).digest(
    'hex',
  );
}

/** Turns a stored answer back into what the first request produced: the body, or the same problem. */
function replay<T>(stored: StoredAnswer, hash: string): T {
  if (stored.request_hash && stored.request_hash !== hash) {
    throw new HttpProblem(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request; send a new key for a new change',
    );
  }
  if (stored.status_code >= 400) {
    const p = stored.response as { code?: string; message?: string; issues?: ProblemIssue[] };
    throw new HttpProblem(stored.status_code, p.code ?? 'conflict', p.message ?? 'Rejected', p.issues);
  }
  return stored.response as T;
}

/**
 * Runs a state change exactly once per `Idempotency-Key` (design: Floor app offline model;
 * docs/decisions/0020-pick-confirm-and-stock.md). In ONE transaction: claims the key
 * (`idempotency_keys`, primary key (user_id, key)), runs `fn(tx)` and stores its JSON answer with it.
 *
 * - A replay of a key answers the stored first answer (same body, or the same problem with its
 *   status) and applies nothing.
 * - A business rejection (`HttpProblem` 4xx from `fn`) is also stored, after rolling `fn`'s writes back
 *   to a savepoint: a replay gets the same 409, the outbox marks the row rejected.
 * - Any other error rolls everything back, the key included, so the client may retry.
 * - Two concurrent first requests with one key: the second `INSERT … ON CONFLICT DO NOTHING` waits on
 *   the first transaction's uncommitted key row; when that commits it inserts nothing and reads the
 *   stored answer (READ COMMITTED sees the committed row). Should a unique violation still surface
 *   (23505), the transaction is rolled back and the stored answer returned.
 * - The same key with a different method, path or body → 422 `idempotency_key_reused`.
 *
 * Errors: 400 `idempotency_key_required` without the header (or longer than 200 characters).
 */
export async function withIdempotency<T>(
  ctx: Pick<RequestContext, 'db' | 'user' | 'idempotencyKey'>,
  req: Pick<FastifyRequest, 'method' | 'url' | 'body'> & { routeOptions?: { url?: string } },
  fn: (tx: Db) => Promise<T>,
): Promise<T> {
  const key = ctx.idempotencyKey?.trim();
  if (!key || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new HttpProblem(
      400,
      'idempotency_key_required',
      `The Idempotency-Key header is required (1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters) for this change`,
    );
  }
  const userId = ctx.user.id;
  const method = req.method.toUpperCase();
  const path = (req.url.split('?')[0] ?? req.url).slice(0, 500);
  const hash = requestHash(method, path, req.body);

  const readStored = async (db: Db) =>
    (
      await db.query<StoredAnswer>(
        'SELECT status_code, response, request_hash, method, path FROM idempotency_keys WHERE user_id = $1 AND key = $2',
        [userId, key],
      )
    ).rows[0];

  // Fast path: a replay needs no transaction and takes no locks.
  const earlier = await readStored(ctx.db);
  if (earlier && earlier.status_code > 0) return replay<T>(earlier, hash);

  type Outcome = { kind: 'done'; value: T } | { kind: 'stored'; stored: StoredAnswer };
  let outcome: Outcome;
  try {
    outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
      const claimed = await tx.query(
        `INSERT INTO idempotency_keys (key, user_id, method, path, status_code, response, request_hash)
         VALUES ($1, $2, $3, $4, 0, 'null'::jsonb, $5)
         ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
        [key, userId, method, path, hash],
      );
      if (claimed.rows.length === 0) {
        const stored = await readStored(tx);
        if (!stored) throw new Error('idempotency key vanished while claiming it');
        return { kind: 'stored', stored };
      }
      await tx.query('SAVEPOINT idempotent_change');
      let status = 200;
      let body: unknown;
      let value: T | undefined;
      try {
        value = await fn(tx);
        body = value;
      } catch (err) {
        if (!(err instanceof HttpProblem) || err.statusCode >= 500) throw err;
        await tx.query('ROLLBACK TO SAVEPOINT idempotent_change');
        status = err.statusCode;
        body = err.toBody();
      }
      await tx.query('RELEASE SAVEPOINT idempotent_change');
      await tx.query(
        'UPDATE idempotency_keys SET status_code = $3, response = $4::jsonb WHERE user_id = $1 AND key = $2',
        [userId, key, status, JSON.stringify(body ?? null)],
      );
      return status >= 400
        ? {
            kind: 'stored',
            stored: { status_code: status, response: body, request_hash: hash, method, path },
          }
        : { kind: 'done', value: value as T };
    });
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
    const stored = await readStored(ctx.db);
    if (!stored) throw err;
    outcome = { kind: 'stored', stored };
  }
  return outcome.kind === 'done' ? outcome.value : replay<T>(outcome.stored, hash);
}
