import { createHash, randomBytes } from 'node:crypto';
import {
  type AddInventoryBodySchema,
  addInboundItemEndpoint,
  addSurchargeEndpoint,
  addTransferEndpoint,
  type CreateInboundBodySchema,
  calendarItemOf,
  type DirectCheckinBodySchema,
  deleteInboundItemEndpoint,
  directCheckinEndpoint,
  editInboundEndpoint,
  editInboundItemEndpoint,
  findLocationsEndpoint,
  INBOUND_SUMMARY_NAMES,
  type Inbound,
  type InboundInformationSchema,
  type InboundItem,
  type InboundItemCheckinEditSchema,
  type InboundItemEditSchema,
  type InboundItemInputSchema,
  type InboundSummary,
  inboundProgress,
  inventoryCheckinEndpoint,
  newId,
  orgAddressLine,
  type Page,
  type PendingItemSchema,
  type Surcharge,
  submitInboundItemEndpoint,
} from '@hoppa/core';
import { sql } from 'kysely';
import type { z } from 'zod';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem, refusal } from '../../lib/errors.ts';
import { type ImageType, readImage, storeImage } from '../../lib/images.ts';
import {
  applyStockChange,
  lockProducts,
  quarantineRefusal,
  refuseReservedLocation,
  reservedForOtherProduct,
} from '../stock/index.ts';

/** Who is asking: the ledger and the inbound name the user (spec 2 §3 Inbound created_by). */
export interface InboundContext extends TenantScope {
  userId: string;
}

type Status = 'pending' | 'checked_in';
type Image = { id: string; mime: ImageType; size: number; name: string };
/** A move as `inbound_items.transfers` stores it (written by {@link addTransfer}); answers add the places' names. */
type StoredTransfer = Omit<
  InboundItem['transfers'][number],
  'departed_location_name' | 'arrived_location_name'
>;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** Total of surcharges in euro (spec 2 §9: surcharge total = cost × amount, in euro). */
export function surchargeTotalEur(surcharges: readonly Surcharge[]): number {
  return surcharges.reduce((s, x) => s + x.cost_cents * x.amount, 0) / 100;
}

/** Boxes checked in (spec 2 §9: pieces checked in ÷ packed per), whole boxes. */
export function boxesCheckedIn(piecesCheckedIn: number, packedPer: number): number {
  return packedPer > 0 ? Math.floor(piecesCheckedIn / packedPer) : 0;
}

