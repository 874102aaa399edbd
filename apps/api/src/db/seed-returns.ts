import { randomUUID } from 'node:crypto';
import { APP_HEADER, type Return } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from './client.ts';
import { login } from './seed-orders.ts';

/** What {@link seedLiveReturns} made, per state. */
export interface LiveReturnsResult {
  announced: number;
  open: number;
  closed: number;
}

/** One call as the apps make it (app header, an Idempotency-Key on changes); throws on a failed answer. */
async function call<T>(app: FastifyInstance, cookie: string, url: string, payload: unknown): Promise<T> {
  const res = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'demo', 'idempotency-key': randomUUID() },
    payload: payload as object,
  });
  if (res.statusCode >= 300)
    throw new Error(`demo POST ${url} failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as T;
}

/**
 * The returns of the demo (issue 12 §5), made through the calls the portal and the returns desk make, from the
 * merchants' shipped orders: per merchant one return announced by the desk and not yet received, one received with an
 * item judged and still open, and one closed (one item back in stock, one in quarantine when it had two). Returns
 * nothing when there are no shipped orders (a start without the demo's live orders). Throws when a call fails.
 */
export async function seedLiveReturns(app: FastifyInstance, db: Db): Promise<LiveReturnsResult> {
  const picker = await login(app, 'picker');
  const admin = await login(app, 'admin');
  const made: LiveReturnsResult = { announced: 0, open: 0, closed: 0 };
  const orgs = await db.query<{ id: string }>(
    `SELECT id FROM organisations WHERE kind <> 'provider' ORDER BY name`,
  );
  for (const org of orgs.rows) {
    const shipped = await db.query<{ id: string }>(
      `SELECT o.id FROM orders o WHERE o.org_id = $1 AND o.status = 'shipped'
         AND NOT EXISTS (SELECT 1 FROM returns r WHERE r.order_id = o.id)
       ORDER BY o.shipped_at DESC NULLS LAST, o.id LIMIT 3`,
      [org.id],
    );
    const [announce, receive, close] = shipped.rows;
    const fromOrder = (orderId: string, reason: string) =>
      call<Return>(app, picker, '/returns/from_order', { orderId, reason_code: reason });
    if (announce) {
      const r = await fromOrder(announce.id, 'UNCLAIMED');
      // The product's return instruction (spec 3 §2), as its merchant would set it: the desk shows it on the item.
      const [first] = r.items;
      if (first)
        await call(app, admin, '/product/return_instruction', {
          product_id: first.product_id,
          return_instruction: 'Controleer op breuk en lekkage; met beschadigde verpakking naar B-keus.',
        });
      made.announced++;
    }
    if (receive) {
      const r = await fromOrder(receive.id, 'REFUSED');
      const [item] = r.items;
      if (item)
        await call(app, picker, '/returns', {
          return_id: r.id,
          ean: item.ean,
          received_quantity: item.expected_quantity,
          product_state: 'good',
        });
      made.open++;
    }
    if (close) {
      const r = await fromOrder(close.id, 'INCORRECT_ADDRESS');
      for (const [i, item] of r.items.entries()) {
        const damaged = i === 1;
        await call(app, picker, '/returns', {
          return_id: r.id,
          ean: item.ean,
          received_quantity: item.expected_quantity,
          product_state: damaged ? 'bad' : 'excellent',
          damaged_product: damaged,
        });
        // A product without a location yet cannot go back to stock: the desk would scan one; the demo skips it.
        if (!damaged && !item.location) continue;
        await call(app, picker, `/returns/fulfill/${r.id}/${encodeURIComponent(item.ean)}`, {});
      }
      made.closed++;
    }
  }
  return made;
}
