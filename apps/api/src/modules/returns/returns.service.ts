import {
  type CreateReturnBody,
  createReturnEndpoint,
  fullReturnPart,
  isReturnSellable,
  newId,
  type Return,
  type ReturnAction,
  type ReturnItemPart,
  type ReturnReasonCode,
  type ReturnSearchResultSchema,
  type ReturnUpdateBody,
  returnFulfillEndpoint,
  returnUpdateEndpoint,
} from '@hoppa/core';
import { sql } from 'kysely';
import type { z } from 'zod';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, orgScopeSql, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { newLocalTrackingNumber } from '../../lib/carriers/local.carrier.ts';
import { notFound, problem, refusal } from '../../lib/errors.ts';
import { type ImageType, readImage, storeImage } from '../../lib/images.ts';
import { applyStockChange } from '../stock/index.ts';

/** Who is asking (the stock ledger and the return record name the user). */
export interface ReturnsContext extends TenantScope {
  userId: string;
}

type ReturnRow = {
  id: string;
  return_number: string;
  org_id: string;
  org_name: string;
  order_id: string;
  shop_order_id: string;
  platform: string;
  tracking_number: string;
  carrier: string;
  reason: string;
  customer_comments: string | null;
  registered_at: Date | string;
  closed_at: Date | string | null;
};

type ItemRow = {
  id: string;
  return_id: string;
  product_id: string;
  ean: string;
  title: string;
  expected_quantity: number;
  received_quantity: number | null;
  product_state: string | null;
  damaged_package: boolean;
  damaged_product: boolean;
  damaged_product_package: boolean;
  return_action: ReturnAction;
  fulfilled_at: Date | string | null;
  quarantined: boolean | null;
  parts: ReturnItemPart[];
  restocked_quantity: number | null;
  loc_id: string | null;
  loc_name: string | null;
  loc_parent: string | null;
  return_instruction: string | null;
};

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** The returns with these ids as the desk shows them (spec 2 §3 Return, Return item), in the order of `ids`. */
export async function returnsById(ctx: TenantScope, ids: readonly string[]): Promise<Return[]> {
  if (ids.length === 0) return [];
  const heads = await sql<ReturnRow>`
    SELECT r.id, r.return_number, r.org_id, org.name AS org_name, r.order_id, o.order_id AS shop_order_id, o.platform,
           r.tracking_number, r.carrier, r.reason, r.customer_comments, r.registered_at, r.closed_at
    FROM returns r JOIN orders o ON o.id = r.order_id JOIN organisations org ON org.id = r.org_id
    WHERE r.id = ANY(${ids}::char(24)[]) AND ${orgScopeSql(ctx, 'r')}`.execute(systemSql(ctx.db));
  // Each item with its product's pick location: the first active, non-quarantine location in the product's order.
  const items = await sql<ItemRow>`
    SELECT i.id, i.return_id, i.product_id, i.ean, i.title, i.expected_quantity, i.received_quantity, i.product_state,
           i.damaged_package, i.damaged_product, i.damaged_product_package, i.return_action, i.fulfilled_at,
           i.quarantined, i.parts, i.restocked_quantity, loc.id AS loc_id, loc.name AS loc_name, parent.name AS loc_parent,
           p.return_instruction
    FROM return_items i
    JOIN products p ON p.id = i.product_id
    LEFT JOIN LATERAL (
      SELECT pl.location_id FROM product_locations pl JOIN locations l ON l.id = pl.location_id
      WHERE pl.product_id = i.product_id AND pl.active AND l.active AND NOT l.quarantine AND ${orgScopeSql(ctx, 'pl')}
      ORDER BY pl.position, pl.created_at LIMIT 1
    ) first ON true
    LEFT JOIN locations loc ON loc.id = first.location_id
    LEFT JOIN locations parent ON parent.id = loc.parent_id
    WHERE i.return_id = ANY(${ids}::char(24)[]) AND ${orgScopeSql(ctx, 'i')}
    ORDER BY i.title, i.id`.execute(systemSql(ctx.db));
  const images = await tenantSql(ctx)
    .selectFrom('return_images as m')
    .select(['m.id', 'm.return_id', 'm.mime', 'm.file_name'])
    .where('m.return_id', 'in', [...ids])
    .where(orgScope(ctx, 'm'))
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
  const byId = new Map(heads.rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        return_number: r.return_number,
        org_id: r.org_id,
        org_name: r.org_name,
        order_id: r.order_id,
        shop_order_id: r.shop_order_id,
        platform: r.platform,
        tracking_number: r.tracking_number,
        carrier: r.carrier,
        reason: r.reason,
        customer_comments: r.customer_comments,
        registered_at: iso(r.registered_at) as string,
        closed_at: iso(r.closed_at),
        items: items.rows
          .filter((i) => i.return_id === id)
          .map((i) => ({
            id: i.id,
            product_id: i.product_id,
            ean: i.ean,
            title: i.title,
            return_instruction: i.return_instruction,
            location: i.loc_id
              ? { id: i.loc_id, name: i.loc_name as string, parent_name: i.loc_parent }
              : null,
            expected_quantity: i.expected_quantity,
            received_quantity: i.received_quantity,
            product_state: i.product_state,
            damaged_package: i.damaged_package,
            damaged_product: i.damaged_product,
            damaged_product_package: i.damaged_product_package,
            return_action: i.return_action,
            fulfilled_at: iso(i.fulfilled_at),
            quarantined: i.quarantined,
            parts: i.parts,
            restocked_quantity: i.restocked_quantity,
          })),
        images: images
          .filter((m) => m.return_id === id)
          .map((m) => ({ id: m.id, mime: m.mime, file_name: m.file_name })),
      },
    ];
  });
}

