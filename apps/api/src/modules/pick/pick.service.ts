import {
  amsterdamDay,
  amsterdamDayRange,
  PICK_ITEM_MAX_ALTERNATIVES,
  PICK_ITEM_MAX_ORDERS,
  type PickAlternative,
  type PickConfirmLine,
  type PickConfirmResponse,
  type PickItem,
  type PickListParams,
  type PickListQuery,
  type PickListResponse,
  pickConfirmEndpoint,
} from '@hoppa/core';
import { type RawBuilder, sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, orgScopeSql, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { badRequest, notFound, problem } from '../../lib/errors.ts';
import { applyStockChange } from '../stock/index.ts';

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

/** The locations of a zone (spec 2 §3 location groups) and every location under them; 404 for an unknown zone. */
async function locationsOfGroup(ctx: Pick<TenantScope, 'db'>, groupId: string): Promise<string[]> {
  const group = await systemSql(ctx.db)
    .selectFrom('location_groups')
    .select('id')
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) throw notFound(`Location group ${groupId} does not exist`);
  const members = await systemSql(ctx.db)
    .selectFrom('locations')
    .select('id')
    .where('group_id', '=', groupId)
    .execute();
  return members.length
    ? locationsUnder(
        ctx,
        members.map((m) => m.id),
      )
    : [];
}

/** The shipment method codes of a cut-off group (spec 2 §3: cut_off, methods); 404 for an unknown group. */
async function methodsOfCutOffGroup(ctx: Pick<TenantScope, 'db'>, groupId: string): Promise<string[]> {
  const group = await systemSql(ctx.db)
    .selectFrom('cut_off_groups')
    .select('method_codes')
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) throw notFound(`Cut-off group ${groupId} does not exist`);
  return group.method_codes;
}

/** A pick item's row of the page query, before its orders are attached. */
type PickRow = {
  product_id: string;
  loc_id: string | null;
  has_unassigned: boolean;
  qty: number;
  lines: number;
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
  total: number;
};

