import type { DeliveryPerformance, ShipmentDetail } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import type { CarrierAdapter } from '../../lib/carriers/index.ts';
import { type DhlFake, startDhlFake } from '../../test/fakes/dhl-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId, testWindow } from '../pick/test/fulfilment.fixtures.ts';
import { type TrackingDeps, trackingCarriers, trackingRound } from './index.ts';

let t: TestApp;
let fake: DhlFake;
let picker: string;
let owner: string;
let bol: string;
let deps: TrackingDeps;

beforeAll(async () => {
  fake = await startDhlFake();
  t = await createTestApp({ seed: { products: 4 }, config: { dhlApiUrl: fake.url } });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  await t.app.inject({
    method: 'POST',
    url: '/api/orgs/set_curr',
    headers: { cookie: owner },
    payload: { customer_id: bol },
  });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/store-api',
    headers: { cookie: owner },
    payload: {
      api_name: 'DHL',
      platform: 'dhl',
      api_key: fake.credentials.userId,
      secret: fake.credentials.key,
      settings: { account_id: fake.credentials.accountId },
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  deps = { db: t.db, carrierFor: trackingCarriers(t.app), maxAgeDays: 21 };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let n = 0;
/** An open order of Bakkerij Bol shipped through `url` (POST /dhl/ship or /orders/ship): its ids and tracking number. */
async function shipped(url = '/api/dhl/ship') {
  n += 1;
  const w = testWindow();
  const bin = await addLocation(t.db, {
    name: `T-${String(w.start.getTime() / 86_400_000)}-${n}`,
    sequence: 5,
  });
  const p = await addProduct(t.db, bol, { name: 'Taai-taai', stock: [{ locationId: bin, stock: 9 }] });
  const order = await addOrder(t.db, bol, {
    orderId: `TT-${w.start.getTime()}-${n}`,
    placedAt: w.at(5),
    lines: [{ productId: p.id, quantity: 1, locationId: bin }],
  });
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: picker },
    payload: { order_id: order.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    orderId: order.id,
    shipmentId: res.headers['x-shipment-id'] as string,
    tracking: res.headers['x-tracking-number'] as string,
  };
}

const minutesAfter = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const events = async (shipmentId: string) =>
  (
    await t.db.query<{ code: string }>(
      'SELECT code FROM order_events WHERE shipment_id = $1 ORDER BY at, id',
      [shipmentId],
    )
  ).rows.map((r) => r.code);
const row = async (shipmentId: string) =>
  (
    await t.db.query<{
      last_tracked_at: Date | null;
      track_error: string | null;
      handed_over_at: Date | null;
      delivered_at: Date | null;
      track_lease_owner: string | null;
      speed_group: string;
    }>(
      `SELECT last_tracked_at, track_error, handed_over_at, delivered_at, track_lease_owner, speed_group
         FROM shipments WHERE id = $1`,
      [shipmentId],
    )
  ).rows[0];
const detail = async (shipmentId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/shipments/${shipmentId}`, headers: { cookie: picker } })
  ).json<ShipmentDetail>();

describe('the tracking job (issue 14; ADR 0046)', () => {
  it('stores DHL’s new events once however often it polls, and marks the parcel handed over', async () => {
    const s = await shipped();
    expect((await row(s.shipmentId))?.speed_group).toBe('not_sorted');
    const accepted = minutesAfter(30);
    fake.parcels
      .get(s.tracking)
      ?.events.push(
        { category: 'UNDERWAY', status: 'SHIPMENT_ACCEPTANCE', timestamp: accepted },
        { category: 'UNDERWAY', status: 'SORTED', timestamp: minutesAfter(90) },
      );
    await trackingRound(deps);
    const first = await events(s.shipmentId);
    // Ours (label made), then DHL's registration, acceptance and sorting.
    expect(first).toEqual(['A01', 'A01', 'B01', 'J01']);
    await trackingRound(deps);
    await trackingRound(deps);
    expect(await events(s.shipmentId)).toEqual(first);
    const r = await row(s.shipmentId);
    // the acceptance's own moment (not "30 minutes from now" again: a slow run crossed a minute between the two)
    expect(r?.handed_over_at?.toISOString()).toBe(accepted);
    expect(r?.delivered_at).toBeNull();
    // The kept speed group (migration 0405) follows the state the events set.
    expect(r?.speed_group).toBe('on_the_way');
    expect(r?.last_tracked_at).not.toBeNull();
    expect(r?.track_error).toBeNull();
    expect(r?.track_lease_owner).toBeNull();
    const d = await detail(s.shipmentId);
    expect(d.delivery_group).toBe('on_the_way');
    expect(d.latest_status?.description).toBe('Zending is gesorteerd (SORTED)');
    expect(d.latest_status?.status).toBe('sorted');
  });

  it('moves a delivered parcel to the delivered group and into the performance figures', async () => {
    const start = new Date(Date.now() - 3_600_000).toISOString();
    const end = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const perf = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/orders/perform/${start}/${end}`,
          headers: { cookie: owner },
        })
      ).json<DeliveryPerformance>();
    const s = await shipped();
    await trackingRound(deps);
    const before = await perf();
    const delivered = minutesAfter(150);
    fake.parcels
      .get(s.tracking)
      ?.events.push(
        { category: 'UNDERWAY', status: 'SHIPMENT_ACCEPTANCE', timestamp: minutesAfter(20) },
        { category: 'IN_DELIVERY', status: 'OUT_FOR_DELIVERY', timestamp: minutesAfter(100) },
        { category: 'DELIVERED', status: 'DELIVERED', timestamp: delivered },
      );
    const r = await trackingRound(deps);
    expect(r.delivered).toBeGreaterThanOrEqual(1);
    expect(await events(s.shipmentId)).toEqual(['A01', 'A01', 'B01', 'J05', 'I11']);
    expect((await row(s.shipmentId))?.delivered_at?.toISOString()).toBe(delivered);
    expect((await detail(s.shipmentId)).delivery_group).toBe('d_24h');
    expect((await row(s.shipmentId))?.speed_group).toBe('d_24h');
    const group = async (g: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/orders/${start}/${end}?group=${g}&limit=100`,
          headers: { cookie: owner },
        })
      )
        .json<{ items: { id: string }[] }>()
        .items.map((i) => i.id);
    expect(await group('d_24h')).toContain(s.shipmentId);
    expect(await group('on_the_way')).not.toContain(s.shipmentId);
    const after = await perf();
    expect(after.counts.d_24h).toBe(before.counts.d_24h + 1);
    expect(after.counts.not_sorted + after.counts.on_the_way).toBe(
      before.counts.not_sorted + before.counts.on_the_way - 1,
    );
    expect(after.percentage_d_24h).toBeGreaterThan(before.percentage_d_24h);
    // A delivered parcel is not asked about again.
    const asked = fake.requests.length;
    await trackingRound(deps);
    expect(fake.requests.filter((q) => q.query.key?.startsWith(s.tracking))).toHaveLength(
      fake.requests.slice(0, asked).filter((q) => q.query.key?.startsWith(s.tracking)).length,
    );
  });

  it('records a carrier’s failure on that parcel only: the rest of the batch is still asked', async () => {
    const bad = await shipped();
    const good = await shipped();
    fake.parcels
      .get(good.tracking)
      ?.events.push({ category: 'UNDERWAY', status: 'SORTED', timestamp: minutesAfter(40) });
    // Any adapter works: here DHL's, failing for one tracking number.
    const failing: TrackingDeps = {
      ...deps,
      carrierFor: async (org, carrier) => {
        const real = (await deps.carrierFor(org, carrier)) as CarrierAdapter;
        return {
          ...real,
          track: (ctx, tn, at) =>
            tn === bad.tracking
              ? Promise.reject(new Error('DHL: Service unavailable'))
              : real.track(ctx, tn, at),
        };
      },
    };
    const r = await trackingRound(failing);
    expect(r.failed).toBe(1);
    expect((await row(bad.shipmentId))?.track_error).toBe('DHL: Service unavailable');
    expect((await row(bad.shipmentId))?.last_tracked_at).not.toBeNull();
    expect((await row(good.shipmentId))?.track_error).toBeNull();
    expect(await events(good.shipmentId)).toContain('J01');
    // The next good answer clears the error.
    await trackingRound(deps);
    expect((await row(bad.shipmentId))?.track_error).toBeNull();
  });

  it('leaves the local carrier’s parcels alone by default, and polls them without doubling when asked to', async () => {
    const local = await shipped('/api/orders/ship');
    await trackingRound(deps);
    expect((await row(local.shipmentId))?.last_tracked_at).toBeNull();
    await trackingRound({ ...deps, skipCarriers: [] });
    await trackingRound({ ...deps, skipCarriers: [] });
    expect((await row(local.shipmentId))?.last_tracked_at).not.toBeNull();
    expect(await events(local.shipmentId)).toEqual(['A01']);
  });

  it('stores each event once when two rounds run at the same time (two API processes)', async () => {
    const s = await shipped();
    fake.parcels
      .get(s.tracking)
      ?.events.push(
        { category: 'UNDERWAY', status: 'SHIPMENT_ACCEPTANCE', timestamp: minutesAfter(10) },
        { category: 'IN_DELIVERY', status: 'OUT_FOR_DELIVERY', timestamp: minutesAfter(60) },
      );
    // Parcels never checked come first, so both rounds want this one.
    const [a, b] = await Promise.all([trackingRound(deps, 'process-a'), trackingRound(deps, 'process-b')]);
    expect(a.polled + b.polled).toBeGreaterThanOrEqual(1);
    expect(await events(s.shipmentId)).toEqual(['A01', 'A01', 'B01', 'J05']);
    const dup = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM order_events WHERE shipment_id IS NOT NULL
         GROUP BY shipment_id, code, at HAVING count(*) > 1) x`,
    );
    expect(dup.rows[0]?.n).toBe(0);
  });
});
