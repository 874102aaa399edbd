import {
  parseSort,
  SHIPMENT_SEARCH_MIN,
  type SHIPMENT_SORTS,
  SHIPMENTS_COUNT_CAP,
  SHIPMENTS_DEFAULT_DAYS,
  type ShipmentListQuery,
  type ShipmentListResponse,
} from '@hoppa/core';
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { escapeLike } from '../../db/client.ts';
import { orgScope, tenantSql } from '../../db/tenant.ts';
import { rangeReversed, refusal } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/route.ts';
import { eventsOfShipments, shipmentQuery, toShipmentItem } from './shipment-view.ts';

/** A further filter on the shipments query (`s` shipments, `o` orders, `m` methods) of the calls built on the list. */
export type ShipmentFilter = <Q extends ReturnType<typeof shipmentQuery>>(q: Q) => Q;

/**
 * What each sortable column of the shipments list orders by (core SHIPMENT_SORTS). The order number and the
 * recipient are the order's `order_id` and `lower(concat_ws(' ', firstName, surname))` of its address, kept on the
 * shipment by migration 0400 (`order_sort`, `recipient_sort`) so a page is read from an index in that order. The
 * method's name can be renamed in `shipment_methods`, so that sort still reads it through the joins.
 */
const SHIPMENT_SORT_COLUMNS = {
  shipped_at: sql`s.created_at`,
  order_id: sql`s.order_sort`,
  recipient: sql`s.recipient_sort`,
  method: sql`lower(coalesce(m.name, o.used_shipment_method, s.method_code))`,
} as const satisfies Record<(typeof SHIPMENT_SORTS)[number], unknown>;

/** The sorts whose key is on the shipment row itself: without a search or `extra` filter their page reads no order. */
const SORTS_ON_SHIPMENT: ReadonlySet<(typeof SHIPMENT_SORTS)[number]> = new Set([
  'shipped_at',
  'order_id',
  'recipient',
]);

/**
 * How many rows `rows` selects, counting no further than one past {@link SHIPMENTS_COUNT_CAP}: beyond the cap the
 * list says "at least" instead of reading every row of the period.
 */
