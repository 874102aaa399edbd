import {
  amsterdamDay,
  amsterdamDayRange,
  PICK_ITEM_LIST_ORDERS,
  PICK_ITEM_MAX_ALTERNATIVES,
  PICK_ITEM_MAX_ORDERS,
  type PickAlternative,
  type PickConfirmLine,
  type PickConfirmResponse,
  type PickItemOrdersParams,
  type PickItemOrdersQuery,
  type PickItemOrdersResponse,
  type PickListParams,
  type PickListQuery,
  type PickListResponse,
  pickConfirmEndpoint,
} from '@hoppa/core';
import { type RawBuilder, sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, orgScopeSql, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem, rangeReversed, refusal } from '../../lib/errors.ts';
import {
  applyStockChange,
  loadOpenShelfReports,
  lockProducts,
  newestReportPerPlace,
  type OpenShelfReport,
  placeKey,
} from '../stock/index.ts';

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
  if (Number.isNaN(d.getTime()))
    throw refusal(
      `${name} is not a valid date-time: ${value}`,
      'date_invalid',
      { field: name, value },
      `params.${name}`,
    );
  return d;
}

type PickOrderRef = { order_line_id: string; order_id: string; shop_order_id: string; qty: number };

/** The order reference of a pick item (spec 2 §7 pick list `orders`) from a row that has its four fields and more. */
const toOrderRef = (r: PickOrderRef): PickOrderRef => ({
  order_line_id: r.order_line_id,
  order_id: r.order_id,
  shop_order_id: r.shop_order_id,
  qty: r.qty,
});

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

/** The order filters of the pick list's query (`o` is the order). */
type OrderFilterQuery = Pick<
  PickListQuery,
  'delivery' | 'single_orders' | 'multi_orders' | 'order_id' | 'cut_off_group'
>;

/**
 * The optional filters on the order (`o`) of a pick list query: shipment methods (`delivery` and the cut-off group's
 * methods) and one order (shop number or id) in `orderFilters` (null when neither is set); single/multi-line as
 * `multi` (true: orders of more than one line, false: of one line, null: both), which each line carries itself
 * (`order_lines.order_multi`, migration 0330) and the aggregate keeps apart. The answer is null when nothing can
 * match (a cut-off group without the asked methods). 404 for an unknown cut-off group.
 */
async function orderFiltersOf(
  ctx: Pick<TenantScope, 'db'>,
  query: OrderFilterQuery,
): Promise<{ orderFilters: RawBuilder<unknown> | null; multi: boolean | null } | null> {
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
    if (codes.length === 0) return null;
  }
  const orderId = query.order_id?.trim();
  const byOrderId = orderId && orderId !== 'null' && orderId !== 'all' ? orderId : null;
  const multi = query.single_orders ? false : query.multi_orders ? true : null;
  if (codes.length === 0 && byOrderId === null) return { orderFilters: null, multi };
  return {
    orderFilters: sql`
      ${codes.length > 0 ? sql`AND o.selected_ship_method_id IN (SELECT id FROM shipment_methods WHERE code = ANY(${codes}::text[]))` : sql``}
      ${byOrderId !== null ? sql`AND (o.order_id = ${byOrderId} OR o.id::text = ${byOrderId})` : sql``}`,
    multi,
  };
}

/** What selects an item's order lines: the organisations, the window and (when set) the filters on the order `o`. */
type LineFilters = {
  scope: TenantScope;
  startAt: RawBuilder<unknown>;
  endAt: RawBuilder<unknown>;
  orderFilters: RawBuilder<unknown> | null;
  /** Single/multi-line orders only (the line's `order_multi`), or null for both. */
  multi: boolean | null;
};

/** The single/multi-line condition on `column` (a line's `order_multi` or the aggregate's `multi`), or nothing. */
function multiOf(multi: boolean | null, column: string): RawBuilder<unknown> {
  if (multi === null) return sql``;
  return multi ? sql`AND ${sql.ref(column)}` : sql`AND NOT ${sql.ref(column)}`;
}

/** The open reports' places as rows (product_id, location_id) for `(…) IN (…)`: PostgreSQL hashes them once. */
function reportedPlaces(reports: readonly OpenShelfReport[]): RawBuilder<unknown> {
  return sql`SELECT * FROM unnest(${reports.map((r) => r.product_id)}::char(24)[],
    ${reports.map((r) => r.location_id)}::char(24)[]) AS r(product_id, location_id)`;
}

/**
 * The location the lines without a pick location of `product` are picked from: the product's first active place
 * outside quarantine (its order), those with stock and no open shelf report ({@link loadOpenShelfReports}) first; null when
 * it has none.
 */
function firstPlace(
  scope: TenantScope,
  product: RawBuilder<unknown>,
  reports: readonly OpenShelfReport[],
): RawBuilder<unknown> {
  const usable =
    reports.length === 0
      ? sql`pl.stock > 0`
      : sql`pl.stock > 0 AND (pl.product_id, pl.location_id) NOT IN (${reportedPlaces(reports)})`;
  return sql`(
    SELECT pl.location_id FROM product_locations pl
    WHERE pl.product_id = ${product} AND pl.active AND ${orgScopeSql(scope, 'pl')}
      -- returned goods in quarantine are never picked (issue 12)
      AND NOT EXISTS (SELECT 1 FROM locations q WHERE q.id = pl.location_id AND q.quarantine)
    ORDER BY (${usable}) DESC, pl.position, pl.created_at
    LIMIT 1)`;
}

