import {
  type Inbound,
  type InboundExcelBodySchema,
  type InboundExcelField,
  type InboundExcelIssue,
  type InboundExcelRow,
  inboundExcelIssues,
  inboundExcelLookupEans,
  sheetCount,
  sheetDate,
} from '@hoppa/core';
import type { z } from 'zod';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { badRequest, refusal } from '../../lib/errors.ts';
import type { MailTransport } from '../../lib/mail.ts';
import { buildInboundQrPdf, buildInventoryTicketPdf } from '../../lib/pdf/inbound.pdf.ts';
import { createInbound, getInbound, type InboundContext, listInboundsWithItems } from './inbound.service.ts';

/** The inbound QR label (spec 2 §7 `GET /inbounds/qr/{id}`, `POST /inventory/label`): PDF and file name. */
export async function inboundQrPdf(ctx: TenantScope, id: string, copies = 1) {
  const ib = await getInbound(ctx, id);
  return { pdf: await buildInboundQrPdf(ib, copies), fileName: `inbound-${ib.inbound_number}.pdf` };
}

/** The inventory ticket of one inbound (spec 2 §7 `GET /inbound_item/packing_slip/{id}`). */
export async function inventoryTicketPdf(ctx: TenantScope, id: string) {
  const ib = await getInbound(ctx, id);
  return { pdf: await buildInventoryTicketPdf([ib]), fileName: `inventory-${ib.inbound_number}.pdf` };
}

/** Tickets of the given inbounds, or of every pending one (spec 2 §7 `POST /inventory/pending_inventory_pdf`). */
export async function pendingInventoryPdf(ctx: TenantScope, ids: readonly string[] | undefined) {
  const inbounds: Inbound[] = ids?.length
    ? await Promise.all(ids.map((id) => getInbound(ctx, id)))
    : (await listInboundsWithItems(ctx, { status: 'pending' }, { skip: 0, limit: 200 })).items;
  if (!inbounds.length) throw refusal('There are no pending inbounds', 'no_pending_inbounds');
  return { pdf: await buildInventoryTicketPdf(inbounds), fileName: 'pending-inventory.pdf' };
}

/**
 * Mails the check-in summary of an inbound (spec 2 §7 `POST /inventory/email {_id}`) through the API's mail
 * transport, to `to` or the inbound's contact: per item expected and checked-in pieces, boxes, surcharges in euro.
 */
export async function mailCheckinSummary(
  ctx: TenantScope,
  mail: MailTransport,
  id: string,
  to: string | undefined,
): Promise<{ ok: true }> {
  const ib = await getInbound(ctx, id);
  const lines = ib.items.map(
    (i) =>
      `${i.product.ean}  ${i.product.name}: ${i.pieces_checked_in} van ${i.pieces_expected} stuks ingecheckt ` +
      `(${i.boxes_checked_in} dozen à ${i.packed_per})` +
      (i.surcharges.length ? `, toeslagen € ${i.surcharge_total_eur.toFixed(2)}` : ''),
  );
  await mail.send({
    to: to ?? ib.contact_person_email,
    subject: `Inbound ${ib.inbound_number}: ${ib.status === 'checked_in' ? 'ingecheckt' : 'in behandeling'}`,
    text: [
      `Beste ${ib.contact_person},`,
      '',
      `Inbound ${ib.inbound_number} van ${ib.org_name} (Track & Trace ${ib.track_trace}):`,
      ...lines,
      '',
      `Totaal: ${ib.pieces_checked_in} van ${ib.pieces_expected} stuks; toeslagen € ${ib.surcharge_total_eur.toFixed(2)}.`,
    ].join('\n'),
  });
  return { ok: true };
}

/** The body's name of a sheet column in an issue's path (`products.<n>.batch_nr`). */
const BODY_FIELD: Record<InboundExcelField, string> = {
  ean: 'ean',
  units: 'units',
  packed_per: 'packed_per',
  batchnr: 'batch_nr',
  expiration_date: 'expiration_date',
};

