import {
  DELIVERY_GROUPS,
  type DeliveryPerformance,
  percentage,
  type ShipmentListResponse,
  type ShipmentRangeQuery,
} from '@hoppa/core';
import { sql } from 'kysely';
import { escapeLike } from '../../db/client.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { badRequest } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/route.ts';
import { listShipments, type ShipmentFilter } from '../shipping/index.ts';

function range(params: { start: string; end: string }) {
  const start = new Date(params.start);
  const end = new Date(params.end);
  if (start > end) throw badRequest('The start of the date range lies after its end');
  return { start, end };
}

/**
 * Delivery performance of the parcels shipped from `start` to `end` (spec 1 §2 Shipments header, §7
 * `GET /orders/perform/{start}/{end}`): counts per speed group and percentages of all. The group is kept on the
 * shipment (`shipments.speed_group`, generated from the delivery state the events keep: migrations 0200, 0405), so
 * the counts are one index-only read of the period per organisation and group (shipments_org_group_created; naming
 * every group lets the index range over the dates within each) instead of computing the group of every row.
 * Errors: 400 when start lies after end.
 */
export async function deliveryPerformance(
  ctx: TenantScope,
  { params }: { params: { start: string; end: string } },
): Promise<DeliveryPerformance> {
  const { start, end } = range(params);
  const rows = await tenantSql(ctx)
    .selectFrom('shipments as s')
    .where(orgScope(ctx, 's'))
    .where('s.speed_group', 'in', DELIVERY_GROUPS)
    .where('s.created_at', '>=', start)
    .where('s.created_at', '<=', end)
    .select(['s.speed_group as g', sql<string>`count(*)`.as('n')])
    .groupBy('s.speed_group')
    .execute();
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
 * `GET /orders/search/{term}` (spec 1 §5 Shipments search, §7): shipped orders of any date whose shop order number,
 * tracking number, postcode (spaces ignored) or surname starts with `term`, case ignored; newest first, paged. The
 * matching orders are found first, each alternative on its own index (migration 0201: PostgreSQL combines them in a
 * bitmap), at most {@link SEARCH_CAP}; only then are their shipments read in list order — walking every shipment in
 * date order and testing each took half a second at 100,000 orders (docs/benchmarks.md).
 */
export async function searchShippedOrders(
  ctx: Pick<RequestContext, 'db' | 'orgIds'>,
  { params, query }: { params: { term: string }; query: { skip: number; limit: number } },
  now = new Date(),
): Promise<ShipmentListResponse> {
  const term = params.term.trim();
  const lower = `${escapeLike(term.toLowerCase())}%`;
  const upperZip = `${escapeLike(term.replace(/\s+/g, '').toUpperCase())}%`;
  const [byOrder, byTracking] = await Promise.all([
    tenantSql(ctx)
      .selectFrom('orders as o')
      .select('o.id')
      .where(orgScope(ctx, 'o'))
      .where('o.status', '=', 'shipped')
      .where((eb) =>
        eb.or([
          eb(sql`lower(o.order_id)`, 'like', lower),
          eb(sql`upper(replace(o.shipment_details->>'zipCode', ' ', ''))`, 'like', upperZip),
          eb(sql`lower(o.shipment_details->>'surname')`, 'like', lower),
        ]),
      )
      .limit(SEARCH_CAP + 1)
      .execute(),
    tenantSql(ctx)
      .selectFrom('shipments as s')
      .select('s.order_id as id')
      .where(orgScope(ctx, 's'))
      .where(sql`upper(s.tracking_number)`, 'like', `${escapeLike(term.toUpperCase())}%`)
      .limit(SEARCH_CAP + 1)
      .execute(),
  ]);
  const ids = [...new Set([...byOrder, ...byTracking].map((r) => r.id))].slice(0, SEARCH_CAP + 1);
  const window = { start: new Date(0).toISOString(), end: now.toISOString() };
  if (ids.length === 0)
    return { items: [], total: 0, total_capped: false, skip: query.skip, limit: query.limit, ...window };
  // The orders found, as a condition on the shipment alone, so the capped count reads the shipments without joining
  // their orders; one array parameter read as a set (`IN (SELECT unnest(…))`), not one bound value per id nor
  // `= any(…)`, whose selectivity PostgreSQL estimates element by element: with 10,001 ids that was 0.2 s of planning
  // (ADR 0099).
  return listShipments(
    ctx,
    { query: { skip: query.skip, limit: query.limit, sort: '-shipped_at', ...window } },
    now,
    SEARCH_CAP,
    undefined,
    sql<boolean>`s.order_id IN (SELECT unnest(${ids}::char(24)[]))`,
  );
}
