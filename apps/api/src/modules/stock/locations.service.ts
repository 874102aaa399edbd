import {
  type LocationBulkBody,
  type LocationLevel,
  type LocationList,
  type LocationNode,
  type LocationProblem,
  type LocationType,
  type LocationUpdateBody,
  locationAddEndpoint,
  locationBulkEndpoint,
  locationUpdateEndpoint,
  newId,
} from '@hoppa/core';
import { sql } from 'kysely';
import { escapeLike } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScopeSql, type TenantScope } from '../../db/tenant.ts';
import { notFound, problem, refusal } from '../../lib/errors.ts';
import { warehouseId } from './warehouse.ts';

/** The level below each level of the map: a hall holds racks, a rack bins; nothing goes under a bin. */
const CHILD_LEVEL: Record<'root' | LocationLevel, LocationLevel | null> = {
  root: 'hall',
  hall: 'rack',
  rack: 'bin',
  bin: null,
};

interface NodeRow {
  id: string;
  name: string;
  level: LocationLevel;
  type: LocationType | null;
  sequence: number;
  active: boolean;
  quarantine: boolean;
  parent_id: string | null;
  group_id: string | null;
  group_name: string | null;
  children: number;
  bins: number;
  products: number;
  stock: number;
  negative: boolean;
  inactive_with_stock: boolean;
  several: boolean;
  mismatch: boolean;
}

/**
 * Locations with what lies on them (their own and, for a hall or rack, their racks' and bins'), over the caller's
 * organisations. `where` selects the nodes (an SQL condition on `l`); paged in walking order, after the node named
 * `exact` (lower case) when given (a search: the name typed on the floor comes first). The ledger check (a
 * product whose stock on a bin differs from the sum of its ledger rows there) runs for bins only: for a hall it
 * would sum the ledger of every bin in it on every request. It reads the place's kept ledger total (`place_ledger`,
 * added to by the ledger's triggers in the writing transaction: migration 0457), not its rows: a bin's rows grow with
 * every pick (a year of a moderately picked product is thousands; ADR 0130).
 */
async function nodes(
  ctx: TenantScope,
  where: ReturnType<typeof sql>,
  page: { skip: number; limit: number },
  exact: string | null = null,
): Promise<{ rows: NodeRow[]; total: number }> {
  const result = await sql<NodeRow & { total: number }>`
    WITH picked AS (
      SELECT l.*, count(*) OVER () AS total,
             (${exact}::text IS NOT NULL AND lower(l.name) = ${exact}::text) AS exact_name
        FROM locations l WHERE ${where}
       ORDER BY exact_name DESC, l.sequence, l.name, l.id LIMIT ${page.limit} OFFSET ${page.skip}
    ), places AS (
      SELECT n.id AS node_id, n.id AS loc_id, n.active FROM picked n
      UNION ALL
      SELECT n.id, c.id, c.active FROM picked n JOIN locations c ON c.parent_id = n.id
      UNION ALL
      SELECT n.id, g.id, g.active FROM picked n JOIN locations c ON c.parent_id = n.id JOIN locations g ON g.parent_id = c.id
    ), per_place AS (
      SELECT p.node_id, p.loc_id, p.active,
             count(pl.id)::int AS links,
             count(pl.id) FILTER (WHERE pl.stock > 0)::int AS holding,
             coalesce(sum(pl.stock), 0)::int AS stock,
             coalesce(bool_or(pl.stock < 0), false) AS negative
        FROM places p
        LEFT JOIN product_locations pl ON pl.location_id = p.loc_id AND ${orgScopeSql(ctx, 'pl')}
       GROUP BY p.node_id, p.loc_id, p.active
    )
    SELECT n.id, n.name, n.level, n.type, n.sequence, n.active, n.quarantine, n.parent_id, n.group_id, g.name AS group_name,
           n.total::int AS total,
           (SELECT count(*)::int FROM locations c WHERE c.parent_id = n.id) AS children,
           ${binsUnder(sql`n`)} AS bins,
           (SELECT coalesce(sum(pp.links), 0)::int FROM per_place pp WHERE pp.node_id = n.id) AS products,
           (SELECT coalesce(sum(pp.stock), 0)::int FROM per_place pp WHERE pp.node_id = n.id) AS stock,
           (SELECT coalesce(bool_or(pp.negative), false) FROM per_place pp WHERE pp.node_id = n.id) AS negative,
           (SELECT coalesce(bool_or(NOT pp.active AND pp.stock > 0), false) FROM per_place pp WHERE pp.node_id = n.id)
             AS inactive_with_stock,
           (SELECT coalesce(bool_or(pp.holding > 1), false) FROM per_place pp WHERE pp.node_id = n.id) AS several,
           (n.level = 'bin' AND EXISTS (
              SELECT 1 FROM product_locations pl
               WHERE pl.location_id = n.id AND ${orgScopeSql(ctx, 'pl')}
                 AND pl.stock <> coalesce((SELECT g.total FROM place_ledger g
                                            WHERE g.product_id = pl.product_id AND g.location_id = n.id
                                              AND g.org_id = pl.org_id), 0)
           )) AS mismatch
      FROM picked n
      LEFT JOIN location_groups g ON g.id = n.group_id
     ORDER BY n.exact_name DESC, n.sequence, n.name, n.id`.execute(systemSql(ctx.db));
  return { rows: result.rows, total: result.rows[0]?.total ?? 0 };
}

