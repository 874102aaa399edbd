import { APP_HEADER } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from './client.ts';
import { login } from './seed-orders.ts';

/** What {@link seedLiveDelivery} made. */
export interface LiveDeliveryResult {
  delivered24h: number;
  delivered48h: number;
  late: number;
  onTheWay: number;
  notSorted: number;
  notes: number;
  editable: number;
}

const HOUR = 3_600_000;

async function call(
  app: FastifyInstance,
  cookie: string,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
): Promise<unknown> {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'demo' },
    payload: payload as object,
  });
  if (res.statusCode >= 300)
    throw new Error(`demo ${method} ${url} failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json();
}

/**
 * The delivery side of the demo (issue 13 §3), on the week of shipped orders {@link seedLiveOrders} made, through the
 * calls the warehouse and the merchants make: parcels handed to the carrier and marked delivered
 * (`POST /order/shipped/{id}`) — half within 24 h, some in 2 days, some late (more than 2 days), some still on the
 * way and some not sorted —, a red and a yellow note per merchant on open orders (`PUT /order/notes`), and a few
 * products the merchants ship themselves (re-imported with `fullfilled_bysf` no through `POST /products/import`),
 * so their open orders can be edited. Deterministic apart from the times, which follow the shipping moments.
 * Throws when a call fails.
 */
export async function seedLiveDelivery(
  app: FastifyInstance,
  db: Db,
  now = new Date(),
): Promise<LiveDeliveryResult> {
  const made: LiveDeliveryResult = {
    delivered24h: 0,
    delivered48h: 0,
    late: 0,
    onTheWay: 0,
    notSorted: 0,
    notes: 0,
    editable: 0,
  };
  const picker = await login(app, 'picker');
  // (2) as in seed-orders.ts: shipping stamps "now", the demo's parcels left over the past week; the label event too.
  await db.query(
    `UPDATE order_events e SET at = s.created_at FROM shipments s
      WHERE e.shipment_id = s.id AND e.code = 'A01' AND e.at > s.created_at`,
  );
  const shipped = await db.query<{ order_id: string; shipment_id: string; created_at: Date }>(
    `SELECT s.order_id, s.id AS shipment_id, s.created_at FROM shipments s ORDER BY s.created_at, s.id`,
  );
  for (const [i, s] of shipped.rows.entries()) {
    const at = new Date(s.created_at).getTime();
    const slot = i % 10;
    // Hours after shipping: handed over, delivered (null: not yet).
    let plan: [number, number | null] | null =
      slot <= 4 ? [3, 18] : slot === 5 ? [4, 40] : slot <= 7 ? [5, 74] : slot === 8 ? [4, null] : null;
    // What lies in the future cannot have happened yet: a parcel shipped this morning is still on the way.
    if (plan?.[1] != null && at + plan[1] * HOUR > now.getTime()) plan = [plan[0], null];
    if (plan && at + plan[0] * HOUR > now.getTime()) plan = null;
    if (!plan) {
      made.notSorted++;
      continue;
    }
    const [handed, delivered] = plan;
    await call(app, picker, 'POST', `/order/shipped/${s.order_id}`, { status: 'handed_over' });
    if (delivered != null)
      await call(app, picker, 'POST', `/order/shipped/${s.order_id}`, { status: 'delivered' });
    // (2) The calls stamp "now"; the demo's parcels were handed over and delivered over the past week.
    const handedAt = new Date(at + handed * HOUR);
    const deliveredAt = delivered == null ? null : new Date(at + delivered * HOUR);
    await db.query('UPDATE shipments SET handed_over_at = $2, delivered_at = $3 WHERE id = $1', [
      s.shipment_id,
      handedAt,
      deliveredAt,
    ]);
    await db.query(`UPDATE order_events SET at = $2 WHERE shipment_id = $1 AND code = 'B01'`, [
      s.shipment_id,
      handedAt,
    ]);
    if (deliveredAt)
      await db.query(`UPDATE order_events SET at = $2 WHERE shipment_id = $1 AND code = 'I11'`, [
        s.shipment_id,
        deliveredAt,
      ]);
    if (delivered == null) made.onTheWay++;
    else if (delivered <= 24) made.delivered24h++;
    else if (delivered <= 48) made.delivered48h++;
    else made.late++;
  }

  const merchants = [
    { key: 'bolOwner' as const, name: 'Bakkerij Bol' },
    { key: 'stroopOwner' as const, name: 'Stroopwafel & Co' },
  ];
  const notes = [
    { color: 'red', text: 'Let op: klant heeft gebeld, alleen de glazen pot extra inpakken (breekbaar)!' },
    { color: 'yellow', text: 'Cadeauverpakking gevraagd: geen pakbon met prijzen meesturen.' },
  ] as const;
  for (const m of merchants) {
    const owner = await login(app, m.key);
    const open = await db.query<{ id: string }>(
      `SELECT o.id FROM orders o JOIN organisations org ON org.id = o.org_id
        WHERE org.name = $1 AND o.status = 'open' AND o.notes_text IS NULL
        ORDER BY o.placed_at, o.id LIMIT 6`,
      [m.name],
    );
    for (const [i, note] of notes.entries()) {
      const order = open.rows[i];
      if (!order) continue;
      await call(app, owner, 'PUT', '/order/notes', {
        _id: order.id,
        notes_text: note.text,
        notes_color: note.color,
        notes_notify: false,
      });
      made.notes++;
    }
    // A few products the merchant ships itself (the product import's 'fullfilled_bysf' column, spec 3 §2), so those
    // open orders can be edited (spec 1 §2: edit is hidden for orders fulfilled by the provider).
    const own = await db.query<{ name: string; ean: string }>(
      `SELECT DISTINCT ON (p.id) p.name, p.ean FROM orders o
         JOIN order_lines l ON l.order_id = o.id JOIN products p ON p.id = l.product_id
        WHERE o.id = ANY($1) ORDER BY p.id LIMIT 4`,
      [open.rows.slice(2).map((r) => r.id)],
    );
    if (own.rows.length > 0) {
      await call(
        app,
        owner,
        'POST',
        '/products/import',
        own.rows.map((p) => ({ Product_name: p.name, barcode_sku_ean: p.ean, fullfilled_bysf: 'nee' })),
      );
      made.editable += own.rows.length;
    }
  }
  return made;
}
