import {
  newId,
  type PickConfirmLine,
  type PickConfirmResponse,
  type PickItem,
  type PickListParams,
  type PickListQuery,
  type PickListResponse,
  pickConfirmEndpoint,
} from '@hoppa/core';
import { sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { badRequest, notFound, problem } from '../../lib/errors.ts';

/** Who is asking: the organisations visible to the user, and the user (for the stock ledger). */
export interface PickActor extends TenantScope {
  userId: string;
}

function idList(value: string): string[] | null {
  if (value === 'all') return null;
  return [...new Set(value.split(',').map((s) => s.trim()))];
}

function parseMoment(value: string, name: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw badRequest(`${name} is not a valid date-time: ${value}`);
  return d;
}

type PickOrderRef = { order_line_id: string; order_id: string; shop_order_id: string; qty: number };

/** The given locations and every location under them (a hall or rack selects its bins); locations are global. */
async function locationsUnder(ctx: Pick<TenantScope, 'db'>, ids: string[]): Promise<string[]> {
  const r = await sql<{ id: string }>`
    WITH RECURSIVE selected AS (
      SELECT id FROM locations WHERE id = ANY(${ids}::char(24)[])
      UNION
      SELECT l.id FROM locations l JOIN selected s ON l.parent_id = s.id)
    SELECT id FROM selected`.execute(systemSql(ctx.db));
  return r.rows.map((x) => x.id);
}

/**
 * The pick list (spec 2 §7 GET /pick_list/pick/…, §3 Pick list item, §2 Pick screen): the open
 * orders' lines that are not fully picked and have no cancellation request, of the organisations in
 * `orgs` ∩ the request's organisations, placed between `start` and `end`, aggregated into one item per (product,
 * pick location). The pick location of a line is the one assigned at import, else the product's first
 * active location with stock (then any active one). Filters: `locations` (a hall or rack selects the
 * bins under it), query_type `located`/`unlocated`, `delivery` (shipment method codes), single/multi
 * orders by the order's line count, `order_id` (shop number or id). Sorted by location sequence and
 * name (reverse with sequence=reverse); lines without a location come last. Paged by skip/limit with
 * the total number of items. Errors: 400 for dates that do not parse or start after end.
 */
export async function getPickList(
  ctx: TenantScope,
  { params, query }: { params: PickListParams; query: PickListQuery },
): Promise<PickListResponse> {
  const start = parseMoment(params.start, 'start');
  const end = parseMoment(params.end, 'end');
  if (start > end) throw badRequest('start must not be after end');
  const wantedOrgs = idList(params.orgs);
  const orgIds = wantedOrgs ? ctx.orgIds.filter((id) => wantedOrgs.includes(id)) : [...ctx.orgIds];
  const empty: PickListResponse = { items: [], total: 0, skip: query.skip, limit: query.limit };
  if (orgIds.length === 0) return empty;
  // The organisations this list is about: the caller's, narrowed by `orgs`.
  const scope = { db: ctx.db, orgIds };

  const wantedLocations = idList(params.locations);
  const selectedLocations = wantedLocations ? await locationsUnder(ctx, wantedLocations) : null;
  if (selectedLocations && selectedLocations.length === 0) return empty;
  const delivery = query.delivery?.trim();
  const codes =
    delivery && delivery !== 'all' && delivery !== 'null'
      ? delivery
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean)
      : [];
  const orderId = query.order_id?.trim();
  const byOrderId = orderId && orderId !== 'null' && orderId !== 'all' ? orderId : null;
  const dir = query.sequence === 'reverse' ? 'desc' : 'asc';

  const db = tenantSql(scope);
  const rows = await db
    .with('lines', (w) =>
      w
        .selectFrom('order_lines as ol')
        .innerJoin('orders as o', 'o.id', 'ol.order_id')
        .where(orgScope(scope, 'ol'))
        .where(orgScope(scope, 'o'))
        .where('o.status', '=', 'open')
        .whereRef('ol.picked_quantity', '<', 'ol.quantity')
        .where('ol.cancellation_request', '=', false)
        .where('o.placed_at', '>=', start)
        .where('o.placed_at', '<=', end)
        .$if(codes.length > 0, (q) =>
          q.where('o.selected_ship_method_id', 'in', (eb) =>
            eb.selectFrom('shipment_methods').select('id').where('code', 'in', codes),
          ),
        )
        .$if(query.single_orders || query.multi_orders, (q) =>
          q.where(
            (eb) =>
              eb
                .selectFrom('order_lines as x')
                .select((c) => c.fn.countAll<number>().as('n'))
                .whereRef('x.order_id', '=', 'o.id')
                .where(orgScope(scope, 'x')),
            query.single_orders ? '=' : '>',
            1,
          ),
        )
        .$if(byOrderId !== null, (q) =>
          q.where((eb) =>
            eb.or([
              eb('o.order_id', '=', byOrderId as string),
              eb(sql`o.id::text`, '=', byOrderId as string),
            ]),
          ),
        )
        .select((eb) => [
          'ol.id as line_id',
          'ol.order_id',
          'o.order_id as shop_order_id',
          'o.placed_at',
          'ol.product_id',
          sql<number>`ol.quantity - ol.picked_quantity`.as('qty'),
          eb.fn
            .coalesce(
              'ol.pick_location_id',
              eb
                .selectFrom('product_locations as pl')
                .select('pl.location_id')
                .whereRef('pl.product_id', '=', 'ol.product_id')
                .where('pl.active', '=', true)
                .where(orgScope(scope, 'pl'))
                .orderBy(sql`(pl.stock > 0)`, 'desc')
                .orderBy('pl.position')
                .orderBy('pl.created_at')
                .limit(1),
            )
            .as('loc_id'),
        ]),
    )
    .with('groups', (w) =>
      w
        .selectFrom('lines as l')
        .$if(selectedLocations !== null, (q) => q.where('l.loc_id', 'in', selectedLocations as string[]))
        .$if(params.query_type === 'located', (q) => q.where('l.loc_id', 'is not', null))
        .$if(params.query_type === 'unlocated', (q) => q.where('l.loc_id', 'is', null))
        .groupBy(['l.product_id', 'l.loc_id'])
        .select([
          'l.product_id',
          'l.loc_id',
          sql<number>`sum(l.qty)::int`.as('qty'),
          sql<Date>`min(l.placed_at)`.as('first_placed'),
          sql<PickOrderRef[]>`json_agg(json_build_object('order_line_id', l.line_id, 'order_id', l.order_id,
                                        'shop_order_id', l.shop_order_id, 'qty', l.qty)
                      ORDER BY l.placed_at, l.shop_order_id, l.line_id)`.as('orders'),
        ]),
    )
    .selectFrom('groups as g')
    .innerJoin('products as p', 'p.id', 'g.product_id')
    .innerJoin('organisations as org', 'org.id', 'p.org_id')
    .leftJoin('locations as loc', 'loc.id', 'g.loc_id')
    .leftJoin('locations as parent', 'parent.id', 'loc.parent_id')
    .leftJoin('product_locations as pl', (j) =>
      j
        .onRef('pl.product_id', '=', 'g.product_id')
        .onRef('pl.location_id', '=', 'g.loc_id')
        .on(orgScope(scope, 'pl')),
    )
    .where(orgScope(scope, 'p'))
    .select((eb) => [
      'g.product_id',
      'g.loc_id',
      'g.qty',
      'g.orders',
      'p.name as product_name',
      'p.ean',
      'p.img_url',
      'p.note',
      'p.pick_note',
      'p.needs_recount',
      'p.org_id',
      'org.name as org_name',
      'loc.name as loc_name',
      'parent.name as loc_parent',
      'loc.sequence as loc_sequence',
      'pl.id as prod_loc_id',
      'pl.stock as loc_stock',
      eb.fn.countAll<number>().over().as('total'),
    ])
    .orderBy(sql`(g.loc_id IS NULL)`)
    .orderBy('loc.sequence', dir)
    .orderBy('loc.name', dir)
    .orderBy('g.first_placed')
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(query.limit)
    .offset(query.skip)
    .execute();

  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.skip > 0) {
    // Past the end of the list: the window count is unavailable, so count the items on their own.
    const probe = await getPickList(ctx, { params, query: { ...query, skip: 0, limit: 1 } });
    total = probe.total;
  }
  return { items: rows.map(toPickItem), total, skip: query.skip, limit: query.limit };
}

