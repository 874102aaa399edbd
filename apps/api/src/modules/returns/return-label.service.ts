import { addressFromShipmentDetails } from '@hoppa/core';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { addressFromOrganisation } from '../../lib/carriers/address.ts';
import { notFound } from '../../lib/errors.ts';
import type { DocLang } from '../../lib/lang.ts';
import { buildShippingLabelPdf } from '../../lib/pdf/label.pdf.ts';

/**
 * The return label (spec 2 §7 `GET /returns/label/{id}`): an A6 label of the built-in local carrier from the customer
 * (the return's sender) to the warehouse (the provider's address), with the return's tracking number as Code 128 and
 * the order number; its title in `lang`, the requester's language. 404 for a return of another organisation.
 */
export async function returnLabelPdf(
  ctx: TenantScope,
  id: string,
  lang: DocLang = 'nl',
): Promise<{ pdf: Buffer; fileName: string }> {
  const r = await tenantSql(ctx)
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('organisations as org', 'org.id', 'r.org_id')
    .select(['r.return_number', 'r.tracking_number', 'r.sender', 'r.registered_at', 'o.order_id', 'org.name'])
    .where('r.id', '=', id)
    .where(orgScope(ctx, 'r'))
    .where(orgScope(ctx, 'o'))
    .executeTakeFirst();
  if (!r) throw notFound(`Return ${id} not found`);
  const provider = await systemSql(ctx.db)
    .selectFrom('organisations')
    .select(['name', 'address', 'phone'])
    .where('kind', '=', 'provider')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const pdf = await buildShippingLabelPdf({
    trackingNumber: r.tracking_number,
    carrierName: 'HOPPA LOCAL RETOUR',
    methodCode: 'RETURN',
    methodName: `Retour ${r.return_number}`,
    sender: addressFromShipmentDetails(r.sender as Record<string, unknown> | null),
    recipient: addressFromOrganisation(
      provider?.name ?? 'Hoppa Fulfilment',
      provider?.address as Record<string, unknown> | null | undefined,
      provider?.phone,
    ),
    shopOrderId: r.order_id,
    merchantName: r.name,
    labelQuantity: 1,
    shipDate: new Date(r.registered_at as unknown as string),
    weightKg: null,
    lang,
  });
  return { pdf, fileName: `return-${r.return_number}.pdf` };
}