/** One return, or 404. */
async function oneReturn(ctx: TenantScope, id: string): Promise<Return> {
  const [r] = await returnsById(ctx, [id]);
  if (!r) throw notFound(`Return ${id} not found`);
  return r;
}

/** A return number as printed and searched: R and eight digits. */
function newReturnNumber(): string {
  return `R${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/**
 * Creates a return for a shipped order (spec 2 §7 `POST /returns/create`, `POST /returns/from_order`), in the
 * caller's transaction: each line's quantity at most what was shipped minus what earlier returns expect back (409
 * `return_quantity`), the order shipped (409 `not_shipped`), a return number and a local-carrier tracking number for
 * the label. 404 for an order or line the caller cannot see.
 */
export async function createReturn(
  ctx: ReturnsContext,
  input: {
    order_id: string;
    items: CreateReturnBody['items'];
    reason: ReturnReasonCode;
    customer_comments?: string;
    sender: Record<string, unknown>;
  },
): Promise<Return> {
  const order = await tenantSql(ctx)
    .selectFrom('orders as o')
    .select(['o.id', 'o.org_id', 'o.status'])
    .where('o.id', '=', input.order_id)
    .where(orgScope(ctx, 'o'))
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound(`Order ${input.order_id} not found`);
  if (order.status !== 'shipped')
    throw problem(createReturnEndpoint, 'not_shipped', 'Only a shipped order can be returned');
  const open = await openToReturn(ctx, order.id);
  const byLine = new Map(open.map((l) => [l.id, l]));
  for (const item of input.items) {
    const line = byLine.get(item.order_line_id);
    if (!line) throw notFound(`Order line ${item.order_line_id} is not part of this order`);
    if (item.quantity > line.open)
      throw problem(
        createReturnEndpoint,
        'return_quantity',
        `${line.title}: ${line.open} of ${line.quantity} can still come back, not ${item.quantity}`,
      );
  }
  const id = newId();
  for (let attempt = 0; ; attempt++) {
    const number = newReturnNumber();
    const taken = await systemSql(ctx.db)
      .selectFrom('returns')
      .select('id')
      .where('return_number', '=', number)
      .executeTakeFirst();
    if (taken && attempt < 5) continue;
    await tenantSql(ctx)
      .insertInto('returns')
      .values({
        id,
        org_id: order.org_id,
        order_id: order.id,
        return_number: number,
        tracking_number: newLocalTrackingNumber(),
        carrier: 'local',
        reason: input.reason,
        customer_comments: input.customer_comments ?? null,
        sender: JSON.stringify(input.sender),
        created_by: ctx.userId,
      })
      .execute();
    break;
  }
  await tenantSql(ctx)
    .insertInto('return_items')
    .values(
      input.items.map((item) => {
        const line = byLine.get(item.order_line_id) as OpenLine;
        return {
          id: newId(),
          return_id: id,
          org_id: order.org_id,
          order_line_id: line.id,
          product_id: line.product_id,
          ean: line.ean,
          title: line.title,
          expected_quantity: item.quantity,
        };
      }),
    )
    .execute();
  return oneReturn(ctx, id);
}

type OpenLine = {
  id: string;
  product_id: string;
  ean: string;
  title: string;
  quantity: number;
  open: number;
};

/** The order's lines with what may still come back: shipped quantity minus what returns already expect. */
async function openToReturn(ctx: TenantScope, orderId: string): Promise<OpenLine[]> {
  const r = await sql<OpenLine>`
    SELECT l.id, l.product_id, l.ean, l.title, l.quantity,
           (l.quantity - coalesce((SELECT sum(i.expected_quantity) FROM return_items i
                                   WHERE i.order_line_id = l.id AND ${orgScopeSql(ctx, 'i')}), 0))::int AS open
    FROM order_lines l WHERE l.order_id = ${orderId} AND ${orgScopeSql(ctx, 'l')}
    ORDER BY l.position, l.id`.execute(systemSql(ctx.db));
  return r.rows;
}

/**
 * Per order line id, how many pieces may still come back (spec 2 §2 Return creation wizard): the line's quantity minus
 * what the order's returns already expect for that line, the very rule `createReturn` holds a new return to (409
 * `return_quantity` beyond it). For the order card's and the wizard's counts; the caller checks the order is shipped.
 */
export async function returnableByLine(ctx: TenantScope, orderId: string): Promise<Map<string, number>> {
  return new Map((await openToReturn(ctx, orderId)).map((l) => [l.id, Math.max(0, l.open)]));
}

/**
 * A return from an order at the desk (spec 2 §3 Return-from-order prompt): every piece shipped and not yet expected
 * back, the chosen reason, the order's delivery address as the sender. 409 `return_quantity` when nothing is left.
 */
export async function returnFromOrder(
  ctx: ReturnsContext,
  body: { orderId: string; reason_code: ReturnReasonCode },
): Promise<Return> {
  const order = await tenantSql(ctx)
    .selectFrom('orders as o')
    .select(['o.id', 'o.shipment_details'])
    .where('o.id', '=', body.orderId)
    .where(orgScope(ctx, 'o'))
    .executeTakeFirst();
  if (!order) throw notFound(`Order ${body.orderId} not found`);
  const lines = (await openToReturn(ctx, order.id)).filter((l) => l.open > 0);
  if (lines.length === 0)
    throw problem(
      createReturnEndpoint,
      'return_quantity',
      'Everything of this order is expected back already',
    );
  return createReturn(ctx, {
    order_id: order.id,
    items: lines.map((l) => ({ order_line_id: l.id, quantity: l.open })),
    reason: body.reason_code,
    sender: (order.shipment_details ?? {}) as Record<string, unknown>,
  });
}

/**
 * The desk's search (spec 2 §7 `GET /returns/get/{id}`): returns whose number or tracking number is `text`, with
 * an item of that EAN, or of the order with that number (the order detail lists its returns so), open ones first, at
 * most 20; else a shipped order with that order number or tracking number
 * (`order_found`). 404 when nothing matches.
 */
export async function searchReturns(
  ctx: TenantScope,
  text: string,
): Promise<z.infer<typeof ReturnSearchResultSchema>> {
  const q = text.trim();
  // Each way of matching is its own index look-up (return number, tracking number, an item's EAN, the order's
  // number); the candidates are then read by primary key. One `OR` over them made PostgreSQL read every return and,
  // for the order below, every shipped order (ADR 0099).
  const found = await sql<{ id: string }>`
    SELECT r.id FROM returns r
    WHERE ${orgScopeSql(ctx, 'r')}
      AND r.id IN (
        SELECT x.id FROM returns x WHERE x.return_number = ${q.toUpperCase()}
        UNION SELECT x.id FROM returns x WHERE x.tracking_number = ${q.toUpperCase()}
        UNION SELECT i.return_id FROM return_items i WHERE i.ean = ${q}
        UNION SELECT x.id FROM orders o JOIN returns x ON x.order_id = o.id
              WHERE o.order_id = ${q} AND ${orgScopeSql(ctx, 'o')})
    ORDER BY (r.closed_at IS NOT NULL), r.registered_at DESC, r.id
    LIMIT 20`.execute(systemSql(ctx.db));
  if (found.rows.length > 0)
    return {
      status: 'found',
      returns: await returnsById(
        ctx,
        found.rows.map((r) => r.id),
      ),
    };
  const order = await sql<{ id: string; shop_order_id: string; org_name: string }>`
    SELECT o.id, o.order_id AS shop_order_id, org.name AS org_name
    FROM orders o JOIN organisations org ON org.id = o.org_id
    WHERE ${orgScopeSql(ctx, 'o')} AND o.status = 'shipped'
      AND o.id IN (
        SELECT x.id FROM orders x WHERE x.order_id = ${q} AND ${orgScopeSql(ctx, 'x')}
        UNION SELECT x.id FROM orders x WHERE x.track_trace = ${q}
        UNION SELECT s.order_id FROM shipments s WHERE s.tracking_number = ${q})
    ORDER BY o.shipped_at DESC NULLS LAST, o.id
    LIMIT 1`.execute(systemSql(ctx.db));
  const o = order.rows[0];
  if (o) return { status: 'order_found', order: o };
  throw notFound(`No return or shipped order found for ${q}`);
}

/**
 * The returns desk's default list (`GET /returns/open`, issue 12): open returns (not closed) of the caller's
 * organisations, newest registered first, one page of `limit` from `skip`, with the total. Served by the partial index
 * `returns_open_idx` (migration 0185), so it stays a short index walk however many returns were closed before.
 */
export async function listOpenReturns(
  ctx: TenantScope,
  page: { skip: number; limit: number },
): Promise<{ items: Return[]; total: number; skip: number; limit: number }> {
  const ids = await sql<{ id: string }>`
    SELECT r.id FROM returns r
    WHERE r.closed_at IS NULL AND ${orgScopeSql(ctx, 'r')}
    ORDER BY r.registered_at DESC, r.id
    LIMIT ${page.limit} OFFSET ${page.skip}`.execute(systemSql(ctx.db));
  const total = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM returns r WHERE r.closed_at IS NULL AND ${orgScopeSql(ctx, 'r')}`.execute(
    systemSql(ctx.db),
  );
  return {
    items: await returnsById(
      ctx,
      ids.rows.map((r) => r.id),
    ),
    total: total.rows[0]?.n ?? 0,
    skip: page.skip,
    limit: page.limit,
  };
}

