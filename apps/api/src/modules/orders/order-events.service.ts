import type { MarkShippedBody, TrackingEvent } from '@hoppa/core';
import { orderShippedEndpoint, trackingStatusOf } from '@hoppa/core';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { carrierByCode } from '../../lib/carriers/index.ts';
import { notFound, problem } from '../../lib/errors.ts';

/**
 * `POST /order/shipped/{id}` (spec 1 §7; ADR 0041): the carrier of the order's latest shipment records that the
 * parcel was handed over (B01 for the local carrier) or, with `status: 'delivered'`, delivered (I11, which implies
 * handed over), at `now`, by `userId`; repeating answers the event already there. Errors: 404 order not visible;
 * 409 `not_shipped` while the order has no shipment (no label yet).
 */
export async function markOrderShipped(
  ctx: TenantScope,
  userId: string,
  { params, body }: { params: { id: string }; body: MarkShippedBody },
  now = new Date(),
): Promise<{ ok: true; code: string; at: string }> {
  return ctx.db.transaction(async (tx) => {
    const scope = { db: tx, orgIds: ctx.orgIds };
    const order = await tenantSql(scope)
      .selectFrom('orders as o')
      .select(['o.id', 'o.order_id'])
      .where('o.id', '=', params.id)
      .where(orgScope(scope, 'o'))
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound('Order not found');
    const shipment = await tenantSql(scope)
      .selectFrom('shipments as s')
      .select(['s.id', 's.org_id', 's.carrier'])
      .where('s.order_id', '=', order.id)
      .where(orgScope(scope, 's'))
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!shipment)
      throw problem(
        orderShippedEndpoint,
        'not_shipped',
        `Order ${order.order_id} has no label yet; ship it first`,
      );
    const event = await carrierByCode(shipment.carrier).recordMilestone(
      { db: tx, now },
      { id: shipment.id, orgId: shipment.org_id, orderId: order.id },
      body.status,
      userId,
    );
    return { ok: true as const, code: event.code, at: event.at.toISOString() };
  });
}

/**
 * The carrier events of an order's parcels, oldest first (spec 1 §3 shipment_status), for `GET /order/get/{id}`, each
 * with its status for the apps to translate (core `trackingStatusOf` of its shipment's carrier and the code).
 */
export async function eventsOfOrder(ctx: TenantScope, orderId: string): Promise<TrackingEvent[]> {
  const rows = await tenantSql(ctx)
    .selectFrom('order_events as e')
    .leftJoin('shipments as s', (j) => j.onRef('s.id', '=', 'e.shipment_id').on(orgScope(ctx, 's')))
    .select(['e.code', 'e.description', 'e.at', 's.carrier'])
    .where('e.order_id', '=', orderId)
    .where(orgScope(ctx, 'e'))
    .orderBy('e.at')
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({
    code: r.code,
    status: trackingStatusOf(r.carrier ?? '', r.code),
    description: r.description,
    at: r.at.toISOString(),
  }));
}
