import type { OrderNotesBody, OrderNotesResult } from '@hoppa/core';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound } from '../../lib/errors.ts';
import type { MailTransport } from '../../lib/mail.ts';

/**
 * Sets an order's note (spec 1 §2 Order card note editor, §7 `PUT /order/notes`): text (empty or null clears note
 * and colour), colour red/green/yellow and the notify flag. With `notes_notify`, a note and an e-mail address on the
 * order, the customer gets the note by mail through `mail` (the one mail transport, lib/mail.ts) after the change is
 * stored; `mailed` says whether it went. Errors: 404 when the order is not visible.
 */
export async function setOrderNotes(
  ctx: TenantScope,
  mail: MailTransport,
  body: OrderNotesBody,
): Promise<OrderNotesResult> {
  const text = body.notes_text?.trim() ? body.notes_text.trim() : null;
  const row = await tenantSql(ctx)
    .updateTable('orders as o')
    .set({
      notes_text: text,
      notes_color: text ? body.notes_color : null,
      notes_notify: text ? body.notes_notify : false,
    })
    .where('o.id', '=', body._id)
    .where(orgScope(ctx, 'o'))
    .returning(['o.order_id', 'o.shipment_details', 'o.org_id'])
    .executeTakeFirst();
  if (!row) throw notFound('Order not found');
  const details = (row.shipment_details ?? {}) as Record<string, unknown>;
  const email = typeof details.email === 'string' ? details.email.trim() : '';
  if (!text || !body.notes_notify || !email.includes('@')) return { ok: true, mailed: false };
  const shop = await tenantSql(ctx)
    .selectFrom('organisations as org')
    .select('org.name')
    .where('org.id', '=', row.org_id)
    .executeTakeFirst();
  const name = [details.firstName, details.surname].filter((v) => typeof v === 'string' && v).join(' ');
  await mail.send({
    to: email,
    subject: `Bericht over je bestelling ${row.order_id}`,
    text: [
      `Beste ${name || 'klant'},`,
      '',
      `${shop?.name ?? 'De webwinkel'} heeft een bericht over je bestelling ${row.order_id}:`,
      '',
      text,
      '',
      'Met vriendelijke groet,',
      shop?.name ?? 'Hoppa Fulfilment',
    ].join('\n'),
  });
  return { ok: true, mailed: true };
}
