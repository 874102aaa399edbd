import {
  newId,
  PICK_CLAIM_SECONDS,
  type PickLinkBody,
  type PickLinkResult,
  type PickOrgListSchema,
  type PickProblemBody,
  pickClaimEndpoint,
  pickLinkEndpoint,
} from '@hoppa/core';
import { sql } from 'kysely';
import type { z } from 'zod';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, orgScopeSql, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem } from '../../lib/errors.ts';
import { applyStockChange, lockProducts } from '../stock/index.ts';
import type { PickActor } from './pick.service.ts';

/** A location by id (locations are the warehouse's, not a tenant's), or 404. */
async function locationOf(ctx: Pick<TenantScope, 'db'>, id: string) {
  const loc = await systemSql(ctx.db)
    .selectFrom('locations')
    .select(['id', 'name', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!loc) throw notFound(`Location ${id} does not exist`);
  return loc;
}

/** A product the caller may see, locked for the change (unless `lock` is false), or 404. */
async function productOf(ctx: TenantScope, id: string, lock = true) {
  const q = tenantSql(ctx)
    .selectFrom('products as p')
    .select(['p.id', 'p.org_id'])
    .where('p.id', '=', id)
    .where(orgScope(ctx, 'p'));
  const product = await (lock ? q.forUpdate() : q).executeTakeFirst();
  if (!product) throw notFound(`Product ${id} not found`);
  return product;
}

/**
 * Links a pick location (spec 2 §4 Pick flow: after the product is scanned, scanning a location links it; §7
 * `POST /pick_list {link_location, order_ids, product_id, quantity}`), in the caller's transaction: the product's open
 * lines of `order_ids` that are not fully picked get `link_location` as their pick location (the pick list's
 * aggregate follows through its triggers), and the product is put on the location when it was not (an `assign`
 * ledger row of 0). Errors: 404 unknown location or product, or no such open line; 409 `location_inactive`;
 * 409 `over_pick` when `quantity` is more than those lines still need.
 */
export async function linkPickLocation(ctx: PickActor, body: PickLinkBody): Promise<PickLinkResult> {
  const location = await locationOf(ctx, body.link_location);
  if (!location.active)
    throw problem(pickLinkEndpoint, 'location_inactive', `Location ${location.name} is not active`);
  // The product is locked after its lines (ADR 0106: order lines before products, as a pick batch takes them).
  const product = await productOf(ctx, body.product_id, false);
  const lines = await tenantSql(ctx)
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.id', 'l.quantity', 'l.picked_quantity'])
    .where('l.product_id', '=', product.id)
    .where('l.order_id', 'in', body.order_ids)
    .where('o.status', '=', 'open')
    .where('l.cancellation_request', '=', false)
    .where(sql<boolean>`l.picked_quantity < l.quantity`)
    .where(orgScope(ctx, 'l'))
    .where(orgScope(ctx, 'o'))
    .orderBy('l.id')
    .forUpdate('l')
    .execute();
  if (lines.length === 0) throw notFound('None of these orders has an open line of this product');
  await lockProducts(ctx, [product.id]);
  const open = lines.reduce((sum, l) => sum + l.quantity - l.picked_quantity, 0);
  if (body.quantity > open)
    throw problem(
      pickLinkEndpoint,
      'over_pick',
      `These orders need ${open} more of this product; ${body.quantity} is too many`,
    );
  const ids = lines.map((l) => l.id);
  await tenantSql(ctx)
    .updateTable('order_lines as l')
    .set({ pick_location_id: location.id })
    .where('l.id', 'in', ids)
    .where(orgScope(ctx, 'l'))
    .execute();
  const linked = await tenantSql(ctx)
    .selectFrom('product_locations as pl')
    .select('pl.id')
    .where('pl.product_id', '=', product.id)
    .where('pl.location_id', '=', location.id)
    .where(orgScope(ctx, 'pl'))
    .executeTakeFirst();
  if (!linked)
    await applyStockChange(ctx, {
      orgId: product.org_id,
      productId: product.id,
      locationId: location.id,
      delta: 0,
      reason: 'assign',
      userId: ctx.userId,
      note: 'linked as pick location',
    });
  return { location: { id: location.id, name: location.name }, order_line_ids: ids };
}

/**
 * Records a problem a picker reports at the shelf (spec 2 §2 Pick screen sub-menu; our path `POST /pick_list/problem`)
 * and raises the product's recount flag (spec 2 §4), in the caller's transaction. Errors: 404 unknown product or
 * location.
 */
export async function reportPickProblem(
  ctx: PickActor,
  body: PickProblemBody,
): Promise<{ id: string; product_id: string; needs_recount: true }> {
  const product = await productOf(ctx, body.product_id);
  await locationOf(ctx, body.location_id);
  const id = newId();
  await tenantSql(ctx)
    .insertInto('pick_problems')
    .values({
      id,
      org_id: product.org_id,
      product_id: product.id,
      location_id: body.location_id,
      kind: body.kind,
      seen: body.seen ?? null,
      user_id: ctx.userId,
    })
    .execute();
  await tenantSql(ctx)
    .updateTable('products as p')
    .set({ needs_recount: true })
    .where('p.id', '=', product.id)
    .where(orgScope(ctx, 'p'))
    .execute();
  return { id, product_id: product.id, needs_recount: true };
}

/**
 * The organisations of the pick screen's filter (spec 2 §7 'organisations list (pick filter)'): those the caller may
 * see, by name, with their lines still to pick, summed from the pick list's open totals (`pick_item_totals`, migration
 * 0360, ADR 0067), so it costs the products with open lines, not the backlog's lines or days.
 */
export async function listPickOrgs(ctx: TenantScope): Promise<z.infer<typeof PickOrgListSchema>> {
  if (ctx.orgIds.length === 0) return { items: [] };
  const r = await sql<{ id: string; name: string; open_lines: number }>`
    SELECT org.id, org.name, coalesce(d.lines, 0)::int AS open_lines
    FROM organisations org
    LEFT JOIN (
      SELECT t.org_id, sum(t.lines) AS lines FROM pick_item_totals t WHERE ${orgScopeSql(ctx, 't')} GROUP BY t.org_id
    ) d ON d.org_id = org.id
    WHERE org.id = ANY(${ctx.orgIds}::char(24)[]) AND org.active
    ORDER BY org.name, org.id`.execute(systemSql(ctx.db));
  return { items: r.rows };
}

/** The product of a pick item id (`<product id>:<location id or none>`), visible to the caller, or 404. */
async function productOfItem(ctx: TenantScope, itemId: string) {
  const productId = itemId.slice(0, 24);
  const product = await tenantSql(ctx)
    .selectFrom('products as p')
    .select(['p.id', 'p.org_id'])
    .where('p.id', '=', productId)
    .where(orgScope(ctx, 'p'))
    .executeTakeFirst();
  if (!product) throw notFound(`Pick item ${itemId} not found`);
  return product;
}

/**
 * Claims a pick item for the caller (issue 11, several pickers at once; `POST /pick_list/claim`) for
 * PICK_CLAIM_SECONDS: one statement that takes a free or expired claim, or renews the caller's own, so two pickers
 * claiming at the same moment cannot both win. 409 `claimed` naming who holds it and until when; 404 for a product
 * the caller cannot see.
 */
export async function claimPickItem(
  ctx: PickActor,
  itemId: string,
): Promise<{ item_id: string; expires_at: string }> {
  const product = await productOfItem(ctx, itemId);
  const won = await sql<{ expires_at: Date | string }>`
    INSERT INTO pick_claims (item_id, org_id, user_id, expires_at)
    VALUES (${itemId}, ${product.org_id}, ${ctx.userId}, now() + make_interval(secs => ${PICK_CLAIM_SECONDS}))
    ON CONFLICT (item_id) DO UPDATE
      SET user_id = EXCLUDED.user_id, org_id = EXCLUDED.org_id, claimed_at = now(), expires_at = EXCLUDED.expires_at
      WHERE pick_claims.user_id = EXCLUDED.user_id OR pick_claims.expires_at < now()
    RETURNING expires_at`.execute(systemSql(ctx.db));
  const row = won.rows[0];
  if (row) return { item_id: itemId, expires_at: new Date(row.expires_at).toISOString() };
  const holder = await sql<{ first_name: string; expires_at: Date | string }>`
    SELECT u.first_name, c.expires_at FROM pick_claims c JOIN users u ON u.id = c.user_id
    WHERE c.item_id = ${itemId}`.execute(systemSql(ctx.db));
  const h = holder.rows[0];
  const until = h ? new Date(h.expires_at).toISOString().slice(11, 19) : '';
  throw problem(
    pickClaimEndpoint,
    'claimed',
    h ? `${h.first_name} is picking this item (until ${until} UTC)` : 'Another picker has this item',
  );
}

/** Releases the caller's claim of a pick item (`DELETE /pick_list/claim/{item_id}`); false when it held none. */
export async function releasePickItem(ctx: PickActor, itemId: string): Promise<{ released: boolean }> {
  const product = await productOfItem(ctx, itemId);
  const r = await tenantSql(ctx)
    .deleteFrom('pick_claims as c')
    .where('c.item_id', '=', itemId)
    .where('c.user_id', '=', ctx.userId)
    .where('c.org_id', '=', product.org_id)
    .where(orgScope(ctx, 'c'))
    .executeTakeFirst();
  return { released: Number(r.numDeletedRows) > 0 };
}
