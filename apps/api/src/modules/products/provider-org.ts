import type { bundleImportEndpoint, productImportEndpoint } from '@hoppa/core';
import { systemSql } from '../../db/kysely.ts';
import { problem } from '../../lib/errors.ts';
import type { OrgContext } from '../../lib/route.ts';

/**
 * Refuses to add products to the warehouse's own organisation (`kind = 'provider'`): it sells nothing, so its products
 * would be on no shop's orders, stock or invoice (ADR 0142; the portal offers Add and Import for a shop only). 409
 * `provider_org` naming what to do; resolves for a shop.
 */
export async function refuseProviderOrg(
  ctx: Pick<OrgContext, 'db' | 'currOrgId'>,
  endpoint: typeof productImportEndpoint | typeof bundleImportEndpoint,
): Promise<void> {
  const org = await systemSql(ctx.db)
    .selectFrom('organisations')
    .select('kind')
    .where('id', '=', ctx.currOrgId)
    .executeTakeFirst();
  if (org?.kind === 'provider')
    throw problem(
      endpoint,
      'provider_org',
      "The warehouse's own organisation sells nothing: choose a shop to add or import its products",
    );
}