/**
 * SQL for the bins a label run of the location `l` prints (`labels.service.ts`): 1 for a bin, a rack's bins, a hall's
 * racks' bins (bins lie two levels down at most). Both lookups use the parent index.
 */
function binsUnder(l: ReturnType<typeof sql>) {
  return sql`(CASE WHEN ${l}.level = 'bin' THEN 1 ELSE
      (SELECT count(*)::int FROM locations b WHERE b.parent_id = ${l}.id AND b.level = 'bin')
    + (SELECT count(*)::int FROM locations r JOIN locations b ON b.parent_id = r.id
        WHERE r.parent_id = ${l}.id AND b.level = 'bin') END)`;
}

function toNode(r: NodeRow): LocationNode {
  const problems: LocationProblem[] = [];
  if (r.negative) problems.push('negative_stock');
  if (r.inactive_with_stock) problems.push('inactive_with_stock');
  if (r.several) problems.push('several_products');
  if (r.mismatch) problems.push('ledger_mismatch');
  return {
    id: r.id,
    name: r.name,
    level: r.level,
    type: r.type,
    sequence: r.sequence,
    active: r.active,
    quarantine: r.quarantine,
    parent_id: r.parent_id,
    group: r.group_id ? { id: r.group_id, name: r.group_name ?? '' } : null,
    children: r.children,
    bins: r.bins,
    products: r.products,
    stock: r.stock,
    status: problems.length > 0 ? 'error' : r.stock !== 0 ? 'used' : 'free',
    problems,
  };
}

/** One location as the map shows it, or 404. */
async function nodeById(ctx: TenantScope, id: string): Promise<LocationNode> {
  const { rows } = await nodes(ctx, sql`l.id = ${id}`, { skip: 0, limit: 1 });
  const row = rows[0];
  if (!row) throw notFound(`Location ${id} not found`);
  return toNode(row);
}

/**
 * The halls (`parent` null; spec 2 §7 `GET /locations/null`) or the children of a location (`GET
 * /locations/{parent}`), a page in walking order with their counts and status over `orgIds`; with `search` and no
 * parent, the locations of any level whose name contains it (trimmed, any case), the one named exactly so first (the
 * floor's check-in looks a typed name up this way). 404 for an unknown parent.
 */