/** The item of a return with this EAN, locked for the change; 404 when there is none, 409 when it is closed. */
async function itemFor(
  ctx: TenantScope,
  returnId: string,
  ean: string,
  endpoint: typeof returnUpdateEndpoint | typeof returnFulfillEndpoint,
) {
  const item = await tenantSql(ctx)
    .selectFrom('return_items as i')
    .selectAll('i')
    .where('i.return_id', '=', returnId)
    .where('i.ean', '=', ean.trim())
    .where(orgScope(ctx, 'i'))
    .orderBy('i.fulfilled_at', (o) => o.nullsFirst())
    .orderBy('i.id')
    .forUpdate()
    .executeTakeFirst();
  if (!item) throw notFound(`Return ${returnId} has no item with EAN ${ean}`);
  if (item.fulfilled_at) throw problem(endpoint, 'return_closed', `${item.title} is closed already`);
  return item;
}

/**
 * Saves the desk's judgement of one item at once (spec 2 §7 `POST /returns`, §5 Return update). With `parts` the line
 * is judged in parts: they replace the saved ones (with their defaults filled in: no state, no damage,
 * RETURN_RECEIVED) and the received quantity becomes their sum; an empty list ends the split. A received quantity
 * sent without parts to a line judged in parts judges the line anew as a whole (the parts no longer add up), so the
 * split ends. Sending the same body again changes nothing.
 */
