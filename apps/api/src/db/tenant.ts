import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from './client.ts';
import { guardedSql } from './kysely.ts';

export { UnscopedTenantQueryError } from './tenant-guard.ts';

/**
 * Tenant isolation in one place (docs/architecture.md, docs/decisions/0008-typed-sql-kysely.md). Every query a
 * request makes on a tenant table (a merchant's rows: `TENANT_TABLES`, generated from the tables with an `org_id`
 * column) goes through {@link tenantSql} and constrains each reference to such a table with {@link orgScope}:
 *
 * ```ts
 * const q = tenantSql(ctx);
 * q.selectFrom('shipments as s').innerJoin('orders as o', 'o.id', 's.order_id')
 *   .where(orgScope(ctx, 's')).where(orgScope(ctx, 'o'))
 * ```
 *
 * The {@link TenantGuardPlugin} on that builder refuses a SELECT, UPDATE or DELETE in which some reference to a
 * tenant table (from, join, subquery; by alias) has no `org_id` predicate, before it reaches the database. INSERTs
 * are not checked: new rows take `org_id` from `ctx.currOrgId` (the endpoint's scope guarantees it is set).
 */

/** What the tenant helpers need of a request context: its database handle and the organisations it may see. */
export interface TenantScope {
  db: Db;
  /** Organisations whose rows this request may read and change (24-hex ids). */
  orgIds: readonly string[];
}

/** The guarded query builder of a request: queries on tenant tables must carry {@link orgScope}. */
export function tenantSql(scope: TenantScope) {
  return guardedSql(scope.db);
}

/** The right-hand side of the organisation predicate: the one id, or `any(ids)`. */
function orgIdsOperand(orgIds: readonly string[]) {
  return orgIds.length === 1
    ? sql<string>`${orgIds[0]}::char(24)`
    : sql<string>`any(${[...orgIds]}::char(24)[])`;
}

/**
 * The organisation predicate for `alias` (a table name or its alias in the query): `alias.org_id = any(orgIds)`,
 * or `alias.org_id = orgId` for a request of one organisation (a merchant's, nearly every request). The equality
 * lets PostgreSQL 15 read an `(org_id, x)` index in `x` order for `ORDER BY x LIMIT n`, which `= any(array)`
 * does not (the planner cannot treat the array as one value). An empty `orgIds` matches nothing. Use it in
 * `.where(...)` or in a join's `on`.
 */
export function orgScope(scope: Pick<TenantScope, 'orgIds'>, alias: string) {
  // biome-ignore lint/suspicious/noExplicitAny: the alias is checked at run time by the guard, not by the types
  return (eb: ExpressionBuilder<any, any>) => eb(eb.ref(`${alias}.org_id`), '=', orgIdsOperand(scope.orgIds));
}

/**
 * {@link orgScope} for a statement Kysely cannot build (bulk `UPDATE … FROM unnest(…)`): the same predicate as an
 * `sql` fragment, `alias.org_id = any(orgIds)`, so the organisation predicate is still written only here.
 */
export function orgScopeSql(scope: Pick<TenantScope, 'orgIds'>, alias: string) {
  return sql<boolean>`${sql.ref(`${alias}.org_id`)} = ${orgIdsOperand(scope.orgIds)}`;
}
