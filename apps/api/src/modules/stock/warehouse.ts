import { systemSql } from '../../db/kysely.ts';
import type { TenantScope } from '../../db/tenant.ts';

/**
 * The warehouse's organisation (the provider, `kind = 'provider'`), which owns the map, its zones and cut-off groups. One per
 * installation (docs/scaling.md); 500 when the database has none.
 */
export async function warehouseId(ctx: TenantScope): Promise<string> {
  const row = await systemSql(ctx.db)
    .selectFrom('organisations')
    .select('id')
    .where('kind', '=', 'provider')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new Error('No provider organisation: the warehouse map has no owner');
  return row.id;
}
