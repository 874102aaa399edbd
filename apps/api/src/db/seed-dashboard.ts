import { randomUUID } from 'node:crypto';
import { APP_HEADER, type Order } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from './client.ts';
import { demoBoxIds, login, packDemoOrder } from './seed-orders.ts';

/** What {@link seedLiveDashboard} made. */
export interface LiveDashboardResult {
  /** Open orders given a red note (the dashboard's 'Orders needing attention'). */
  redNotes: number;
  /** Pieces the second warehouse person (the demo admin) picked this hour. */
  picks: number;
  /** Orders the demo admin shipped this hour (labels for the print run of this hour). */
  shipped: number;
}

/** One call as the apps make it; throws on a failed answer. */
async function call(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'demo', 'idempotency-key': randomUUID() },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 300)
    throw new Error(`demo ${method} ${url} failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res;
}

const RED_NOTES = [
  'Klant belde: adres klopt niet, eerst nabellen voor verzending.',
  'Let op: breekbaar, extra opvulmateriaal en NIET op de pallet stapelen.',
];

/**
 * The dashboard's and scoreboard's own demo (issue 13 item 4), after the live orders (seed-orders.ts) filled the
 * week with picks and parcels by the demo picker: a second person at work this hour, so the scoreboard and the
 * pick/pack report compare people — the demo admin picks two open orders and ships three picked ones through
 * `POST /pick_list/confirm` and `POST /orders/ship`, which also gives this hour's print run its labels — and two
 * open orders with a red note for 'Orders needing attention' (`PUT /order/notes`).
 */
export async function seedLiveDashboard(app: FastifyInstance, db: Db): Promise<LiveDashboardResult> {
  const admin = await login(app, 'admin');
  const result: LiveDashboardResult = { redNotes: 0, picks: 0, shipped: 0 };

  // Open orders with every line still on the shelf and none picked, oldest first, for the admin's picks.
  const unpicked = await db.query<{ id: string }>(
    `SELECT o.id FROM orders o
      WHERE o.status = 'open'
        AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND (l.picked_quantity > 0 OR l.pick_location_id IS NULL))
      ORDER BY o.placed_at, o.id LIMIT 4`,
  );
  const toPick = unpicked.rows.slice(0, 2);
  // The next two keep their shelf and get the red notes.
  const toNote = unpicked.rows.slice(2, 4);
  for (const { id } of toPick) {
    const order = (await call(app, admin, 'GET', `/order/get/${id}`)).json() as Order;
    for (const line of order.products) {
      if (!line.pick_location) continue;
      await call(app, admin, 'POST', '/pick_list/confirm', {
        order_line_id: line.id,
        quantity: line.quantity,
        location_id: line.pick_location.id,
        scanned: line.ean,
      });
      result.picks += line.quantity;
    }
  }

  // Fully picked, ungrouped open orders wait at the packing station: the admin ships three of them now.
  const picked = await db.query<{ id: string }>(
    `SELECT o.id FROM orders o
      WHERE o.status = 'open'
        AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id
                         AND (l.picked_quantity < l.quantity OR l.group_location_id IS NOT NULL OR l.cancellation_request))
      ORDER BY o.placed_at, o.id LIMIT 3`,
  );
  const boxes = await demoBoxIds(app, admin);
  for (const { id } of picked.rows) {
    const order = (await call(app, admin, 'GET', `/order/get/${id}`)).json() as Order;
    await packDemoOrder(app, admin, order, boxes);
    await call(app, admin, 'POST', '/orders/ship', { order_id: id });
    result.shipped++;
  }

  // The shop left these notes for the packer (red: 'Orders needing attention'), through the notes call.
  for (const [i, { id }] of toNote.entries()) {
    await call(app, admin, 'PUT', '/order/notes', {
      _id: id,
      notes_text: RED_NOTES[i],
      notes_color: 'red',
      notes_notify: false,
    });
    result.redNotes++;
  }
  return result;
}
