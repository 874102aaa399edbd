import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedLiveDashboard } from './seed-dashboard.ts';
import { seedLiveOrders } from './seed-orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 30 } });
  if (!t.seed) throw new Error('no seed');
  await seedLiveOrders(t.app, t.db, t.seed, {
    mix: { open: 5, partly_picked: 1, picked: 3, shipped: 3, cancelled: 0 },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the dashboard demo (issue 13 item 4)', () => {
  it('has a second person pick and ship this hour and leaves two red notes', async () => {
    // The shipments there were before: just after midnight (Amsterdam) the live orders' parcels of "today" are minutes
    // old too, so the dashboard's own are told apart by id, not by age alone.
    const before = await t.db.query<{ id: string }>('SELECT id FROM shipments');
    const made = await seedLiveDashboard(t.app, t.db);
    expect(made).toMatchObject({ redNotes: 2, shipped: 3 });
    expect(made.picks).toBeGreaterThan(0);
    const people = await t.db.query<{ email: string; picks: number }>(
      `SELECT u.email, count(*)::int AS picks FROM stock_mutations m JOIN users u ON u.id = m.user_id
        WHERE m.reason = 'pick' AND m.created_at > now() - interval '1 hour' GROUP BY u.email ORDER BY u.email`,
    );
    expect(people.rows.map((r) => r.email)).toEqual(['admin@demo.hoppa.nl', 'picker@demo.hoppa.nl']);
    const labels = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM shipments
        WHERE created_at > now() - interval '5 minutes' AND NOT (id = ANY($1::char(24)[]))`,
      [before.rows.map((r) => r.id)],
    );
    expect(labels.rows[0]?.n).toBe(3);
    // Each packed in a box, so its fulfilment fee is on the shop's invoice (ADR 0118: the demo shipped without).
    const boxed = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM shipments s JOIN order_charges c ON c.order_id = s.order_id
        WHERE NOT (s.id = ANY($1::char(24)[])) AND c.box_id IS NOT NULL AND c.fulfilment_cents > 0`,
      [before.rows.map((r) => r.id)],
    );
    expect(boxed.rows[0]?.n).toBe(3);
    const red = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE notes_color = 'red' AND status = 'open'`,
    );
    expect(red.rows[0]?.n).toBe(2);
  });
});