export async function updateReturnItem(ctx: TenantScope, body: ReturnUpdateBody): Promise<Return> {
  const item = await itemFor(ctx, body.return_id, body.ean, returnUpdateEndpoint);
  const parts: ReturnItemPart[] | undefined = body.parts?.map(fullReturnPart);
  const partsSum = parts && parts.length > 0 ? parts.reduce((n, p) => n + p.quantity, 0) : undefined;
  const savedParts = item.parts as ReturnItemPart[];
  const splitEnds =
    parts === undefined &&
    body.received_quantity !== undefined &&
    savedParts.length > 0 &&
    savedParts.reduce((n, p) => n + p.quantity, 0) !== body.received_quantity;
  const changes = {
    ...(body.received_quantity !== undefined ? { received_quantity: body.received_quantity } : {}),
    ...(partsSum !== undefined ? { received_quantity: partsSum } : {}),
    ...(parts !== undefined ? { parts: JSON.stringify(parts) } : {}),
    ...(splitEnds ? { parts: '[]' } : {}),
    ...(body.product_state !== undefined ? { product_state: body.product_state } : {}),
    ...(body.return_action !== undefined ? { return_action: body.return_action } : {}),
    ...(body.damaged_package !== undefined ? { damaged_package: body.damaged_package } : {}),
    ...(body.damaged_product !== undefined ? { damaged_product: body.damaged_product } : {}),
    ...(body.damaged_product_package !== undefined
      ? { damaged_product_package: body.damaged_product_package }
      : {}),
  };
  if (Object.keys(changes).length > 0)
    await tenantSql(ctx)
      .updateTable('return_items as i')
      .set(changes)
      .where('i.id', '=', item.id)
      .where(orgScope(ctx, 'i'))
      .execute();
  return oneReturn(ctx, body.return_id);
}

