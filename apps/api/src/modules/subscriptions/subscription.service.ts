import {
  type CurrentSubscription,
  createSubscriptionEndpoint,
  newId,
  type Page,
  type Subscription,
  type SubscriptionBody,
  subscriptionTotals,
  TERMS_VERSION,
  type TermsAcceptance,
  updateSubscriptionEndpoint,
} from '@hoppa/core';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem } from '../../lib/errors.ts';
import type { OrgContext, RequestContext } from '../../lib/route.ts';
import { activePlans, licenceUsage } from '../users/index.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

type SubscriptionRow = {
  id: string;
  org_id: string;
  org_name: string;
  lines: unknown;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  created_at: Date | string;
  ended_at: Date | string | null;
  first_name: string | null;
  family_name: string | null;
};

function baseQuery(scope: TenantScope) {
  return tenantSql(scope)
    .selectFrom('subscriptions as s')
    .innerJoin('organisations as o', 'o.id', 's.org_id')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .where(orgScope(scope, 's'));
}

const COLUMNS = [
  's.id',
  's.org_id',
  'o.name as org_name',
  's.lines',
  's.subtotal_cents',
  's.discount_cents',
  's.total_cents',
  's.created_at',
  's.ended_at',
  'u.first_name',
  'u.family_name',
] as const;

function toSubscription(r: SubscriptionRow): Subscription {
  return {
    id: r.id,
    org_id: r.org_id,
    org_name: r.org_name,
    plans: r.lines as Subscription['plans'],
    subtotal_cents: r.subtotal_cents,
    discount_cents: r.discount_cents,
    total_cents: r.total_cents,
    created_at: iso(r.created_at),
    created_by: r.first_name === null ? '' : `${r.first_name} ${r.family_name ?? ''}`.trim(),
    ended_at: r.ended_at === null ? null : iso(r.ended_at),
  };
}

/**
 * Subscription versions, newest first, paged (spec 3 §7 `GET /subscriptions`): the current shop's (`orgs=current`)
 * or every shop the caller may see (`orgs=all`). Reads `subscriptions_org_created_idx` / `subscriptions_created_idx`.
 */
export async function listSubscriptions(
  ctx: RequestContext,
  query: { skip: number; limit: number; orgs: 'current' | 'all' },
): Promise<Page<Subscription>> {
  const orgIds =
    query.orgs === 'all'
      ? ctx.orgIds
      : ctx.currOrgId && ctx.orgIds.includes(ctx.currOrgId)
        ? [ctx.currOrgId]
        : [];
  const scope = { db: ctx.db, orgIds };
  const [rows, count] = await Promise.all([
    baseQuery(scope)
      .select(COLUMNS)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .offset(query.skip)
      .limit(query.limit)
      .execute(),
    baseQuery(scope)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toSubscription), total: Number(count.n), skip: query.skip, limit: query.limit };
}