type PickRow = {
  product_id: string;
  loc_id: string | null;
  qty: number;
  orders: PickOrderRef[];
  product_name: string;
  ean: string;
  img_url: string | null;
  note: string | null;
  pick_note: string | null;
  needs_recount: boolean;
  org_id: string;
  org_name: string;
  loc_name: string | null;
  loc_parent: string | null;
  loc_sequence: number | null;
  prod_loc_id: string | null;
  loc_stock: number | null;
};

function toPickItem(r: PickRow): PickItem {
  return {
    id: `${r.product_id}:${r.loc_id ?? 'none'}`,
    product__id: r.product_id,
    product__name: r.product_name,
    product__stock: r.loc_stock ?? 0,
    product__note: r.note,
    pick_note: r.pick_note,
    needs_recount: r.needs_recount,
    rack: r.loc_name ?? '',
    rack_parent: r.loc_parent,
    loc_number: r.loc_sequence ?? 0,
    loc_id: r.loc_id,
    prod__loc_id: r.prod_loc_id,
    qty: r.qty,
    ean: r.ean,
    image: r.img_url,
    org_id: r.org_id,
    org_name: r.org_name,
    order_id: r.orders[0]?.shop_order_id ?? '',
    orders: r.orders.map((o) => ({
      order_line_id: o.order_line_id,
      order_id: o.order_id,
      shop_order_id: o.shop_order_id,
      qty: o.qty,
    })),
  };
}

