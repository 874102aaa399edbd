import type { BulkTrackTraceBody } from '@hoppa/core';
import { bulkDeleteEndpoint } from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { HttpProblem, notFound, problem } from '../../lib/errors.ts';
import { deleteProduct } from './product-card.service.ts';

/** The product columns a bulk change of the table sets (spec 3 §2 bulk active, fulfilment, track and trace). */
export interface ProductBulkChange {
  active?: boolean;
  fulfilled_by_sf?: boolean;
  track_trace_email?: boolean;
  share_track_trace?: boolean;
}

/** The bulk track-and-trace body as columns: a switch left out stays as it is. */
export function trackTraceChange(body: BulkTrackTraceBody): ProductBulkChange {
  return {
    ...(body.track_trace_email === undefined ? {} : { track_trace_email: body.track_trace_email }),
    ...(body.share_track_trace === undefined ? {} : { share_track_trace: body.share_track_trace }),
  };
}

/**
 * Sets `change` on the products `ids` of the scope in one statement (spec 3 §2 bulk actions; §4 the selection is
 * cleared after success). Run it in a transaction: when one id is not a product of the scope it throws 404 and the
 * transaction undoes the others, so a bulk action changes all or nothing. Returns how many products changed.
 */
export async function updateProducts(
  scope: TenantScope,
  ids: readonly string[],
  change: ProductBulkChange,
): Promise<{ updated: number }> {
  const rows = await tenantSql(scope)
    .updateTable('products as p')
    .set({ ...change, updated_at: sql`now()` })
    .where('p.id', 'in', [...ids])
    .where(orgScope(scope, 'p'))
    .returning('p.id')
    .execute();
  if (rows.length !== ids.length)
    throw notFound(`${ids.length - rows.length} of the products were not found`);
  return { updated: rows.length };
}

/**
 * Deletes the products `ids` of the scope (spec 3 §2 delete; §5 confirmation is the portal's) by the card's rule for
 * each (`deleteProduct`, `DELETE /product/{id}`): a product with order, stock-ledger, inbound or return history is
 * kept and deactivated, any other goes with its images and empty stock places. Run it in a transaction: all or
 * nothing. Errors: 404 when one id is not a product of the scope; 409 `product_in_use` naming up to five of those that
 * still hold stock or are on an open order (the card refuses those too), nothing changed.
 */
export async function deleteProducts(
  scope: TenantScope,
  ids: readonly string[],
): Promise<{ deleted: number; deactivated: number }> {
  const found = await tenantSql(scope)
    .selectFrom('products as p')
    .where('p.id', 'in', [...ids])
    .where(orgScope(scope, 'p'))
    .select(['p.id', 'p.name'])
    .orderBy('p.name')
    .orderBy('p.id')
    .forUpdate()
    .execute();
  if (found.length !== ids.length)
    throw notFound(`${ids.length - found.length} of the products were not found`);
  const blocked: string[] = [];
  const done = { deleted: 0, deactivated: 0 };
  for (const p of found) {
    try {
      const r = await deleteProduct(scope, p.id);
      done[r.outcome] += 1;
    } catch (err) {
      if (err instanceof HttpProblem && REFUSED.has(err.code)) blocked.push(p.name);
      else throw err;
    }
  }
  if (blocked.length > 0) throw inUseProblem(blocked);
  return done;
}

/** The card's refusals that make a bulk delete refuse the whole selection. */
const REFUSED = new Set(['product_has_stock', 'product_in_open_orders']);

function inUseProblem(names: string[]) {
  const shown = names.slice(0, 5).join(', ');
  const more = names.length > 5 ? ` and ${names.length - 5} more` : '';
  return problem(
    bulkDeleteEndpoint,
    'product_in_use',
    `${names.length} product(s) still have stock or are on open orders and cannot be deleted: ${shown}${more}. Correct or move the stock and ship or cancel the orders first; nothing was deleted.`,
  );
}
