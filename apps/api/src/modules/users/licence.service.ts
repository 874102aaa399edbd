import { type ShopUser, type UserLicenceBody, userLicenceEndpoint } from '@hoppa/core';
import { orgScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem } from '../../lib/errors.ts';
import type { OrgContext } from '../../lib/route.ts';
import { activePlans, licenceUsage } from './licences.ts';
import { shopUser } from './user-list.service.ts';

/**
 * Gives a user of the current shop another licence (spec 3 §7 `PUT /users/licence {user_id, licence_id}`) and with it
 * the licence's role in the shop (ADR 0050), in one transaction that locks the shop's memberships, so two changes
 * at once cannot both take the last free licence. Errors: 404 when the user is not in the current shop (another
 * shop's user: spec 3 §6, never 403); 400 `unknown_plan`; 409 `no_licence_left` when every licence of the plan is in
 * use; 409 `last_owner` when the shop would be left without a user with a managing licence.
 */
export async function setUserLicence(ctx: OrgContext, body: UserLicenceBody): Promise<ShopUser> {
  const plan = (await activePlans(ctx.db)).find((p) => p.id === body.licence_id);
  if (!plan) throw problem(userLicenceEndpoint, 'unknown_plan', 'This licence does not exist');
  const orgId = ctx.currOrgId;
  if (!ctx.orgIds.includes(orgId)) throw notFound('User not found');
  await ctx.db.transaction(async (tx) => {
    const scope = { db: tx, orgIds: [orgId] };
    const q = tenantSql(scope);
    const members = await q
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .select(['m.user_id', 'm.licence_id', 'r.key'])
      .where(orgScope(scope, 'm'))
      .forUpdate(['m'])
      .execute();
    const member = members.find((m) => m.user_id === body.user_id);
    if (!member) throw notFound('User not found');
    if (member.licence_id === plan.id) return;
    const usage = (await licenceUsage(tx, orgId)).get(plan.id) ?? { used: 0, count: 0 };
    if (usage.used + 1 > usage.count) {
      throw problem(
        userLicenceEndpoint,
        'no_licence_left',
        `Every "${plan.name}" licence is in use (${usage.used} of ${usage.count}): add licences under Subscription first`,
      );
    }
    const owners = members.filter((m) => m.key === 'merchant_owner' && m.user_id !== body.user_id);
    if (member.key === 'merchant_owner' && plan.role_key !== 'merchant_owner' && owners.length === 0) {
      throw problem(
        userLicenceEndpoint,
        'last_owner',
        'This is the only user who can manage the shop: give another user that licence first',
      );
    }
    const role = await q
      .selectFrom('roles')
      .select('id')
      .where('key', '=', plan.role_key)
      .executeTakeFirstOrThrow();
    await q
      .updateTable('memberships')
      .set({ licence_id: plan.id, role_id: role.id })
      .where('user_id', '=', body.user_id)
      .where(orgScope(scope, 'memberships'))
      .execute();
    // A user working in this shop now works with the licence's role (provider staff keep theirs: not a membership).
    await q
      .updateTable('users')
      .set({ curr_role_id: role.id })
      .where('id', '=', body.user_id)
      .where('curr_org_id', '=', orgId)
      .execute();
  });
  const user = await shopUser(ctx, orgId, body.user_id);
  if (!user) throw notFound('User not found');
  return user;
}
