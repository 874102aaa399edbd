import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Db } from './client.ts';
import type { DB } from './schema.generated.ts';
import { TenantGuardPlugin } from './tenant-guard.ts';

/**
 * Typed SQL over our {@link Db} (docs/decisions/0008-typed-sql-kysely.md): Kysely builds and types the queries
 * from the generated table types (`schema.generated.ts`, `npm run db:types`); our `Db` runs them, on PGlite or
 * node-postgres alike, with its own transactions. Values come back as `Db` documents them (timestamps as `Date`,
 * int8 as number, numeric as string, jsonb parsed); pass jsonb values as `JSON.stringify(value)`.
 *
 * Transactions stay `db.transaction(async (tx) => …)`: inside, use `sqlOf(tx)` or `tenantSql(tx, …)`. Kysely's own
 * `transaction()` is refused, so a query never runs outside the transaction it was meant for.
 */
class DbConnection implements DatabaseConnection {
  constructor(private readonly db: Db) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const r = await this.db.query<R>(compiled.sql, compiled.parameters as unknown[]);
    return { rows: r.rows, numAffectedRows: BigInt(r.rowCount) };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered; the generator only throws
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported over Db');
  }
}

const NO_KYSELY_TRANSACTIONS =
  'Use db.transaction(async (tx) => …) and sqlOf(tx) inside it; Kysely transactions are not used here';

class DbDriver implements Driver {
  private readonly connection: DbConnection;
  constructor(db: Db) {
    this.connection = new DbConnection(db);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error(NO_KYSELY_TRANSACTIONS);
  }
  async commitTransaction(): Promise<void> {
    throw new Error(NO_KYSELY_TRANSACTIONS);
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error(NO_KYSELY_TRANSACTIONS);
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/** A Kysely dialect whose queries run through one {@link Db} handle (a pool, a PGlite or a transaction). */
export function dbDialect(db: Db): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DbDriver(db),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

const systemCache = new WeakMap<Db, Kysely<DB>>();
const guardedCache = new WeakMap<Db, Kysely<DB>>();

/**
 * The typed query builder over `db` **without** the organisation guard: for system work that is not about one
 * tenant's data (sessions, roles, migrations, the demo seed, the provider's cross-organisation views). Every use
 * outside `db/` and `lib/` should be rare and is easy to find by this name.
 */
export function systemSql(db: Db): Kysely<DB> {
  let k = systemCache.get(db);
  if (!k) {
    k = new Kysely<DB>({ dialect: dbDialect(db) });
    systemCache.set(db, k);
  }
  return k;
}

/**
 * The typed query builder over `db` with the {@link TenantGuardPlugin}: a query that reads or changes a tenant
 * table (see `TENANT_TABLES`) without constraining its `org_id` through `orgScope()` is refused before it runs.
 * Services use it through `tenantSql(ctx)` (tenant.ts).
 */
export function guardedSql(db: Db): Kysely<DB> {
  let k = guardedCache.get(db);
  if (!k) {
    k = new Kysely<DB>({ dialect: dbDialect(db), plugins: [new TenantGuardPlugin()] });
    guardedCache.set(db, k);
  }
  return k;
}