export async function listLocations(
  ctx: TenantScope,
  parent: string | null,
  page: { skip: number; limit: number; search?: string | undefined },
): Promise<LocationList> {
  const warehouse = await warehouseId(ctx);
  let parentRow: LocationList['parent'] = null;
  if (parent) {
    const p = await systemSql(ctx.db)
      .selectFrom('locations as l')
      .select([
        'l.id',
        'l.name',
        'l.level',
        'l.parent_id',
        'l.quarantine',
        sql<number>`${binsUnder(sql`l`)}`.as('bins'),
      ])
      .where('l.id', '=', parent)
      .executeTakeFirst();
    if (!p) throw notFound(`Location ${parent} not found`);
    const ancestors = await sql<{ id: string; name: string; depth: number }>`
      WITH RECURSIVE up AS (
        SELECT l.id, l.name, l.parent_id, 1 AS depth FROM locations l WHERE l.id = ${p.parent_id}
        UNION ALL SELECT l.id, l.name, l.parent_id, up.depth + 1 FROM locations l JOIN up ON l.id = up.parent_id
         WHERE up.depth < 10
      )
      SELECT id, name, depth FROM up ORDER BY depth DESC`.execute(systemSql(ctx.db));
    parentRow = {
      id: p.id,
      name: p.name,
      level: p.level as LocationLevel,
      parent_id: p.parent_id,
      path: ancestors.rows.map((a) => ({ id: a.id, name: a.name })),
      quarantine: p.quarantine,
      bins: p.bins,
    };
  }
  const term = page.search?.trim() ?? '';
  const where = parent
    ? sql`l.org_id = ${warehouse} AND l.parent_id = ${parent}`
    : term
      ? sql`l.org_id = ${warehouse} AND l.name ILIKE ${`%${escapeLike(term)}%`}`
      : sql`l.org_id = ${warehouse} AND l.parent_id IS NULL`;
  const { rows, total } = await nodes(ctx, where, page, !parent && term ? term.toLowerCase() : null);
  return { items: rows.map(toNode), total, skip: page.skip, limit: page.limit, parent: parentRow };
}

/** The parent (null: the top) and the level a child of it gets; 404 unknown, 400 under a bin. */
async function childSlot(ctx: TenantScope, parentId: string | null) {
  if (!parentId) return { parent: null, level: 'hall' as LocationLevel };
  const parent = await systemSql(ctx.db)
    .selectFrom('locations')
    .select(['id', 'name', 'level'])
    .where('id', '=', parentId)
    .executeTakeFirst();
  if (!parent) throw notFound(`Location ${parentId} not found`);
  const level = CHILD_LEVEL[parent.level as LocationLevel];
  if (!level)
    throw refusal(`${parent.name} is a bin: a bin holds no locations`, 'bin_holds_nothing', {
      value: parent.name,
    });
  return { parent, level };
}

