import {
  amsterdamDay,
  amsterdamDayOf,
  type BolShipmentList,
  type BolShipmentListBody,
  BolShipmentListBodySchema,
} from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { BOL_CARRIER_CODE } from '../../lib/carriers/index.ts';
import { toConfirmation } from './marketplace-confirmations.service.ts';

/**
 * The bol shipment list of a day (spec 1 §7 `POST /orders/bol/shipmentlist`; read in ADR 0045): the shipments of
 * bol and bol_be orders made that Amsterdam day — those owing bol a confirmation, so every parcel that left for bol
 * whatever carrier took it — newest first, one server page, with the day's counts per confirmation state. One query
 * over `marketplace_confirmations` (every shipped bol order has exactly one), joined to its shipment and order; the
 * day filter reads the shipments' `(org_id, created_at)` index.
 */
export async function bolShipmentList(
  scope: TenantScope,
  input: BolShipmentListBody,
): Promise<BolShipmentList> {
  const body = BolShipmentListBodySchema.parse(input);
  const date = body.date ?? amsterdamDay();
  const day = amsterdamDayOf(date);
  const base = tenantSql(scope)
    .selectFrom('marketplace_confirmations as m')
    .innerJoin('shipments as s', 's.id', 'm.shipment_id')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .innerJoin('organisations as org', 'org.id', 'm.org_id')
    .where(orgScope(scope, 'm'))
    .where(orgScope(scope, 's'))
    .where(orgScope(scope, 'o'))
    .where('s.created_at', '>=', new Date(day.start))
    .where('s.created_at', '<=', new Date(day.end))
    .$if(!!body.platform, (q) => q.where('m.platform', '=', body.platform as string));
  const counts = await base
    .select(['m.status', sql<number>`count(*)::int`.as('n')])
    .groupBy('m.status')
    .execute();
  const count = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  const filtered = base.$if(!!body.status, (q) => q.where('m.status', '=', body.status as string));
  const rows = await filtered
    .select([
      's.id as shipment_id',
      'o.id as order__id',
      'o.order_id',
      'org.name as org_name',
      'm.platform',
      's.created_at as shipped_at',
      's.carrier',
      's.tracking_number',
      'm.order_item_ids',
      'm.status',
      'm.attempts',
      'm.last_error',
      'm.transporter_code',
      'm.track_and_trace',
      'm.confirmed_at',
      'm.next_attempt_at',
    ])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .offset(body.skip)
    .limit(body.limit)
    .execute();
  const total = body.status ? count(body.status) : counts.reduce((n, c) => n + c.n, 0);
  return {
    items: rows.map((r) => ({
      shipment_id: r.shipment_id,
      order__id: r.order__id,
      order_id: r.order_id,
      org_name: r.org_name,
      platform: r.platform as 'bol' | 'bol_be',
      shipped_at: r.shipped_at.toISOString(),
      carrier: r.carrier,
      bol_label: r.carrier === BOL_CARRIER_CODE,
      tracking_number: r.tracking_number,
      order_items: (r.order_item_ids as string[]).length,
      confirmation: toConfirmation(r),
    })),
    total,
    skip: body.skip,
    limit: body.limit,
    date,
    counts: { pending: count('pending'), confirmed: count('confirmed'), failed: count('failed') },
  };
}