/** The items (with product, inbound and reserved locations) matching `filter`, mapped to the API shape. */
async function loadItems(
  ctx: TenantScope,
  filter: { inboundIds?: readonly string[]; itemIds?: readonly string[] },
): Promise<InboundItem[]> {
  let q = tenantSql(ctx)
    .selectFrom('inbound_items as it')
    .innerJoin('inbounds as ib', 'ib.id', 'it.inbound_id')
    .innerJoin('products as p', 'p.id', 'it.product_id')
    .innerJoin('organisations as o', 'o.id', 'it.org_id')
    .select([
      'it.id',
      'it.inbound_id',
      'ib.inbound_number',
      'ib.status as inbound_status',
      'it.org_id',
      'o.name as org_name',
      'p.id as product_id',
      'p.ean',
      'p.bsku',
      'p.name as product_name',
      'it.units',
      'it.packed_per',
      'it.pieces_expected',
      'it.pieces_checked_in',
      'it.batch_nr',
      sql<string | null>`to_char(it.expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
      'it.notes',
      'it.package_closed',
      'it.status',
      'it.surcharges',
      'it.reserved_locations',
      'it.images',
      'it.transfers',
    ])
    .where(orgScope(ctx, 'it'))
    .where(orgScope(ctx, 'ib'))
    .where(orgScope(ctx, 'p'));
  if (filter.inboundIds) {
    // Said of both sides, so the planner reads the page's inbounds by key rather than hashing all of them.
    const ids = filter.inboundIds.length ? filter.inboundIds : [''];
    q = q.where('it.inbound_id', 'in', ids).where('ib.id', 'in', ids);
  }
  if (filter.itemIds) q = q.where('it.id', 'in', filter.itemIds.length ? filter.itemIds : ['']);
  const rows = await q.orderBy('it.created_at').orderBy('it.position').orderBy('it.id').execute();
  const locIds = [...new Set(rows.flatMap((r) => r.reserved_locations as string[]))];
  // The places of the items' transfers are named too (what the floor shows, not their ids).
  const moves = (r: (typeof rows)[number]) => (r.transfers as StoredTransfer[] | null) ?? [];
  const namedIds = [
    ...new Set([
      ...locIds,
      ...rows.flatMap((r) => moves(r).flatMap((x) => [x.departed_location_id, x.arrived_location_id])),
    ]),
  ];
  const locs = namedIds.length
    ? await systemSql(ctx.db)
        .selectFrom('locations as l')
        .leftJoin('locations as pa', 'pa.id', 'l.parent_id')
        .select(['l.id', 'l.name', 'l.type', 'pa.name as parent_name'])
        .where('l.id', 'in', namedIds)
        .execute()
    : [];
  const nameOf = (id: string) => locs.find((x) => x.id === id)?.name ?? '';
  const stock = locIds.length
    ? await tenantSql(ctx)
        .selectFrom('product_locations as pl')
        .select(['pl.product_id', 'pl.location_id', 'pl.stock'])
        .where('pl.location_id', 'in', locIds)
        .where(orgScope(ctx, 'pl'))
        .execute()
    : [];
  return rows.map((r) => {
    const surcharges = r.surcharges as Surcharge[];
    return {
      id: r.id,
      inbound_id: r.inbound_id,
      inbound_number: r.inbound_number,
      inbound_status: r.inbound_status as Status,
      org_id: r.org_id,
      org_name: r.org_name,
      product: { id: r.product_id, ean: r.ean, bsku: r.bsku, name: r.product_name },
      units: r.units,
      packed_per: r.packed_per,
      pieces_expected: r.pieces_expected,
      pieces_checked_in: r.pieces_checked_in,
      boxes_checked_in: boxesCheckedIn(r.pieces_checked_in, r.packed_per),
      batch_nr: r.batch_nr,
      expiration_date: r.expiration_date,
      notes: r.notes,
      package_closed: r.package_closed,
      status: r.status as Status,
      surcharges,
      surcharge_total_eur: surchargeTotalEur(surcharges),
      reserved_locations: (r.reserved_locations as string[]).flatMap((id) => {
        const l = locs.find((x) => x.id === id);
        if (!l) return [];
        const s = stock.find((x) => x.location_id === id && x.product_id === r.product_id);
        return [
          {
            location_id: l.id,
            name: l.name,
            parent_name: l.parent_name,
            type: l.type ?? '',
            stock: s?.stock ?? 0,
          },
        ];
      }),
      images: (r.images as Image[]).map((i) => ({ id: i.id, mime: i.mime, size: i.size, name: i.name })),
      transfers: moves(r).map((x) => ({
        ...x,
        departed_location_name: nameOf(x.departed_location_id),
        arrived_location_name: nameOf(x.arrived_location_id),
      })),
    };
  });
}

type InboundFilter = {
  ids?: readonly string[];
  status?: Status;
  orgId?: string;
  /** Expected or checked in on these Amsterdam dates ('yyyy-MM-dd', inclusive), as {@link inCalendarRange}. */
  range?: { from: string; to: string };
};

/** The expected date a calendar gives an inbound without one (spec 2 §9: "a missing expected date counts as 1800"). */
const MISSING_EXPECTED = '1800-01-01';

/**
 * Whether inbound `ib` belongs in the calendar range `from`–`to` (dates, inclusive; spec 2 §9): its expected date
 * (1800-01-01 when missing) or its check-in day in Amsterdam falls in it. Written as two index ranges
 * (`inbounds_expected_idx`, `inbounds_checked_in_idx`), so a calendar month reads its inbounds, not every one the
 * organisation announced (issue 8).
 */
function inCalendarRange(from: string, to: string) {
  const missing = from <= MISSING_EXPECTED && MISSING_EXPECTED <= to;
  return sql<boolean>`((ib.expected_delivery BETWEEN ${from}::date AND ${to}::date
      ${missing ? sql`OR ib.expected_delivery IS NULL` : sql``})
    OR (ib.status = 'checked_in'
      AND ib.checked_in_at >= (${from}::date::timestamp AT TIME ZONE 'Europe/Amsterdam')
      AND ib.checked_in_at < ((${to}::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam')))`;
}

/**
 * The rows of the inbounds matching `filter`, pending first then soonest expected (spec 2 §2 /checkin_inventory):
 * pending soonest expected first (none expected last), then checked in newest first, each by id on ties. Each status
 * is its own part of the list, read in its index's order (migration 0461: `(org_id, status, checked_in_at DESC, id)`),
 * so a page costs its rows and not a sort of every inbound the organisations ever announced (issue 8: a year of
 * inbounds is thousands); `total` counts them per status.
 */
async function loadInboundRows(
  ctx: TenantScope,
  filter: InboundFilter,
  page: { skip: number; limit: number } = { skip: 0, limit: 1000 },
) {
  let base = tenantSql(ctx).selectFrom('inbounds as ib').where(orgScope(ctx, 'ib'));
  if (filter.ids) base = base.where('ib.id', 'in', filter.ids.length ? filter.ids : ['']);
  if (filter.status) base = base.where('ib.status', '=', filter.status);
  if (filter.orgId) base = base.where('ib.org_id', '=', filter.orgId);
  if (filter.range) base = base.where(inCalendarRange(filter.range.from, filter.range.to));
  const counts = await base
    .select(['ib.status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('ib.status')
    .execute();
  const countOf = (status: Status) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  const pendingCount = countOf('pending');
  // The page's parts: its pending rows, then its checked-in rows (skip counted past the pending ones).
  const parts: { status: Status; skip: number; limit: number }[] = [];
  if (filter.status) parts.push({ status: filter.status, ...page });
  else {
    const pendingTaken = Math.max(0, Math.min(page.limit, pendingCount - page.skip));
    if (pendingTaken > 0) parts.push({ status: 'pending', skip: page.skip, limit: pendingTaken });
    if (page.limit - pendingTaken > 0)
      parts.push({
        status: 'checked_in',
        skip: Math.max(0, page.skip - pendingCount),
        limit: page.limit - pendingTaken,
      });
  }
  const rows = [];
  for (const part of parts) {
    let q = base
      .where('ib.status', '=', part.status)
      .innerJoin('organisations as o', 'o.id', 'ib.org_id')
      .leftJoin('users as u', 'u.id', 'ib.created_by')
      .select([
        'ib.id',
        'ib.inbound_number',
        'ib.org_id',
        'o.name as org_name',
        'ib.type',
        'ib.status',
        'ib.contact_person',
        'ib.contact_person_email',
        'ib.phone',
        'ib.shipping_address',
        'ib.track_trace',
        sql<string | null>`to_char(ib.expected_delivery, 'YYYY-MM-DD')`.as('expected_delivery'),
        'ib.direct',
        'ib.created_at',
        'ib.checked_in_at',
        'u.first_name',
        'u.family_name',
      ]);
    q =
      part.status === 'pending'
        ? q.orderBy('ib.expected_delivery', (ob) => ob.asc().nullsLast()).orderBy('ib.id')
        : q.orderBy('ib.checked_in_at', 'desc').orderBy('ib.id');
    rows.push(...(await q.offset(part.skip).limit(part.limit).execute()));
  }
  return { rows, total: pendingCount + countOf('checked_in') };
}

type InboundRow = Awaited<ReturnType<typeof loadInboundRows>>['rows'][number];
/** What an inbound's answer totals of its items (spec 2 §9): pieces expected and checked in, surcharges in euro. */
type ItemTotals = { pieces_expected: number; pieces_checked_in: number; surcharge_total_eur: number };

/** An inbound row in the API's shape, with its items' totals and the state they give (`inboundProgress`). */
function inboundFields(r: InboundRow, totals: ItemTotals): Omit<Inbound, 'items'> {
  return {
    id: r.id,
    inbound_number: r.inbound_number,
    org_id: r.org_id,
    org_name: r.org_name,
    type: r.type as Inbound['type'],
    status: r.status as Status,
    contact_person: r.contact_person,
    contact_person_email: r.contact_person_email,
    phone: r.phone,
    shipping_address: r.shipping_address,
    track_trace: r.track_trace,
    expected_delivery: r.expected_delivery,
    direct: r.direct,
    created_at: iso(r.created_at) as string,
    checked_in_at: iso(r.checked_in_at),
    created_by: r.first_name !== null ? { first_name: r.first_name, family_name: r.family_name ?? '' } : null,
    ...totals,
    progress: inboundProgress({ status: r.status as Status, pieces_checked_in: totals.pieces_checked_in }),
  };
}

/** Inbounds matching `filter` with every item ({@link loadInboundRows}'s order and paging). */
async function loadInbounds(
  ctx: TenantScope,
  filter: InboundFilter,
  page?: { skip: number; limit: number },
): Promise<{ items: Inbound[]; total: number }> {
  const { rows, total } = await loadInboundRows(ctx, filter, page);
  const items = await loadItems(ctx, { inboundIds: rows.map((r) => r.id) });
  const itemsOf = new Map<string, InboundItem[]>();
  for (const i of items) {
    const list = itemsOf.get(i.inbound_id);
    if (list) list.push(i);
    else itemsOf.set(i.inbound_id, [i]);
  }
  return {
    total,
    items: rows.map((r) => {
      const its = itemsOf.get(r.id) ?? [];
      const totals = {
        pieces_expected: its.reduce((s, i) => s + i.pieces_expected, 0),
        pieces_checked_in: its.reduce((s, i) => s + i.pieces_checked_in, 0),
        surcharge_total_eur: its.reduce((s, i) => s + i.surcharge_total_eur, 0),
      };
      return { ...inboundFields(r, totals), items: its };
    }),
  };
}

/**
 * The summaries of inbounds `ids` (issue 8: a list row, not the items): per inbound its lines, different products,
 * lines checked in, boxes, pieces and surcharges summed by the database, and the names of its first
 * {@link INBOUND_SUMMARY_NAMES} products in the items' order (each product's first line). Two statements over the
 * page's items by `inbound_items (inbound_id)`, whatever they hold; an inbound without items sums to zero.
 */
async function itemSummaries(ctx: TenantScope, ids: readonly string[]) {
  const inIds = ids.length ? ids : [''];
  const sums = await tenantSql(ctx)
    .selectFrom('inbound_items as it')
    .select([
      'it.inbound_id',
      sql<string>`count(*)`.as('item_count'),
      sql<string>`count(DISTINCT it.product_id)`.as('product_count'),
      sql<string>`count(*) FILTER (WHERE it.status = 'checked_in')`.as('items_checked_in'),
      sql<string>`sum(it.units)`.as('units_expected'),
      sql<string>`sum(it.pieces_expected)`.as('pieces_expected'),
      sql<string>`sum(it.pieces_checked_in)`.as('pieces_checked_in'),
      sql<string>`sum((SELECT COALESCE(sum((s->>'cost_cents')::bigint * (s->>'amount')::bigint), 0)
        FROM jsonb_array_elements(it.surcharges) s))`.as('surcharge_cents'),
    ])
    .where(orgScope(ctx, 'it'))
    .where('it.inbound_id', 'in', inIds)
    .groupBy('it.inbound_id')
    .execute();
  // Each product's first line of each inbound, then the first few of those per inbound in the items' order.
  const firstLines = tenantSql(ctx)
    .selectFrom('inbound_items as it')
    .innerJoin('products as p', 'p.id', 'it.product_id')
    .distinctOn(['it.inbound_id', 'it.product_id'])
    .select(['it.inbound_id', 'p.name', 'it.created_at', 'it.position', 'it.id'])
    .where(orgScope(ctx, 'it'))
    .where(orgScope(ctx, 'p'))
    .where('it.inbound_id', 'in', inIds)
    .orderBy('it.inbound_id')
    .orderBy('it.product_id')
    .orderBy('it.created_at')
    .orderBy('it.position')
    .orderBy('it.id');
  const named = await tenantSql(ctx)
    .selectFrom(
      tenantSql(ctx)
        .selectFrom(firstLines.as('f'))
        .select([
          'f.inbound_id',
          'f.name',
          sql<string>`row_number() OVER (PARTITION BY f.inbound_id ORDER BY f.created_at, f.position, f.id)`.as(
            'n',
          ),
        ])
        .as('x'),
    )
    .select(['x.inbound_id', 'x.name'])
    .where(sql<boolean>`x.n <= ${INBOUND_SUMMARY_NAMES}`)
    .orderBy('x.inbound_id')
    .orderBy('x.n')
    .execute();
  const namesOf = new Map<string, string[]>();
  for (const n of named) namesOf.set(n.inbound_id, [...(namesOf.get(n.inbound_id) ?? []), n.name]);
  const byInbound = new Map(sums.map((x) => [x.inbound_id, x]));
  return (id: string) => {
    const x = byInbound.get(id);
    const num = (v: string | number | null | undefined) => Number(v ?? 0);
    return {
      item_count: num(x?.item_count),
      product_count: num(x?.product_count),
      items_checked_in: num(x?.items_checked_in),
      units_expected: num(x?.units_expected),
      pieces_expected: num(x?.pieces_expected),
      pieces_checked_in: num(x?.pieces_checked_in),
      surcharge_total_eur: num(x?.surcharge_cents) / 100,
      product_names: namesOf.get(id) ?? [],
    };
  };
}

/** One inbound (spec 2 §7 `GET /inbound/{id}`); 404 when it is not the caller's. */
export async function getInbound(ctx: TenantScope, id: string): Promise<Inbound> {
  const found = (await loadInbounds(ctx, { ids: [id] })).items[0];
  if (!found) throw notFound(`Inbound met ID: ${id} bestaat niet`);
  return found;
}

/**
 * A page of inbound summaries (spec 2 §7 `GET /inbounds`, `/inbounds/status/…`, `/inventory/org/checked_in`; issue
 * 8): each inbound's fields and totals with {@link itemSummaries} instead of its items, in {@link loadInboundRows}'s
 * order; `total` counts every inbound the filter selects.
 */
export async function listInbounds(
  ctx: TenantScope,
  filter: InboundFilter,
  page: { skip: number; limit: number },
): Promise<Page<InboundSummary>> {
  const { rows, total } = await loadInboundRows(ctx, filter, page);
  const summaryOf = await itemSummaries(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => {
      const { pieces_expected, pieces_checked_in, surcharge_total_eur, ...summary } = summaryOf(r.id);
      const { contact_person, contact_person_email, phone, shipping_address, ...fields } = inboundFields(r, {
        pieces_expected,
        pieces_checked_in,
        surcharge_total_eur,
      });
      return { ...fields, ...summary };
    }),
    total,
    ...page,
  };
}

/**
 * A page of pending inbounds with every item (our `GET /inbounds/status/pending/items`, the floor's check-in desk;
 * the documents of the pending inbounds), in {@link loadInboundRows}'s order.
 */
export async function listInboundsWithItems(
  ctx: TenantScope,
  filter: InboundFilter,
  page: { skip: number; limit: number },
): Promise<Page<Inbound>> {
  return { ...(await loadInbounds(ctx, filter, page)), ...page };
}

/** One inbound item (spec 2 §7 `GET /inbound_item/{id}`); 404 with the spec's message when not the caller's. */
export async function getInboundItem(ctx: TenantScope, id: string): Promise<InboundItem> {
  const found = (await loadItems(ctx, { itemIds: [id] }))[0];
  if (!found) throw notFound(`Geen inbound item gevonden: inbound item ${id} bestaat niet`);
  return found;
}

/** The items of an inbound (spec 2 §7 `GET /inbound_item/inbound/{id}`); 404 for another organisation's. */
export async function getInboundItems(
  ctx: TenantScope,
  inboundId: string,
): Promise<{ items: InboundItem[] }> {
  await lockInbound(ctx, inboundId, false);
  return { items: await loadItems(ctx, { inboundIds: [inboundId] }) };
}

/** The inbound row (locked with `forUpdate`), or 404. */
async function lockInbound(ctx: TenantScope, id: string, forUpdate = true) {
  let q = tenantSql(ctx)
    .selectFrom('inbounds as ib')
    .select(['ib.id', 'ib.org_id', 'ib.status'])
    .where('ib.id', '=', id)
    .where(orgScope(ctx, 'ib'));
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(`Inbound met ID: ${id} bestaat niet`);
  return row;
}

/** The item row with its inbound's status, locked, or 404 (spec 2 §8 'Geen inbound item gevonden'). */
export async function lockInboundItem(ctx: TenantScope, id: string) {
  const row = await tenantSql(ctx)
    .selectFrom('inbound_items as it')
    .innerJoin('inbounds as ib', 'ib.id', 'it.inbound_id')
    .select([
      'it.id',
      'it.org_id',
      'it.inbound_id',
      'it.product_id',
      'it.status',
      'it.packed_per',
      'it.units',
      'it.pieces_expected',
      'it.pieces_checked_in',
      'it.surcharges',
      'it.reserved_locations',
      'it.images',
      'it.transfers',
      'ib.status as inbound_status',
    ])
    .where('it.id', '=', id)
    .where(orgScope(ctx, 'it'))
    .where(orgScope(ctx, 'ib'))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(`Geen inbound item gevonden: inbound item ${id} bestaat niet`);
  return row;
}

/** The products of the inbound's organisation, or 404 naming the first unknown one. */
async function checkProducts(ctx: TenantScope, orgId: string, productIds: readonly string[]): Promise<void> {
  const found = await tenantSql(ctx)
    .selectFrom('products as p')
    .select('p.id')
    .where('p.id', 'in', [...new Set(productIds)])
    .where('p.org_id', '=', orgId)
    .where(orgScope(ctx, 'p'))
    .execute();
  const missing = productIds.find((id) => !found.some((f) => f.id === id));
  if (missing) throw notFound(`Product ${missing} not found`);
}

async function insertItems(
  ctx: TenantScope,
  orgId: string,
  inboundId: string,
  items: readonly z.output<typeof InboundItemInputSchema>[],
): Promise<string[]> {
  await checkProducts(
    ctx,
    orgId,
    items.map((i) => i.product_id),
  );
  const rows = items.map((i, position) => ({
    id: newId(),
    position,
    inbound_id: inboundId,
    org_id: orgId,
    product_id: i.product_id,
    units: i.units,
    packed_per: i.packed_per,
    pieces_expected: i.units * i.packed_per,
    batch_nr: i.batch_nr ?? null,
    expiration_date: i.expiration_date ?? null,
  }));
  await tenantSql(ctx).insertInto('inbound_items').values(rows).execute();
  return rows.map((r) => r.id);
}

/** The number on the QR label and in the calendar: `IN-` and eight hex digits of the id, upper case. */
function inboundNumber(id: string): string {
  return `IN-${id.slice(-8).toUpperCase()}`;
}

/**
 * Announces an inbound for the current organisation (spec 2 §7 `POST /inbound/`, §4 wizard: a type, at least one
 * product, the information). pieces_expected = units × packed per (spec 2 §9). In the caller's transaction.
 */
export async function createInbound(
  ctx: InboundContext,
  orgId: string,
  body: z.output<typeof CreateInboundBodySchema>,
  opts: { direct?: boolean } = {},
): Promise<Inbound> {
  const id = newId();
  await tenantSql(ctx)
    .insertInto('inbounds')
    .values({
      id,
      org_id: orgId,
      inbound_number: inboundNumber(id),
      type: body.type,
      ...body.information,
      direct: opts.direct ?? false,
      created_by: ctx.userId,
    })
    .execute();
  await insertItems(ctx, orgId, id, body.items);
  return getInbound(ctx, id);
}

/** Edits the information of a pending inbound (spec 2 §7 `PUT /inbound/edit/{id}`, §4: only pending). */
export async function editInbound(
  ctx: InboundContext,
  id: string,
  body: Partial<z.output<typeof InboundInformationSchema>>,
): Promise<Inbound> {
  const ib = await lockInbound(ctx, id);
  if (ib.status !== 'pending')
    throw problem(
      editInboundEndpoint,
      'inbound_not_pending',
      'Alleen openstaande inbounds kunnen worden gewijzigd',
    );
  if (Object.keys(body).length) {
    await tenantSql(ctx)
      .updateTable('inbounds as ib')
      .set(body)
      .where('ib.id', '=', id)
      .where(orgScope(ctx, 'ib'))
      .execute();
  }
  return getInbound(ctx, id);
}

/** Adds a product to a pending inbound (spec 2 §7 `POST /inbound_item/add/{inbound_id}`). */
export async function addInboundItem(
  ctx: InboundContext,
  inboundId: string,
  body: z.output<typeof InboundItemInputSchema>,
): Promise<InboundItem> {
  const ib = await lockInbound(ctx, inboundId);
  if (ib.status !== 'pending')
    throw problem(
      addInboundItemEndpoint,
      'inbound_not_pending',
      'Alleen openstaande inbounds kunnen worden gewijzigd',
    );
  const [itemId] = await insertItems(ctx, ib.org_id, inboundId, [body]);
  return getInboundItem(ctx, itemId as string);
}

/** Deletes an item of a pending inbound with nothing checked in (spec 2 §7, §6 Delete inbound item). */
export async function deleteInboundItem(
  ctx: InboundContext,
  inboundId: string,
  itemId: string,
): Promise<{ ok: true }> {
  const ib = await lockInbound(ctx, inboundId);
  const item = await lockInboundItem(ctx, itemId);
  if (item.inbound_id !== ib.id)
    throw notFound(`Geen inbound item gevonden: inbound item ${itemId} bestaat niet`);
  if (ib.status !== 'pending' || item.status !== 'pending')
    throw problem(
      deleteInboundItemEndpoint,
      'inbound_not_pending',
      'Alleen items van openstaande inbounds kunnen worden verwijderd',
    );
  const placed = await tenantSql(ctx)
    .selectFrom('inbound_items as it')
    .select('it.pieces_checked_in')
    .where('it.id', '=', itemId)
    .where(orgScope(ctx, 'it'))
    .executeTakeFirstOrThrow();
  if (placed.pieces_checked_in > 0)
    throw problem(
      deleteInboundItemEndpoint,
      'inbound_not_pending',
      'Dit item is al (deels) ingecheckt en kan niet worden verwijderd',
    );
  await tenantSql(ctx)
    .deleteFrom('inbound_items as it')
    .where('it.id', '=', itemId)
    .where(orgScope(ctx, 'it'))
    .execute();
  return { ok: true };
}

async function updateItem(ctx: TenantScope, id: string, set: Record<string, unknown>): Promise<InboundItem> {
  if (Object.keys(set).length) {
    await tenantSql(ctx)
      .updateTable('inbound_items as it')
      .set(set)
      .where('it.id', '=', id)
      .where(orgScope(ctx, 'it'))
      .execute();
  }
  return getInboundItem(ctx, id);
}

/**
 * The merchant's edit of an item (spec 2 §7 `PUT /inbound_item/edit/customer/{id}`): only while its inbound is
 * pending; units or packed per recompute pieces_expected (spec 2 §9 total = units × packed per).
 */
export async function editInboundItem(
  ctx: InboundContext,
  id: string,
  body: z.output<typeof InboundItemEditSchema>,
): Promise<InboundItem> {
  const item = await lockInboundItem(ctx, id);
  if (item.inbound_status !== 'pending')
    throw problem(
      editInboundItemEndpoint,
      'inbound_not_pending',
      'Alleen openstaande inbounds kunnen worden gewijzigd',
    );
  if (item.status !== 'pending')
    throw problem(editInboundItemEndpoint, 'inbound_item_submitted', 'Dit item is al ingecheckt');
  const units = body.units ?? item.units;
  const packedPer = body.packed_per ?? item.packed_per;
  return updateItem(ctx, id, {
    ...body,
    units,
    packed_per: packedPer,
    pieces_expected: units * packedPer,
  });
}

/** What the warehouse notes while counting (spec 2 §7 `PUT /inbound_item/edit/checkin{id}`), until submitted. */
export async function editInboundItemCheckin(
  ctx: InboundContext,
  id: string,
  body: z.output<typeof InboundItemCheckinEditSchema>,
): Promise<InboundItem> {
  const item = await lockInboundItem(ctx, id);
  if (item.status !== 'pending')
    throw problem(submitInboundItemEndpoint, 'inbound_item_submitted', 'Dit item is al ingecheckt');
  return updateItem(ctx, id, { ...body });
}

/** Sets the expiry date (spec 2 §7 `PUT /inbound_item/expiration_date/{id}/{date}`), until submitted. */
export async function setExpirationDate(ctx: InboundContext, id: string, date: string): Promise<InboundItem> {
  return editInboundItemCheckin(ctx, id, { expiration_date: date });
}

/** Adds a surcharge (spec 2 §7 `PUT /inbound_item/surcharge/{id}`, §5 Surcharge), until the item is submitted. */
export async function addSurcharge(ctx: InboundContext, id: string, body: Surcharge): Promise<InboundItem> {
  const item = await lockInboundItem(ctx, id);
  if (item.status !== 'pending')
    throw problem(addSurchargeEndpoint, 'inbound_item_submitted', 'Dit item is al ingecheckt');
  const list = [...(item.surcharges as Surcharge[]), body];
  return updateItem(ctx, id, { surcharges: JSON.stringify(list) });
}

/** Removes the surcharge at `index` (spec 2 §7 `DELETE /inbound_item/surcharge/{id}/{index}`); 404 past the end. */
export async function deleteSurcharge(ctx: InboundContext, id: string, index: number): Promise<InboundItem> {
  const item = await lockInboundItem(ctx, id);
  if (item.status !== 'pending')
    throw problem(addSurchargeEndpoint, 'inbound_item_submitted', 'Dit item is al ingecheckt');
  const list = item.surcharges as Surcharge[];
  if (index >= list.length) throw notFound(`Surcharge ${index} not found`);
  return updateItem(ctx, id, { surcharges: JSON.stringify(list.filter((_, i) => i !== index)) });
}

/**
 * The location finder (spec 2 §7 `POST /inbound_item/locations/find/{id}`, §2 Inbound item detail, §4 Inbound): reserves
 * up to `amount` more active bins (of `type` when given, never quarantine) that hold the item's product already or
 * nothing at all, and that no other pending item holds reserved for another product: the product's own first, then
 * empty ones in walking order. An item with nothing in transit (every expected piece checked in) gets none: 409
 * `nothing_in_transit`, saying so.
 */
export async function findLocations(
  ctx: InboundContext,
  id: string,
  body: { type?: string | undefined; amount: number },
): Promise<InboundItem> {
  const item = await lockInboundItem(ctx, id);
  if (item.status !== 'pending')
    throw problem(submitInboundItemEndpoint, 'inbound_item_submitted', 'Dit item is al ingecheckt');
  if (item.pieces_checked_in >= item.pieces_expected)
    throw problem(
      findLocationsEndpoint,
      'nothing_in_transit',
      `Nothing of this item is in transit: all ${item.pieces_expected} expected pieces are checked in, so no location is reserved`,
    );
  const have = item.reserved_locations as string[];
  let q = systemSql(ctx.db)
    .selectFrom('locations as l')
    .select([
      'l.id',
      sql<boolean>`EXISTS (SELECT 1 FROM product_locations x WHERE x.location_id = l.id
                           AND x.product_id = ${item.product_id} AND x.org_id = ${item.org_id})`.as('own'),
    ])
    .where('l.active', '=', true)
    .where('l.quarantine', '=', false)
    .where('l.level', '=', 'bin')
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM product_locations y WHERE y.location_id = l.id AND y.stock <> 0
                              AND NOT (y.product_id = ${item.product_id} AND y.org_id = ${item.org_id}))`,
    )
    // Not a bin another pending item holds for another product (refuseReservedLocation refuses putting there).
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM inbound_items r WHERE ${reservedForOtherProduct(
        'r',
        sql`l.id`,
        { orgId: item.org_id, productId: item.product_id },
        item.id,
      )})`,
    );
  if (body.type) q = q.where('l.type', '=', body.type);
  if (have.length) q = q.where('l.id', 'not in', have);
  const found = await q
    .orderBy(sql`2`, 'desc')
    .orderBy('l.sequence')
    .orderBy('l.name')
    .limit(body.amount)
    .execute();
  return updateItem(ctx, id, { reserved_locations: JSON.stringify([...have, ...found.map((f) => f.id)]) });
}

/** Drops one reserved location (spec 2 §7 `PUT /inbound_item/deleteLocation/{id}/{locationId}`). */
export async function dropReservedLocation(
  ctx: InboundContext,
  id: string,
  locationId: string | null,
): Promise<InboundItem> {
  const item = await lockInboundItem(ctx, id);
  const left =
    locationId === null ? [] : (item.reserved_locations as string[]).filter((l) => l !== locationId);
  return updateItem(ctx, id, { reserved_locations: JSON.stringify(left) });
}

/** Marks the inbound checked in when every item of it is (spec 2 §7, §4 Inbound). */
async function closeInboundIfDone(ctx: TenantScope, inboundId: string): Promise<void> {
  await tenantSql(ctx)
    .updateTable('inbounds as ib')
    .set({ status: 'checked_in', checked_in_at: sql`now()` })
    .where('ib.id', '=', inboundId)
    .where(orgScope(ctx, 'ib'))
    .where('ib.status', '=', 'pending')
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM inbound_items x WHERE x.inbound_id = ib.id AND x.status = 'pending')`,
    )
    .execute();
}

/**
 * Submits a counted item (spec 2 §7 `PUT /inbound_item/submitInboundItem/{id}`): its pieces are on locations
 * already (placed through the ledger); the inbound becomes checked_in when all its items are submitted.
 */
export async function submitInboundItem(ctx: InboundContext, id: string): Promise<InboundItem> {
  const item = await lockInboundItem(ctx, id);
  await lockInbound(ctx, item.inbound_id);
  if (item.status !== 'pending')
    throw problem(submitInboundItemEndpoint, 'inbound_item_submitted', 'Dit item is al ingecheckt');
  await tenantSql(ctx)
    .updateTable('inbound_items as it')
    .set({ status: 'checked_in', submitted_at: sql`now()`, reserved_locations: '[]' })
    .where('it.id', '=', id)
    .where(orgScope(ctx, 'it'))
    .execute();
  await closeInboundIfDone(ctx, item.inbound_id);
  return getInboundItem(ctx, id);
}

/**
 * Direct check-in (spec 2 §2 Direct check-in): one inbound of the current organisation made and checked in at
 * once; each product's pieces go onto the chosen location through the stock ledger (reason `checkin`).
 */
export async function directCheckin(
  ctx: InboundContext,
  orgId: string,
  body: z.output<typeof DirectCheckinBodySchema>,
): Promise<Inbound> {
  // Every chosen location before anything is made: an inactive or quarantine one (issue 12) makes nothing.
  const locations = await systemSql(ctx.db)
    .selectFrom('locations')
    .select(['id', 'name', 'active', 'quarantine'])
    .where(
      'id',
      'in',
      body.items.map((i) => i.location_id),
    )
    .execute();
  for (const line of body.items) {
    const loc = locations.find((l) => l.id === line.location_id);
    if (!loc) throw notFound(`Location ${line.location_id} not found`);
    if (!loc.active)
      throw problem(directCheckinEndpoint, 'location_inactive', `Location ${loc.name} is not active`);
    if (loc.quarantine)
      throw problem(directCheckinEndpoint, 'location_quarantine', quarantineRefusal(loc.name));
    await refuseReservedLocation(ctx, directCheckinEndpoint, { orgId, productId: line.product_id }, loc);
  }
  const made = await createInbound(
    ctx,
    orgId,
    {
      type: body.type,
      information: body.information,
      items: body.items.map((i) => ({ product_id: i.product_id, units: i.amount, packed_per: 1 })),
    },
    { direct: true },
  );
  // Every product before the first ledger row (ADR 0106), not one by one in the body's order.
  await lockProducts(
    ctx,
    body.items.map((i) => i.product_id),
  );
  for (const [n, line] of body.items.entries()) {
    const item = made.items[n] as InboundItem;
    await applyStockChange(ctx, {
      orgId,
      productId: line.product_id,
      locationId: line.location_id,
      delta: line.amount,
      reason: 'checkin',
      userId: ctx.userId,
      note: `inbound item ${item.id}`,
    });
    await tenantSql(ctx)
      .updateTable('inbound_items as it')
      .set({
        pieces_checked_in: sql`it.pieces_checked_in + ${line.amount}::int`,
        status: 'checked_in',
        submitted_at: sql`now()`,
      })
      .where('it.id', '=', item.id)
      .where(orgScope(ctx, 'it'))
      .execute();
  }
  await closeInboundIfDone(ctx, made.id);
  return getInbound(ctx, made.id);
}

/** Adds a damage photo to an item (spec 2 §7 `PUT /inventory/checkin/images/{id}`, §5: jpeg/png/webp, 5 MB). */
export async function addInboundImage(
  ctx: InboundContext,
  dataDir: string,
  id: string,
  body: unknown,
  fileName: string,
): Promise<InboundItem> {
  const item = await lockInboundItem(ctx, id);
  const stored = await storeImage(dataDir, 'inbound', item.id, body, fileName);
  const images = [...(item.images as Image[]), { ...stored, name: fileName }];
  return updateItem(ctx, id, { images: JSON.stringify(images) });
}

/**
 * The bytes and type of one photo of an inbound item (issue 10): the item must be one of the caller's organisations'
 * and the photo one of its own; 404 otherwise.
 */
export async function inboundImage(
  ctx: TenantScope,
  dataDir: string,
  id: string,
  imageId: string,
): Promise<{ bytes: Buffer; mime: string }> {
  const item = await getInboundItem(ctx, id);
  const image = item.images.find((i) => i.id === imageId);
  if (!image) throw notFound(`Image ${imageId} not found`);
  return {
    bytes: await readImage(dataDir, 'inbound', item.id, image.id, image.mime as ImageType),
    mime: image.mime,
  };
}

/** Announced items not yet fully received (spec 2 §7 `GET /pending-items-report`), soonest expected first. */
export async function pendingItemsReport(
  ctx: TenantScope,
  page: { skip: number; limit: number },
): Promise<{ items: z.output<typeof PendingItemSchema>[]; total: number; skip: number; limit: number }> {
  const base = tenantSql(ctx)
    .selectFrom('inbound_items as it')
    .innerJoin('inbounds as ib', 'ib.id', 'it.inbound_id')
    .where(orgScope(ctx, 'it'))
    .where(orgScope(ctx, 'ib'))
    .where('it.status', '=', 'pending')
    // An item still pending is of a pending inbound (one is checked in only when none of its items is pending:
    // closeInboundIfDone); said, so the join reads the pending inbounds and not a year of checked-in ones (issue 8).
    .where('ib.status', '=', 'pending');
  const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('products as p', 'p.id', 'it.product_id')
    .innerJoin('organisations as o', 'o.id', 'it.org_id')
    .where(orgScope(ctx, 'p'))
    .select([
      'ib.id as inbound_id',
      'ib.inbound_number',
      'it.id as item_id',
      'o.name as org_name',
      'p.ean',
      'p.name',
      sql<string | null>`to_char(ib.expected_delivery, 'YYYY-MM-DD')`.as('expected_delivery'),
      'it.pieces_expected',
      'it.pieces_checked_in',
    ])
    .orderBy('ib.expected_delivery')
    .orderBy('it.id')
    .offset(page.skip)
    .limit(page.limit)
    .execute();
  return {
    items: rows.map((r) =>
      Object.assign(r, { pieces_open: Math.max(0, r.pieces_expected - r.pieces_checked_in) }),
    ),
    total: Number(count.n),
    ...page,
  };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new secret link token of the public inbound calendar for the organisation (docs/security.md "Inbound
 * calendar"): 32 random bytes, base64url; only its SHA-256 is stored, and a new one replaces the old.
 */
export async function newCalendarToken(ctx: TenantScope, orgId: string): Promise<{ token: string }> {
  const token = randomBytes(32).toString('base64url');
  await systemSql(ctx.db)
    .updateTable('organisations')
    .set({ inbound_calendar_token_hash: hashToken(token) })
    .where('id', '=', orgId)
    .execute();
  return { token };
}

/** The organisation whose public calendar link `token` is (a secret link, spec 2 §2); 404 when unknown or replaced. */
async function calendarOwner(db: TenantScope['db'], token: string) {
  const org = await systemSql(db)
    .selectFrom('organisations')
    .select(['id', 'name'])
    .where('inbound_calendar_token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!org) throw notFound('Unknown calendar link');
  return org;
}

/**
 * The public calendar's events (spec 2 §2 Inbound calendar, §9) of the organisation owning `token`, expected or
 * checked in from `from` to `to` (dates, inclusive; at most 2,000); a missing expected date counts as 1800-01-01.
 * Each event is a summary: status, number, type, track and trace, its lines and pieces summed by the database
 * ({@link itemSummaries}; issue 8, bounded per event), and no contact person, e-mail, phone or address. An opened
 * event reads its items ({@link calendarEventItems}). 404 for an unknown or replaced link.
 */
export async function calendar(db: TenantScope['db'], token: string, from: string, to: string) {
  const org = await calendarOwner(db, token);
  const scope: TenantScope = { db, orgIds: [org.id] };
  const rows = await tenantSql(scope)
    .selectFrom('inbounds as ib')
    .select([
      'ib.id',
      'ib.inbound_number',
      'ib.type',
      'ib.status',
      'ib.track_trace',
      sql<string>`to_char(COALESCE(ib.expected_delivery, DATE '1800-01-01'), 'YYYY-MM-DD')`.as(
        'expected_delivery',
      ),
      'ib.checked_in_at',
    ])
    .where(orgScope(scope, 'ib'))
    .where(inCalendarRange(from, to))
    .orderBy('ib.expected_delivery')
    .limit(2000)
    .execute();
  const summaryOf = await itemSummaries(
    scope,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => {
      const sum = summaryOf(r.id);
      return {
        id: r.id,
        inbound_number: r.inbound_number,
        title: `${org.name} ${r.inbound_number}`,
        type: r.type as Inbound['type'],
        status: r.status as Status,
        progress: inboundProgress({ status: r.status as Status, pieces_checked_in: sum.pieces_checked_in }),
        track_trace: r.track_trace,
        expected_delivery: r.expected_delivery,
        checked_in_at: iso(r.checked_in_at),
        item_count: sum.item_count,
        pieces_expected: sum.pieces_expected,
        pieces_checked_in: sum.pieces_checked_in,
      };
    }),
  };
}

/**
 * The items of inbound `id` for an opened event of the public calendar of `token` (spec 2 §2: EAN, name, units ×
 * packed per, expected and checked-in pieces; our `GET /inbounds-report/{token}/{id}`), in the inbound's order; no
 * ids or personal data. 404 when the link is unknown or replaced or the inbound is not the link's organisation's.
 */
export async function calendarEventItems(db: TenantScope['db'], token: string, id: string) {
  const org = await calendarOwner(db, token);
  const scope: TenantScope = { db, orgIds: [org.id] };
  const inbound = await tenantSql(scope)
    .selectFrom('inbounds as ib')
    .select('ib.id')
    .where(orgScope(scope, 'ib'))
    .where('ib.id', '=', id)
    .executeTakeFirst();
  if (!inbound) throw notFound(`Inbound met ID: ${id} bestaat niet`);
  const items = await loadItems(scope, { inboundIds: [id] });
  return { items: items.map(calendarItemOf) };
}

/**
 * The short announcement form (spec 2 §7 `POST /inventory/add_inventory`): per product its pieces in `coli` boxes
 * or on `pallets` (packed per = pieces ÷ boxes, rounded up; one box of all pieces without either); the type is a
 * pallet when any line is on pallets; the information is the current organisation's, expected today.
 */
export async function addInventory(
  ctx: InboundContext,
  orgId: string,
  body: z.output<typeof AddInventoryBodySchema>,
): Promise<Inbound> {
  const org = await systemSql(ctx.db)
    .selectFrom('organisations')
    .select(['name', 'contact_person', 'contact_person_email', 'phone', 'address'])
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  const address = org.address as Record<string, string | undefined>;
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
  const anyPallets = body.products.some((p) => (p.pallets ?? 0) > 0 || p.type === 'pallet');
  return createInbound(ctx, orgId, {
    type: anyPallets ? 'pallet' : (body.products[0]?.type ?? 'package'),
    information: {
      contact_person: org.contact_person || org.name,
      contact_person_email: org.contact_person_email || 'onbekend@example.nl',
      phone: org.phone || '-',
      shipping_address: orgAddressLine(address) || org.name,
      track_trace: '-',
      expected_delivery: today,
    },
    items: body.products.map((p) => {
      const boxes = p.coli || p.pallets || 1;
      return { product_id: p.product, units: boxes, packed_per: Math.ceil(p.amount / boxes) };
    }),
  });
}

/**
 * Checks a whole inbound in (spec 2 §7 `POST /inventory/checkin`): every pending item is submitted as counted, so
 * the inbound becomes checked_in. 409 `inbound_not_pending` when it is checked in already.
 */
export async function checkinInbound(ctx: InboundContext, id: string): Promise<Inbound> {
  const ib = await lockInbound(ctx, id);
  if (ib.status !== 'pending')
    throw problem(inventoryCheckinEndpoint, 'inbound_not_pending', 'Deze inbound is al ingecheckt');
  await tenantSql(ctx)
    .updateTable('inbound_items as it')
    .set({ status: 'checked_in', submitted_at: sql`now()`, reserved_locations: '[]' })
    .where('it.inbound_id', '=', id)
    .where('it.status', '=', 'pending')
    .where(orgScope(ctx, 'it'))
    .execute();
  await closeInboundIfDone(ctx, id);
  return getInbound(ctx, id);
}

/**
 * Moves pieces of an item from a temporary place onto a location (spec 2 §7 `PUT /inbound_item/addTransfer/{id}/
 * {departedLocationId}`): two `transfer` ledger rows through {@link applyStockChange} with one transfer id, and an
 * entry in the item's transfers. 400 when nothing (or too little) of the product lies on the departed place.
 */
export async function addTransfer(
  ctx: InboundContext,
  id: string,
  departedId: string,
  body: { location_id?: string | undefined; amount?: number | undefined },
): Promise<InboundItem> {
  // The product before the item and its place (ADR 0106), as a check-in scan of the item takes them
  // (`assignLocation`: product, then item); the item's product does not change, so an unlocked read names it.
  const peek = await tenantSql(ctx)
    .selectFrom('inbound_items as it')
    .select('it.product_id')
    .where('it.id', '=', id)
    .where(orgScope(ctx, 'it'))
    .executeTakeFirst();
  if (peek) await lockProducts(ctx, [peek.product_id]);
  const item = await lockInboundItem(ctx, id);
  const destId = body.location_id ?? (item.reserved_locations as string[])[0];
  if (!destId) throw refusal('Reserve a location first, or choose one', 'missing', { field: 'location_id' });
  if (destId === departedId)
    throw refusal('The pieces are on that location already: choose another one', 'same_location', {
      field: 'location_id',
    });
  const dest = await systemSql(ctx.db)
    .selectFrom('locations')
    .select(['id', 'name', 'active', 'quarantine'])
    .where('id', '=', destId)
    .executeTakeFirst();
  if (!dest) throw notFound(`Location ${destId} not found`);
  if (!dest.active)
    throw problem(addTransferEndpoint, 'location_inactive', `Location ${dest.name} is not active`);
  // Onto a quarantine location no (issue 12); off one (the departed place) yes.
  if (dest.quarantine)
    throw problem(addTransferEndpoint, 'location_quarantine', quarantineRefusal(dest.name));
  await refuseReservedLocation(
    ctx,
    addTransferEndpoint,
    { orgId: item.org_id, productId: item.product_id },
    dest,
    id,
  );
  const link = await tenantSql(ctx)
    .selectFrom('product_locations as pl')
    .select(['pl.stock'])
    .where('pl.product_id', '=', item.product_id)
    .where('pl.location_id', '=', departedId)
    .where(orgScope(ctx, 'pl'))
    .forUpdate()
    .executeTakeFirst();
  const amount = body.amount ?? link?.stock ?? 0;
  if (!link || amount < 1 || amount > link.stock)
    throw refusal(
      `Only ${link?.stock ?? 0} pieces lie on the departed place; ${amount} cannot move`,
      'not_enough_stock',
      { field: 'amount', limit: link?.stock ?? 0, value: String(amount) },
    );
  const transferId = newId();
  const base = {
    orgId: item.org_id,
    productId: item.product_id,
    reason: 'transfer' as const,
    userId: ctx.userId,
    transferId,
  };
  await applyStockChange(ctx, {
    ...base,
    locationId: departedId,
    delta: -amount,
    note: `inbound item ${id} to ${dest.name}`,
  });
  await applyStockChange(ctx, { ...base, locationId: dest.id, delta: amount, note: `inbound item ${id}` });
  const transfers = [
    ...((item.transfers as unknown[]) ?? []),
    {
      transfer_id: transferId,
      departed_location_id: departedId,
      arrived_location_id: dest.id,
      stock: amount,
      departed_at: new Date().toISOString(),
    },
  ];
  return updateItem(ctx, id, { transfers: JSON.stringify(transfers) });
}

/**
 * More arrived than announced (spec 2 §7 `POST /inventory/checkin/expand_amounts/{id}`): items of the inbound whose
 * checked-in pieces exceed the expected ones get as many boxes as those pieces fill; expected = boxes × packed per.
 */
export async function expandAmounts(ctx: InboundContext, inboundId: string): Promise<Inbound> {
  await lockInbound(ctx, inboundId);
  await tenantSql(ctx)
    .updateTable('inbound_items as it')
    .set({
      units: sql<number>`CEIL(it.pieces_checked_in::numeric / it.packed_per)::int`,
      pieces_expected: sql<number>`CEIL(it.pieces_checked_in::numeric / it.packed_per)::int * it.packed_per`,
    })
    .where('it.inbound_id', '=', inboundId)
    .where(sql<boolean>`it.pieces_checked_in > it.pieces_expected`)
    .where(orgScope(ctx, 'it'))
    .execute();
  return getInbound(ctx, inboundId);
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The inbound screens' product search (spec 2 §5 Product EAN search (inbound), §7 `GET /products_org/ean/{text}`,
 * `GET /products/search`): the organisation's active products whose EAN or SKU starts with `prefix`, or whose name,
 * EAN or SKU contains `contains`; exact EAN first, then by name.
 */
export async function searchInboundProducts(
  ctx: TenantScope,
  orgId: string,
  by: { prefix?: string; contains?: string },
  limit: number,
) {
  const scope: TenantScope = { db: ctx.db, orgIds: ctx.orgIds.filter((o) => o === orgId) };
  let q = tenantSql(scope)
    .selectFrom('products as p')
    .select(['p.id', 'p.org_id', 'p.ean', 'p.bsku', 'p.name', 'p.img_url'])
    .where(orgScope(scope, 'p'))
    .where('p.active', '=', true);
  const text = by.prefix ?? by.contains ?? '';
  if (by.prefix) {
    const like = `${likeEscape(by.prefix)}%`;
    q = q.where((eb) => eb.or([eb('p.ean', 'like', like), eb('p.bsku', 'like', like)]));
  } else if (by.contains) {
    const like = `%${likeEscape(by.contains.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['p.name']), 'like', like),
        eb('p.ean', 'like', like),
        eb(eb.fn('lower', ['p.bsku']), 'like', like),
      ]),
    );
  }
  const products = await q
    .orderBy(sql`(p.ean = ${text})`, 'desc')
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return { products };
}