/**
 * Where the lines of `product` on a reported place go instead: the product's first other location a picker can take
 * it from (active link and location, not in quarantine, stock above 0, no open report), in the product's order;
 * the first of the item's `other_locations`. Null when there is none (the lines then stay on their place).
 */
function otherPlace(
  scope: TenantScope,
  product: RawBuilder<unknown>,
  reports: readonly OpenShelfReport[],
): RawBuilder<unknown> {
  return sql`(
    SELECT pl.location_id FROM product_locations pl JOIN locations loc ON loc.id = pl.location_id
    WHERE pl.product_id = ${product} AND ${orgScopeSql(scope, 'pl')} AND pl.active AND loc.active
      AND NOT loc.quarantine AND pl.stock > 0 AND (pl.product_id, pl.location_id) NOT IN (${reportedPlaces(reports)})
    ORDER BY pl.position, pl.created_at
    LIMIT 1)`;
}

/**
 * The location the pick list sends the lines of `product` on pick location `location` to: without one the product's
 * {@link firstPlace}; on a place with an open shelf report the {@link otherPlace} when there is one; else the place
 * itself. No stock changes: a report only moves where the pickers go, until the place is counted again.
 */
function routedPlace(
  scope: TenantScope,
  product: RawBuilder<unknown>,
  location: RawBuilder<unknown>,
  reports: readonly OpenShelfReport[],
): RawBuilder<unknown> {
  if (reports.length === 0) return sql`coalesce(${location}, ${firstPlace(scope, product, reports)})`;
  return sql`CASE
    WHEN ${location} IS NULL THEN ${firstPlace(scope, product, reports)}
    WHEN (${product}, ${location}) IN (${reportedPlaces(reports)})
      THEN coalesce(${otherPlace(scope, product, reports)}, ${location})
    ELSE ${location} END`;
}

/**
 * The open order lines still to pick of the item `i` in the window, in pick order (placed_at, id), `offset` then
 * `limit`: lines on its location (`i.loc_id`), when `unassigned` and `i.unassigned` those without one, and when
 * `moved` those on the reported places the list sends to this item (`i.moved_from`, a comma list of location ids or
 * null; {@link routedPlace}). Each branch is one range of `order_lines_pick_round_idx` (migration 0310), a moved
 * place one range each; the order is visited only for filters. With `unassigned` and `moved` false no item takes
 * other lines, and the located range is all there is (one index range and no merge per item: the pick list's page
 * when all its lines have a location and none was reported, ADR 0073).
 */
