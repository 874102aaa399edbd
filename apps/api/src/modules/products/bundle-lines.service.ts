import { newId } from '@hoppa/core';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { pickLocationsOf } from '../stock/index.ts';

/** One part of a bundle as the order expansion needs it. */
export interface BundlePartRow {
  bundle_id: string;
  product_id: string;
  ean: string;
  name: string;
  quantity: number;
}

/**
 * The parts of the given bundles (products with parts), by bundle id in position order (ADR 0049). Products that are
 * not bundles are missing from the map. One query.
 */
export async function bundlePartsOf(
  scope: TenantScope,
  productIds: readonly string[],
): Promise<Map<string, BundlePartRow[]>> {
  const out = new Map<string, BundlePartRow[]>();
  if (productIds.length === 0) return out;
  const rows = await tenantSql(scope)
    .selectFrom('product_bundle_items as bi')
    .innerJoin('products as p', 'p.id', 'bi.product_id')
    .select(['bi.bundle_id', 'bi.product_id', 'p.ean', 'p.name', 'bi.quantity'])
    .where(orgScope(scope, 'bi'))
    .where(orgScope(scope, 'p'))
    .where('bi.bundle_id', 'in', [...productIds])
    .orderBy('bi.bundle_id')
    .orderBy('bi.position')
    .orderBy('bi.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.bundle_id);
    if (list) list.push(r);
    else out.set(r.bundle_id, [r]);
  }
  return out;
}

/** An order line that may be of a bundle, as {@link expandBundleLines} reads it. */
export interface BundleLineCandidate {
  id: string;
  order_id: string;
  product_id: string;
  ean: string;
  title: string;
  quantity: number;
  position: number;
  /** The order's placed_at as PostgreSQL's text, microseconds kept (a Date has milliseconds only; ADR 0074). */
  placed_at: string;
  automation_id: string | null;
  /** Whether the customer asked to cancel the line's item (its parts keep the flag); false when not read. */
  cancellation_request?: boolean;
  /** The shop's id of the order item the line came from (bol's orderItemId; its parts keep it), or null. */
  shop_order_item_id?: string | null;
}

/**
 * The columns of an order line (alias `l`) that {@link expandBundleLines} needs, as a {@link BundleLineCandidate}:
 * `placed_at` as PostgreSQL's text (microseconds kept). Select them with `.select(BUNDLE_LINE_COLUMNS)`.
 */
export const BUNDLE_LINE_COLUMNS = [
  'l.id',
  'l.order_id',
  'l.product_id',
  'l.ean',
  'l.title',
  'l.quantity',
  'l.position',
  sql<string>`l.placed_at::text`.as('placed_at'),
  'l.automation_id',
  'l.cancellation_request',
  'l.shop_order_item_id',
] as const;

/**
 * Replaces every line of `lines` whose product is a bundle (a product with parts, ADR 0049) by one line per part, in
 * the caller's transaction on organisation `orgId`'s orders: `quantity` = line quantity × part quantity, the part's
 * pick location ({@link pickLocationsOf}), the line's `placed_at`, rule, cancellation request and shop order item id
 * (bol's orderItemId), and the bundle's id, EAN, title and pieces
 * (`bundle_*`), so the pick list, stock and packing work on real products while the packing station still shows what
 * the customer bought. The parts take the bundle line's place in the customer's line order; the lines of every order
 * touched are then numbered 0, 1, 2 … again. Lines of products without parts are left alone. Returns how many lines
 * were expanded. Used when an order arrives (`applyArrivalRules`) and when a product gets parts while open orders
 * still hold unpicked lines of it ({@link expandOpenBundleLines}).
 */
