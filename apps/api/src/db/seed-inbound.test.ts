import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedLiveInbound } from './seed-inbound.ts';
import { seedLiveStock } from './seed-stock.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 20 } });
});
afterAll(async () => {
  await t?.close();
});

describe('the demo inbounds (issue 10 §6)', () => {
  it('makes per merchant inbounds expected this week, one partly and two checked in, ledger intact', async () => {
    await seedLiveStock(t.app, t.db);
    const made = await seedLiveInbound(t.app, t.db);
    expect(made).toEqual({ expected: 6, partly: 2, checkedIn: 4 });
    const q = async <T>(sql: string) => (await t.db.query<T>(sql)).rows;
    const byStatus = await q<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM inbounds GROUP BY status ORDER BY status',
    );
    expect(byStatus).toEqual([
      { status: 'checked_in', n: 4 },
      { status: 'pending', n: 8 },
    ]);
    const pallets = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM inbounds WHERE type = 'pallet' AND status = 'pending'
         AND expected_delivery = (now() AT TIME ZONE 'Europe/Amsterdam')::date`,
    );
    expect(pallets[0]?.n).toBe(2);
    const partly = await q<{ n: number }>(
      `SELECT count(DISTINCT inbound_id)::int AS n FROM inbound_items i JOIN inbounds b ON b.id = i.inbound_id
        WHERE b.status = 'pending' AND i.pieces_checked_in > 0`,
    );
    expect(partly[0]?.n).toBe(2);
    const lastWeek = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM inbounds WHERE status = 'checked_in' AND checked_in_at < now() - interval '4 days'`,
    );
    expect(lastWeek[0]?.n).toBe(4);
    const checkins = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM stock_mutations WHERE reason = 'checkin'`,
    );
    expect(checkins[0]?.n).toBe(2 + 8);
    const breaks = await q(
      `SELECT 1 FROM product_locations pl
        WHERE pl.stock <> (SELECT coalesce(sum(quantity), 0) FROM stock_mutations m
                            WHERE m.product_id = pl.product_id AND m.location_id = pl.location_id)`,
    );
    expect(breaks).toEqual([]);
  });

  it('dates last week’s check-ins, their items’ submission and their stock-in ledger rows at the check-in time', async () => {
    const rows = (
      await t.db.query<{
        inbound: string;
        amsterdam: string;
        submitted: boolean;
        ledger: number;
        at_checkin: number;
      }>(
        `SELECT b.id AS inbound, to_char(b.checked_in_at AT TIME ZONE 'Europe/Amsterdam', 'HH24:MI') AS amsterdam,
                bool_and(it.submitted_at = b.checked_in_at) AS submitted,
                count(m.id)::int AS ledger,
                (count(m.id) FILTER (WHERE m.created_at = b.checked_in_at))::int AS at_checkin
           FROM inbounds b JOIN inbound_items it ON it.inbound_id = b.id
           LEFT JOIN stock_mutations m ON m.reason = 'checkin' AND m.note = 'inbound item ' || it.id
          WHERE b.status = 'checked_in'
          GROUP BY b.id, b.checked_in_at ORDER BY b.checked_in_at, b.id`,
      )
    ).rows;
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      // Checked in at 14:00 on the warehouse's clock, each item submitted then and every piece placed then.
      expect(r).toMatchObject({ amsterdam: '14:00', submitted: true });
      expect(r.ledger).toBeGreaterThan(0);
      expect(r.at_checkin).toBe(r.ledger);
    }
    // Only the partly checked-in inbound of today has check-in rows of today.
    const recent = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stock_mutations m JOIN inbound_items it ON m.note = 'inbound item ' || it.id
         JOIN inbounds b ON b.id = it.inbound_id
        WHERE m.reason = 'checkin' AND m.created_at > now() - interval '4 days' AND b.status = 'checked_in'`,
    );
    expect(recent.rows[0]?.n).toBe(0);
  });
});
