import { APP_HEADER, type DriveOrder, type Page, type RoutePlan, type RouteResult } from '@hoppa/core';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { DRIVE_ADDRESSES, seedLiveDrive } from '../../db/seed-drive.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AVERAGE_SPEED_KMH, haversineMeters, ROAD_FACTOR, SERVICE_TIME_S } from './planner.ts';

/**
 * The route plan (spec 3 §7 sales/routes: GET /orders/drive, getRoutePlan as POST /route_plan, the routing service as
 * POST /routing/route; §3 Route plan) through the route table on PGlite, with the demo's drive orders made by
 * seedLiveDrive through POST /shipment_methods/add and POST /orders.
 */
let t: TestApp;
let admin: string;
let picker: string;
let owner: string;
let made: number;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 6 } });
  made = await seedLiveDrive(t.app, t.db);
  admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
});
afterAll(async () => t.close());

const call = (cookie: string, method: HTTPMethods, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'test' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** An open order of Bakkerij Bol with the local carrier's method, made through POST /orders; its id. */
async function localOrder(): Promise<string> {
  const product = await t.db.query<{ id: string }>(
    `SELECT p.id FROM products p JOIN organisations o ON o.id = p.org_id WHERE o.name = 'Bakkerij Bol' LIMIT 1`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: owner, [APP_HEADER]: 'test', 'idempotency-key': `local-${Date.now()}` },
    payload: {
      order_type: 'manual_order',
      products: [{ product_id: product.rows[0]?.id, quantity: 1 }],
      shipment_details: {
        countryCode: 'NL',
        name: 'Kees',
        surename: 'Dekker',
        streetname: 'Oudegracht',
        housenumber: '1',
        postalcode: '3511 AA',
        city: 'Utrecht',
        email: 'kees@example.nl',
      },
      ship_option: 'LOCAL-NL',
      type: 'webshop_order',
    },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().order_id as string;
}

describe('GET /orders/drive', () => {
  it('lists every open order of the own drivers, paged on the server, oldest first, each placed or not', async () => {
    expect(made).toBe(DRIVE_ADDRESSES.length);
    const first = await call(admin, 'GET', '/orders/drive?limit=10');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<Page<DriveOrder>>();
    expect(page).toMatchObject({ total: DRIVE_ADDRESSES.length, skip: 0, limit: 10 });
    expect(page.items).toHaveLength(10);
    const all = (await call(admin, 'GET', '/orders/drive?limit=1000')).json<Page<DriveOrder>>().items;
    expect(all.slice(0, 10)).toEqual(page.items);
    const times = all.map((o) => o.placed_at);
    expect([...times].sort()).toEqual(times);
    expect(new Set(all.map((o) => o.city))).toEqual(new Set(DRIVE_ADDRESSES.map((a) => a.city)));
    const hague = all.find((o) => o.city === 'Den Haag');
    expect(hague).toMatchObject({ place: 'The Hague', placeable: true });
    expect(hague?.location?.[1]).toBeCloseTo(52.08, 1);
    expect(all.find((o) => o.city === 'Ransdorp')).toMatchObject({
      placeable: false,
      location: null,
      place: null,
    });
  });

  it('leaves out orders of other methods and shipped ones', async () => {
    const all = (await call(admin, 'GET', '/orders/drive?limit=1000')).json<Page<DriveOrder>>().items;
    const local = await localOrder();
    const shipped = all[0] as DriveOrder;
    await t.db.query(`UPDATE orders SET status = 'shipped', shipped_at = now() WHERE id = $1`, [shipped.id]);
    const after = (await call(admin, 'GET', '/orders/drive?limit=1000')).json<Page<DriveOrder>>();
    expect(after.total).toBe(all.length - 1);
    expect(after.items.map((o) => o.id)).not.toContain(shipped.id);
    expect(after.items.map((o) => o.id)).not.toContain(local);
    await t.db.query(`UPDATE orders SET status = 'open', shipped_at = NULL WHERE id = $1`, [shipped.id]);
  });

  it("is the provider's staff's: warehouse staff see it, a merchant gets 403", async () => {
    expect((await call(picker, 'GET', '/orders/drive')).statusCode).toBe(200);
    const res = await call(owner, 'GET', '/orders/drive');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('refuses a bad page', async () => {
    expect((await call(admin, 'GET', '/orders/drive?limit=0')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/orders/drive?skip=-1')).statusCode).toBe(400);
  });
});

describe('POST /route_plan (getRoutePlan)', () => {
  it('puts every placeable drive order on exactly one of the agents’ routes from the warehouse', async () => {
    const res = await call(admin, 'POST', '/route_plan', { agents: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json<RoutePlan>();
    expect(plan.type).toBe('FeatureCollection');
    expect(plan.features.map((f) => f.properties.agent_index)).toEqual([0, 1, 2]);
    expect(plan.features.map((f) => f.properties.agent_id)).toEqual(['agent-1', 'agent-2', 'agent-3']);
    // The depot is Amsterdam (the provider's address), first of every route and its line's last point.
    expect(plan.depot.location[0]).toBeCloseTo(4.89, 1);
    const stops = plan.features.flatMap((f) => {
      const w = f.properties.waypoints;
      expect(w[0]).toMatchObject({ kind: 'depot', location: plan.depot.location });
      expect(f.geometry.coordinates.at(-1)).toEqual(plan.depot.location);
      expect(f.geometry.coordinates).toHaveLength(w.length + 1);
      expect(f.properties.distance).toBeGreaterThan(0);
      expect(f.properties.time).toBeGreaterThan(0);
      return w.slice(1).map((x) => x.order);
    });
    expect(stops).toHaveLength(DRIVE_ADDRESSES.length - 1);
    expect(new Set(stops).size).toBe(stops.length);
    expect(plan.unplaced.map((o) => o.city)).toEqual(['Ransdorp']);
    expect(plan.provider).toBe('in-process');
    expect(plan.assumptions).toEqual({
      road_factor: ROAD_FACTOR,
      average_speed_kmh: AVERAGE_SPEED_KMH,
      service_time_s: SERVICE_TIME_S,
    });
  });

  it('answers the same plan for the same input', async () => {
    const a = await call(admin, 'POST', '/route_plan', { agents: 4 });
    const b = await call(admin, 'POST', '/route_plan', { agents: 4 });
    expect(a.json()).toEqual(b.json());
  });

  it('plans a selection of orders, and refuses an id that is not an open drive order', async () => {
    const all = (await call(admin, 'GET', '/orders/drive?limit=1000')).json<Page<DriveOrder>>().items;
    const pick = all.filter((o) => o.placeable).slice(0, 5);
    const plan = (
      await call(admin, 'POST', '/route_plan', { agents: 2, order_ids: pick.map((o) => o.id) })
    ).json<RoutePlan>();
    const planned = plan.features.flatMap((f) => f.properties.waypoints.slice(1).map((w) => w.order));
    expect(planned.sort()).toEqual(pick.map((o) => o.id).sort());
    const res = await call(admin, 'POST', '/route_plan', { agents: 2, order_ids: [await localOrder()] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Not an open order for the own drivers');
  });

  it('refuses a bad agent count and is not a merchant’s', async () => {
    for (const agents of [0, 21, 1.5, 'drie'])
      expect((await call(admin, 'POST', '/route_plan', { agents })).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/route_plan', { agents: 2 })).statusCode).toBe(403);
    expect((await call(picker, 'POST', '/route_plan', { agents: 2 })).statusCode).toBe(200);
  });

  it('answers 409 no_depot while the warehouse has no address the map knows', async () => {
    const before = await t.db.query<{ address: unknown }>(
      `SELECT address FROM organisations WHERE kind = 'provider'`,
    );
    await t.db.query(
      `UPDATE organisations SET address = address || '{"city": "Nergenshuizen"}'::jsonb WHERE kind = 'provider'`,
    );
    const res = await call(admin, 'POST', '/route_plan', { agents: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('no_depot');
    await t.db.query(`UPDATE organisations SET address = $1 WHERE kind = 'provider'`, [
      JSON.stringify(before.rows[0]?.address),
    ]);
  });
});

describe('POST /routing/route (the routing service)', () => {
  it('measures a drive along waypoints at the road factor, leg by leg', async () => {
    const ams: [number, number] = [4.88969, 52.37403];
    const utr: [number, number] = [5.12222, 52.09083];
    const res = await call(admin, 'POST', '/routing/route', {
      mode: 'drive',
      waypoints: [{ location: ams }, { location: utr }, { location: ams }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<RouteResult>();
    const leg = Math.round(haversineMeters(ams, utr) * ROAD_FACTOR);
    expect(r.legs.map((l) => l.distance)).toEqual([leg, leg]);
    expect(r.distance).toBe(2 * leg);
    expect(r.time).toBe((r.legs[0]?.time ?? -1) * 2);
  });

  it('refuses one waypoint, another mode and a position off the earth', async () => {
    const one = { mode: 'drive', waypoints: [{ location: [4.9, 52.4] }] };
    const walk = { mode: 'walk', waypoints: [{ location: [4.9, 52.4] }, { location: [5, 52] }] };
    const off = { mode: 'drive', waypoints: [{ location: [4.9, 95] }, { location: [5, 52] }] };
    for (const body of [one, walk, off])
      expect((await call(admin, 'POST', '/routing/route', body)).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/routing/route', walk)).statusCode).toBe(403);
  });
});
