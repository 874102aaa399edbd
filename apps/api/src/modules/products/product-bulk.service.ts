import type { BulkTrackTraceBody } from '@hoppa/core';
import { bulkDeleteEndpoint } from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem } from '../../lib/errors.ts';

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

/** PostgreSQL's foreign-key violation: a row elsewhere still refers to the product. */
const isForeignKeyViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23503';

/**
 * Deletes the products `ids` of the scope (spec 3 §2 delete; §5 confirmation is the portal's), with what belongs only
 * to them (empty stock places, images, sales days, pick problems by cascade). Run it in a transaction: all or nothing.
 * Errors: 404 when one id is not a product of the scope; 409 `product_in_use` naming up to five of those that hold
 * stock or appear on an order, inbound, return or the stock ledger (deleting them would rewrite history: deactivate
 * them instead).
 */
export async function deleteProducts(
  scope: TenantScope,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  const q = tenantSql(scope);
  const list = [...ids];
  const found = await q
    .selectFrom('products as p')
    .where('p.id', 'in', list)
    .where(orgScope(scope, 'p'))
    .select(['p.id', 'p.name'])
    .forUpdate()
    .execute();
  if (found.length !== ids.length)
    throw notFound(`${ids.length - found.length} of the products were not found`);
  const inUse = await q
    .selectFrom('products as p')
    .where('p.id', 'in', list)
    .where(orgScope(scope, 'p'))
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('product_locations as x')
            .whereRef('x.product_id', '=', 'p.id')
            .where(orgScope(scope, 'x'))
            .where('x.stock', '<>', 0),
        ),
        eb.exists(
          eb.selectFrom('order_lines as l').whereRef('l.product_id', '=', 'p.id').where(orgScope(scope, 'l')),
        ),
        eb.exists(
          eb
            .selectFrom('stock_mutations as m')
            .whereRef('m.product_id', '=', 'p.id')
            .where(orgScope(scope, 'm')),
        ),
        eb.exists(
          eb
            .selectFrom('inbound_items as i')
            .whereRef('i.product_id', '=', 'p.id')
            .where(orgScope(scope, 'i')),
        ),
        eb.exists(
          eb
            .selectFrom('return_items as r')
            .whereRef('r.product_id', '=', 'p.id')
            .where(orgScope(scope, 'r')),
        ),
      ]),
    )
    .select('p.name')
    .orderBy('p.name')
    .execute();
  if (inUse.length > 0) throw inUseProblem(inUse.map((r) => r.name));
  try {
    const gone = await q
      .deleteFrom('products as p')
      .where('p.id', 'in', list)
      .where(orgScope(scope, 'p'))
      .executeTakeFirst();
    return { deleted: Number(gone.numDeletedRows) };
  } catch (err) {
    // A reference the check above does not know of (a table added later): the same answer, nothing deleted.
    if (isForeignKeyViolation(err)) throw inUseProblem([]);
    throw err;
  }
}

function inUseProblem(names: string[]) {
  const shown = names.slice(0, 5).join(', ');
  const more = names.length > 5 ? ` and ${names.length - 5} more` : '';
  return problem(
    bulkDeleteEndpoint,
    'product_in_use',
    names.length > 0
      ? `${names.length} product(s) have stock or history and cannot be deleted: ${shown}${more}. Deactivate them instead.`
      : 'A product has stock or history and cannot be deleted. Deactivate it instead.',
  );
}