const cellText = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/**
 * An inbound from spreadsheet rows (spec 2 §7 `POST /inbound/excel`): every row passes core `inboundExcelIssues` (the
 * rule of `POST /inbound/excel/check`: the EAN a product of the current organisation, whole boxes and per box of
 * 1–100,000, a real expiry date, EAN and batch text limits); any rejected row answers 400 `bad_request` with one issue
 * per problem, `{ path: products.<n>.<field>, message: 'Row <n+1>: …' (English), code, values }` (ADR 0119 §3), and
 * nothing is made (one transaction).
 */
export async function inboundFromExcel(
  ctx: InboundContext,
  orgId: string,
  body: z.output<typeof InboundExcelBodySchema>,
): Promise<Inbound> {
  const rows: InboundExcelRow[] = body.products.map((p) => ({
    ean: p.ean,
    units: p.units,
    packed_per: p.packed_per,
    batchnr: p.batch_nr,
    expiration_date: p.expiration_date,
  }));
  const byEan = await productIdsByEan(ctx, orgId, inboundExcelLookupEans(rows));
  const found = inboundExcelIssues(rows, (ean) => byEan.has(ean));
  if (found.length) {
    const issues = found.map((i) => ({
      path: `products.${i.row - 1}.${BODY_FIELD[i.field]}`,
      // The unknown EAN's English words as before (older clients).
      message: `Row ${i.row}: ${i.code === 'unknown_ean' ? `no product with EAN ${i.ean}` : i.reason}`,
      code: i.code,
      values: i.values,
    }));
    throw badRequest(`${new Set(found.map((i) => i.row)).size} rows rejected`, issues);
  }
  const { type, products: _sent, ...information } = body;
  return createInbound(ctx, orgId, {
    type,
    information,
    items: rows.map((r) => ({
      product_id: byEan.get(cellText(r.ean)) as string,
      units: sheetCount(r.units) as number,
      packed_per: sheetCount(r.packed_per) as number,
      batch_nr: cellText(r.batchnr) || null,
      expiration_date: sheetDate(r.expiration_date),
    })),
  });
}

/** The ids of organisation `orgId`'s products among `eans`, by EAN (an EAN that is none of its products is absent). */
async function productIdsByEan(
  ctx: TenantScope,
  orgId: string,
  eans: readonly string[],
): Promise<Map<string, string>> {
  const distinct = [...new Set(eans)];
  if (distinct.length === 0) return new Map();
  const products = await tenantSql(ctx)
    .selectFrom('products as p')
    .select(['p.id', 'p.ean'])
    .where('p.ean', 'in', distinct)
    .where('p.org_id', '=', orgId)
    .where(orgScope(ctx, 'p'))
    .execute();
  return new Map(products.map((p) => [p.ean, p.id]));
}

/**
 * Every problem of an announcement spreadsheet for organisation `orgId` (`POST /inbound/excel/check`, the rules of
 * `POST /inbound/excel`; ADR 0119 §3): `{ unknown, issues }`, `issues` by core `inboundExcelIssues` for the `rows`
 * (each a code with its values and an English reason), `unknown` the EANs of `rows` and `eans` that are no product of
 * the organisation, each once, in the order given. Reads only.
 */
export async function checkInboundExcel(
  ctx: TenantScope,
  orgId: string,
  body: { eans?: readonly string[]; rows?: readonly InboundExcelRow[] },
): Promise<{ unknown: string[]; issues: InboundExcelIssue[] }> {
  const rows = body.rows ?? [];
  const eans = [...inboundExcelLookupEans(rows), ...(body.eans ?? [])];
  const known = await productIdsByEan(ctx, orgId, eans);
  return {
    unknown: [...new Set(eans)].filter((ean) => !known.has(ean)),
    issues: inboundExcelIssues(rows, (ean) => known.has(ean)),
  };
}