function itemLines(
  f: LineFilters,
  limit: number,
  offset = 0,
  unassigned = true,
  moved = false,
): RawBuilder<unknown> {
  const branch = (where: RawBuilder<unknown>) => sql`(
    SELECT l.id AS order_line_id, l.order_id, l.shop_order_id, (l.quantity - l.picked_quantity)::int AS qty,
           l.placed_at
    FROM order_lines l ${f.orderFilters ? sql`JOIN orders o ON o.id = l.order_id` : sql``}
    WHERE l.product_id = i.product_id AND ${where} AND l.placed_at >= ${f.startAt} AND l.placed_at <= ${f.endAt}
      AND ${orgScopeSql(f.scope, 'l')} AND l.picked_quantity < l.quantity AND l.order_open
      AND NOT l.cancellation_request ${multiOf(f.multi, 'l.order_multi')}
      ${f.orderFilters ? sql`AND ${orgScopeSql(f.scope, 'o')} ${f.orderFilters}` : sql``}
    ORDER BY l.placed_at, l.id
    LIMIT ${limit + offset})`;
  const own = branch(sql`l.pick_location_id = i.loc_id`);
  if (!unassigned && !moved) return sql`SELECT * FROM ${own} u OFFSET ${offset}`;
  const branches = [own];
  if (unassigned) branches.push(branch(sql`i.unassigned AND l.pick_location_id IS NULL`));
  if (moved)
    branches.push(sql`(
      SELECT m.* FROM unnest(string_to_array(i.moved_from, ',')::char(24)[]) AS mf(loc_id)
      CROSS JOIN LATERAL ${branch(sql`l.pick_location_id = mf.loc_id`)} m)`);
  return sql`
    SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) u
    ORDER BY u.placed_at, u.order_line_id
    LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * From this many items on, a pick list page reads its rounds in two statements at once (half the items each) instead
 * of one (ADR 0077): below it the second round trip costs more than the parallel work saves.
 */
const PICK_ROUNDS_SPLIT_FROM = 64;

/** A pick item's row of the page query, before its round is attached. */
type PickRow = {
  product_id: string;
  loc_id: string | null;
  has_unassigned: boolean;
  /** The reported places whose lines the list sends to this item (a comma list of location ids), or null. */
  moved_from: string | null;
  qty: number;
  lines: number;
  product_name: string;
  ean: string;
  img_url: string | null;
  note: string | null;
  pick_note: string | null;
  needs_recount: boolean;
  /** The product has parts (a bundle line made before it got them): the floor's recount then counts the parts. */
  is_bundle: boolean;
  org_id: string;
  org_name: string;
  loc_name: string | null;
  loc_parent: string | null;
  loc_sequence: number | null;
  prod_loc_id: string | null;
  loc_stock: number | null;
  total: number;
};

/** A page item's round as the rounds statement answers it: one row per item, its first lines as JSON text (ADR 0083). */
type PickRoundRow = {
  /** The item's place on the page, 1-based. */
  item: number;
  round_orders: number;
  round_qty: number;
  /** The JSON text of the round's first PICK_ITEM_LIST_ORDERS lines (PickItemOrderSchema), without brackets; null for none. */
  orders: string | null;
  /** The shop number of the round's first line (the card's order number); null for none. */
  first_shop: string | null;
};

/** The Amsterdam days of the windows asked lately, by `<start ms>:<end ms>` ({@link windowDays}). */
const windowDaysSeen = new Map<string, WindowDays>();

/** A pick list window's first and last Amsterdam day ('yyyy-MM-dd') and the moments (ISO) those days begin and end. */
type WindowDays = { dayFrom: string; dayTo: string; dayFromStart: string; dayToEnd: string };

/**
 * The Amsterdam days of the window `start`–`end`: its first and last day, the start of the first and the moment
 * after the last. The time-zone arithmetic costs 0.4–1 ms a request (ADR 0083) and the floor pages through one
 * window (skip 0, 200, …), so the answers of the last 64 windows are kept (pure: same window, same days).
 */
function windowDays(start: Date, end: Date): WindowDays {
  const key = `${start.getTime()}:${end.getTime()}`;
  const seen = windowDaysSeen.get(key);
  if (seen) return seen;
  const days = {
    dayFrom: amsterdamDay(start),
    dayTo: amsterdamDay(end),
    dayFromStart: amsterdamDayRange(start).start,
    dayToEnd: new Date(Date.parse(amsterdamDayRange(end).end) + 1).toISOString(),
  };
  if (windowDaysSeen.size >= 64) windowDaysSeen.clear();
  windowDaysSeen.set(key, days);
  return days;
}

/**
 * The pick list (spec 2 §7 GET /pick_list/pick/…, §3 Pick list item, §2 Pick screen): the open orders' lines that are
 * not fully picked and have no cancellation request, of the organisations in `orgs` ∩ the request's organisations,
 * placed between `start` and `end` (inclusive), as one item per (product, pick location). The pick location of a
 * line is the one assigned at import, else the product's first active location with stock (then any active one).
 * A place with an open shelf report ('not_present' or 'insufficient', `POST /pick_list/problem`, until a `count` or
 * `correction` of the product there; migration 0464) sends its lines to the product's first other location with
 * stock ({@link routedPlace}); without one they stay there and the item carries `shelf_problem`. Stock is never
 * changed by a report, only where the pickers go.
 * Filters: `locations` (a hall or rack selects the bins under it), query_type `located`/`unlocated`, `delivery`
 * (shipment method codes), single/multi orders by the order's line count, `order_id` (shop number or id),
 * `location_group` (a zone's locations) and `cut_off_group` (its shipment methods; 404 for an unknown group). Sorted by
 * location sequence and name (reverse with sequence=reverse), then product name; lines without a location last.
 * Paged by skip/limit with the total number of items.
 *
 * Each item lists its oldest open orders, at most PICK_ITEM_MAX_ORDERS (`qty` is what they need; `more_orders` and
 * `more_qty` what waits behind them). Without delivery, single/multi and order_id filters the items come from the
 * maintained aggregate `pick_item_days` (migration 0090): the rows of the window's Amsterdam days or, when fewer days
 * with open lines lie outside the window, the open totals `pick_item_totals` (migration 0360) less those days; then
 * less the lines of the two edge days that fall outside the window. So a page costs at most the window's days ×
 * products and, for a window back to the oldest open order, the products, not the lines (issue 8, ADR 0067,
 * docs/architecture.md "Hot reads"). With those filters they are counted from the window's lines.
 * Each item also carries the product's other active locations with stock (`other_locations`, at most
 * PICK_ITEM_MAX_ALTERNATIVES). Errors: 400 for dates that do not parse or start after end.
 */
export async function getPickList(
  ctx: TenantScope,
  input: { params: PickListParams; query: PickListQuery },
): Promise<PickListResponse> {
  return JSON.parse(await pickListText(ctx, input)) as PickListResponse;
}

/**
 * {@link getPickList}'s answer as its JSON text, exactly as the response's serializer writes it (PickListResponseSchema's
 * key order, JSON.stringify's spelling): the items' fields are written by the database, the rounds and other
 * locations as one text per item, so no row of a round is parsed and no item object built (issue 8 §3, ADR 0083).
 * The pick list route sends it as it is (lib/json-text.ts); same errors as {@link getPickList}.
 */
export async function pickListText(
  ctx: TenantScope,
  { params, query }: { params: PickListParams; query: PickListQuery },
): Promise<string> {
  const start = parseMoment(params.start, 'start');
  const end = parseMoment(params.end, 'end');
  if (start > end) throw rangeReversed('start must not be after end', 'params');
  const wantedOrgs = idList(params.orgs);
  const orgIds = wantedOrgs ? ctx.orgIds.filter((id) => wantedOrgs.includes(id)) : [...ctx.orgIds];
  const empty = JSON.stringify({ items: [], total: 0, skip: query.skip, limit: query.limit });
  if (orgIds.length === 0) return empty;
  // The organisations this list is about: the caller's, narrowed by `orgs`.
  const scope = { db: ctx.db, orgIds };
  // Read beside the filters' look-ups; awaited before the list's statement (an early empty answer drops it).
  const reportsRead = loadOpenShelfReports(scope);
  reportsRead.catch(() => undefined);

  const wantedLocations = idList(params.locations);
  let selectedLocations = wantedLocations ? await locationsUnder(ctx, wantedLocations) : null;
  if (query.location_group) {
    const zone = await locationsOfGroup(ctx, query.location_group);
    selectedLocations = selectedLocations ? selectedLocations.filter((id) => zone.includes(id)) : zone;
  }
  if (selectedLocations && selectedLocations.length === 0) return empty;
  const filtered = await orderFiltersOf(ctx, query);
  if (!filtered) return empty;
  const lineFilters = filtered.orderFilters !== null;
  const dir = query.sequence === 'reverse' ? sql`DESC` : sql`ASC`;

  const orderFilters = filtered.orderFilters ?? sql``;
  /** A line (`l`) still to pick of an open order (`o`) of these organisations, with the order filters. */
  const stillToPick = sql`${orgScopeSql(scope, 'o')} AND ${orgScopeSql(scope, 'l')} AND o.status = 'open'
      AND NOT l.cancellation_request AND l.picked_quantity < l.quantity ${multiOf(filtered.multi, 'l.order_multi')} ${orderFilters}`;
  /** Lines still to pick placed within `placed` (a condition on o.placed_at). */
  const openLines = (placed: RawBuilder<unknown>) => sql`
    FROM orders o JOIN order_lines l ON l.order_id = o.id
    WHERE ${stillToPick} AND ${placed}`;
  const startAt = sql`${start.toISOString()}::timestamptz`;
  const endAt = sql`${end.toISOString()}::timestamptz`;
  // The window's first and last Amsterdam day, and the moments those days begin and end.
  // (Computed here, not in SQL, so the planner sees the bounds and estimates the edge slices as the few rows they are.)
  const days = windowDays(start, end);
  const dayFrom = days.dayFrom;
  const dayTo = days.dayTo;
  const dayFromStart = sql`${days.dayFromStart}::timestamptz`;
  const dayToEnd = sql`${days.dayToEnd}::timestamptz`;
  // Without line filters the items come from the aggregate: the days inside the window or, when fewer days with open
  // lines lie outside it (a window back to the oldest open order: none), the open totals less those days (ADR 0067).
  // Both are the same numbers (the totals are the sum of the days, moved in the same statements), so the choice only
  // sets the cost. It is made in the statement itself from each organisation's first and last open day (the two ends
  // of pick_item_days_key): PostgreSQL evaluates `use_totals` once and skips the branches it turns off, and the page
  // costs no extra round trip.
  const dayRows = sql`
    SELECT t.product_id, t.location_id, t.qty, t.lines FROM pick_item_totals t
    WHERE (SELECT use_totals FROM choice) AND ${orgScopeSql(scope, 't')} ${multiOf(filtered.multi, 't.multi')}
    UNION ALL
    SELECT d.product_id, d.location_id, -d.qty, -d.lines FROM pick_item_days d
    WHERE (SELECT use_totals FROM choice) AND ${orgScopeSql(scope, 'd')} AND d.placed_day < ${dayFrom}::date
      ${multiOf(filtered.multi, 'd.multi')}
    UNION ALL
    SELECT d.product_id, d.location_id, -d.qty, -d.lines FROM pick_item_days d
    WHERE (SELECT use_totals FROM choice) AND ${orgScopeSql(scope, 'd')} AND d.placed_day > ${dayTo}::date
      ${multiOf(filtered.multi, 'd.multi')}
    UNION ALL
    SELECT d.product_id, d.location_id, d.qty, d.lines FROM pick_item_days d
    WHERE NOT (SELECT use_totals FROM choice) AND ${orgScopeSql(scope, 'd')}
      AND d.placed_day BETWEEN ${dayFrom}::date AND ${dayTo}::date ${multiOf(filtered.multi, 'd.multi')}`;
  /** Whether fewer days with open lines of these organisations lie outside [dayFrom, dayTo] than inside it. */
  const choice = sql`
    SELECT coalesce(
             greatest(0, ${dayFrom}::date - min(b.first)) + greatest(0, max(b.last) - ${dayTo}::date)
               < least(max(b.last), ${dayTo}::date) - greatest(min(b.first), ${dayFrom}::date) + 1,
             false) AS use_totals
    FROM unnest(${orgIds}::char(24)[]) AS s(org_id)
    CROSS JOIN LATERAL (
      SELECT min(d.placed_day) AS first, max(d.placed_day) AS last FROM pick_item_days d WHERE d.org_id = s.org_id
    ) b`;
  const counted = lineFilters
    ? sql`SELECT l.product_id, l.pick_location_id AS location_id, sum(l.quantity - l.picked_quantity) AS qty,
                 count(*) AS lines
          ${openLines(sql`o.placed_at >= ${startAt} AND o.placed_at <= ${endAt}`)}
          GROUP BY 1, 2`
    : sql`SELECT product_id, location_id, sum(qty) AS qty, sum(lines) AS lines FROM (
            ${dayRows}
            ${
              // A window that starts at an Amsterdam midnight (the floor's does) has no slice before it on its first
              // day: the branch is left out, and with it a join PostgreSQL would plan for nothing (ADR 0083).
              Date.parse(days.dayFromStart) === start.getTime()
                ? sql``
                : sql`UNION ALL
            SELECT l.product_id, l.pick_location_id, -(l.quantity - l.picked_quantity), -1
            ${openLines(sql`o.placed_at >= ${dayFromStart} AND o.placed_at < ${startAt}`)}`
            }
            UNION ALL
            SELECT l.product_id, l.pick_location_id, -(l.quantity - l.picked_quantity), -1
            ${openLines(sql`o.placed_at > ${endAt} AND o.placed_at < ${dayToEnd}`)}
          ) x GROUP BY 1, 2`;
  const located = params.query_type === 'located';
  const unlocated = params.query_type === 'unlocated';
  const reports = await reportsRead;
  const result = await sql<PickRow>`
    WITH ${lineFilters ? sql`` : sql`choice AS MATERIALIZED (${choice}),`}
    counted AS (${counted}),
    resolved AS (
      SELECT c.product_id, c.location_id, c.location_id IS NULL AS unassigned, c.qty, c.lines,
             ${routedPlace(scope, sql`c.product_id`, sql`c.location_id`, reports)} AS loc_id
      FROM counted c WHERE c.lines > 0
    ),
    items AS (
      SELECT product_id, loc_id, bool_or(unassigned) AS has_unassigned,
             ${
               reports.length === 0
                 ? sql`NULL::text`
                 : sql`string_agg(location_id::text, ',') FILTER (WHERE location_id <> loc_id)`
             } AS moved_from,
             sum(qty)::int AS qty, sum(lines)::int AS lines
      FROM resolved
      WHERE true
        ${selectedLocations !== null ? sql`AND loc_id = ANY(${selectedLocations}::char(24)[])` : sql``}
        ${located ? sql`AND loc_id IS NOT NULL` : unlocated ? sql`AND loc_id IS NULL` : sql``}
      GROUP BY product_id, loc_id
    ),
    -- The page in walking order without a product look-up per item of the window (issue 8: the window may hold
    -- thousands of items, the page 200; ADR 0073). First the page's locations: the items in location order
    -- (sequence, name) up to the last location the page reaches, WITH TIES so every item of that location is in;
    -- then only those look up their product, whose name orders the items of one location.
    keyed AS (
      SELECT g.product_id, g.loc_id, g.has_unassigned, g.moved_from, g.qty, g.lines, loc.name AS loc_name,
             loc.parent_id AS loc_parent_id, loc.sequence AS loc_sequence, count(*) OVER () AS total
      FROM items g
      LEFT JOIN locations loc ON loc.id = g.loc_id
      ORDER BY (g.loc_id IS NULL), loc.sequence ${dir}, loc.name ${dir}
      FETCH FIRST (${query.skip}::int + ${query.limit}::int) ROWS WITH TIES
    ),
    page AS (
      SELECT k.product_id, k.loc_id, k.has_unassigned, k.moved_from, k.qty, k.lines, k.loc_name, k.loc_parent_id,
             k.loc_sequence,
             k.total, p.name AS product_name, p.ean, p.img_url, p.note, p.pick_note, p.needs_recount, p.org_id
      FROM keyed k
      -- LATERAL: one primary-key lookup per item of the page's locations, whatever the planner guesses of their
      -- number. (LIMIT 1 keeps PostgreSQL from flattening it back into a join.)
      CROSS JOIN LATERAL (
        SELECT p.id, p.name, p.ean, p.img_url, p.note, p.pick_note, p.needs_recount, p.org_id FROM products p
        WHERE p.id = k.product_id AND ${orgScopeSql(scope, 'p')} LIMIT 1
      ) p
      ORDER BY (k.loc_id IS NULL), k.loc_sequence ${dir}, k.loc_name ${dir}, p.name, p.id
      LIMIT ${query.limit} OFFSET ${query.skip}
    )
    SELECT g.product_id, g.loc_id, g.has_unassigned, g.moved_from, g.qty, g.lines, g.product_name, g.ean, g.img_url,
           g.note, g.pick_note, g.needs_recount, g.org_id, org.name AS org_name, g.loc_name, parent.name AS loc_parent,
           g.loc_sequence, pl.id AS prod_loc_id, pl.stock AS loc_stock, g.total,
           EXISTS (SELECT 1 FROM product_bundle_items bi WHERE bi.org_id = g.org_id AND bi.bundle_id = g.product_id)
             AS is_bundle
    FROM page g
    JOIN organisations org ON org.id = g.org_id
    LEFT JOIN locations parent ON parent.id = g.loc_parent_id
    LEFT JOIN LATERAL (
      SELECT pl.id, pl.stock FROM product_locations pl
      WHERE pl.product_id = g.product_id AND pl.location_id = g.loc_id AND ${orgScopeSql(scope, 'pl')} LIMIT 1
    ) pl ON true
    ORDER BY (g.loc_id IS NULL), g.loc_sequence ${dir}, g.loc_name ${dir}, g.product_name, g.product_id`.execute(
    systemSql(ctx.db),
  );
  const rows = result.rows;

  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.skip > 0) {
    // Past the end of the list: the window count is unavailable, so count the items on their own.
    const probe = await getPickList(ctx, { params, query: { ...query, skip: 0, limit: 1 } });
    total = probe.total;
  }
  if (rows.length === 0) return JSON.stringify({ items: [], total, skip: query.skip, limit: query.limit });

  // Each item's round: its oldest PICK_ITEM_MAX_ORDERS lines in pick order, counted and summed from the pick index
  // (no order visited without order filters), and apart from that its first PICK_ITEM_LIST_ORDERS lines with their
  // shop number, which the line carries (migration 0390): two short ranges of one index per item, no window functions
  // and no order look-ups (ADRs 0073, 0077). One row per item, its round's first lines as JSON text (ADR 0083).
  const filters = { scope, startAt, endAt, orderFilters: filtered.orderFilters, multi: filtered.multi };
  const anyUnassigned = rows.some((r) => r.has_unassigned);
  const anyMoved = rows.some((r) => r.moved_from !== null);
  // The rounds of `part` (the page's items from place `first`, 0-based), numbered by their place on the page.
  const roundsOf = (part: PickRow[], first: number) =>
    sql<PickRoundRow>`
    SELECT (i.n + ${first})::int AS item, r.round_orders::int, r.round_qty::int, f.orders, f.first_shop
    FROM unnest(${part.map((r) => r.product_id)}::char(24)[], ${part.map((r) => r.loc_id)}::char(24)[],
                ${part.map((r) => r.has_unassigned)}::boolean[], ${part.map((r) => r.moved_from)}::text[])
      WITH ORDINALITY AS i(product_id, loc_id, unassigned, moved_from, n)
    CROSS JOIN LATERAL (
      SELECT count(*) AS round_orders, sum(x.qty) AS round_qty
      FROM (${itemLines(filters, PICK_ITEM_MAX_ORDERS, 0, anyUnassigned, anyMoved)}) x
    ) r
    -- The round's first lines as JSON text in PickItemOrderSchema's key order, spelled as JSON.stringify does (ids are
    -- 24 hex digits; to_json escapes text as it does), aggregated in the order their range gives them (its ORDER BY
    -- and LIMIT, nothing joined after it): no sort per item.
    CROSS JOIN LATERAL (
      SELECT string_agg('{"order_line_id":"' || x.order_line_id || '","order_id":"' || x.order_id
                        || '","shop_order_id":' || to_json(x.shop_order_id)::text || ',"qty":' || x.qty::text || '}',
                        ',') AS orders,
             (array_agg(x.shop_order_id))[1] AS first_shop
      FROM (${itemLines(filters, PICK_ITEM_LIST_ORDERS, 0, anyUnassigned, anyMoved)}) x
    ) f
    ORDER BY i.n`.execute(systemSql(ctx.db));
  // A large page's rounds in two statements of half the items each, which PostgreSQL runs on two of the pool's
  // connections at once (two cores): the page waits for the slower one (ADR 0077). A small page is one statement (a
  // second one would cost more than it saves).
  const half = rows.length >= PICK_ROUNDS_SPLIT_FROM ? Math.ceil(rows.length / 2) : rows.length;
  const roundsQueries = [roundsOf(rows.slice(0, half), 0)];
  if (half < rows.length) roundsQueries.push(roundsOf(rows.slice(half), half));
  // Each item's other active locations with stock, in the product's order (where the picker goes when this one is
  // empty), without places with an open shelf report: one index range of the product's links per item, a statement
  // of its own beside the rounds (inside them it cost more: ADR 0083).
  const othersQuery = sql<PickAlternative & { item: number }>`
    SELECT i.n::int AS item, x.loc_id, x.rack, x.rack_parent, x.stock
    FROM unnest(${rows.map((r) => r.product_id)}::char(24)[], ${rows.map((r) => r.loc_id)}::char(24)[])
      WITH ORDINALITY AS i(product_id, loc_id, n)
    CROSS JOIN LATERAL (
      SELECT pl.location_id AS loc_id, loc.name AS rack, parent.name AS rack_parent, pl.stock
      FROM product_locations pl
      JOIN locations loc ON loc.id = pl.location_id
      LEFT JOIN locations parent ON parent.id = loc.parent_id
      WHERE pl.product_id = i.product_id AND ${orgScopeSql(scope, 'pl')} AND pl.active AND loc.active
        AND NOT loc.quarantine AND pl.stock > 0 AND pl.location_id IS DISTINCT FROM i.loc_id
        ${reports.length === 0 ? sql`` : sql`AND (pl.product_id, pl.location_id) NOT IN (${reportedPlaces(reports)})`}
      ORDER BY pl.position, pl.created_at
      LIMIT ${PICK_ITEM_MAX_ALTERNATIVES}
    ) x`.execute(systemSql(ctx.db));
  const [others, ...roundParts] = await Promise.all([othersQuery, ...roundsQueries]);
  const roundOf: (PickRoundRow | undefined)[] = [];
  for (const part of roundParts) for (const o of part.rows) roundOf[o.item - 1] = o;
  // The other locations' JSON text by the item's place on the page (PickAlternativeSchema's key order).
  const othersOf: string[] = [];
  for (const o of others.rows) {
    const alt = `{"loc_id":${JSON.stringify(o.loc_id)},"rack":${JSON.stringify(o.rack)},"rack_parent":${JSON.stringify(o.rack_parent)},"stock":${o.stock}}`;
    const seen = othersOf[o.item - 1];
    othersOf[o.item - 1] = seen === undefined ? alt : `${seen},${alt}`;
  }
  // The answer's text (PickListResponseSchema, PickItemSchema's key order, JSON.stringify's spelling): each item's
  // fields, its round's numbers, its first order's shop number and the round's and other locations' texts.
  const str = JSON.stringify;
  // An item still on a reported place (its product had no other place to go): the newest open report's kind.
  const shelfProblem = newestReportPerPlace(reports);
  let text = '{"items":[';
  for (const [n, r] of rows.entries()) {
    const round = roundOf[n];
    // An item whose lines were picked between the two statements has no round (as when its lines list none).
    const orders = round?.orders ?? '';
    const count = orders ? (round?.round_orders ?? 0) : 0;
    const qty = orders ? (round?.round_qty ?? 0) : 0;
    const firstShop = str((orders ? round?.first_shop : null) ?? '');
    const shelf = r.loc_id === null ? undefined : shelfProblem.get(placeKey(r.product_id, r.loc_id))?.kind;
    text += `${n === 0 ? '' : ','}{"id":${str(`${r.product_id}:${r.loc_id ?? 'none'}`)},"product__id":${str(r.product_id)},"product__name":${str(r.product_name)},"product__stock":${r.loc_stock ?? 0},"product__note":${str(r.note)},"pick_note":${str(r.pick_note)},"needs_recount":${r.needs_recount}${r.is_bundle ? ',"is_bundle":true' : ''}${shelf ? `,"shelf_problem":${str(shelf)}` : ''},"rack":${str(r.loc_name ?? '')},"rack_parent":${str(r.loc_parent)},"loc_number":${r.loc_sequence ?? 0},"loc_id":${str(r.loc_id)},"prod__loc_id":${str(r.prod_loc_id)},"qty":${qty},"round_orders":${count},"more_orders":${Math.max(0, r.lines - count)},"more_qty":${Math.max(0, r.qty - qty)},"ean":${str(r.ean)},"image":${str(r.img_url)},"org_id":${str(r.org_id)},"org_name":${str(r.org_name)},"order_id":${firstShop},"orders":[${orders}],"other_locations":[${othersOf[n] ?? ''}]}`;
  }
  return `${text}],"total":${total},"skip":${query.skip},"limit":${query.limit}}`;
}

/** Most order lines of one item `GET /pick_list/orders/…` counts for its `total`. */
const PICK_ITEM_ORDERS_COUNT_CAP = 10_000;

/** From this many asked items on, `GET /pick_list/orders/…` reads them in two statements at once (ADR 0077). */
const PICK_ORDERS_SPLIT_FROM = 16;

/**
 * The order lines behind pick items (issue 8; core `pickItemOrdersEndpoint`): for each id of `query.items`
 * (`<product id>:<location id or none>`, as the pick list gives them) the open order lines still to pick of the
 * organisations in `orgs` ∩ the caller's, placed between `start` and `end`, that the pick list counts in that item
 * (lines on the location unless a shelf report sends them elsewhere, lines without a pick location when the location
 * is the product's resolved one, lines of reported places of the product when they are sent here), with
 * the list's order filters, in pick order (oldest first): `skip` then `limit` of them with the shop order number, and
 * `total` (counted up to 10,000). Items come back in the asked order; an item of another organisation or without open
 * lines answers none (total 0). Errors: 400 for dates that do not parse or start after end; 404 unknown cut-off group.
 */
export async function getPickItemOrders(
  ctx: TenantScope,
  { params, query }: { params: PickItemOrdersParams; query: PickItemOrdersQuery },
): Promise<PickItemOrdersResponse> {
  const start = parseMoment(params.start, 'start');
  const end = parseMoment(params.end, 'end');
  if (start > end) throw rangeReversed('start must not be after end', 'params');
  const ids = [...new Set(query.items.split(','))];
  const answer = (found: Map<string, { orders: PickOrderRef[]; total: number }>): PickItemOrdersResponse => ({
    items: ids.map((id) => ({ id, orders: found.get(id)?.orders ?? [], total: found.get(id)?.total ?? 0 })),
    skip: query.skip,
    limit: query.limit,
  });
  const wantedOrgs = idList(params.orgs);
  const orgIds = wantedOrgs ? ctx.orgIds.filter((id) => wantedOrgs.includes(id)) : [...ctx.orgIds];
  const filtered = orgIds.length > 0 ? await orderFiltersOf(ctx, query) : null;
  if (!filtered) return answer(new Map());
  const scope = { db: ctx.db, orgIds };
  const reports = await loadOpenShelfReports(scope);
  const steered = reports.length > 0;
  const products = ids.map((id) => id.slice(0, 24));
  const locations = ids.map((id) => (id.endsWith(':none') ? null : id.slice(25)));
  const filters: LineFilters = {
    scope,
    startAt: sql`${start.toISOString()}::timestamptz`,
    endAt: sql`${end.toISOString()}::timestamptz`,
    orderFilters: filtered.orderFilters,
    multi: filtered.multi,
  };
  // As the list routes them ({@link routedPlace}): an item takes the lines on its location unless an open shelf report
  // sends them elsewhere, the lines without a pick location when its location is the one the list resolves them to,
  // and the lines of reported places of its product when it is where those go.
  // The lines of the asked items from place `first` (0-based) to `last` (excluded), numbered by their place.
  const linesOf = (first: number, last: number) =>
    sql<PickOrderRef & { item: number; total: number }>`
    WITH asked AS (
      SELECT a.n, a.product_id,
             ${
               steered
                 ? sql`CASE WHEN ${routedPlace(scope, sql`a.product_id`, sql`a.loc_id`, reports)}
                              IS NOT DISTINCT FROM a.loc_id THEN a.loc_id END`
                 : sql`a.loc_id`
             } AS loc_id,
             a.loc_id IS NOT DISTINCT FROM ${firstPlace(scope, sql`a.product_id`, reports)} AS unassigned,
             ${
               steered
                 ? sql`CASE WHEN a.loc_id = ${otherPlace(scope, sql`a.product_id`, reports)} THEN (
                     SELECT string_agg(DISTINCT r.location_id::text, ',') FROM (${reportedPlaces(reports)}) r
                     WHERE r.product_id = a.product_id AND r.location_id <> a.loc_id) END`
                 : sql`NULL::text`
             } AS moved_from
      FROM unnest(${products.slice(first, last)}::char(24)[], ${locations.slice(first, last)}::char(24)[])
        WITH ORDINALITY AS a(product_id, loc_id, n)
    )
    SELECT (i.n + ${first})::int AS item, x.order_line_id, x.order_id, x.shop_order_id, x.qty, c.total::int
    FROM asked i
    CROSS JOIN LATERAL (
      SELECT count(*) AS total FROM (${itemLines(filters, PICK_ITEM_ORDERS_COUNT_CAP, 0, true, steered)}) counted
    ) c
    CROSS JOIN LATERAL (${itemLines(filters, query.limit, query.skip, true, steered)}) x
    ORDER BY i.n, x.placed_at, x.order_line_id`.execute(systemSql(ctx.db));
  // Many items: two statements of half of them each, sent at once (two of the pool's connections; ADR 0077).
  const half = ids.length >= PICK_ORDERS_SPLIT_FROM ? Math.ceil(ids.length / 2) : ids.length;
  const parts = await Promise.all(
    half < ids.length ? [linesOf(0, half), linesOf(half, ids.length)] : [linesOf(0, ids.length)],
  );
  const found = new Map<string, { orders: PickOrderRef[]; total: number }>();
  for (const r of parts.flatMap((p) => p.rows)) {
    const id = ids[r.item - 1] as string;
    const ref = toOrderRef(r);
    const entry = found.get(id);
    if (entry) entry.orders.push(ref);
    else found.set(id, { orders: [ref], total: r.total });
  }
  // A page past an item's end still says how many it has.
  const emptyPages = ids.filter((id) => !found.has(id));
  if (emptyPages.length > 0 && query.skip > 0) {
    const counts = await getPickItemOrders(ctx, {
      params,
      query: { ...query, items: emptyPages.join(','), skip: 0, limit: 1 },
    });
    for (const c of counts.items) if (c.total > 0) found.set(c.id, { orders: [], total: c.total });
  }
  return answer(found);
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Locks a batch's rows before its first change, in the order every stock writer takes them
 * (docs/decisions/0106-one-lock-order-for-stock-writers.md): the lines' orders (`FOR SHARE`, so shipping, an edit or
 * a delete waits), then the lines (`FOR UPDATE`), then their products ({@link lockProducts}), each in ascending id
 * order; and returns the picks in the order they are applied: by organisation, product, pick location and line.
 * Locking every product before the first ledger row keeps a batch from deadlocking another stock writer on the
 * organisation's day row of the ledger aggregates (`stock_move_days`, locked by every ledger row's trigger until
 * commit) or on a product's stock rows (ADR 0020: two batches once deadlocked on products taken in opposite orders).
 * The per-pick reads below lock the same rows again, which waits for nothing. A single pick (what the floor sends)
 * locks nothing here: its line and order, then its product, in the loop. A line not visible sorts last and is
 * refused by the pick itself.
 */
async function inLockOrder(ctx: PickActor, picks: PickConfirmLine[]): Promise<PickConfirmLine[]> {
  if (picks.length < 2) return picks;
  const q = tenantSql(ctx);
  const lineIds = [...new Set(picks.map((p) => p.order_line_id))];
  await q
    .selectFrom('orders as o')
    .select('o.id')
    .where(orgScope(ctx, 'o'))
    .where('o.id', 'in', (eb) =>
      eb
        .selectFrom('order_lines as l')
        .select('l.order_id')
        .where('l.id', 'in', lineIds)
        .where(orgScope(ctx, 'l')),
    )
    .orderBy('o.id')
    .forShare()
    .execute();
  const rows = await q
    .selectFrom('order_lines as ol')
    .where(orgScope(ctx, 'ol'))
    .where('ol.id', 'in', lineIds)
    .select(['ol.id', 'ol.org_id', 'ol.product_id'])
    .orderBy('ol.id')
    .forUpdate()
    .execute();
  await lockProducts(
    ctx,
    rows.map((r) => r.product_id),
  );
  const keyOf = new Map(rows.map((r) => [r.id, `${r.org_id}:${r.product_id}`]));
  const LAST = '\uffff';
  return [...picks].sort(
    (a, b) =>
      byText(keyOf.get(a.order_line_id) ?? LAST, keyOf.get(b.order_line_id) ?? LAST) ||
      byText(a.location_id, b.location_id) ||
      byText(a.order_line_id, b.order_line_id),
  );
}

/**
 * Confirms picks in the caller's transaction (spec 2 §4 Pick flow; docs/decisions/0020-pick-confirm-and-stock.md);
 * `ctx.db` is that transaction. Locks a batch's orders, lines and products first, then per pick, in organisation,
 * product, location and order line order ({@link inLockOrder}, so it deadlocks neither another batch nor another
 * stock writer): locks the order
 * line (FOR UPDATE) and its order (FOR SHARE, so shipping waits), checks the order is open, the line has no
 * cancellation request and `picked_quantity + quantity ≤ quantity`, locks the product, raises picked_quantity,
 * lowers the stock of
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
  const ordered = await inLockOrder(ctx, picks);
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

    // The product before the line's pick aggregate row (the line update's trigger) and its stock rows (ADR 0106);
    // a batch holds it already ({@link inLockOrder}).
    await lockProducts(ctx, [line.product_id]);
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
      productLocked: true,
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
