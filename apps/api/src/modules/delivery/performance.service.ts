import {
  type DeliveryPerformance,
  percentage,
  type ShipmentListResponse,
  type ShipmentRangeQuery,
} from '@hoppa/core';
import { type RawBuilder, sql } from 'kysely';
import { escapeLike } from '../../db/client.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { rangeReversed } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/route.ts';
import { shipmentsOfRange } from '../reports/index.ts';
import { listShipments, type ShipmentFilter, shipmentItems } from '../shipping/index.ts';

function range(params: { start: string; end: string }) {
  const start = new Date(params.start);
  const end = new Date(params.end);
  if (start > end) throw rangeReversed('The start of the date range lies after its end', 'params');
  return { start, end };
}

/**
 * Delivery performance of the parcels shipped from `start` to `end` (spec 1 §2 Shipments header, §7
 * `GET /orders/perform/{start}/{end}`): counts per speed group and percentages of all. The group is kept on the
 * shipment (`shipments.speed_group`, generated from the delivery state the events keep: migrations 0200, 0405) and
 * counted per UTC hour, packer and order type in `shipment_hours` (migration 0454, ADR 0130), so the whole hours of
 * the period are summed from those rows and only its two edge slices (at most an hour each; none for the portal's
 * whole days) are read from the shipments: the cost follows the hours, not the parcels ({@link shipmentsOfRange}).
 * Errors: 400 when start lies after end.
 */
export async function deliveryPerformance(
  ctx: TenantScope,
  { params }: { params: { start: string; end: string } },
): Promise<DeliveryPerformance> {
  const { start, end } = range(params);
  const { rows } = await sql<{ g: string; n: number }>`
    SELECT x.speed_group AS g, sum(x.n)::int AS n
      FROM (${shipmentsOfRange(ctx, { start: start.toISOString(), end: end.toISOString() }, false)}) x
     GROUP BY 1`.execute(tenantSql(ctx));
  const counts = { not_sorted: 0, on_the_way: 0, d_24h: 0, d_48h: 0, d_late: 0 };
  for (const r of rows) counts[r.g as keyof typeof counts] = Number(r.n);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    start: start.toISOString(),
    end: end.toISOString(),
    total,
    counts,
    percentage_d_24h: percentage(counts.d_24h, total),
    percentage_d_48H: percentage(counts.d_48h, total),
    percentage_late: percentage(counts.d_late, total),
    percentage_on_the_way: percentage(counts.on_the_way + counts.not_sorted, total),
    percentage_not_sorted: percentage(counts.not_sorted, total),
  };
}

/**
 * `GET /orders/{start}/{end}?orderId&postCode&name&group` (spec 1 §7; §2 Shipments): the shipments list of the range
 * (core `ShipmentRangeQuery`), each filter a prefix match on its index (migration 0201); `group` is the shipment's
 * kept speed group (migration 0405), so a group's page and its capped count are ranges of the
 * shipments_org_group_created index. Errors: 400 start after end.
 */
export async function listShipmentRange(
  ctx: Pick<RequestContext, 'db' | 'orgIds'>,
  { params, query }: { params: { start: string; end: string }; query: ShipmentRangeQuery },
): Promise<ShipmentListResponse> {
  const { start, end } = range(params);
  const orderId = query.orderId?.trim().toLowerCase();
  const postCode = query.postCode?.replace(/\s+/g, '').toUpperCase();
  const name = query.name?.trim().toLowerCase();
  const filters = orderId || postCode || name;
  const extra: ShipmentFilter = (q) =>
    q
      .$if(!!orderId, (w) => w.where(sql`lower(o.order_id)`, 'like', `${escapeLike(orderId ?? '')}%`))
      .$if(!!postCode, (w) =>
        w.where(
          sql`upper(replace(o.shipment_details->>'zipCode', ' ', ''))`,
          'like',
          `${escapeLike(postCode ?? '')}%`,
        ),
      )
      .$if(!!name, (w) =>
        w.where(sql`lower(o.shipment_details->>'surname')`, 'like', `${escapeLike(name ?? '')}%`),
      ) as typeof q;
  return listShipments(
    ctx,
    {
      query: {
        skip: query.skip,
        limit: query.limit,
        sort: '-shipped_at',
        start: start.toISOString(),
        end: end.toISOString(),
      },
    },
    end,
    undefined,
    filters ? extra : undefined,
    // The speed group is a condition on the shipment alone: counted without joining the orders.
    query.group ? sql<boolean>`s.speed_group = ${query.group}` : undefined,
  );
}