/** The terms acceptance of the version in force for a shop, or null. */
async function termsAccepted(scope: TenantScope): Promise<TermsAcceptance | null> {
  const row = await tenantSql(scope)
    .selectFrom('terms_acceptances as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select(['t.version', 't.accepted_at', 'u.first_name', 'u.family_name'])
    .where(orgScope(scope, 't'))
    .where('t.version', '=', TERMS_VERSION)
    .executeTakeFirst();
  return row
    ? {
        version: row.version,
        accepted_at: iso(row.accepted_at),
        accepted_by: `${row.first_name ?? ''} ${row.family_name ?? ''}`.trim(),
      }
    : null;
}

/**
 * The shop's current subscription (null before the first) and its acceptance of the terms in force (spec 3 §7
 * `GET /current_subscr`).
 */
export async function currentSubscription(
  ctx: Pick<RequestContext, 'db'>,
  orgId: string,
): Promise<CurrentSubscription> {
  const scope = { db: ctx.db, orgIds: [orgId] };
  const row = await baseQuery(scope).select(COLUMNS).where('s.ended_at', 'is', null).executeTakeFirst();
  return {
    org_id: orgId,
    subscription: row ? toSubscription(row) : null,
    terms_version: TERMS_VERSION,
    terms_accepted: await termsAccepted(scope),
  };
}

/**
 * Records that the caller accepts the terms in force for the current shop (spec 3 §7 `GET /accept_terms`): who, which
 * version, when. Accepting a version again keeps the first acceptance (the record of when it was agreed).
 */
export async function acceptTerms(ctx: OrgContext): Promise<TermsAcceptance> {
  const scope = { db: ctx.db, orgIds: [ctx.currOrgId] };
  await systemSql(ctx.db)
    .insertInto('terms_acceptances')
    .values({ org_id: ctx.currOrgId, version: TERMS_VERSION, user_id: ctx.user.id })
    .onConflict((oc) => oc.columns(['org_id', 'version']).doNothing())
    .execute();
  const accepted = await termsAccepted(scope);
  if (!accepted) throw new Error('terms acceptance vanished');
  return accepted;
}

/**
 * Makes (`mode: 'create'`, spec 3 §7 `POST /subscriptions`) or changes (`'update'`, `PUT /subscriptions`) the current
 * shop's subscription from `{subscription: [{id, count}]}`: priced with core's `subscriptionTotals` (integer cents,
 * volume discount), stored as a new version while the previous one ends, in one transaction that locks the shop's
 * current subscription. Errors: 409 `terms_not_accepted` before the terms in force are accepted; 400 `unknown_plan`;
 * 409 `licences_in_use` when a count is below the licences of that plan the shop's users hold; create: 409
 * `subscription_exists`; update: 404 without a subscription.
 */
export async function saveSubscription(
  ctx: OrgContext,
  body: SubscriptionBody,
  mode: 'create' | 'update',
): Promise<Subscription> {
  const endpoint = mode === 'create' ? createSubscriptionEndpoint : updateSubscriptionEndpoint;
  const orgId = ctx.currOrgId;
  const scope = { db: ctx.db, orgIds: [orgId] };
  if (!(await termsAccepted(scope))) {
    throw problem(endpoint, 'terms_not_accepted', 'Accept the terms of service first');
  }
  const plans = await activePlans(ctx.db);
  const unknown = body.subscription.find((c) => !plans.some((p) => p.id === c.id));
  if (unknown) throw problem(endpoint, 'unknown_plan', `Unknown plan ${unknown.id}`);
  const totals = subscriptionTotals(plans, body.subscription);
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    const txScope = { db: tx, orgIds: [orgId] };
    const q = tenantSql(txScope);
    const current = await q
      .selectFrom('subscriptions as s')
      .select('s.id')
      .where(orgScope(txScope, 's'))
      .where('s.ended_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (mode === 'create' && current) {
      throw problem(
        createSubscriptionEndpoint,
        'subscription_exists',
        'This shop has a subscription: change it instead',
      );
    }
    if (mode === 'update' && !current) throw notFound('This shop has no subscription yet');
    const usage = await licenceUsage(tx, orgId);
    for (const p of plans) {
      const used = usage.get(p.id)?.used ?? 0;
      const count = body.subscription.find((c) => c.id === p.id)?.count ?? 0;
      if (count < used) {
        throw problem(
          endpoint,
          'licences_in_use',
          `${used} users hold a "${p.name}" licence: choose at least ${used}, or change their licences first`,
        );
      }
    }
    if (current) {
      await q
        .updateTable('subscriptions as s')
        .set({ ended_at: new Date() })
        .where(orgScope(txScope, 's'))
        .where('s.id', '=', current.id)
        .execute();
    }
    await q
      .insertInto('subscriptions')
      .values({
        id,
        org_id: orgId,
        lines: JSON.stringify(
          totals.lines.map((l) => ({ ...l, name: plans.find((p) => p.id === l.id)?.name ?? '' })),
        ),
        subtotal_cents: totals.subtotal_cents,
        discount_cents: totals.discount_cents,
        total_cents: totals.total_cents,
        created_by: ctx.user.id,
      })
      .execute();
  });
  const made = await baseQuery(scope).select(COLUMNS).where('s.id', '=', id).executeTakeFirstOrThrow();
  return toSubscription(made);
}
