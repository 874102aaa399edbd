import type { ShelfProblemKind } from '@hoppa/core';
import { sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { orgScopeSql, type TenantScope } from '../../db/tenant.ts';

/** An open shelf report (migration 0464): its place, its kind and when it was made. */
export interface OpenShelfReport {
  product_id: string;
  location_id: string;
  kind: ShelfProblemKind;
  created_at: Date;
}

/**
 * The open shelf reports of these organisations (spec 2 §2 Pick screen sub-menu, `POST /pick_list/problem`; migration
 * 0464), newest first: the places (product, location) with a 'not_present' or 'insufficient' report that no count or
 * correction of the place has closed yet (`cleared_at`, set by the ledger). Of one product when `productId` is given.
 * One range of `pick_problems_open_idx` (only open reports are in it: a handful). The pick list reads them once per
 * request before its statements, so a warehouse with none runs the statements it ran before reports steered it.
 */
export async function loadOpenShelfReports(
  scope: TenantScope,
  productId?: string,
): Promise<OpenShelfReport[]> {
  const result = await sql<OpenShelfReport>`
    SELECT pp.product_id, pp.location_id, pp.kind, pp.created_at FROM pick_problems pp
    WHERE pp.cleared_at IS NULL AND pp.kind IN ('not_present', 'insufficient') AND ${orgScopeSql(scope, 'pp')}
      ${productId === undefined ? sql`` : sql`AND pp.product_id = ${productId}`}
    ORDER BY pp.created_at DESC`.execute(systemSql(scope.db));
  return result.rows;
}

/** The key of a place in {@link newestReportPerPlace}: `<product id>:<location id>`. */
export function placeKey(productId: string, locationId: string): string {
  return `${productId}:${locationId}`;
}

/**
 * The newest open report of each place (key {@link placeKey}) of `reports` as {@link loadOpenShelfReports} gives
 * them (newest first): the one a card or a product's location shows.
 */
export function newestReportPerPlace(reports: readonly OpenShelfReport[]): Map<string, OpenShelfReport> {
  const newest = new Map<string, OpenShelfReport>();
  for (const r of reports) {
    const key = placeKey(r.product_id, r.location_id);
    if (!newest.has(key)) newest.set(key, r);
  }
  return newest;
}
