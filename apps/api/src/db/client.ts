import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type pg from 'pg';

/**
 * The one database interface of the API (docs/decisions/0002-database-pglite-postgres.md): raw,
 * parameterised PostgreSQL (`$1`, `$2`, …) over PGlite (embedded, the default) or node-postgres
 * (`DATABASE_URL`). Both drivers answer with the same JavaScript types:
 * - `timestamptz`/`timestamp`/`date` → `Date`; `jsonb`/`json` → parsed value;
 * - `bytea` → `Buffer`;
 * - `int2`/`int4` → number; `int8` (also `count(*)`, `sum(int)`) → number (safe below 2^53, which counts and
 *   stock sums never reach);
 * - `numeric` → string (exact; convert with `Number()` where a float is fine, e.g. weights).
 * Pass `jsonb` parameters as `JSON.stringify(value)` (node-postgres would turn a JS array into a
 * PostgreSQL array), and `bytea` parameters as `Buffer`.
 */
export interface Db {
  kind: 'pglite' | 'postgres';
  /** Runs one statement with `$n` parameters; `rowCount` is the affected rows, or the rows read for SELECT. */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; rowCount: number }>;
  /**
   * Runs fn in one transaction: COMMIT when fn resolves, ROLLBACK when it throws; `tx.transaction()`
   * reuses it (nested calls). Inside fn use `tx` for everything that belongs to the transaction: the outer
   * `db` runs outside it, and on PGlite (one connection) waits until the transaction has ended — so a
   * query on the outer `db` awaited inside fn never finishes. A deadlock or serialization failure rolls back and
   * runs fn again from the start ({@link TRANSACTION_TRIES} tries in all), so fn keeps its effects in the database
   * and returns what it made, leaving outside state to its caller.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Calls `on.payload` for every `NOTIFY channel, payload` committed by any connection (PostgreSQL LISTEN; on
   * PGlite within this process). `on.lost` is called when notifications may be missed from now on (the listening
   * connection broke) and `on.ready` once they flow again (it reconnects by itself every second), so a cache
   * built on them can stop caching in between. Resolves, once listening, with a function that stops. Not
   * available inside a transaction.
   */
  listen(channel: string, on: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Callbacks of {@link Db.listen}. */
export interface ListenHandlers {
  payload: (payload: string) => void;
  lost?: () => void;
  ready?: () => void;
}

/**
 * Where the database lives: a PostgreSQL URL, a PGlite data directory, or in-memory PGlite (tests),
 * optionally started from a dump of another PGlite (`PGlite.dumpDataDir`), which skips initdb.
 */
export type DbConfig = { databaseUrl: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob };

const INT8 = 20;
const BYTEA = 17;

function hexToBuffer(x: string): Buffer {
  return Buffer.from(x.startsWith('\\x') ? x.slice(2) : x, 'hex');
}

/** The PostgreSQL extensions the migrations create, loaded into every PGlite (PostgreSQL ships them as contrib). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Opens the database: node-postgres pool when `databaseUrl` is given, else PGlite with its files under
 * `dataDir/pglite` (created when missing), else an in-memory PGlite.
 */
export async function openDb(config: DbConfig): Promise<Db> {
  if ('databaseUrl' in config) return openPostgres(config.databaseUrl, (await import('pg')).default);
  let dataDir: string | undefined;
  if ('dataDir' in config) {
    dataDir = join(config.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const lite = await createPglite({
    ...(dataDir ? { dataDir } : {}),
    ...('loadDataDir' in config && config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}),
  });
  return wrapPglite(lite);
}

/**
 * A PGlite as the API opens one: with {@link PGLITE_EXTENSIONS} and the parsers every query relies on (int8 as a
 * number, bytea as a Buffer). `options.dataDir` keeps its files there, `options.loadDataDir` starts it from a dump
 * (`PGlite.dumpDataDir`), neither: in memory. Wrap it with {@link wrapPglite}.
 */
export function createPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  return PGlite.create({
    ...options,
    // Trigram indexes serve the product table's search for a part of a name, EAN or SKU (migration 0250).
    extensions: PGLITE_EXTENSIONS,
    parsers: {
      [INT8]: (x: string) => Number(x),
      [BYTEA]: hexToBuffer,
    },
  });
}

/** One connection's way of running statements, as both drivers provide it. */
/** What a driver connection (or pool) offers the {@link Db}: a query with parameters, and a script. */
export interface Runner {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  exec(sql: string): Promise<void>;
}

/**
 * A runner for one connection that sends one statement at a time: calls made together (a service's `Promise.all`
 * inside a transaction) wait for the one before, in call order, whether it succeeded or failed. node-postgres 8
 * queues them itself but warns that it will stop (pg 9 refuses a query while one is running on the client).
 */
export function serialRunner(runner: Runner): Runner {
  let last: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
  return {
    query: (sql, params) => serial(() => runner.query(sql, params)),
    exec: (sql) => serial(() => runner.exec(sql)),
  };
}

/**
 * How many times in all a transaction is tried when it ends in a deadlock or a serialization failure
 * (docs/decisions/0104-*.md). PostgreSQL aborts one of two transactions that wait on each other's row locks
 * (SQLSTATE 40P01) after `deadlock_timeout` (1 s); the other goes through. The aborted one left nothing behind, so
 * it is run again from the start on a new connection, with the rows as the winner left them: a pick, a transfer or an
 * order edit that met another writer's locks in the opposite order goes through instead of answering 500. Both drivers
 * take the same path; PGlite has one connection and never deadlocks.
 *
 * A transaction's function must therefore be safe to run again: everything it changes is in the database (a file it
 * writes is written again under a new name; an outside call such as a carrier's label is made between two
 * transactions, never inside one, as `ship-order.service.ts` does).
 */
export const TRANSACTION_TRIES = 3;

/** Whether `err` is PostgreSQL's deadlock (40P01) or serialization failure (40001): the transaction may be run again. */
export function isRetryable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

let retriesSoFar = 0;

/**
 * How many transactions this process has run again after a deadlock or serialization failure (every driver, every
 * {@link Db}), since it started. Tests read it before and after concurrent writers to prove they never deadlocked
 * (docs/decisions/0106-*.md): a deadlock costs its victim PostgreSQL's `deadlock_timeout` (1 s) even though the retry
 * makes the outcome right.
 */
export function transactionRetries(): number {
  return retriesSoFar;
}

/**
 * Runs `attempt` (one whole transaction) up to {@link TRANSACTION_TRIES} times while it fails with an error
 * {@link isRetryable} says may be retried, 5–25 ms apart, then 10–50 ms, so the two that collided do not meet again
 * at once. Any other error, or the last try's, is thrown.
 */
async function retried<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (err) {
      if (tries >= TRANSACTION_TRIES || !isRetryable(err)) throw err;
      retriesSoFar += 1;
      await new Promise((done) => setTimeout(done, tries * (5 + Math.random() * 20)));
    }
  }
}

