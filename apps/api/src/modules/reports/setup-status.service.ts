import { SETUP_STEPS, type SetupStatus, type SetupStep } from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';

/** Order platforms that are not a shop connection: spreadsheet imports and orders made by hand (the wizard's `portal`). */
const NOT_CONNECTED = ['import', 'manual', 'portal'];
const DAY_MS = 86_400_000;

/**
 * The setup panel's ticks for the current organisation (spec 2 §2 Main layout and setup panel), each an EXISTS on
 * its own data, so none reads more than one index entry: the shop exists (the request has it); APIs and
 * integrations when an order came from a platform connection (not an import or by hand); products, pre-announced
 * products (inbounds), orders and shipments when one exists; the dashboard when the last 30 days have both orders and
 * shipments to show.
 */
export async function setupStatus(ctx: TenantScope, now = new Date()): Promise<SetupStatus> {
  const q = tenantSql(ctx);
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const one = sql<number>`1`.as('one');
  const has = async (rows: Promise<unknown[]>) => (await rows).length > 0;
  const [apis, products, inbound, orders, shipments, recentOrders, recentShipments] = await Promise.all([
    has(
      q
        .selectFrom('orders as o')
        .where(orgScope(ctx, 'o'))
        .where('o.platform', 'not in', NOT_CONNECTED)
        .select(one)
        .limit(1)
        .execute(),
    ),
    has(q.selectFrom('products as p').where(orgScope(ctx, 'p')).select(one).limit(1).execute()),
    has(q.selectFrom('inbounds as i').where(orgScope(ctx, 'i')).select(one).limit(1).execute()),
    has(q.selectFrom('orders as o').where(orgScope(ctx, 'o')).select(one).limit(1).execute()),
    has(q.selectFrom('shipments as s').where(orgScope(ctx, 's')).select(one).limit(1).execute()),
    has(
      q
        .selectFrom('orders as o')
        .where(orgScope(ctx, 'o'))
        .where('o.placed_at', '>=', since)
        .select(one)
        .limit(1)
        .execute(),
    ),
    has(
      q
        .selectFrom('shipments as s')
        .where(orgScope(ctx, 's'))
        .where('s.created_at', '>=', since)
        .select(one)
        .limit(1)
        .execute(),
    ),
  ]);
  const done: Record<SetupStep, boolean> = {
    shop: true,
    apis,
    products,
    inbound,
    orders,
    shipments,
    dashboard: recentOrders && recentShipments,
  };
  return { steps: SETUP_STEPS.map((key) => ({ key, done: done[key] })) };
}
