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
import type { Db } from '../../db/client.ts';
import { badRequest, notFound, problem } from '../../lib/errors.ts';

/** Who is asking: the organisations visible to the user, and the user (for the stock ledger). */
export interface PickActor {
  userId: string;
  orgIds: string[];
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

type PickRow = {
  product_id: string;
  loc_id: string | null;
  qty: number;
  orders: { order_line_id: string; order_id: string; shop_order_id: string; qty: number }[];
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
 * The pick list (spec 2 §7 GET /pick_list/pick/…, §3 Pick list item, §2 Pick screen): the open
 * orders' lines that are not fully picked and have no cancellation request, of the organisations in
 * `orgs` ∩ `actor.orgIds`, placed between `start` and `end`, aggregated into one item per (product,
 * pick location). The pick location of a line is the one assigned at import, else the product's first
 * active location with stock (then any active one). Filters: `locations` (a hall or rack selects the
 * bins under it), query_type `located`/`unlocated`, `delivery` (shipment method codes), single/multi
 * orders by the order's line count, `order_id` (shop number or id). Sorted by location sequence and
 * name (reverse with sequence=reverse); lines without a location come last. Paged by skip/limit with
 * the total number of items. Errors: 400 for dates that do not parse or start after end.
 */
export async function getPickList(
  db: Db,
  actor: PickActor,
  params: PickListParams,
  query: PickListQuery,
): Promise<PickListResponse> {
  const start = parseMoment(params.start, 'start');
  const end = parseMoment(params.end, 'end');
  if (start > end) throw badRequest('start must not be after end');
  const wantedOrgs = idList(params.orgs);
  const orgIds = wantedOrgs ? actor.orgIds.filter((id) => wantedOrgs.includes(id)) : actor.orgIds;
  const empty: PickListResponse = { items: [], total: 0, skip: query.skip, limit: query.limit };
  if (orgIds.length === 0) return empty;

  const args: unknown[] = [orgIds, start, end];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  const lineFilters: string[] = [];
  const groupFilters: string[] = [];
  let withLocations = '';

  const locations = idList(params.locations);
  if (locations) {
    withLocations = `, selected_locations AS (
        SELECT id FROM locations WHERE id = ANY(${arg(locations)}::char(24)[])
        UNION
        SELECT l.id FROM locations l JOIN selected_locations s ON l.parent_id = s.id
      )`;
    groupFilters.push('l.loc_id IN (SELECT id FROM selected_locations)');
  }
  if (params.query_type === 'located') groupFilters.push('l.loc_id IS NOT NULL');
  if (params.query_type === 'unlocated') groupFilters.push('l.loc_id IS NULL');

  const delivery = query.delivery?.trim();
  if (delivery && delivery !== 'all' && delivery !== 'null') {
    const codes = delivery
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    lineFilters.push(
      `o.selected_ship_method_id IN (SELECT id FROM shipment_methods WHERE code = ANY(${arg(codes)}::text[]))`,
    );
  }
  if (query.single_orders || query.multi_orders) {
    lineFilters.push(
      `(SELECT count(*) FROM order_lines x WHERE x.order_id = o.id) ${query.single_orders ? '= 1' : '> 1'}`,
    );
  }
  const orderId = query.order_id?.trim();
  if (orderId && orderId !== 'null' && orderId !== 'all') {
    const p = arg(orderId);
    lineFilters.push(`(o.order_id = ${p} OR o.id::text = ${p})`);
  }

  const dir = query.sequence === 'reverse' ? 'DESC' : 'ASC';
  const sql = `
    WITH RECURSIVE lines AS (
      SELECT ol.id AS line_id, ol.order_id, o.order_id AS shop_order_id, o.org_id, o.placed_at, ol.product_id,
             ol.quantity - ol.picked_quantity AS qty,
             COALESCE(ol.pick_location_id, (
               SELECT pl.location_id FROM product_locations pl
                WHERE pl.product_id = ol.product_id AND pl.active
                ORDER BY (pl.stock > 0) DESC, pl.position, pl.created_at
                LIMIT 1)) AS loc_id
        FROM order_lines ol
        JOIN orders o ON o.id = ol.order_id
       WHERE o.status = 'open'
         AND ol.picked_quantity < ol.quantity
         AND NOT ol.cancellation_request
         AND o.org_id = ANY($1::char(24)[])
         AND o.placed_at BETWEEN $2 AND $3
         ${lineFilters.map((f) => `AND ${f}`).join(' ')}
    )${withLocations},
    groups AS (
      SELECT l.product_id, l.loc_id, sum(l.qty)::int AS qty, min(l.placed_at) AS first_placed,
             json_agg(json_build_object('order_line_id', l.line_id, 'order_id', l.order_id,
                                        'shop_order_id', l.shop_order_id, 'qty', l.qty)
                      ORDER BY l.placed_at, l.shop_order_id, l.line_id) AS orders
        FROM lines l
       ${groupFilters.length ? `WHERE ${groupFilters.join(' AND ')}` : ''}
       GROUP BY l.product_id, l.loc_id
    )
    SELECT g.product_id, g.loc_id, g.qty, g.orders,
           p.name AS product_name, p.ean, p.img_url, p.note, p.pick_note, p.needs_recount, p.org_id,
           org.name AS org_name,
           loc.name AS loc_name, parent.name AS loc_parent, loc.sequence AS loc_sequence,
           pl.id AS prod_loc_id, pl.stock AS loc_stock,
           count(*) OVER () AS total
      FROM groups g
      JOIN products p ON p.id = g.product_id
      JOIN organisations org ON org.id = p.org_id
      LEFT JOIN locations loc ON loc.id = g.loc_id
      LEFT JOIN locations parent ON parent.id = loc.parent_id
      LEFT JOIN product_locations pl ON pl.product_id = g.product_id AND pl.location_id = g.loc_id
     ORDER BY (g.loc_id IS NULL), loc.sequence ${dir}, loc.name ${dir}, g.first_placed, p.name, p.id
     LIMIT ${arg(query.limit)} OFFSET ${arg(query.skip)}`;

  const rows = (await db.query<PickRow>(sql, args)).rows;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.skip > 0) {
    // Past the end of the list: the window count is unavailable, so count the items on their own.
    const probe = await getPickList(db, actor, params, { ...query, skip: 0, limit: 1 });
    total = probe.total;
  }
  return { items: rows.map(toPickItem), total, skip: query.skip, limit: query.limit };
}

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

type LockedLine = {
  id: string;
  order_id: string;
  org_id: string;
  product_id: string;
  quantity: number;
  picked_quantity: number;
  cancellation_request: boolean;
  status: string;
  shop_order_id: string;
  needs_recount: boolean;
};

/**
 * Confirms picks in the caller's transaction (spec 2 §4 Pick flow; docs/decisions/0020-pick-confirm-and-stock.md).
 * Per pick, in order_line_id order so two batches never deadlock: locks the order line (FOR UPDATE)
 * and its order (FOR SHARE, so shipping waits), checks the order is open, the line has no cancellation
 * request and `picked_quantity + quantity ≤ quantity`, raises picked_quantity, lowers the stock of the
 * product on `location_id` (creating the product-location link when the picker took it from a location
 * it was not registered on) and writes a `pick` row in the stock ledger. Stock may go below zero: the
 * picker holds the goods, so the system's count is wrong; the product is flagged needs_recount instead.
 * Errors: 404 line or location not visible; 409 `order_shipped`, `order_cancelled`,
 * `cancellation_requested`, `over_pick` (the whole batch is rejected).
 */
export async function confirmPicks(
  tx: Db,
  actor: PickActor,
  picks: PickConfirmLine[],
): Promise<PickConfirmResponse> {
  const ordered = [...picks].sort((a, b) =>
    a.order_line_id < b.order_line_id ? -1 : a.order_line_id > b.order_line_id ? 1 : 0,
  );
  const lines = new Map<string, PickConfirmResponse['lines'][number]>();
  const stock = new Map<string, PickConfirmResponse['stock'][number]>();

  for (const pick of ordered) {
    const line = (
      await tx.query<LockedLine>(
        `SELECT ol.id, ol.order_id, ol.org_id, ol.product_id, ol.quantity, ol.picked_quantity, ol.cancellation_request,
                o.status, o.order_id AS shop_order_id, p.needs_recount
           FROM order_lines ol JOIN orders o ON o.id = ol.order_id JOIN products p ON p.id = ol.product_id
          WHERE ol.id = $1 AND ol.org_id = ANY($2::char(24)[])
          FOR UPDATE OF ol FOR SHARE OF o`,
        [pick.order_line_id, actor.orgIds],
      )
    ).rows[0];
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

    const location = (await tx.query('SELECT id FROM locations WHERE id = $1', [pick.location_id])).rows[0];
    if (!location) throw notFound(`Location ${pick.location_id} not found`);

    const updated = (
      await tx.query<{ picked_quantity: number }>(
        'UPDATE order_lines SET picked_quantity = picked_quantity + $2 WHERE id = $1 RETURNING picked_quantity',
        [line.id, pick.quantity],
      )
    ).rows[0] as { picked_quantity: number };

    // One statement, so concurrent pickers on one location never lose an update.
    const pl = (
      await tx.query<{ stock: number }>(
        `INSERT INTO product_locations (id, org_id, product_id, location_id, stock, active, position)
         SELECT $1, p.org_id, p.id, $3, -$4::int, true,
                COALESCE((SELECT max(position) + 1 FROM product_locations WHERE product_id = p.id), 0)
           FROM products p WHERE p.id = $2
         ON CONFLICT (product_id, location_id) DO UPDATE SET stock = product_locations.stock - $4::int
         RETURNING stock`,
        [newId(), line.product_id, pick.location_id, pick.quantity],
      )
    ).rows[0] as { stock: number };

    // The flag was read with the line (in this transaction, so an earlier pick of the batch counts).
    let needsRecount = line.needs_recount;
    if (pl.stock < 0) {
      await tx.query('UPDATE products SET needs_recount = true, updated_at = now() WHERE id = $1', [
        line.product_id,
      ]);
      needsRecount = true;
    }

    await tx.query(
      `INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason, order_id, order_line_id, user_id, note)
       VALUES ($1, $2, $3, $4, $5, 'pick', $6, $7, $8, $9)`,
      [
        newId(),
        line.org_id,
        line.product_id,
        pick.location_id,
        -pick.quantity,
        line.order_id,
        line.id,
        actor.userId,
        pick.scanned ? `scan ${pick.scanned.slice(0, 200)}` : null,
      ],
    );

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