export async function expandBundleLines(
  db: Db,
  orgId: string,
  lines: readonly BundleLineCandidate[],
): Promise<number> {
  const scope = { db, orgIds: [orgId] };
  const partsOf = await bundlePartsOf(scope, [...new Set(lines.map((l) => l.product_id))]);
  const bundleLines = lines.filter((l) => partsOf.has(l.product_id));
  if (bundleLines.length === 0) return 0;
  const q = tenantSql(scope);
  const partIds = [...new Set([...partsOf.values()].flat().map((p) => p.product_id))];
  const locationOf = await pickLocationsOf(scope, partIds);
  // Positions × 100 make room for the parts in the customer's line order (a bundle has at most 50 parts); the
  // renumbering below brings them back to 0, 1, 2 …
  const parts = bundleLines.flatMap((l) =>
    (partsOf.get(l.product_id) ?? []).map((p, k) => ({
      id: newId(),
      order_id: l.order_id,
      org_id: orgId,
      product_id: p.product_id,
      ean: p.ean,
      title: p.name,
      quantity: l.quantity * p.quantity,
      pick_location_id: locationOf.get(p.product_id) ?? null,
      position: l.position * 100 + k,
      placed_at: sql<string>`${l.placed_at}::text::timestamptz`,
      automation_id: l.automation_id,
      cancellation_request: l.cancellation_request ?? false,
      shop_order_item_id: l.shop_order_item_id ?? null,
      bundle_product_id: l.product_id,
      bundle_ean: l.ean,
      bundle_title: l.title,
      bundle_quantity: l.quantity,
    })),
  );
  const orderIds = [...new Set(bundleLines.map((l) => l.order_id))];
  await q
    .deleteFrom('order_lines as l')
    .where(orgScope(scope, 'l'))
    .where(
      'l.id',
      'in',
      bundleLines.map((l) => l.id),
    )
    .execute();
  await q
    .updateTable('order_lines as l')
    .set((eb) => ({ position: eb('l.position', '*', 100) }))
    .where(orgScope(scope, 'l'))
    .where('l.order_id', 'in', orderIds)
    .execute();
  // Within PostgreSQL's 65,535 parameters per statement.
  for (let i = 0; i < parts.length; i += 2000)
    await q
      .insertInto('order_lines')
      .values(parts.slice(i, i + 2000))
      .execute();
  // Small positions again, whatever an order went through before (an order expanded twice would otherwise hold
  // positions × 10,000).
  await sql`
    UPDATE order_lines l SET position = r.n
    FROM (SELECT id, (row_number() OVER (PARTITION BY order_id ORDER BY position, id) - 1)::int AS n
          FROM order_lines WHERE org_id = ${orgId} AND order_id = ANY(${orderIds}::char(24)[])) r
    WHERE l.id = r.id AND l.position <> r.n`.execute(systemSql(db));
  return bundleLines.length;
}

/**
 * Expands the open order lines of products that just got parts (ADR 0122): a line of one of `bundleIds` in an open
 * order of organisation `orgId`, not a part line itself, nothing picked, no cancellation asked and no stock booked on
 * it, is replaced by its parts as if the order arrived now ({@link expandBundleLines}). Without this a line made before
 * its product became a bundle was picked from the bundle's own places, which hold nothing (its stock is what its
 * parts make). A line partly picked stays as it is. Runs in the caller's transaction (the bundle import's, after the
 * parts are written); returns how many lines were expanded.
 */
export async function expandOpenBundleLines(
  db: Db,
  orgId: string,
  bundleIds: readonly string[],
): Promise<number> {
  if (bundleIds.length === 0) return 0;
  const scope = { db, orgIds: [orgId] };
  const lines = (await tenantSql(scope)
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(BUNDLE_LINE_COLUMNS)
    .where(orgScope(scope, 'l'))
    .where(orgScope(scope, 'o'))
    .where('o.status', '=', 'open')
    .where('l.product_id', 'in', [...bundleIds])
    .where('l.bundle_product_id', 'is', null)
    .where('l.picked_quantity', '=', 0)
    .where('l.cancellation_request', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('stock_mutations as m')
            .select(sql`1`.as('one'))
            .where(orgScope(scope, 'm'))
            .whereRef('m.order_line_id', '=', 'l.id'),
        ),
      ),
    )
    .orderBy('l.order_id')
    .orderBy('l.position')
    .execute()) as BundleLineCandidate[];
  return lines.length === 0 ? 0 : expandBundleLines(db, orgId, lines);
}
