import { deactivateOrgEndpoint, type Org } from '@hoppa/core';
import { systemSql } from '../../db/kysely.ts';
import { notFound, problem } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/route.ts';
import { orgById } from './orgs.service.ts';

/**
 * Deactivates a shop (`DELETE /orgs/delete/{id}`; spec 3 §4 'deactivation uses the delete action'): `active` false
 * with who and when; nothing is deleted. The shop leaves `GET /orgs` (the switcher, the packing station's and the
 * direct check-in's organisation choice) and `GET /pick_list/organisations` (the pick filter); its members keep their
 * data. 404 for an unknown id, 409 `provider_org` for the provider itself; deactivating twice keeps the first time.
 */
export async function deactivateOrg(ctx: Pick<RequestContext, 'db' | 'user'>, id: string): Promise<Org> {
  const row = await systemSql(ctx.db)
    .selectFrom('organisations')
    .select(['kind'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Organisation not found');
  if (row.kind === 'provider')
    throw problem(
      deactivateOrgEndpoint,
      'provider_org',
      "The provider's own organisation cannot be deactivated",
    );
  await systemSql(ctx.db)
    .updateTable('organisations')
    .set({ active: false, deactivated_at: new Date().toISOString(), deactivated_by: ctx.user.id })
    .where('id', '=', id)
    .where('active', '=', true)
    .execute();
  return (await orgById(ctx, id, ctx.user.currOrgId)) as Org;
}

/** Activates a deactivated shop again (`PUT /orgs/activate/{id}`; spec 3 §4 'Activeren'); 404 for an unknown id. */
export async function activateOrg(ctx: Pick<RequestContext, 'db' | 'user'>, id: string): Promise<Org> {
  const done = await systemSql(ctx.db)
    .updateTable('organisations')
    .set({ active: true, deactivated_at: null, deactivated_by: null })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw notFound('Organisation not found');
  return (await orgById(ctx, id, ctx.user.currOrgId)) as Org;
}