/**
 * Confirms picks in the caller's transaction (spec 2 §4 Pick flow; docs/decisions/0020-pick-confirm-and-stock.md);
 * `ctx.db` is that transaction. Per pick, in order_line_id order so two batches never deadlock: locks the order
 * line (FOR UPDATE) and its order (FOR SHARE, so shipping waits), checks the order is open, the line has no
 * cancellation request and `picked_quantity + quantity ≤ quantity`, raises picked_quantity, lowers the stock of
 * the product on `location_id` (creating the product-location link when the picker took it from a location it was
 * not registered on) and writes a `pick` row in the stock ledger. Stock may go below zero: the picker holds the
 * goods, so the system's count is wrong; the product is flagged needs_recount instead.
 * Errors: 404 line or location not visible; 409 `order_shipped`, `order_cancelled`, `cancellation_requested`,
 * `over_pick` (the whole batch is rejected).
 */
export async function confirmPicks(
  ctx: PickActor,
  { picks }: { picks: PickConfirmLine[] },
): Promise<PickConfirmResponse> {
  const q = tenantSql(ctx);
  const ordered = [...picks].sort((a, b) =>
    a.order_line_id < b.order_line_id ? -1 : a.order_line_id > b.order_line_id ? 1 : 0,
  );
  const lines = new Map<string, PickConfirmResponse['lines'][number]>();
  const stock = new Map<string, PickConfirmResponse['stock'][number]>();

  for (const pick of ordered) {
    const line = await q
      .selectFrom('order_lines as ol')
      .innerJoin('orders as o', 'o.id', 'ol.order_id')
      .innerJoin('products as p', 'p.id', 'ol.product_id')
      .where(orgScope(ctx, 'ol'))
      .where(orgScope(ctx, 'o'))
      .where(orgScope(ctx, 'p'))
      .where('ol.id', '=', pick.order_line_id)
      .select([
        'ol.id',
        'ol.order_id',
        'ol.org_id',
        'ol.product_id',
        'ol.quantity',
        'ol.picked_quantity',
        'ol.cancellation_request',
        'o.status',
        'o.order_id as shop_order_id',
        'p.needs_recount',
      ])
      .forUpdate('ol')
      .forShare('o')
      .executeTakeFirst();
    if (!line) throw notFound(`Order line ${pick.order_line_id} not found`);
    if (line.status === 'shipped') {
      throw problem(
        pickConfirmEndpoint,
        'order_shipped',
        `Order ${line.shop_order_id} has already been shipped`,
      );
    }
    if (line.status === 'cancelled') {
      throw problem(pickConfirmEndpoint, 'order_cancelled', `Order ${line.shop_order_id} has been cancelled`);
    }
    if (line.cancellation_request) {
      throw problem(
        pickConfirmEndpoint,
        'cancellation_requested',
        `The customer asked to cancel this line of order ${line.shop_order_id}; do not pick it`,
      );
    }
    const left = line.quantity - line.picked_quantity;
    if (pick.quantity > left) {
      throw problem(
        pickConfirmEndpoint,
        'over_pick',
        `Order ${line.shop_order_id} needs ${left} more of this product, not ${pick.quantity}`,
      );
    }

    const location = await q
      .selectFrom('locations')
      .select('id')
      .where('id', '=', pick.location_id)
      .executeTakeFirst();
    if (!location) throw notFound(`Location ${pick.location_id} not found`);

    const updated = await q
      .updateTable('order_lines as ol')
      .set((eb) => ({ picked_quantity: eb('ol.picked_quantity', '+', pick.quantity) }))
      .where('ol.id', '=', line.id)
      .where(orgScope(ctx, 'ol'))
      .returning('ol.picked_quantity')
      .executeTakeFirstOrThrow();

    // One statement, so concurrent pickers on one location never lose an update.
    const pl = await q
      .insertInto('product_locations')
      .values({
        id: newId(),
        org_id: line.org_id,
        product_id: line.product_id,
        location_id: pick.location_id,
        stock: -pick.quantity,
        active: true,
        position: sql<number>`COALESCE((SELECT max(x.position) + 1 FROM product_locations x
                                         WHERE x.product_id = ${line.product_id} AND x.org_id = ${line.org_id}), 0)`,
      })
      .onConflict((oc) =>
        oc
          .columns(['product_id', 'location_id'])
          .doUpdateSet({ stock: sql<number>`product_locations.stock - ${pick.quantity}::int` }),
      )
      .returning('stock')
      .executeTakeFirstOrThrow();

    // The flag was read with the line (in this transaction, so an earlier pick of the batch counts).
    let needsRecount = line.needs_recount;
    if (pl.stock < 0) {
      await q
        .updateTable('products as p')
        .set({ needs_recount: true, updated_at: sql`now()` })
        .where('p.id', '=', line.product_id)
        .where(orgScope(ctx, 'p'))
        .execute();
      needsRecount = true;
    }

    await q
      .insertInto('stock_mutations')
      .values({
        id: newId(),
        org_id: line.org_id,
        product_id: line.product_id,
        location_id: pick.location_id,
        quantity: -pick.quantity,
        reason: 'pick',
        order_id: line.order_id,
        order_line_id: line.id,
        user_id: ctx.userId,
        note: pick.scanned ? `scan ${pick.scanned.slice(0, 200)}` : null,
      })
      .execute();

    lines.set(line.id, {
      order_line_id: line.id,
      order_id: line.order_id,
      quantity: line.quantity,
      picked_quantity: updated.picked_quantity,
      picked: updated.picked_quantity >= line.quantity,
    });
    stock.set(`${line.product_id}:${pick.location_id}`, {
      product_id: line.product_id,
      location_id: pick.location_id,
      stock: pl.stock,
      needs_recount: needsRecount,
    });
  }
  return { ok: true, lines: [...lines.values()], stock: [...stock.values()] };
}