/** The warehouse's quarantine location, made on first need (a location the pick list never uses). */
async function quarantineLocation(ctx: TenantScope): Promise<string> {
  const found = await systemSql(ctx.db)
    .selectFrom('locations')
    .select('id')
    .where('quarantine', '=', true)
    .where('active', '=', true)
    .orderBy('sequence')
    .orderBy('id')
    .executeTakeFirst();
  if (found) return found.id;
  const provider = await systemSql(ctx.db)
    .selectFrom('organisations')
    .select('id')
    .where('kind', '=', 'provider')
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const id = newId();
  await systemSql(ctx.db)
    .insertInto('locations')
    .values({
      id,
      org_id: provider.id,
      parent_id: null,
      name: 'QUARANTAINE',
      level: 'bin',
      type: 'warehousing',
      sequence: 1_000_000,
      quarantine: true,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const made = await systemSql(ctx.db)
    .selectFrom('locations')
    .select('id')
    .where(sql<boolean>`lower(name) = 'quarantaine'`)
    .executeTakeFirstOrThrow();
  return made.id;
}

/**
 * Closes one item (spec 2 §7 `POST /returns/fulfill/{return_id}/{ean}`), in the caller's transaction: the received
 * quantity (the expected one when not set) goes back through the stock ledger with reason `return` and the return
 * number — sellable pieces onto `location_id` or the product's pick location, the rest onto the quarantine location,
 * per judged part when the line was judged in parts (one ledger row each way) — and the return closes when its last
 * item does. `restocked_quantity` records how many went back to sellable stock. 400 when sellable pieces have nowhere to go (scan a location);
 * 409 `location_inactive`, `return_closed`.
 */
export async function fulfillReturnItem(
  ctx: ReturnsContext,
  params: { return_id: string; ean: string },
  body: { location_id?: string },
): Promise<Return> {
  const item = await itemFor(ctx, params.return_id, params.ean, returnFulfillEndpoint);
  const ret = await oneReturn(ctx, params.return_id);
  const quantity = item.received_quantity ?? item.expected_quantity;
  const parts = item.parts as ReturnItemPart[];
  // Pieces judged sellable and not: per part when the line was judged in parts, else the line as a whole.
  const restocked =
    parts.length > 0
      ? parts.filter((p) => isReturnSellable(p)).reduce((n, p) => n + p.quantity, 0)
      : isReturnSellable(item)
        ? quantity
        : 0;
  const quarantined = quantity - restocked;
  const sellable = restocked > 0 || (parts.length === 0 && isReturnSellable(item));
  let locationId: string | null = null;
  if (sellable) {
    if (body.location_id) {
      const loc = await systemSql(ctx.db)
        .selectFrom('locations')
        .select(['id', 'name', 'active', 'quarantine'])
        .where('id', '=', body.location_id)
        .executeTakeFirst();
      if (!loc) throw notFound(`Location ${body.location_id} does not exist`);
      if (!loc.active || loc.quarantine)
        throw problem(
          returnFulfillEndpoint,
          'location_inactive',
          `Location ${loc.name} cannot take sellable stock`,
        );
      locationId = loc.id;
    } else {
      locationId = ret.items.find((i) => i.id === item.id)?.location?.id ?? null;
      if (!locationId && restocked > 0)
        throw refusal(`${item.title} has no location yet: scan the location to put it on`, 'no_location', {
          value: item.title,
        });
    }
  }
  if (restocked > 0 && locationId)
    await applyStockChange(ctx, {
      orgId: item.org_id,
      productId: item.product_id,
      locationId,
      delta: restocked,
      reason: 'return',
      userId: ctx.userId,
      note: `return ${ret.return_number}`,
    });
  const quarantineId = quarantined > 0 || !sellable ? await quarantineLocation(ctx) : null;
  if (quarantined > 0 && quarantineId)
    await applyStockChange(ctx, {
      orgId: item.org_id,
      productId: item.product_id,
      locationId: quarantineId,
      delta: quarantined,
      reason: 'return',
      userId: ctx.userId,
      note: `return ${ret.return_number} (quarantine)`,
    });
  await tenantSql(ctx)
    .updateTable('return_items as i')
    .set({
      fulfilled_at: new Date(),
      restock_location_id: sellable ? locationId : quarantineId,
      quarantined: quarantined > 0 || !sellable,
      received_quantity: quantity,
      restocked_quantity: restocked,
    })
    .where('i.id', '=', item.id)
    .where(orgScope(ctx, 'i'))
    .execute();
  const left = await tenantSql(ctx)
    .selectFrom('return_items as i')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('i.return_id', '=', params.return_id)
    .where('i.fulfilled_at', 'is', null)
    .where(orgScope(ctx, 'i'))
    .executeTakeFirstOrThrow();
  if (Number(left.n) === 0)
    await tenantSql(ctx)
      .updateTable('returns as r')
      .set({ closed_at: new Date() })
      .where('r.id', '=', params.return_id)
      .where(orgScope(ctx, 'r'))
      .execute();
  return oneReturn(ctx, params.return_id);
}

/** A return the caller may see, for its images: its id and organisation, or 404. */
async function returnOwner(ctx: TenantScope, id: string): Promise<{ id: string; org_id: string }> {
  const r = await tenantSql(ctx)
    .selectFrom('returns as r')
    .select(['r.id', 'r.org_id'])
    .where('r.id', '=', id)
    .where(orgScope(ctx, 'r'))
    .executeTakeFirst();
  if (!r) throw notFound(`Return ${id} not found`);
  return r;
}

/**
 * Adds an image to a return (spec 2 §7 `POST /returns/upload/{id}`): checked and stored by lib/images.ts under
 * `DATA_DIR/uploads/returns/<return id>/`, recorded in `return_images`. 404 for a return the caller cannot see.
 */
export async function addReturnImage(
  ctx: ReturnsContext,
  dataDir: string,
  id: string,
  body: unknown,
  fileName: string,
): Promise<{ id: string; mime: string; size: number }> {
  const r = await returnOwner(ctx, id);
  const stored = await storeImage(dataDir, 'returns', r.id, body, fileName);
  await tenantSql(ctx)
    .insertInto('return_images')
    .values({
      id: stored.id,
      return_id: r.id,
      org_id: r.org_id,
      mime: stored.mime,
      size: stored.size,
      file_name: fileName,
      created_by: ctx.userId,
    })
    .execute();
  return stored;
}

/** One image of a return, to those who may see the return (`GET /returns/image/{return_id}/{image_id}`), or 404. */
export async function returnImage(
  ctx: TenantScope,
  dataDir: string,
  returnId: string,
  imageId: string,
): Promise<{ bytes: Buffer; mime: string }> {
  const r = await returnOwner(ctx, returnId);
  const m = await tenantSql(ctx)
    .selectFrom('return_images as m')
    .select(['m.id', 'm.mime'])
    .where('m.id', '=', imageId)
    .where('m.return_id', '=', r.id)
    .where(orgScope(ctx, 'm'))
    .executeTakeFirst();
  if (!m) throw notFound(`Image ${imageId} not found`);
  return { bytes: await readImage(dataDir, 'returns', r.id, m.id, m.mime as ImageType), mime: m.mime };
}
