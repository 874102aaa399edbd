import { hostname } from 'node:os';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { bolClient } from '../../lib/outside/bol.ts';
import { OutsideServiceError } from '../../lib/outside/http-client.ts';
import { startScheduled } from '../../lib/scheduled.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { pullBolOrders } from './bol-intake.service.ts';
import { type ConnectionRow, connectionRow } from './connections.service.ts';

/** What the scheduled pull needs: the database, the secret box and bol's origins (configuration). */
export interface SyncDeps {
  db: Db;
  box: SecretBox;
  bolApiUrl: string;
  bolLoginUrl: string;
  /** Retry tuning of the bol client (tests make it quick). */
  bolRetry?: { retries?: number; backoffMs?: number; maxRetryAfterMs?: number };
}

/** How long one process may hold a connection's pull before another may take over (a crashed process's lease ends). */
export const SYNC_LEASE_SECONDS = 300;

/** Most refused orders a status keeps with their codes (a pull reads at most 500 orders). */
const SYNC_REFUSED_KEPT = 100;

/** This process's name on a lease. */
const OWNER = `${hostname()}:${process.pid}:${Math.random().toString(16).slice(2, 8)}`;

/** Readable text of a pull failure for the connection's status (the outside service's own message). */
function failureText(err: unknown): string {
  if (err instanceof OutsideServiceError) return err.message;
  return `The pull failed: ${(err as Error).message}`;
}

/**
 * Runs the order pull of one bol connection if no other process is running it (issue 14 item 3): takes the
 * connection's lease (`sync_lease_until` / `sync_lease_owner`, one UPDATE, so of several API processes exactly one
 * wins), pulls (`pullBolOrders`), stores the status (last_sync_at, ok, error, imported, unknown_eans; the error also as a
 * reason code, `last_sync_problem`: pull_failed or orders_refused with each order's code, ADR 0119 §3) and releases the
 * lease. Returns false when the lease was taken, the connection is disabled or not a bol one.
 */
export async function syncConnection(deps: SyncDeps, connectionId: string): Promise<boolean> {
  const db = systemSql(deps.db);
  const leased = await db
    .updateTable('api_connections')
    .set({ sync_lease_owner: OWNER, sync_lease_until: new Date(Date.now() + SYNC_LEASE_SECONDS * 1000) })
    .where('id', '=', connectionId)
    .where('active', '=', true)
    .where('platform', 'in', ['bol', 'bol_be'])
    .where((eb) => eb.or([eb('sync_lease_until', 'is', null), eb('sync_lease_until', '<', new Date())]))
    .returning(['id', 'org_id'])
    .executeTakeFirst();
  if (!leased) return false;
  let status: {
    last_sync_ok: boolean;
    last_sync_error: string | null;
    last_sync_problem: string | null;
    last_sync_imported: number | null;
    unknown_eans?: string;
  };
  try {
    const conn: ConnectionRow = await connectionRow({ db: deps.db, orgIds: [leased.org_id] }, leased.id);
    const bol = bolClient({
      apiUrl: deps.bolApiUrl,
      loginUrl: deps.bolLoginUrl,
      clientId: conn.api_key,
      clientSecret: deps.box.open(conn.encrypted_secret),
      ...(deps.bolRetry ?? {}),
    });
    const r = await pullBolOrders(deps.db, conn, bol);
    const refused = r.refused.map((x) => `${x.order_id}: ${x.reason}`).join('; ');
    status = {
      last_sync_ok: r.refused.length === 0,
      last_sync_error: refused ? `Orders not taken in: ${refused}`.slice(0, 1000) : null,
      last_sync_problem: r.refused.length
        ? JSON.stringify({
            code: 'orders_refused',
            values: {},
            refused: r.refused.slice(0, SYNC_REFUSED_KEPT),
          })
        : null,
      last_sync_imported: r.imported,
      unknown_eans: JSON.stringify(r.unknownEans),
    };
  } catch (err) {
    const message = failureText(err).slice(0, 1000);
    status = {
      last_sync_ok: false,
      last_sync_error: message,
      last_sync_problem: JSON.stringify({ code: 'pull_failed', values: { message } }),
      last_sync_imported: 0,
    };
  }
  await db
    .updateTable('api_connections')
    .set({ ...status, last_sync_at: new Date(), sync_lease_owner: null, sync_lease_until: null })
    .where('id', '=', leased.id)
    .where('sync_lease_owner', '=', OWNER)
    .execute();
  return true;
}

/** One round of the scheduled pull: every active bol and bol_be connection of every organisation, one after another. */
export async function syncRound(deps: SyncDeps): Promise<number> {
  const due = await systemSql(deps.db)
    .selectFrom('api_connections')
    .select('id')
    .where('active', '=', true)
    .where('platform', 'in', ['bol', 'bol_be'])
    .orderBy('last_sync_at', (ob) => ob.asc().nullsFirst())
    .execute();
  let ran = 0;
  for (const c of due) if (await syncConnection(deps, c.id)) ran += 1;
  return ran;
}

/**
 * Starts the scheduled pull every `intervalMs` (CONNECTIONS_SYNC_MS; 0 = never): rounds never overlap within a
 * process, and the lease keeps processes apart. Returns the stop function (called when the app closes).
 */
export function startScheduledSync(
  deps: SyncDeps,
  intervalMs: number,
  log: (msg: string) => void,
): () => Promise<void> {
  return startScheduled({ name: 'API connection sync', intervalMs, round: () => syncRound(deps), log });
}