/**
 * Builds the {@link Db} over a driver. `transaction(fn)` hands fn a handle bound to the transaction's
 * connection, whose own `transaction()` reuses it (nested calls). The outer handle stays outside the
 * transaction, so work started from inside one that must not join it (a test holding a row lock while it
 * fires requests at the app) can still use it.
 */
function makeDb(
  kind: Db['kind'],
  base: Runner,
  begin: <T>(fn: (tx: Runner) => Promise<T>) => Promise<T>,
  close: () => Promise<void>,
  listen: Db['listen'],
): Db {
  const txDb = (connection: Runner): Db => {
    const runner = serialRunner(connection);
    const tx: Db = {
      kind,
      query: (sql, params) => runner.query(sql, params),
      transaction: (fn) => fn(tx),
      exec: (sql) => runner.exec(sql),
      listen: async () => {
        throw new Error('listen() is not available inside a transaction');
      },
      close: async () => {},
    };
    return tx;
  };
  return {
    kind,
    query: (sql, params) => base.query(sql, params),
    exec: (sql) => base.exec(sql),
    transaction: (fn) => retried(() => begin((runner) => fn(txDb(runner)))),
    listen,
    close,
  };
}

type PgliteConn = Pick<PGlite, 'query' | 'exec'>;

function pgliteRunner(conn: PgliteConn): Runner {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const r = await conn.query<T>(sql, params);
      const affected = r.affectedRows ?? 0;
      return { rows: r.rows, rowCount: affected > 0 ? affected : r.rows.length };
    },
    async exec(sql: string) {
      await conn.exec(sql);
    },
  };
}

