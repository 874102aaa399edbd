import { type InboundItem, newId } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { hashPassword } from '../../lib/auth.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addProduct, orgId } from '../pick/test/fulfilment.fixtures.ts';

let t: TestApp;
let picker: string;
let bolOwner: string;
/** A warehouse worker of Stroopwafel & Co only (a role without all organisations): Bakkerij Bol is not theirs. */
let stroopWorker: string;
let bol: string;
let stroop: string;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 2 } });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  stroop = await orgId(t.db, 'Stroopwafel & Co');
  const set = await t.app.inject({
    method: 'POST',
    url: '/api/orgs/set_curr',
    headers: { cookie: bolOwner },
    payload: { customer_id: bol },
  });
  expect(set.statusCode, set.body).toBeLessThan(300);
  const roleId = newId();
  await t.db.query(
    `INSERT INTO roles (id, key, name, grants, all_orgs) VALUES ($1, 'test_shop_floor', 'Shop floor', $2, false)`,
    [roleId, JSON.stringify([{ methods: ['*'], path: '/locations/*' }])],
  );
  const userId = newId();
  await t.db.query(
    `INSERT INTO users (id, first_name, family_name, email, password_hash, curr_role_id, curr_org_id)
     VALUES ($1, 'Sam', 'Stroop', 'floor@stroopwafel.example', $2, $3, $4)`,
    [userId, await hashPassword('stroop-floor-pw'), roleId, stroop],
  );
  await t.db.query('INSERT INTO memberships (user_id, role_id, org_id) VALUES ($1, $2, $3)', [
    userId,
    roleId,
    stroop,
  ]);
  await t.sessionsSettled();
  stroopWorker = await t.login('floor@stroopwafel.example', 'stroop-floor-pw');
});
afterAll(async () => {
  await t?.close();
});

async function api<T = unknown>(cookie: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const r = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: r.statusCode, body: r.json() as T };
}

type Refusal = {
  code: string;
  message: string;
  issues?: { path: string; message: string; code?: string; values?: Record<string, unknown> }[];
};

/** A bin the location finder reserved for a pending item of Bakkerij Bol's jam (SKU JAM-250), and the inbound. */
async function reservedBin() {
  await addLocation(t.db, { name: `RES-${Date.now()}`, sequence: 990 });
  const jam = await addProduct(t.db, bol, { name: 'Aardbeienjam', stock: [] });
  await t.db.query(`UPDATE products SET bsku = 'JAM-250' WHERE id = $1`, [jam.id]);
  const made = await api<{ id: string; items: InboundItem[] }>(bolOwner, 'POST', '/inbound', {
    type: 'package',
    items: [{ product_id: jam.id, units: 1, packed_per: 12 }],
    information: {
      contact_person: 'Anna Bol',
      contact_person_email: 'anna@bakkerijbol.nl',
      phone: '+31 20 123 4567',
      shipping_address: 'Keizersgracht 125, 1015 CJ Amsterdam',
      track_trace: '3SABCD1234567',
      expected_delivery: '2026-11-26',
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const item = made.body.items[0] as InboundItem;
  const found = await api<InboundItem>(picker, 'POST', `/inbound_item/locations/find/${item.id}`, {
    amount: 1,
  });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  const bin = found.body.reserved_locations[0] as { location_id: string; name: string };
  return { bin, inbound: `IN-${made.body.id.slice(-8).toUpperCase()}` };
}

describe('the 409 location_reserved names what the bin is kept for (ADR 0142)', () => {
  it("to a caller of the reserving shop: the location, the inbound and the product's name and SKU, as values", async () => {
    const { bin, inbound } = await reservedBin();
    const brood = await addProduct(t.db, bol, { name: 'Roggebrood', stock: [] });
    const r = await api<Refusal>(picker, 'POST', '/locations/assign', {
      product_id: brood.id,
      location_id: bin.location_id,
      amount: 4,
    });
    expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([409, 'location_reserved']);
    expect(r.body.issues?.map((i) => [i.path, i.code, i.values])).toEqual([
      [
        'location',
        'location_reserved',
        { location: bin.name, inbound, product: 'Aardbeienjam', sku: 'JAM-250' },
      ],
    ]);
    expect(r.body.message).toBe(
      `Location ${bin.name} is reserved for Aardbeienjam (SKU JAM-250) of inbound ${inbound}: choose another location, or drop that reservation first`,
    );
  });

  it('to a caller of another shop: only the location, and that an inbound of another shop holds it', async () => {
    const { bin, inbound } = await reservedBin();
    const stroopwafel = await addProduct(t.db, stroop, { name: 'Stroopwafel los', stock: [] });
    const r = await api<Refusal>(stroopWorker, 'POST', '/locations/assign', {
      product_id: stroopwafel.id,
      location_id: bin.location_id,
      amount: 4,
    });
    expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([409, 'location_reserved']);
    expect(r.body.issues?.map((i) => [i.path, i.code, i.values])).toEqual([
      ['location', 'location_reserved', { location: bin.name }],
    ]);
    expect(r.body.message).toBe(
      `Location ${bin.name} is reserved for an inbound of another shop: choose another location`,
    );
    expect(JSON.stringify(r.body)).not.toContain(inbound);
    expect(JSON.stringify(r.body)).not.toContain('Aardbeienjam');
  });
});