async function countCapped<D, T extends keyof D>(
  ctx: Pick<RequestContext, 'db' | 'orgIds'>,
  rows: SelectQueryBuilder<D, T, { id: string }>,
  cap: number,
): Promise<number> {
  const r = await tenantSql(ctx)
    .selectFrom(rows.limit(cap + 1).as('c'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * The list rows (core `ShipmentListItem`) of the given shipments, in the order of `ids`: each shipment with its
 * order, merchant, method, products and carrier events. Read for one page only (two statements whatever the page’s
 * size); ids not of the request's organisations are left out. The lists and the shipped-order search
 * (`GET /orders/search/{term}`) first find a page's ids in their order, then call this.
 */
export async function shipmentItems(
  ctx: Pick<RequestContext, 'db' | 'orgIds'>,
  ids: string[],
): Promise<ShipmentListResponse['items']> {
  const rows =
    ids.length === 0
      ? []
      : await shipmentQuery(ctx)
          .where('s.id', 'in', ids)
          .select((eb) => [
            jsonArrayFrom(
              eb
                .selectFrom('order_lines as ol')
                .innerJoin('products as p', 'p.id', 'ol.product_id')
                .select(['ol.product_id', 'ol.ean', 'ol.title', 'ol.quantity', 'p.img_url'])
                .whereRef('ol.order_id', '=', 'o.id')
                .where(orgScope(ctx, 'ol'))
                .where(orgScope(ctx, 'p'))
                .orderBy('ol.position')
                .orderBy('ol.id'),
            ).as('products'),
          ])
          .execute();
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((x, y) => (position.get(x.id) ?? 0) - (position.get(y.id) ?? 0));
  const events = await eventsOfShipments(ctx, ids);
  return rows.map((r) => toShipmentItem(r, events.get(r.id) ?? [], r.products));
}

/**
 * Shipped orders of the request's organisations (spec 1 §2 Shipments, §9), a page of the one paging envelope:
 * shipped between `start` and `end` (default the last {@link SHIPMENTS_DEFAULT_DAYS} days up to now), in the `sort`
 * order (newest first by default; ties by id),
 * with recipient, method, tracking number and products. `search` of {@link SHIPMENT_SEARCH_MIN} or more characters
 * matches the shop order number, tracking number, recipient name or company, postcode (spaces ignored), city and
 * e-mail; `null` or empty means no search. `total` counts up to `countCap` (tests lower it), `total_capped` says
 * there are more. `extra` narrows further (`GET /orders/{start}/{end}` filters on the order);
 * `onShipments`, a condition on `shipments as s` alone (a speed group, the few orders `GET /orders/search/{term}`
 * found), narrows page and count, and the count is
 * then still read from the shipments alone.
 * Errors: 400 for a shorter search or a start after the end.
 */
export async function listShipments(
  ctx: Pick<RequestContext, 'db' | 'orgIds'>,
  { query }: { query: ShipmentListQuery },
  now = new Date(),
  countCap = SHIPMENTS_COUNT_CAP,
  extra?: ShipmentFilter,
  onShipments?: RawBuilder<boolean>,
): Promise<ShipmentListResponse> {
  const end = query.end ? new Date(query.end) : now;
  const start = query.start
    ? new Date(query.start)
    : new Date(end.getTime() - SHIPMENTS_DEFAULT_DAYS * 86_400_000);
  if (start > end) throw rangeReversed('start must not be after end', 'query');
  const term = query.search?.trim() === 'null' ? '' : (query.search?.trim() ?? '');
  if (term && term.length < SHIPMENT_SEARCH_MIN)
    throw refusal(
      `Search needs at least ${SHIPMENT_SEARCH_MIN} characters`,
      'text_too_short',
      { field: 'search', min: SHIPMENT_SEARCH_MIN },
      'query.search',
    );
  const like = `%${escapeLike(term)}%`;
  const sort = parseSort(query.sort);
  const dir = sort.desc ? 'desc' : 'asc';
  // Two narrow reads, then the page: the ids of the page in the list's order (newest first straight from a
  // (…, created_at, id) index, by recipient or order number from a (…, recipient_sort | order_sort, id) one,
  // stopping after skip + limit rows: migrations 0100, 0400), and the count of the filter up to SHIPMENTS_COUNT_CAP
  // (from the shipments alone unless searching). Only the page's shipments are then read in full with their
  // products; one query doing all three computed the products of every shipment in the range (issue 8).
  const matching = <Q extends ReturnType<typeof shipmentQuery>>(q: Q): Q =>
    (extra ? extra(q) : q)
      .$if(onShipments !== undefined, (w) => w.where(onShipments as RawBuilder<boolean>))
      .where('s.created_at', '>=', start)
      .where('s.created_at', '<=', end)
      .$if(term !== '', (w) =>
        w.where((eb) =>
          eb.or([
            eb('o.order_id', 'ilike', like),
            eb('s.tracking_number', 'ilike', like),
            eb(
              sql`concat_ws(' ', o.shipment_details->>'firstName', o.shipment_details->>'surname')`,
              'ilike',
              like,
            ),
            eb(sql`o.shipment_details->>'company'`, 'ilike', like),
            eb(sql`o.shipment_details->>'city'`, 'ilike', like),
            eb(sql`o.shipment_details->>'email'`, 'ilike', like),
            eb(
              sql`replace(o.shipment_details->>'zipCode', ' ', '')`,
              'ilike',
              `%${escapeLike(term.replace(/\s+/g, ''))}%`,
            ),
          ]),
        ),
      ) as Q;
  // Without a search or `extra` filter the period's shipments are the answer's rows (every shipment has its order and
  // organisation, of the same organisation): the count, and the page of a sort kept on the shipment, read them alone.
  const alone = term === '' && !extra;
  const ownShipments = () =>
    tenantSql(ctx)
      .selectFrom('shipments as s')
      .where(orgScope(ctx, 's'))
      .where('s.created_at', '>=', start)
      .where('s.created_at', '<=', end)
      .$if(onShipments !== undefined, (w) => w.where(onShipments as RawBuilder<boolean>))
      .select('s.id');
  const joined = () => matching(shipmentQuery(ctx)).clearSelect().select('s.id');
  const pageRows = alone && SORTS_ON_SHIPMENT.has(sort.field) ? ownShipments() : joined();
  const [page, counted] = await Promise.all([
    pageRows
      .orderBy(SHIPMENT_SORT_COLUMNS[sort.field], dir)
      .orderBy('s.id', dir)
      .limit(query.limit)
      .offset(query.skip)
      .execute(),
    countCapped(ctx, alone ? ownShipments() : joined(), countCap),
  ]);
  const items = await shipmentItems(
    ctx,
    page.map((r) => r.id),
  );
  return {
    items,
    total: Math.min(counted, countCap),
    total_capped: counted > countCap,
    skip: query.skip,
    limit: query.limit,
    start: start.toISOString(),
    end: end.toISOString(),
  };
}