/**
 * Wraps an open PGlite as a {@link Db}. `close()` closes the PGlite. Exposed for the test template
 * (test/test-app.ts), which dumps a migrated database once and starts each test database from it.
 */
export function wrapPglite(lite: PGlite): Db {
  return makeDb(
    'pglite',
    pgliteRunner(lite),
    (fn) => lite.transaction((tx) => fn(pgliteRunner(tx))),
    () => lite.close(),
    async (channel, on) => {
      const stop = await lite.listen(channel, on.payload);
      return async () => {
        if (!lite.closed) await stop();
      };
    },
  );
}

function pgRunner(conn: pg.Pool | pg.PoolClient): Runner {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const r = await conn.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await conn.query(sql);
    },
  };
}

/**
 * A {@link Db} on a node-postgres pool for `url`. `pg` comes loaded from {@link openDb}: a PGlite start never loads it
 * (≈ 0.1–0.4 CPU s of start-up, docs/decisions/0088-*.md).
 */
function openPostgres(url: string, pg: typeof import('pg').default): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // No JIT compilation: the API's statements are short lookups and bounded pages, and a misestimated one (a cost
    // over jit_above_cost) spent 1.1 s of 1.3 compiling (ADR 0099). PGlite has no JIT.
    options: '-c jit=off',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8) return (x: string) => Number(x);
        return pg.types.getTypeParser(oid, format as 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A transaction takes a dedicated client from the pool for BEGIN … COMMIT/ROLLBACK.
  const begin = async <T>(fn: (tx: Runner) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(pgRunner(client));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  };

  const listeners = new Set<() => Promise<void>>();
  const listen: Db['listen'] = async (channel, on) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    // One dedicated connection (a pooled one would be handed to others). On a break it reports the gap and
    // reconnects every second until it listens again (then reports ready) or is stopped.
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (m) => {
        if (m.channel === channel) on.payload(m.payload ?? '');
      });
      c.on('error', () => {
        if (stopped || client !== c) return;
        client = null;
        on.lost?.();
        c.end().catch(() => {});
        scheduleRetry();
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${channel}`);
      } catch (err) {
        c.end().catch(() => {});
        throw err;
      }
      client = c;
      on.ready?.();
    };
    const scheduleRetry = () => {
      if (stopped) return;
      retry = setTimeout(() => connect().catch(scheduleRetry), 1000);
    };
    await connect();
    const stop = async () => {
      stopped = true;
      clearTimeout(retry);
      listeners.delete(stop);
      await client?.end().catch(() => {});
    };
    listeners.add(stop);
    return stop;
  };
  return makeDb(
    'postgres',
    pgRunner(pool),
    begin,
    async () => {
      for (const stop of [...listeners]) await stop();
      await pool.end();
    },
    listen,
  );
}

/**
 * Escapes `\`, `%` and `_` so user text matches itself literally inside a LIKE/ILIKE pattern (PostgreSQL's
 * default escape character is `\`). Wrap the result with `%` yourself: `%${escapeLike(term)}%`.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
