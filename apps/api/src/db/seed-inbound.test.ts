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
});
