import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, tenantSql } from '../../db/tenant.ts';

export { STANDARD_PLANS } from '../../db/plans.ts';

/** A plan as the user services read it (spec 3 §3 Plan), with the role its licence gives. */
export interface PlanRow {
  id: string;
  name: string;
  /** HTML per UI language (migration 0452), as stored. */
  descriptions: Partial<Record<string, string>>;
  price_cents: number;
  role_key: 'merchant_owner' | 'merchant_user';
}

/** The active plans in the provider's order (`sequence`, then name). */
export async function activePlans(db: Db): Promise<PlanRow[]> {
  const rows = await systemSql(db)
    .selectFrom('plans')
    .select(['id', 'name', 'descriptions', 'price_cents', 'role_key'])
    .where('active', '=', true)
    .orderBy('sequence')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({
    ...r,
    descriptions: (r.descriptions ?? {}) as PlanRow['descriptions'],
    role_key: r.role_key as PlanRow['role_key'],
  }));
}

/**
 * Per plan of a shop: licences held by its users (`used`) and licences bought with the current subscription
 * (`count`; 0 without one). Spec 3 §3 current_user.curr_org.licences, §6 (licence types counted per organisation).
 * Two indexed reads: the shop's memberships by licence (`memberships_org_licence_idx`) and its one current
 * subscription (`subscriptions_current_idx`).
 */
export async function licenceUsage(
  db: Db,
  orgId: string,
): Promise<Map<string, { used: number; count: number }>> {
  const scope = { db, orgIds: [orgId] };
  const q = tenantSql(scope);
  const used = await q
    .selectFrom('memberships as m')
    .select(['m.licence_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where(orgScope(scope, 'm'))
    .where('m.licence_id', 'is not', null)
    .groupBy('m.licence_id')
    .execute();
  const sub = await q
    .selectFrom('subscriptions as s')
    .select('s.lines')
    .where(orgScope(scope, 's'))
    .where('s.ended_at', 'is', null)
    .executeTakeFirst();
  const out = new Map<string, { used: number; count: number }>();
  for (const l of (sub?.lines ?? []) as { id: string; count: number }[])
    out.set(l.id, { used: 0, count: l.count });
  for (const u of used) {
    const id = u.licence_id as string;
    out.set(id, { used: Number(u.n), count: out.get(id)?.count ?? 0 });
  }
  return out;
}