/** The next walking sequence under `parentId`: after its last child, or after the parent itself. */
async function nextSequence(ctx: TenantScope, warehouse: string, parentId: string | null): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT coalesce(max(sequence) + 1,
                    (SELECT sequence + 1 FROM locations WHERE id = ${parentId}),
                    (SELECT coalesce(max(sequence) + 1, 0) FROM locations WHERE org_id = ${warehouse}))::int AS n
      FROM locations WHERE org_id = ${warehouse} AND parent_id IS NOT DISTINCT FROM ${parentId}`.execute(
    systemSql(ctx.db),
  );
  return r.rows[0]?.n ?? 0;
}

/** Names of the warehouse already taken among `names` (any case). */
async function takenNames(ctx: TenantScope, warehouse: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await systemSql(ctx.db)
    .selectFrom('locations')
    .select('name')
    .where('org_id', '=', warehouse)
    .where(
      sql`lower(name)`,
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .execute();
  return rows.map((r) => r.name);
}

/**
 * Adds a location under `parentId` (null: a hall; spec 2 §7 `GET /locations/add/{name}/{id}`): a rack under a hall,
 * a bin under a rack (type default half-box), at `sequence` or after its last sibling. `ctx.db` must be a
 * transaction. 409 `location_exists` for a taken name, 404 for an unknown parent, 400 under a bin.
 */
export async function addLocation(
  ctx: TenantScope,
  input: {
    name: string;
    parentId: string | null;
    type?: LocationType | undefined;
    sequence?: number | undefined;
  },
): Promise<LocationNode> {
  const warehouse = await warehouseId(ctx);
  const { level } = await childSlot(ctx, input.parentId);
  const taken = await takenNames(ctx, warehouse, [input.name]);
  if (taken.length > 0)
    throw problem(locationAddEndpoint, 'location_exists', `The warehouse already has a location ${taken[0]}`);
  const id = newId();
  await systemSql(ctx.db)
    .insertInto('locations')
    .values({
      id,
      org_id: warehouse,
      parent_id: input.parentId,
      name: input.name,
      level,
      type: level === 'bin' ? (input.type ?? 'half-box') : (input.type ?? null),
      sequence: input.sequence ?? (await nextSequence(ctx, warehouse, input.parentId)),
    })
    .execute();
  return nodeById(ctx, id);
}

/**
 * A rack's bins at once (issue 9; `POST /locations/bulk`): `{prefix}-{n}` for n from `from` to `to` with at least
 * `digits` digits, after the rack's last bin in walking order. All or nothing: 409 `location_exists` names the
 * names already taken. `ctx.db` must be a transaction.
 */
export async function addBins(
  ctx: TenantScope,
  body: LocationBulkBody,
): Promise<{ created: LocationNode[] }> {
  const warehouse = await warehouseId(ctx);
  const { parent, level } = await childSlot(ctx, body.parent_id);
  if (level !== 'bin' || !parent) throw refusal('Bins go into a rack: choose a rack', 'bins_need_rack');
  const prefix = body.prefix ?? parent.name;
  const names: string[] = [];
  for (let n = body.from; n <= body.to; n++) names.push(`${prefix}-${String(n).padStart(body.digits, '0')}`);
  const taken = await takenNames(ctx, warehouse, names);
  if (taken.length > 0) {
    throw problem(
      locationBulkEndpoint,
      'location_exists',
      `These names are taken already: ${taken.slice(0, 10).join(', ')}${taken.length > 10 ? ' …' : ''}`,
    );
  }
  let sequence = await nextSequence(ctx, warehouse, parent.id);
  const rows = names.map((name) => ({
    id: newId(),
    org_id: warehouse,
    parent_id: parent.id,
    name,
    level: 'bin' as const,
    type: body.type,
    sequence: sequence++,
  }));
  await systemSql(ctx.db).insertInto('locations').values(rows).execute();
  const { rows: made } = await nodes(ctx, sql`l.id IN (${sql.join(rows.map((r) => r.id))})`, {
    skip: 0,
    limit: rows.length,
  });
  return { created: made.map(toNode) };
}

/**
 * Changes a location (issue 9, the location editor; `PUT /locations/{id}`): name, type, sequence, active, location
 * group. 404 for an unknown location or group, 409 `location_exists` for a taken name.
 */
export async function updateLocation(
  ctx: TenantScope,
  id: string,
  body: LocationUpdateBody,
): Promise<LocationNode> {
  const warehouse = await warehouseId(ctx);
  const current = await systemSql(ctx.db)
    .selectFrom('locations')
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) throw notFound(`Location ${id} not found`);
  if (body.name && body.name.toLowerCase() !== current.name.toLowerCase()) {
    const taken = await takenNames(ctx, warehouse, [body.name]);
    if (taken.length > 0)
      throw problem(
        locationUpdateEndpoint,
        'location_exists',
        `The warehouse already has a location ${taken[0]}`,
      );
  }
  if (body.group_id) {
    const group = await systemSql(ctx.db)
      .selectFrom('location_groups')
      .select('id')
      .where('id', '=', body.group_id)
      .executeTakeFirst();
    if (!group) throw notFound(`Location group ${body.group_id} not found`);
  }
  await systemSql(ctx.db)
    .updateTable('locations')
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.sequence !== undefined ? { sequence: body.sequence } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(body.group_id !== undefined ? { group_id: body.group_id } : {}),
    })
    .where('id', '=', id)
    .execute();
  return nodeById(ctx, id);
}
