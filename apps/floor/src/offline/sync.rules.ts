import type { ReasonValues } from '@hoppa/core';
import type { OutboxRejection } from './db.ts';

/** What the transport saw for one send: the HTTP status (0 = no answer: offline, DNS, timeout) and body. */
export interface SendOutcome {
  status: number;
  body?: unknown;
}

/**
 * What the sender does with an outcome (design: 'Floor app offline model'):
 * - `sent`: 2xx, the server applied the change (or had already, for a replayed key): drop the row.
 * - `retry`: no answer, 408, 429 or 5xx: keep the row at the head and try again after a backoff.
 * - `auth`: 401, the session is gone: stop sending until the picker logs in again; keep the row.
 * - `rejected`: 409 (order shipped or cancelled meanwhile, over-pick) or another 4xx the same request
 *   will always get (400, 403, 404, 422): terminal, shown to the picker with the reason, never retried.
 */
export type SendVerdict =
  | { kind: 'sent' }
  | { kind: 'retry'; reason: string }
  | { kind: 'auth' }
  | { kind: 'rejected'; rejection: OutboxRejection };

/** Classifies one send outcome; see {@link SendVerdict}. Pure. */
export function classifySendOutcome(outcome: SendOutcome): SendVerdict {
  const { status, body } = outcome;
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 0) return { kind: 'retry', reason: 'network' };
  if (status === 408 || status === 429 || status >= 500) return { kind: 'retry', reason: `HTTP ${status}` };
  if (status === 401) return { kind: 'auth' };
  return { kind: 'rejected', rejection: rejectionOf(status, body) };
}

/**
 * Reads code, message and issues (when it has them) from a problem body (core's `Problem`: `{ statusCode, code, message }`); falls back to the
 * status for anything else. A plain shape check rather than the zod schema: this runs in the first load (ADR 0033).
 */
function rejectionOf(status: number, body: unknown): OutboxRejection {
  const problem = body as {
    statusCode?: unknown;
    code?: unknown;
    message?: unknown;
    issues?: unknown;
  } | null;
  if (
    typeof problem === 'object' &&
    problem !== null &&
    typeof problem.statusCode === 'number' &&
    typeof problem.code === 'string' &&
    typeof problem.message === 'string'
  ) {
    // An issue's reason code and values are kept, so the list words a coded refusal in the worker's language.
    const issues = Array.isArray(problem.issues)
      ? problem.issues.flatMap(
          (i: { path?: unknown; message?: unknown; code?: unknown; values?: unknown } | null) =>
            typeof i?.path === 'string' && typeof i.message === 'string'
              ? [
                  {
                    path: i.path,
                    message: i.message,
                    ...(typeof i.code === 'string' ? { code: i.code } : {}),
                    ...(i.values && typeof i.values === 'object' ? { values: i.values as ReasonValues } : {}),
                  },
                ]
              : [],
        )
      : [];
    return {
      status,
      code: problem.code,
      message: problem.message,
      ...(issues.length > 0 ? { issues } : {}),
    };
  }
  if (typeof body === 'string' && body.trim())
    return { status, code: `http_${status}`, message: body.trim() };
  return { status, code: `http_${status}`, message: `HTTP ${status}` };
}

/** Backoff settings: the first retry after `baseMs`, doubling up to `maxMs`. */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** Share of the delay that is randomised (0..1), so many scanners coming online do not retry in step. */
  jitter: number;
}

/** 1 s, 2 s, 4 s … capped at 60 s, ±20 %. */
export const OUTBOX_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 60_000, jitter: 0.2 };

/**
 * Delay in ms before retry number `attempt` (1 = the first retry after one failure):
 * `min(maxMs, baseMs · 2^(attempt−1))`, then scaled by a factor in [1 − jitter, 1 + jitter] chosen by
 * `random()` (0..1). Pure; pass `() => 0.5` for the exact schedule.
 */
export function backoffDelayMs(
  attempt: number,
  options: BackoffOptions = OUTBOX_BACKOFF,
  random = Math.random,
): number {
  const n = Math.max(1, Math.floor(attempt));
  const exact = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(n - 1, 30));
  const factor = 1 + options.jitter * (2 * random() - 1);
  return Math.round(exact * factor);
}