/** Most orders the search looks at: beyond it the answer says "at least" (as the shipments list counts). */
const SEARCH_CAP = 10_000;

/**
 * Above this many matches the search walks the shipments newest first instead of sorting the matches' shipments
 * (ADR 0102): sorting up to this many costs a few milliseconds, and a term matching more than 1,000 of the benchmark's
 * 100,000 parcels spread over time matches 1 in 100, so a page of 50 is found within {@link SEARCH_WALK_ROWS}.
 */
export const SEARCH_WALK_ABOVE = 1_000;

/**
 * Most shipments the walk reads, newest first, for one page (ADR 0102): matches that are many but old (or a page deep
 * in the list) would make the walk read the whole backlog, so past this many it gives up and the page is found by
 * sorting the matches after all — never dearer than before the walk existed, plus this bounded walk.
 */
export const SEARCH_WALK_ROWS = 5_000;

/**
 * Dutch surname prefixes (tussenvoegsels), lower case with their space: a surname is kept whole ('de vries'), so a
 * search for 'Vries' also tries each of these before it. Each is one more prefix range on the same index.
 */
const SURNAME_PREFIXES = [
  'de ',
  'den ',
  'der ',
  'het ',
  "'t ",
  'te ',
  'ten ',
  'ter ',
  'van ',
  'van de ',
  'van den ',
  'van der ',
  'van het ',
  "van 't ",
  'in de ',
  "in 't ",
  'op de ',
  'op den ',
] as const;

/**
 * The condition that `column` (a lower-cased surname) starts with `term` (lower case, LIKE-escaped, without the `%`),
 * or, for a term without a space, with a Dutch prefix and then `term` (spec 1 §5 Shipments search: 'Vries' finds
 * 'de Vries'). One OR of prefix LIKEs, so each is read on the surname's `text_pattern_ops` index.
 */
function surnameStartsWith(column: RawBuilder<unknown>, term: string): RawBuilder<boolean> {
  const patterns = [term, ...(/\s/.test(term) ? [] : SURNAME_PREFIXES.map((p) => p + term))];
  return sql<boolean>`(${sql.join(
    patterns.map((p) => sql`${column} LIKE ${`${p}%`}`),
    sql` OR `,
  )})`;
}

/** Tuning of {@link searchShippedOrders}; the defaults serve the route, tests lower them to reach both paths. */
export interface OrderSearchOptions {
  /** The answer's `end` and the newest shipment included; default now. */
  now?: Date;
  /** Matching shipped orders above which the page is found by the walk; default {@link SEARCH_WALK_ABOVE}. */
  walkAbove?: number;
  /** Most shipments the walk reads; default {@link SEARCH_WALK_ROWS}. */
  walkRows?: number;
  /** Most orders looked at and shipments counted; default {@link SEARCH_CAP}. */
  cap?: number;
}

/**
 * `GET /orders/search/{term}` (spec 1 §5 Shipments search, §7): shipments of the shipped orders, of any date, whose
 * shop order number, postcode (spaces ignored) or surname starts with `term`, and of the orders that have a parcel
 * whose tracking number starts with it, case ignored; newest first (ties by shipment id), paged; `total` counts them
 * up to {@link SEARCH_CAP} (`total_capped`: at least that many).
 *
 * Two ways to the same page (ADR 0102), chosen by a capped probe: the shipments matching by their order's search keys
 * (kept on the shipment, migration 0425: partial indexes of shipped orders' parcels only, so a term matching many open
 * orders is not taken for a broad one) and the orders with a matching tracking number, then the matching orders
 * themselves (each alternative on its own prefix index, migration 0201):
 * - **few matches** (up to `walkAbove`): their shipments are read and sorted (ADR 0099: the ids as one array read as
 *   a set), page and count together a few milliseconds;
 * - **many matches**: the shipments are walked newest first on their list index, each tested on its own row, and the
 *   walk stops at the page's last row, at most `walkRows` shipments; the count reads the shipments matching by their
 *   keys, and the tracked orders' other ones, up to the cap without sorting them. A page the walk cannot fill (the
 *   matches are old, or the page is deep) is found the first way after all.
 * Beyond {@link SEARCH_CAP} matching orders the first way sorts an arbitrary {@link SEARCH_CAP} + 1 of them (as before
 * this change); the walk's pages are then the true newest ones.
 */