/**
 * The pick list (spec 2 §7 GET /pick_list/pick/…, §3 Pick list item, §2 Pick screen): the open orders' lines that are
 * not fully picked and have no cancellation request, of the organisations in `orgs` ∩ the request's organisations,
 * placed between `start` and `end` (inclusive), as one item per (product, pick location). The pick location of a
 * line is the one assigned at import, else the product's first active location with stock (then any active one).
 * Filters: `locations` (a hall or rack selects the bins under it), query_type `located`/`unlocated`, `delivery`
 * (shipment method codes), single/multi orders by the order's line count, `order_id` (shop number or id),
 * `location_group` (a zone's locations) and `cut_off_group` (its shipment methods; 404 for an unknown group). Sorted by
 * location sequence and name (reverse with sequence=reverse), then product name; lines without a location last.
 * Paged by skip/limit with the total number of items.
 *
 * Each item lists its oldest open orders, at most PICK_ITEM_MAX_ORDERS (`qty` is what they need; `more_orders` and
 * `more_qty` what waits behind them). Without delivery, single/multi and order_id filters the items come from the
 * maintained aggregate `pick_item_days` (migration 0090): the rows of the window's Amsterdam days, less the lines of
 * the two edge days that fall outside the window; so a page costs the window's days × products, not its lines
 * (issue 8, docs/architecture.md "Hot reads"). With those filters they are counted from the window's lines.
 * Each item also carries the product's other active locations with stock (`other_locations`, at most
 * PICK_ITEM_MAX_ALTERNATIVES). Errors: 400 for dates that do not parse or start after end.
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
  let selectedLocations = wantedLocations ? await locationsUnder(ctx, wantedLocations) : null;
  if (query.location_group) {
    const zone = await locationsOfGroup(ctx, query.location_group);
    selectedLocations = selectedLocations ? selectedLocations.filter((id) => zone.includes(id)) : zone;
  }
  if (selectedLocations && selectedLocations.length === 0) return empty;
  const delivery = query.delivery?.trim();
  let codes =
    delivery && delivery !== 'all' && delivery !== 'null'
      ? delivery
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean)
      : [];
  if (query.cut_off_group) {
    const methods = await methodsOfCutOffGroup(ctx, query.cut_off_group);
    codes = codes.length > 0 ? codes.filter((c) => methods.includes(c)) : methods;
    if (codes.length === 0) return empty;
  }
  const orderId = query.order_id?.trim();
  const byOrderId = orderId && orderId !== 'null' && orderId !== 'all' ? orderId : null;
  const lineFilters = codes.length > 0 || query.single_orders || query.multi_orders || byOrderId !== null;
  const dir = query.sequence === 'reverse' ? sql`DESC` : sql`ASC`;

  /** The optional filters on the order (`o`): shipment methods, single/multi-line, one order. */
  const orderFilters = sql`
      ${codes.length > 0 ? sql`AND o.selected_ship_method_id IN (SELECT id FROM shipment_methods WHERE code = ANY(${codes}::text[]))` : sql``}
      ${query.single_orders ? sql`AND o.line_count = 1` : query.multi_orders ? sql`AND o.line_count > 1` : sql``}
      ${byOrderId !== null ? sql`AND (o.order_id = ${byOrderId} OR o.id::text = ${byOrderId})` : sql``}`;
  /** A line (`l`) still to pick of an open order (`o`) of these organisations, with the order filters. */
  const stillToPick = sql`${orgScopeSql(scope, 'o')} AND ${orgScopeSql(scope, 'l')} AND o.status = 'open'
      AND NOT l.cancellation_request AND l.picked_quantity < l.quantity ${orderFilters}`;
  /** Lines still to pick placed within `placed` (a condition on o.placed_at). */
  const openLines = (placed: RawBuilder<unknown>) => sql`
    FROM orders o JOIN order_lines l ON l.order_id = o.id
    WHERE ${stillToPick} AND ${placed}`;
  const startAt = sql`${start.toISOString()}::timestamptz`;
  const endAt = sql`${end.toISOString()}::timestamptz`;
  // The window's first and last Amsterdam day, and the moments those days begin and end.
  // (Computed here, not in SQL, so the planner sees the bounds and estimates the edge slices as the few rows they are.)
  const dayFrom = amsterdamDay(start);
  const dayTo = amsterdamDay(end);
  const dayFromStart = sql`${amsterdamDayRange(start).start}::timestamptz`;
  const dayToEnd = sql`${new Date(Date.parse(amsterdamDayRange(end).end) + 1).toISOString()}::timestamptz`;
  const counted = lineFilters
    ? sql`SELECT l.product_id, l.pick_location_id AS location_id, sum(l.quantity - l.picked_quantity) AS qty,
                 count(*) AS lines
          ${openLines(sql`o.placed_at >= ${startAt} AND o.placed_at <= ${endAt}`)}
          GROUP BY 1, 2`
    : sql`SELECT product_id, location_id, sum(qty) AS qty, sum(lines) AS lines FROM (
            SELECT d.product_id, d.location_id, d.qty, d.lines FROM pick_item_days d
            WHERE ${orgScopeSql(scope, 'd')} AND d.placed_day BETWEEN ${dayFrom}::date AND ${dayTo}::date
            UNION ALL
            SELECT l.product_id, l.pick_location_id, -(l.quantity - l.picked_quantity), -1
            ${openLines(sql`o.placed_at >= ${dayFromStart} AND o.placed_at < ${startAt}`)}
            UNION ALL
            SELECT l.product_id, l.pick_location_id, -(l.quantity - l.picked_quantity), -1
            ${openLines(sql`o.placed_at > ${endAt} AND o.placed_at < ${dayToEnd}`)}
          ) x GROUP BY 1, 2`;
  const located = params.query_type === 'located';
  const unlocated = params.query_type === 'unlocated';
  const result = await sql<PickRow>`
    WITH counted AS (${counted}),
    resolved AS (
      SELECT c.product_id, c.location_id IS NULL AS unassigned, c.qty, c.lines,
             coalesce(c.location_id, (
               SELECT pl.location_id FROM product_locations pl
               WHERE pl.product_id = c.product_id AND pl.active AND ${orgScopeSql(scope, 'pl')}
                 -- returned goods in quarantine are never picked (issue 12)
                 AND NOT EXISTS (SELECT 1 FROM locations q WHERE q.id = pl.location_id AND q.quarantine)
               ORDER BY (pl.stock > 0) DESC, pl.position, pl.created_at LIMIT 1)) AS loc_id
      FROM counted c WHERE c.lines > 0
    ),
    items AS (
      SELECT product_id, loc_id, bool_or(unassigned) AS has_unassigned, sum(qty)::int AS qty, sum(lines)::int AS lines
      FROM resolved
      WHERE true
        ${selectedLocations !== null ? sql`AND loc_id = ANY(${selectedLocations}::char(24)[])` : sql``}
        ${located ? sql`AND loc_id IS NOT NULL` : unlocated ? sql`AND loc_id IS NULL` : sql``}
      GROUP BY product_id, loc_id
    )
    SELECT g.product_id, g.loc_id, g.has_unassigned, g.qty, g.lines, p.name AS product_name, p.ean, p.img_url, p.note,
           p.pick_note, p.needs_recount, p.org_id, org.name AS org_name, loc.name AS loc_name,
           parent.name AS loc_parent, loc.sequence AS loc_sequence, pl.id AS prod_loc_id, pl.stock AS loc_stock,
           count(*) OVER () AS total
    FROM items g
    -- LATERAL: one primary-key lookup per item, whatever the planner guesses of the aggregate's size.
    -- (LIMIT 1 keeps PostgreSQL from flattening it back into a join.)
    CROSS JOIN LATERAL (SELECT * FROM products p WHERE p.id = g.product_id AND ${orgScopeSql(scope, 'p')} LIMIT 1) p
    JOIN organisations org ON org.id = p.org_id
    LEFT JOIN locations loc ON loc.id = g.loc_id
    LEFT JOIN locations parent ON parent.id = loc.parent_id
    LEFT JOIN LATERAL (
      SELECT pl.id, pl.stock FROM product_locations pl
      WHERE pl.product_id = g.product_id AND pl.location_id = g.loc_id AND ${orgScopeSql(scope, 'pl')} LIMIT 1
    ) pl ON true
    ORDER BY (g.loc_id IS NULL), loc.sequence ${dir}, loc.name ${dir}, p.name, p.id
    LIMIT ${query.limit} OFFSET ${query.skip}`.execute(systemSql(ctx.db));
  const rows = result.rows;

  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.skip > 0) {
    // Past the end of the list: the window count is unavailable, so count the items on their own.
    const probe = await getPickList(ctx, { params, query: { ...query, skip: 0, limit: 1 } });
    total = probe.total;
  }
  if (rows.length === 0) return { items: [], total, skip: query.skip, limit: query.limit };

  /** The item's (`i`) oldest lines in the window on the locations `where` selects, in one index range. */
  const oldestLines = (where: RawBuilder<unknown>) => sql`
    SELECT l.id AS order_line_id, l.order_id, o.order_id AS shop_order_id,
           (l.quantity - l.picked_quantity)::int AS qty, l.placed_at
    FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE l.product_id = i.product_id AND ${where} AND l.placed_at >= ${startAt} AND l.placed_at <= ${endAt}
      AND ${stillToPick}
    ORDER BY l.placed_at, l.id
    LIMIT ${PICK_ITEM_MAX_ORDERS}`;
  // The oldest orders of each item on this page: per item one range of the (product_id, pick_location_id, placed_at)
  // index of open lines on the item's location and, when the item took lines without a location, one on those; the
  // first PICK_ITEM_MAX_ORDERS of the two.
  const orderRows = await sql<PickOrderRef & { product_id: string; loc_id: string | null }>`
    SELECT i.product_id, i.loc_id, x.order_line_id, x.order_id, x.shop_order_id, x.qty
    FROM unnest(${rows.map((r) => r.product_id)}::char(24)[], ${rows.map((r) => r.loc_id)}::char(24)[],
                ${rows.map((r) => r.has_unassigned)}::boolean[]) AS i(product_id, loc_id, unassigned)
    CROSS JOIN LATERAL (
      SELECT * FROM (
        (${oldestLines(sql`l.pick_location_id = i.loc_id`)})
        UNION ALL
        (${oldestLines(sql`i.unassigned AND l.pick_location_id IS NULL`)})
      ) u
      ORDER BY u.placed_at, u.order_line_id
      LIMIT ${PICK_ITEM_MAX_ORDERS}
    ) x`.execute(systemSql(ctx.db));
  const ordersOf = new Map<string, PickOrderRef[]>();
  for (const o of orderRows.rows) {
    const key = pickItemId(o.product_id, o.loc_id);
    const list = ordersOf.get(key);
    const ref = {
      order_line_id: o.order_line_id,
      order_id: o.order_id,
      shop_order_id: o.shop_order_id,
      qty: o.qty,
    };
    if (list) list.push(ref);
    else ordersOf.set(key, [ref]);
  }
  // Each item's other active locations with stock, in the product's order (where the picker goes when this one is
  // empty): one index range of the product's links per item.
  const others = await sql<PickAlternative & { product_id: string; item_loc: string | null }>`
    SELECT i.product_id, i.loc_id AS item_loc, x.loc_id, x.rack, x.rack_parent, x.stock
    FROM unnest(${rows.map((r) => r.product_id)}::char(24)[], ${rows.map((r) => r.loc_id)}::char(24)[])
      AS i(product_id, loc_id)
    CROSS JOIN LATERAL (
      SELECT pl.location_id AS loc_id, loc.name AS rack, parent.name AS rack_parent, pl.stock
      FROM product_locations pl
      JOIN locations loc ON loc.id = pl.location_id
      LEFT JOIN locations parent ON parent.id = loc.parent_id
      WHERE pl.product_id = i.product_id AND ${orgScopeSql(scope, 'pl')} AND pl.active AND loc.active
        AND NOT loc.quarantine AND pl.stock > 0 AND pl.location_id IS DISTINCT FROM i.loc_id
      ORDER BY pl.position, pl.created_at
      LIMIT ${PICK_ITEM_MAX_ALTERNATIVES}
    ) x`.execute(systemSql(ctx.db));
  const othersOf = new Map<string, PickAlternative[]>();
  for (const o of others.rows) {
    const key = pickItemId(o.product_id, o.item_loc);
    const alt = { loc_id: o.loc_id, rack: o.rack, rack_parent: o.rack_parent, stock: o.stock };
    const list = othersOf.get(key);
    if (list) list.push(alt);
    else othersOf.set(key, [alt]);
  }
  return {
    items: rows.map((r) => {
      const key = pickItemId(r.product_id, r.loc_id);
      return toPickItem(r, ordersOf.get(key) ?? [], othersOf.get(key) ?? []);
    }),
    total,
    skip: query.skip,
    limit: query.limit,
  };
}

