import type { LabelRunBody, LabelRunItem, Page } from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * The labels made in `[startDate, endDate]`, oldest first, one page (spec 2 §2 Label printing, §7 `POST /labels/`):
 * the shipments of that range with their order and merchant, read from the shipments' moment indexes (migration
 * 0100); each label's PDF is the existing `GET /shipments/:id/label` (the local carrier's A6 label).
 */
export async function labelRun(
  ctx: TenantScope,
  body: LabelRunBody,
  page: { skip: number; limit: number },
): Promise<Page<LabelRunItem>> {
  const q = tenantSql(ctx);
  const base = q
    .selectFrom('shipments as s')
    .where(orgScope(ctx, 's'))
    .where('s.created_at', '>=', new Date(body.startDate))
    .where('s.created_at', '<=', new Date(body.endDate))
    // An own shipment ('Eigen verzendwijze', ADR 0044) has no label to print.
    .where('s.label_pdf', 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .innerJoin('organisations as g', 'g.id', 's.org_id')
      .where(orgScope(ctx, 'o'))
      .select([
        's.id as shipment_id',
        'o.id as order_id',
        'o.order_id as order_number',
        'g.name as org_name',
        's.created_at',
        's.carrier',
        's.tracking_number',
        's.label_printed_at',
      ])
      .orderBy('s.created_at')
      .orderBy('s.id')
      .offset(page.skip)
      .limit(page.limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(({ created_at, label_printed_at, ...r }) =>
      Object.assign(r, {
        created_at: created_at.toISOString(),
        printed_at: label_printed_at?.toISOString() ?? null,
      }),
    ),
    total: count.n,
    skip: page.skip,
    limit: page.limit,
  };
}

/**
 * Records that a print run printed the shipment's label (spec 2 §2 Label printing: "after printing, the order is
 * marked shipped"; the order's status is 'shipped' since its label was made, so what the print adds is the moment
 * the parcel was handed over). The first print's moment and person stay. 404 for a shipment not visible.
 */
export async function markLabelPrinted(
  ctx: TenantScope & { userId: string },
  shipmentId: string,
  now = new Date(),
): Promise<{ shipment_id: string; printed_at: string }> {
  const row = await tenantSql(ctx)
    .updateTable('shipments as s')
    .set({
      label_printed_at: sql`coalesce(s.label_printed_at, ${now})`,
      label_printed_by: sql`coalesce(s.label_printed_by, ${ctx.userId})`,
    })
    .where(orgScope(ctx, 's'))
    .where('s.id', '=', shipmentId)
    .returning(['s.id', 's.label_printed_at'])
    .executeTakeFirst();
  if (!row?.label_printed_at) throw notFound(`Shipment ${shipmentId} not found`);
  return { shipment_id: row.id, printed_at: row.label_printed_at.toISOString() };
}