export async function searchShippedOrders(
  ctx: Pick<RequestContext, 'db' | 'orgIds'>,
  { params, query }: { params: { term: string }; query: { skip: number; limit: number } },
  options: OrderSearchOptions = {},
): Promise<ShipmentListResponse> {
  const now = options.now ?? new Date();
  const walkAbove = options.walkAbove ?? SEARCH_WALK_ABOVE;
  const walkRows = options.walkRows ?? SEARCH_WALK_ROWS;
  const cap = options.cap ?? SEARCH_CAP;
  const term = params.term.trim();
  const lower = `${escapeLike(term.toLowerCase())}%`;
  const lowerTerm = escapeLike(term.toLowerCase());
  const upperZip = `${escapeLike(term.replace(/\s+/g, '').toUpperCase())}%`;
  const upperTracking = `${escapeLike(term.toUpperCase())}%`;
  const window = { start: new Date(0).toISOString(), end: now.toISOString() };
  // A shipped order of the request's organisations matching by its own fields. The status is left to PostgreSQL to
  // combine as a bitmap with the prefix indexes: a term matching many open orders then reads none of them.
  const orderMatches = sql<boolean>`(o.status = 'shipped' AND (lower(o.order_id) LIKE ${lower}
    OR upper(replace(o.shipment_details->>'zipCode', ' ', '')) LIKE ${upperZip}
    OR ${surnameStartsWith(sql`lower(o.shipment_details->>'surname')`, lowerTerm)}))`;
  // At most `cap` + 1 of them. Planned as a whole (a MATERIALIZED CTE, read lazily, so the LIMIT still stops the
  // reading) so the prefix indexes are read: planned under a small LIMIT, PostgreSQL would take a sequential scan
  // whenever it expects many matches, reading every order of the merchant when they turn out few.
  const matchingOrders = (most: number) =>
    tenantSql(ctx)
      .with(
        (cte) => cte('m').materialized(),
        (db) => db.selectFrom('orders as o').select('o.id').where(orgScope(ctx, 'o')).where(orderMatches),
      )
      .selectFrom('m')
      .select('m.id')
      .limit(most + 1);
  const trackedOrders = (most: number) =>
    tenantSql(ctx)
      .selectFrom('shipments as t')
      .select('t.order_id as id')
      .where(orgScope(ctx, 't'))
      .where(sql`upper(t.tracking_number)`, 'like', upperTracking)
      .limit(most + 1);
  // The matching orders' ids, each way of matching read up to `most` + 1 on its own index: all of them when at most
  // `most` come back.
  const matchedIds = async (most: number) => {
    const [byOrder, byTracking] = await Promise.all([
      matchingOrders(most).execute(),
      trackedOrders(most).execute(),
    ]);
    return [...new Set([...byOrder, ...byTracking].map((r) => r.id))].slice(0, most + 1);
  };
  // The few matches' shipments, sorted: the orders found as a condition on the shipment alone, so the capped count
  // reads the shipments without joining their orders; one array parameter read as a set (`IN (SELECT unnest(…))`),
  // not one bound value per id nor `= any(…)`, whose selectivity PostgreSQL estimates element by element: with 10,001
  // ids that was 0.2 s of planning (ADR 0099).
  const sorted = (ids: string[]) =>
    ids.length === 0
      ? { items: [], total: 0, total_capped: false, skip: query.skip, limit: query.limit, ...window }
      : listShipments(
          ctx,
          { query: { skip: query.skip, limit: query.limit, sort: '-shipped_at', ...window } },
          now,
          cap,
          undefined,
          sql<boolean>`s.order_id IN (SELECT unnest(${ids}::char(24)[]))`,
        );

  // A shipment matching by its order's search keys, kept on it with whether the order is shipped (migration 0425, kept
  // by triggers; the shop order number is `order_sort`, migration 0400): the broad way reads the shipments alone.
  const keysMatch = sql<boolean>`(s.order_shipped AND (lower(s.order_sort) LIKE ${lower}
    OR s.search_zip LIKE ${upperZip} OR ${surnameStartsWith(sql`s.search_surname`, lowerTerm)}))`;
  // The shipments of the request's organisations in the search's window.
  const ownShipments = () =>
    tenantSql(ctx)
      .selectFrom('shipments as s')
      .where(orgScope(ctx, 's'))
      .where('s.created_at', '>=', new Date(0))
      .where('s.created_at', '<=', now);

  // Few or many? The shipments matching by their keys, up to `walkAbove` + 1 (a bitmap of migration 0425's partial
  // indexes, which hold only shipments of shipped orders: a term matching many open orders finds none there; a
  // MATERIALIZED CTE, as above, so a small LIMIT does not make PostgreSQL walk the whole list instead), and the orders
  // with a matching tracking number. Few on both: the matching orders themselves, each way of matching on its own
  // index, decide (and are sorted when few). Either way answers the same; the choice only bounds the cost.
  const [keyed, trackedRows] = await Promise.all([
    tenantSql(ctx)
      .with(
        (cte) => cte('k').materialized(),
        () => ownShipments().select('s.id').where(keysMatch),
      )
      .selectFrom('k')
      .select('k.id')
      .limit(walkAbove + 1)
      .execute(),
    trackedOrders(walkAbove).execute(),
  ]);
  const probe = {
    tracked: [...new Set(trackedRows.map((r) => r.id))],
    trackedAll: trackedRows.length <= walkAbove,
  };
  if (keyed.length <= walkAbove && probe.trackedAll) {
    const byOrder = await matchingOrders(walkAbove).execute();
    const ids = [...new Set([...byOrder, ...trackedRows].map((r) => r.id))];
    if (ids.length <= walkAbove) return sorted(ids);
  }

  // A shipment of an order with a parcel whose tracking number matches: the orders the probe found, when it found them
  // all (the usual case: a tracking number is one parcel's); else a look-up of the order's parcels per shipment
  // (shipments_order_idx; OFFSET 0 keeps it per row, which PostgreSQL would otherwise turn into reading every matching
  // tracking number into a hash).
  const trackedIn = (): RawBuilder<boolean> | null =>
    !probe.trackedAll
      ? null
      : probe.tracked.length === 0
        ? sql<boolean>`false`
        : sql<boolean>`s.order_id IN (SELECT unnest(${probe.tracked}::char(24)[]))`;
  const parcelTracked = () =>
    tenantSql(ctx)
      .selectFrom('shipments as t')
      .select(sql`1`.as('one'))
      .where(sql<boolean>`t.order_id = s.order_id`)
      .where(orgScope(ctx, 't'))
      .where(sql`upper(t.tracking_number)`, 'like', upperTracking)
      .offset(0);
  // The page: the newest `walkRows` shipments in list order (the (org_id, created_at, id) index for one organisation,
  // (created_at, id) for several: migration 0100), each tested on its own row; the outer LIMIT stops the walk at the
  // page's last match.
  const walked = ownShipments()
    .select((eb) => [
      's.id',
      's.created_at',
      eb.or([keysMatch, trackedIn() ?? eb.exists(parcelTracked())]).as('hit'),
    ])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(walkRows);
  // The count, up to the cap: the shipments matching by their keys (a bitmap of the three partial indexes, read only
  // up to the cap) and then those of the orders found by a tracking number that do not match by their keys, each way
  // at most cap + 1 (|A ∪ B| = |A| + |B \ A|: no set of ids to build).
  const byKeys = ownShipments()
    .select('s.id')
    .where(keysMatch)
    .limit(cap + 1);
  const byTracking = ownShipments()
    .select('s.id')
    .where(
      (eb) => trackedIn() ?? eb('s.order_id', 'in', eb.selectFrom(trackedOrders(cap).as('b')).select('b.id')),
    )
    .where(sql<boolean>`${keysMatch} IS NOT TRUE`)
    .limit(cap + 1);
  const counted = tenantSql(ctx)
    .selectFrom(
      tenantSql(ctx)
        .selectFrom(byKeys.as('a'))
        .select('a.id')
        .unionAll(tenantSql(ctx).selectFrom(byTracking.as('b')).select('b.id'))
        .as('c'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'));
  const [page, count] = await Promise.all([
    tenantSql(ctx)
      .selectFrom(walked.as('w'))
      .select('w.id')
      .where('w.hit', '=', true)
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(query.limit)
      .offset(query.skip)
      .execute(),
    counted.executeTakeFirstOrThrow(),
  ]);
  // A page short of `limit` is the list's last one or the walk ran out of rows: sort the matches after all.
  if (page.length < query.limit) return sorted(await matchedIds(cap));
  const n = Number(count.n);
  return {
    items: await shipmentItems(
      ctx,
      page.map((r) => r.id),
    ),
    total: Math.min(n, cap),
    total_capped: n > cap,
    skip: query.skip,
    limit: query.limit,
    ...window,
  };
}