/** A pick item's stable id (spec 2 §3 Pick list item, core PickItemSchema): `<product id>:<location id or 'none'>`. */
function pickItemId(productId: string, locId: string | null): string {
  return `${productId}:${locId ?? 'none'}`;
}

function toPickItem(r: PickRow, orders: PickOrderRef[], otherLocations: PickAlternative[]): PickItem {
  const listedQty = orders.reduce((sum, o) => sum + o.qty, 0);
  return {
    id: pickItemId(r.product_id, r.loc_id),
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
    qty: listedQty,
    more_orders: Math.max(0, r.lines - orders.length),
    more_qty: Math.max(0, r.qty - listedQty),
    ean: r.ean,
    image: r.img_url,
    org_id: r.org_id,
    org_name: r.org_name,
    order_id: orders[0]?.shop_order_id ?? '',
    orders,
    other_locations: otherLocations,
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

    // The stock and its ledger row through the one ledger function (one upsert: concurrent pickers on one location
    // never lose an update).
    const pl = await applyStockChange(ctx, {
      orgId: line.org_id,
      productId: line.product_id,
      locationId: pick.location_id,
      delta: -pick.quantity,
      reason: 'pick',
      userId: ctx.userId,
      note: pick.scanned ? `scan ${pick.scanned.slice(0, 200)}` : null,
      orderId: line.order_id,
      orderLineId: line.id,
    });

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
