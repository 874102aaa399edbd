import {
  APP_HEADER,
  LOCATION_NOT_EMPTY_TITLE,
  type LocationList,
  type LocationNode,
  newId,
  type ProductLocations,
  STOCK_CORRECTED,
  type StockAnalysis,
} from '@hoppa/core';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { readPdfBarcodes } from '../../lib/pdf/barcodes.test-helpers.ts';
import { readPdf } from '../../lib/pdf/pdf.test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addProduct, orgId } from '../pick/test/fulfilment.fixtures.ts';

let t: TestApp;
let admin: string;
let picker: string;
let bolOwner: string;
let bol: string;
let stroop: string;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 10 } });
  admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  stroop = await orgId(t.db, 'Stroopwafel & Co');
});
afterAll(async () => {
  await t?.close();
});

/** A call as the apps make it (with the app header state-changing GETs need). */
async function api<T>(
  cookie: string,
  method: HTTPMethods,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'test', ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() as T };
}

/** Every (product, location) whose stock differs from the sum of its ledger rows: must stay empty. */
async function ledgerBreaks(): Promise<unknown[]> {
  const r = await t.db.query(
    `SELECT coalesce(pl.product_id, m.product_id) AS product_id, coalesce(pl.location_id, m.location_id) AS location_id,
            coalesce(pl.stock, 0) AS stock, coalesce(m.total, 0) AS ledger
       FROM product_locations pl
       FULL JOIN (SELECT product_id, location_id, sum(quantity)::int AS total FROM stock_mutations
                   WHERE location_id IS NOT NULL GROUP BY product_id, location_id) m
         ON m.product_id = pl.product_id AND m.location_id = pl.location_id
      WHERE coalesce(pl.stock, 0) <> coalesce(m.total, 0)`,
  );
  return r.rows;
}

/** Mutation rows of a product, oldest first. */
async function mutations(productId: string) {
  return (
    await t.db.query<{ quantity: number; reason: string; location_id: string; raw_scan: string | null }>(
      'SELECT quantity, reason, location_id, raw_scan FROM stock_mutations WHERE product_id = $1 ORDER BY created_at, id',
      [productId],
    )
  ).rows;
}

/** A product of `org` put on locations through the API (so its ledger rows exist), in the order given. */
async function productWithStock(org: string, name: string, stock: { locationId: string; stock: number }[]) {
  const p = await addProduct(t.db, org, { name, stock: [] });
  for (const s of stock) {
    const r = await api(picker, 'POST', '/locations/assign', {
      product_id: p.id,
      location_id: s.locationId,
      amount: s.stock,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return p;
}

let nameCounter = 0;
/** A location name no other test uses. */
const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${nameCounter++}`;

describe('the warehouse map (spec 2 §7, spec 3 §7 Locations)', () => {
  it('lists the halls and a rack’s bins in walking order with their status', async () => {
    const roots = await api<LocationList>(picker, 'GET', '/locations/null');
    expect(roots.status).toBe(200);
    expect(roots.body.parent).toBeNull();
    const names = roots.body.items.map((l) => l.name);
    expect(names).toContain('A');
    expect(names).toContain('P');
    const hallA = roots.body.items.find((l) => l.name === 'A') as LocationNode;
    expect(hallA.level).toBe('hall');
    expect(hallA.stock).toBeGreaterThan(0);
    expect(hallA.status).toBe('used');

    const racks = await api<LocationList>(picker, 'GET', `/locations/${hallA.id}`);
    expect(racks.body.parent?.name).toBe('A');
    const rack = racks.body.items[0] as LocationNode;
    expect(rack.name).toBe('A-01');
    const bins = await api<LocationList>(picker, 'GET', `/locations/${rack.id}?limit=5&skip=1`);
    expect(bins.body.parent).toMatchObject({
      name: 'A-01',
      parent_id: hallA.id,
      path: [{ id: hallA.id, name: 'A' }],
    });
    expect(bins.body.items.map((b) => b.name)).toEqual([
      'A-01-02',
      'A-01-03',
      'A-01-04',
      'A-01-05',
      'A-01-06',
    ]);
    expect(bins.body.total).toBe(50);
    expect(bins.body.items.every((b) => b.level === 'bin' && b.children === 0)).toBe(true);
    expect(new Set(bins.body.items.map((b) => b.status))).toEqual(new Set(['used']));

    // The search finds locations of any level by a part of their name, any case.
    const found = await api<LocationList>(picker, 'GET', '/locations/null?search=a-01-1');
    expect(found.body.items.map((l) => l.name)).toEqual(Array.from({ length: 10 }, (_, i) => `A-01-1${i}`));
    const escaped = await api<LocationList>(
      picker,
      'GET',
      `/locations/null?search=${encodeURIComponent('%')}`,
    );
    expect(escaped.body.items).toEqual([]);
  });

  it('lists the location named exactly as searched first, whatever its walking order (a name typed on the floor)', async () => {
    // Session 41: the floor's check-in looks a typed name up through this search; `H-2` must not hide behind `H-22`.
    const hallName = uniqueName('S');
    const hall = await api<LocationNode>(admin, 'GET', `/locations/add/${hallName}/null`);
    expect(hall.status, JSON.stringify(hall.body)).toBe(200);
    const longer = await api<LocationNode>(admin, 'GET', `/locations/add/${hallName}-22/${hall.body.id}`);
    const exact = await api<LocationNode>(admin, 'GET', `/locations/add/${hallName}-2/${hall.body.id}`);
    expect(longer.body.sequence).toBeLessThan(exact.body.sequence);
    const found = await api<LocationList>(
      picker,
      'GET',
      `/locations/null?limit=1&search=${encodeURIComponent(`  ${hallName.toLowerCase()}-2 `)}`,
    );
    expect(found.body.items.map((l) => l.name)).toEqual([`${hallName}-2`]);
    expect(found.body.total).toBe(2);
    // Without an exact name the order stays the walking order.
    const partial = await api<LocationList>(picker, 'GET', `/locations/null?search=${hallName}-`);
    expect(partial.body.items.map((l) => l.name)).toEqual([`${hallName}-22`, `${hallName}-2`]);
  });

  it('adds a hall, a rack and its bins; names are unique; nothing goes under a bin', async () => {
    const hallName = uniqueName('H');
    const hall = await api<LocationNode>(admin, 'GET', `/locations/add/${hallName}/null`);
    expect(hall.status, JSON.stringify(hall.body)).toBe(200);
    expect(hall.body).toMatchObject({ name: hallName, level: 'hall', status: 'free', parent_id: null });
    const rack = await api<LocationNode>(admin, 'GET', `/locations/add/${hallName}-01/${hall.body.id}`);
    expect(rack.body).toMatchObject({ level: 'rack', parent_id: hall.body.id, type: null });

    const bulk = await api<{ created: LocationNode[] }>(admin, 'POST', '/locations/bulk', {
      parent_id: rack.body.id,
      from: 1,
      to: 20,
      type: 'rack-box',
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
    expect(bulk.body.created.map((b) => b.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `${hallName}-01-${String(i + 1).padStart(2, '0')}`),
    );
    expect(bulk.body.created.every((b) => b.type === 'rack-box' && b.status === 'free')).toBe(true);
    const sequences = bulk.body.created.map((b) => b.sequence);
    expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);

    // The same bins again: all or nothing.
    const again = await api<{ code: string; message: string }>(admin, 'POST', '/locations/bulk', {
      parent_id: rack.body.id,
      from: 20,
      to: 21,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('location_exists');
    expect(again.body.message).toContain(`${hallName}-01-20`);
    const listed = await api<LocationList>(admin, 'GET', `/locations/${rack.body.id}`);
    expect(listed.body.total).toBe(20);

    const dup = await api<{ code: string }>(admin, 'GET', `/locations/add/${hallName.toLowerCase()}/null`);
    expect(dup.status).toBe(409);
    const bin = bulk.body.created[0] as LocationNode;
    const underBin = await api<{ message: string }>(
      admin,
      'GET',
      `/locations/add/${uniqueName('X')}/${bin.id}`,
    );
    expect(underBin.status).toBe(400);
    expect(underBin.body.message).toContain('bin');
    expect((underBin.body as { issues?: unknown[] }).issues?.[0]).toMatchObject({
      code: 'bin_holds_nothing',
      values: { value: bin.name },
    });
  });

  it('needs the app header for the state-changing GET and the provider’s staff for map changes', async () => {
    const noHeader = await t.app.inject({
      method: 'GET',
      url: `/api/locations/add/${uniqueName('N')}/null`,
      headers: { cookie: admin },
    });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().issues?.[0]).toMatchObject({ code: 'missing', values: { field: APP_HEADER } });
    const merchant = await api<{ code: string }>(bolOwner, 'GET', `/locations/add/${uniqueName('M')}/null`);
    expect(merchant.status).toBe(403);
  });

  it('edits a location: rename, deactivate; an inactive bin with stock is in error', async () => {
    const bin = await addLocation(t.db, { name: uniqueName('E'), sequence: 9 });
    const p = await productWithStock(bol, 'Krentenbol', [{ locationId: bin, stock: 4 }]);
    const renamed = uniqueName('E2');
    const edited = await api<LocationNode>(admin, 'PUT', `/locations/${bin}`, {
      name: renamed,
      active: false,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ name: renamed, active: false, status: 'error', stock: 4 });
    expect(edited.body.problems).toEqual(['inactive_with_stock']);
    const refused = await api<{ code: string }>(picker, 'POST', '/locations/assign', {
      product_id: p.id,
      location_id: bin,
      amount: 1,
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'location_inactive']);
  });
});

describe("a product's locations (spec 2 §2 Product location widget, §7 Locations)", () => {
  it('adds a location by its scanned name, sets and adds stock, reorders, and keeps the ledger', async () => {
    const a = await addLocation(t.db, { name: uniqueName('W'), sequence: 11 });
    const bName = uniqueName('W');
    const b = await addLocation(t.db, { name: bName, sequence: 12 });
    const p = await productWithStock(bol, 'Ontbijtkoek', [{ locationId: a, stock: 0 }]);

    const scanned = await api<ProductLocations>(picker, 'POST', '/product/assign_location', {
      product_id: p.id,
      rack_number: bName.toLowerCase(),
      raw_scan: bName,
    });
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    expect(scanned.body.locations.map((l) => l.location.name)).toContain(bName);
    // Scanning it again changes nothing.
    await api(picker, 'POST', '/product/assign_location', { product_id: p.id, rack_number: bName });
    const linkB = scanned.body.locations.find((l) => l.location.id === b);
    expect(linkB?.stock).toBe(0);

    const set = await api<ProductLocations>(
      picker,
      'GET',
      `/locations/stock/update/${p.id}/${linkB?.id}/12?expected=0`,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.product.stock).toBe(12);
    const stale = await api<{ code: string; message: string }>(
      picker,
      'GET',
      `/locations/stock/update/${p.id}/${linkB?.id}/3?expected=0`,
    );
    expect([stale.status, stale.body.code]).toEqual([409, 'stock_changed']);
    expect(stale.body.message).toContain('12');

    const added = await api<ProductLocations>(picker, 'POST', '/locations/assign', {
      product_id: p.id,
      location_id: a,
      amount: 5,
    });
    expect(added.body.product.stock).toBe(17);

    const [first, second] = added.body.locations;
    const switched = await api<ProductLocations>(picker, 'PUT', '/product/switch_loc_position', {
      product_id: p.id,
      id_to_switch: second?.id,
      id_to_be: first?.id,
    });
    expect(switched.body.locations.map((l) => l.id)).toEqual([second?.id, first?.id]);

    expect(await mutations(p.id)).toEqual([
      { quantity: 0, reason: 'assign', location_id: a, raw_scan: null },
      { quantity: 0, reason: 'assign', location_id: b, raw_scan: bName },
      { quantity: 12, reason: 'count', location_id: b, raw_scan: null },
      { quantity: 5, reason: 'assign', location_id: a, raw_scan: null },
    ]);
    expect(await ledgerBreaks()).toEqual([]);
  });

  it('refuses to clear a location that holds stock, with the popup text, and clears an empty one', async () => {
    const bin = await addLocation(t.db, { name: uniqueName('C'), sequence: 13 });
    const p = await productWithStock(stroop, 'Stroopwafel', [{ locationId: bin, stock: 0 }]);
    const start = await api<ProductLocations>(picker, 'GET', `/product/locations/${p.id}`);
    const link = start.body.locations[0];
    await api(picker, 'GET', `/locations/stock/update/${p.id}/${link?.id}/2`);
    const refused = await api<{ code: string; message: string }>(
      picker,
      'DELETE',
      `/locations/clear/${link?.id}/${p.id}/${bin}`,
    );
    expect([refused.status, refused.body.code]).toEqual([409, 'location_not_empty']);
    expect(refused.body.message).toContain(LOCATION_NOT_EMPTY_TITLE);

    await api(picker, 'GET', `/locations/stock/update/${p.id}/${link?.id}/0`);
    const cleared = await api<ProductLocations>(
      picker,
      'DELETE',
      `/locations/clear/${link?.id}/${p.id}/${bin}`,
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.locations).toEqual([]);
    expect((await mutations(p.id)).map((m) => [m.reason, m.quantity])).toEqual([
      ['assign', 0],
      ['count', 2],
      ['count', -2],
      ['unassign', 0],
    ]);
    expect(await ledgerBreaks()).toEqual([]);
  });

  it("answers 405 location_held naming another shop's product on the bin, and assigns once it is cleared (spec 2 §4)", async () => {
    const binName = uniqueName('H');
    const bin = await addLocation(t.db, { name: binName, sequence: 15 });
    const theirs = await productWithStock(stroop, 'Andermans koek', [{ locationId: bin, stock: 4 }]);
    const own = await productWithStock(bol, 'Eigen koek', []);
    const held = await api<{ code: string; message: string; issues: { path: string; message: string }[] }>(
      picker,
      'POST',
      '/product/assign_location',
      { product_id: own.id, rack_number: binName },
    );
    expect([held.status, held.body.code]).toEqual([405, 'location_held']);
    expect(held.body.message).toContain('Andermans koek');
    const link = (await api<ProductLocations>(picker, 'GET', `/product/locations/${theirs.id}`)).body
      .locations[0];
    expect(held.body.issues).toEqual([
      {
        path: `location_products.${link?.id}.${theirs.id}`,
        message: expect.stringContaining('Stroopwafel & Co): 4 in stock'),
      },
    ]);
    // Nothing changed: the bin still holds only the other product.
    expect(
      (await api<ProductLocations>(picker, 'GET', `/product/locations/${own.id}`)).body.locations,
    ).toEqual([]);
    // Emptied and cleared (the offer to clear), the bin takes the product.
    await api(picker, 'GET', `/locations/stock/update/${theirs.id}/${link?.id}/0`);
    const cleared = await api(picker, 'DELETE', `/locations/clear/${link?.id}/${theirs.id}/${bin}`);
    expect(cleared.status).toBe(200);
    const put = await api<ProductLocations>(picker, 'POST', '/product/assign_location', {
      product_id: own.id,
      rack_number: binName,
    });
    expect(put.status).toBe(200);
    expect(put.body.locations.map((l) => l.location.id)).toEqual([bin]);
    expect(await ledgerBreaks()).toEqual([]);
  });

  it('answers 405 location_held to POST /locations/assign too (a label scan by bin id), and adds pieces where the product lies (spec 2 §4)', async () => {
    const bin = await addLocation(t.db, { name: uniqueName('L'), sequence: 15 });
    const theirs = await productWithStock(stroop, 'Andermans wafel', [{ locationId: bin, stock: 0 }]);
    const own = await productWithStock(bol, 'Eigen wafel', []);
    const link = (await api<ProductLocations>(picker, 'GET', `/product/locations/${theirs.id}`)).body
      .locations[0];
    // Held by a product with 0 pieces counts too: adding or setting pieces, nothing changes.
    for (const type of ['add', 'set'] as const) {
      const held = await api<{ code: string; message: string; issues: { path: string; message: string }[] }>(
        picker,
        'POST',
        '/locations/assign',
        { product_id: own.id, location_id: bin, amount: 2, type, raw_scan: bin },
      );
      expect([held.status, held.body.code]).toEqual([405, 'location_held']);
      expect(held.body.message).toContain('Andermans wafel');
      expect(held.body.issues).toEqual([
        {
          path: `location_products.${link?.id}.${theirs.id}`,
          message: expect.stringContaining('Stroopwafel & Co): 0 in stock'),
        },
      ]);
    }
    expect(
      (await api<ProductLocations>(picker, 'GET', `/product/locations/${own.id}`)).body.locations,
    ).toEqual([]);
    expect(await mutations(own.id)).toEqual([]);
    // The product already on the bin gets its pieces as before.
    const more = await api<ProductLocations>(picker, 'POST', '/locations/assign', {
      product_id: theirs.id,
      location_id: bin,
      amount: 3,
    });
    expect([more.status, more.body.product.stock]).toEqual([200, 3]);
    // Counted off and cleared (the offer to clear), the bin takes the other product by its id.
    await api(picker, 'GET', `/locations/stock/update/${theirs.id}/${link?.id}/0`);
    expect((await api(picker, 'DELETE', `/locations/clear/${link?.id}/${theirs.id}/${bin}`)).status).toBe(
      200,
    );
    const put = await api<ProductLocations>(picker, 'POST', '/locations/assign', {
      product_id: own.id,
      location_id: bin,
      amount: 2,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.locations.map((l) => [l.location.id, l.stock])).toEqual([[bin, 2]]);
    expect(await ledgerBreaks()).toEqual([]);
  });

  it('keeps merchants to their own products (404) and lets them read their locations', async () => {
    const bin = await addLocation(t.db, { name: uniqueName('T'), sequence: 14 });
    const ownBin = await addLocation(t.db, { name: uniqueName('T'), sequence: 14 });
    const theirs = await productWithStock(stroop, 'Not yours', [{ locationId: bin, stock: 3 }]);
    const own = await productWithStock(bol, 'Yours', [{ locationId: ownBin, stock: 1 }]);
    expect((await api(bolOwner, 'GET', `/product/locations/${theirs.id}`)).status).toBe(404);
    const mine = await api<ProductLocations>(bolOwner, 'GET', `/product/locations/${own.id}`);
    expect(mine.body.locations.map((l) => l.stock)).toEqual([1]);
    // Where stock lies is warehouse work: a merchant reads it but does not move it (docs/roles.md).
    const binName = (await t.db.query<{ name: string }>('SELECT name FROM locations WHERE id = $1', [bin]))
      .rows[0]?.name;
    const move = await api(bolOwner, 'POST', '/product/assign_location', {
      product_id: own.id,
      rack_number: binName,
    });
    expect(move.status).toBe(403);
    const put = await api(bolOwner, 'POST', '/locations/assign', {
      product_id: own.id,
      location_id: bin,
      amount: 1,
    });
    expect(put.status).toBe(403);
  });
});

describe('recount and stock correction (spec 2 §4, §5, §8; spec 3 §7 Recount)', () => {
  it('sets the counted amount through the ledger and clears the recount flag', async () => {
    const a = await addLocation(t.db, { name: uniqueName('R'), sequence: 15 });
    const b = await addLocation(t.db, { name: uniqueName('R'), sequence: 16 });
    const p = await productWithStock(bol, 'Roggebrood', [
      { locationId: a, stock: 10 },
      { locationId: b, stock: 30 },
    ]);
    const flagged = await api<{ needs_recount: boolean }>(picker, 'POST', `/product/recount/${p.id}`, {
      recount: true,
    });
    expect(flagged.body.needs_recount).toBe(true);

    // The total counted is 35: the difference of -5 goes to the first location.
    const total = await api<{ message: string; result: ProductLocations }>(
      picker,
      'POST',
      '/correct_stock/',
      {
        org_id: bol,
        ean: p.ean,
        curr_amount: 35,
        desc: 'Telling na inventaris',
        language: 'nl',
      },
    );
    expect(total.status, JSON.stringify(total.body)).toBe(200);
    expect(total.body.message).toBe(STOCK_CORRECTED);
    expect(total.body.result.product).toMatchObject({ stock: 35, needs_recount: false });
    expect(total.body.result.locations.map((l) => l.stock)).toEqual([5, 30]);

    // On one location: what was counted there.
    const one = await api<{ result: ProductLocations }>(picker, 'POST', '/correct_stock/', {
      org_id: bol,
      ean: p.ean,
      curr_amount: 28,
      desc: 'Twee beschadigd',
      location_id: b,
    });
    expect(one.body.result.locations.map((l) => l.stock)).toEqual([5, 28]);
    const rows = (await mutations(p.id)).filter((m) => m.reason === 'correction');
    expect(rows.map((m) => [m.location_id, m.quantity])).toEqual([
      [a, -5],
      [b, -2],
    ]);
    expect(await ledgerBreaks()).toEqual([]);
  });

  it('answers the messages of spec 2 §8 for missing fields', async () => {
    const missing = await api<{ message: string }>(picker, 'POST', '/correct_stock/', { desc: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Missing organization ID');
    expect(missing.body.message).toContain('Missing product EAN');
    expect(missing.body.message).toContain('Missing current amount');
    const negative = await api<{ message: string }>(picker, 'POST', '/correct_stock/', {
      org_id: bol,
      ean: '8710000000000',
      curr_amount: -1,
      desc: 'x',
    });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toContain('0 or more');
  });
});

describe('transfers (spec 2 §7 Locations; spec 3 §2 Admin: all open transfers)', () => {
  it('moves stock to a scanned location with two ledger rows of one transfer', async () => {
    const from = await addLocation(t.db, { name: uniqueName('F'), sequence: 40 });
    const toName = uniqueName('G');
    const to = await addLocation(t.db, { name: toName, sequence: 41 });
    const p = await productWithStock(bol, 'Beschuit', [{ locationId: from, stock: 10 }]);
    const link = (await api<ProductLocations>(picker, 'GET', `/product/locations/${p.id}`)).body.locations[0];
    const moved = await api<ProductLocations>(picker, 'POST', `/product/transfer/${link?.id}`, {
      rack_number: toName,
      quantity: 4,
      raw_scan: toName,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.locations.map((l) => [l.location.id, l.stock])).toEqual([
      [from, 6],
      [to, 4],
    ]);
    const rows = await t.db.query<{
      quantity: number;
      location_id: string;
      transfer_id: string | null;
      raw_scan: string;
    }>(
      `SELECT quantity, location_id, transfer_id, raw_scan FROM stock_mutations WHERE product_id = $1 AND reason = 'transfer'
        ORDER BY quantity`,
      [p.id],
    );
    expect(rows.rows.map((r) => [r.location_id, r.quantity, r.raw_scan])).toEqual([
      [from, -4, toName],
      [to, 4, toName],
    ]);
    expect(rows.rows[0]?.transfer_id).toBeTruthy();
    expect(rows.rows[0]?.transfer_id).toBe(rows.rows[1]?.transfer_id);
    expect(await ledgerBreaks()).toEqual([]);
  });

  it('opens a transfer, lists it for the product and the warehouse, completes or cancels it', async () => {
    const from = await addLocation(t.db, { name: uniqueName('O'), sequence: 42 });
    const to = await addLocation(t.db, { name: uniqueName('O'), sequence: 43 });
    const p = await productWithStock(stroop, 'Kletskop', [{ locationId: from, stock: 10 }]);
    const link = (await api<ProductLocations>(picker, 'GET', `/product/locations/${p.id}`)).body.locations[0];
    const marked = await api<ProductLocations>(picker, 'POST', '/product/new_transfer/ass', {
      location_product_id: link?.id,
      quantity: 3,
    });
    expect(marked.body.locations[0]).toMatchObject({ to_transfer: true, transfer_quantity: 3, stock: 10 });
    const open = await api<{ items: { id: string; quantity: number; product: { name: string } }[] }>(
      picker,
      'GET',
      `/product/transfers/open/${p.id}`,
    );
    expect(open.body.items.map((i) => [i.id, i.quantity])).toEqual([[link?.id, 3]]);
    const all = await api<{ items: { id: string; product: { org_name: string } }[]; total: number }>(
      picker,
      'GET',
      '/transfers/open/all',
    );
    expect(all.body.items.find((i) => i.id === link?.id)?.product.org_name).toBe('Stroopwafel & Co');
    // The merchant of another organisation does not see it.
    const others = await api<{ items: { id: string }[] }>(bolOwner, 'GET', '/transfers/open/all');
    expect(others.status).toBe(403);

    const notEmpty = await api<{ code: string }>(
      picker,
      'DELETE',
      `/locations/clear/${link?.id}/${p.id}/${from}`,
    );
    expect(notEmpty.body.code).toBe('location_not_empty');
    const done = await api<ProductLocations>(picker, 'POST', `/product/transfer/${link?.id}`, {
      location_id: to,
    });
    expect(done.body.locations.map((l) => [l.stock, l.to_transfer])).toEqual([
      [7, false],
      [3, false],
    ]);
    expect((await api<{ total: number }>(picker, 'GET', `/product/transfers/open/${p.id}`)).body.total).toBe(
      0,
    );

    await api(picker, 'POST', '/product/new_transfer/ass', { location_product_id: link?.id, quantity: 2 });
    const cancelled = await api<ProductLocations>(picker, 'DELETE', `/product/transfer/${link?.id}`);
    expect(cancelled.body.locations[0]).toMatchObject({
      to_transfer: false,
      transfer_quantity: null,
      stock: 7,
    });
    expect(await ledgerBreaks()).toEqual([]);
  });

  it("answers 405 location_held to a move onto a bin another product holds, and moves onto the product's own (spec 2 §4)", async () => {
    const fromName = uniqueName('M');
    const from = await addLocation(t.db, { name: fromName, sequence: 47 });
    const heldName = uniqueName('M');
    const held = await addLocation(t.db, { name: heldName, sequence: 48 });
    const own = await addLocation(t.db, { name: uniqueName('M'), sequence: 49 });
    const theirs = await productWithStock(stroop, 'Andermans beschuit', [{ locationId: held, stock: 0 }]);
    const p = await productWithStock(bol, 'Eigen beschuit', [
      { locationId: from, stock: 6 },
      { locationId: own, stock: 1 },
    ]);
    const theirLink = (await api<ProductLocations>(picker, 'GET', `/product/locations/${theirs.id}`)).body
      .locations[0];
    const link = (await api<ProductLocations>(picker, 'GET', `/product/locations/${p.id}`)).body.locations[0];
    // By id or by its scanned name: the same body as assign_location's, nothing moves.
    for (const to of [{ location_id: held }, { rack_number: heldName.toLowerCase() }]) {
      const refused = await api<{
        code: string;
        message: string;
        issues: { path: string; message: string }[];
      }>(picker, 'POST', `/product/transfer/${link?.id}`, { ...to, quantity: 2 });
      expect([refused.status, refused.body.code]).toEqual([405, 'location_held']);
      expect(refused.body.message).toBe(
        `Location ${heldName} holds other products (Andermans beschuit): clear it first`,
      );
      expect(refused.body.issues).toEqual([
        {
          path: `location_products.${theirLink?.id}.${theirs.id}`,
          message: expect.stringContaining('Stroopwafel & Co): 0 in stock'),
        },
      ]);
    }
    expect(
      (await api<ProductLocations>(picker, 'GET', `/product/locations/${p.id}`)).body.locations.map((l) => [
        l.location.id,
        l.stock,
      ]),
    ).toEqual([
      [from, 6],
      [own, 1],
    ]);
    expect((await mutations(p.id)).filter((m) => m.reason === 'transfer')).toEqual([]);
    // A bin the product already lies on takes the pieces, also when another product lies there too (in error).
    await t.db.query(
      `INSERT INTO product_locations (id, org_id, product_id, location_id, stock, active, position)
       SELECT $1, org_id, product_id, $2, 0, true, 9 FROM product_locations WHERE id = $3`,
      [newId(), own, theirLink?.id],
    );
    const moved = await api<ProductLocations>(picker, 'POST', `/product/transfer/${link?.id}`, {
      location_id: own,
      quantity: 2,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.locations.map((l) => [l.location.id, l.stock])).toEqual([
      [from, 4],
      [own, 3],
    ]);
    // Once the holder is cleared (the offer to clear), the move goes through.
    expect(
      (await api(picker, 'DELETE', `/locations/clear/${theirLink?.id}/${theirs.id}/${held}`)).status,
    ).toBe(200);
    const after = await api<ProductLocations>(picker, 'POST', `/product/transfer/${link?.id}`, {
      location_id: held,
      quantity: 2,
    });
    expect(after.body.locations.map((l) => [l.location.id, l.stock])).toEqual([
      [from, 2],
      [own, 3],
      [held, 2],
    ]);
    expect(await ledgerBreaks()).toEqual([]);
  });

  it('refuses the same location, more than lies there and an inactive destination', async () => {
    const fromName = uniqueName('V');
    const from = await addLocation(t.db, { name: fromName, sequence: 44 });
    const off = await addLocation(t.db, { name: uniqueName('V'), sequence: 45 });
    await t.db.query('UPDATE locations SET active = false WHERE id = $1', [off]);
    const p = await productWithStock(bol, 'Peperkoek', [{ locationId: from, stock: 2 }]);
    const link = (await api<ProductLocations>(picker, 'GET', `/product/locations/${p.id}`)).body.locations[0];
    const same = await api(picker, 'POST', `/product/transfer/${link?.id}`, { rack_number: fromName });
    expect(same.status).toBe(400);
    expect((same.body as { issues?: unknown[] }).issues?.[0]).toMatchObject({ code: 'same_location' });
    const tooMany = await api<{ message: string }>(picker, 'POST', `/product/transfer/${link?.id}`, {
      location_id: off,
      quantity: 3,
    });
    expect(tooMany.status).toBe(409);
    const other = await addLocation(t.db, { name: uniqueName('V'), sequence: 46 });
    const over = await api<{ message: string }>(picker, 'POST', `/product/transfer/${link?.id}`, {
      location_id: other,
      quantity: 3,
    });
    expect([over.status, over.body.message]).toEqual([400, 'Only 2 pieces lie here; 3 cannot move']);
    expect((over.body as { issues?: unknown[] }).issues?.[0]).toMatchObject({
      code: 'not_enough_stock',
      values: { field: 'quantity', limit: 2, value: '3' },
    });
    expect(
      (await api(picker, 'POST', '/product/new_transfer/ass', { location_product_id: link?.id, quantity: 5 }))
        .status,
    ).toBe(400);
    expect(await ledgerBreaks()).toEqual([]);
  });
});

describe('pick-area lookups and stock analysis (spec 2 §7 pick lookups; spec 3 §7)', () => {
  it('creates and lists zones and cut-off groups; lists the pick areas', async () => {
    const a = await addLocation(t.db, { name: uniqueName('Z'), sequence: 50 });
    const b = await addLocation(t.db, { name: uniqueName('Z'), sequence: 51 });
    const zoneName = uniqueName('Zone');
    const zone = await api<{ id: string; locations: { id: string }[] }>(admin, 'POST', '/location/groups', {
      name: zoneName,
      location_ids: [a, b],
    });
    expect(zone.status, JSON.stringify(zone.body)).toBe(201);
    expect(zone.body.locations.map((l) => l.id)).toEqual([a, b]);
    const dup = await api<{ code: string }>(admin, 'POST', '/location/groups', {
      name: zoneName.toUpperCase(),
    });
    expect([dup.status, dup.body.code]).toEqual([409, 'group_exists']);
    const groups = await api<{ items: { name: string; locations: unknown[] }[] }>(
      picker,
      'GET',
      '/location/groups',
    );
    expect(groups.body.items.find((g) => g.name === zoneName)?.locations).toHaveLength(2);

    const cut = await api<{ cut_off: string; method_codes: string[] }>(admin, 'POST', '/cut_off_groups', {
      name: uniqueName('PostNL middag'),
      cut_off: '15:30',
      method_codes: ['SMF-POSTNL-NL', 'SMF-POSTNL-NL'],
    });
    expect(cut.status, JSON.stringify(cut.body)).toBe(201);
    expect(cut.body).toMatchObject({ cut_off: '15:30', method_codes: ['SMF-POSTNL-NL'] });
    const badTime = await api(admin, 'POST', '/cut_off_groups', { name: 'Laat', cut_off: '25:00' });
    expect(badTime.status).toBe(400);
    const cuts = await api<{ items: { cut_off: string }[] }>(picker, 'GET', '/cut_off_groups');
    expect(cuts.body.items.map((c) => c.cut_off)).toContain('15:30');
    expect((await api(picker, 'POST', '/cut_off_groups', { name: 'x', cut_off: '10:00' })).status).toBe(403);

    const areas = await api<{ items: { name: string; level: string }[] }>(
      picker,
      'GET',
      '/picking_locations',
    );
    expect(areas.body.items.slice(0, 2).map((l) => [l.name, l.level])).toEqual([
      ['A', 'hall'],
      ['A-01', 'rack'],
    ]);
    expect(areas.body.items.every((l) => l.level !== 'bin')).toBe(true);
  });

  it('shows stock against its ledger per location, per reason and per day', async () => {
    const a = await addLocation(t.db, { name: uniqueName('S'), sequence: 52 });
    const b = await addLocation(t.db, { name: uniqueName('S'), sequence: 53 });
    const p = await productWithStock(bol, 'Analyse', [{ locationId: a, stock: 12 }]);
    const link = (await api<ProductLocations>(picker, 'GET', `/product/locations/${p.id}`)).body.locations[0];
    await api(picker, 'POST', `/product/transfer/${link?.id}`, { location_id: b, quantity: 5 });
    const ok = await api<StockAnalysis>(bolOwner, 'GET', `/stock/analysis/${bol}/${p.ean}`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ stock: 12, ledger: 12, difference: 0 });
    expect(ok.body.locations.map((l) => [l.location.id, l.stock, l.ledger])).toEqual([
      [a, 7, 7],
      [b, 5, 5],
    ]);
    expect(ok.body.reasons).toEqual([
      { reason: 'assign', quantity: 12, rows: 1 },
      { reason: 'transfer', quantity: 0, rows: 2 },
    ]);
    expect(ok.body.days).toHaveLength(1);
    expect(ok.body.days[0]).toMatchObject({ in: 17, out: 5, balance: 12 });

    // The bin's ledger over several days (its rows moved back one and two days) sums to its stock: no error.
    await t.db.query(
      `UPDATE stock_mutations SET created_at = created_at - (CASE reason WHEN 'assign' THEN 2 ELSE 1 END) * interval '1 day'
        WHERE product_id = $1 AND location_id = $2`,
      [p.id, a],
    );
    const inStep = await api<LocationNode>(admin, 'PUT', `/locations/${a}`, { sequence: 52 });
    expect(inStep.body.problems).toEqual([]);
    // The analysis shows the last 90 days; the balance carries what lies before them (the assignment, 100 days ago).
    await t.db.query(
      `UPDATE stock_mutations SET created_at = now() - interval '100 days' WHERE product_id = $1 AND reason = 'assign'`,
      [p.id],
    );
    const window = await api<StockAnalysis>(bolOwner, 'GET', `/stock/analysis/${bol}/${p.ean}`);
    expect(window.body).toMatchObject({ stock: 12, ledger: 12, difference: 0 });
    // The move's two rows: off bin a yesterday (moved back a day above), onto bin b today.
    expect(window.body.days.map((d) => [d.in, d.out, d.balance])).toEqual([
      [0, 5, 7],
      [5, 0, 12],
    ]);
    // A stock changed behind the ledger's back shows as a difference, and the map marks the bin in error.
    await t.db.query('UPDATE product_locations SET stock = stock + 2 WHERE id = $1', [link?.id]);
    const off = await api<StockAnalysis>(picker, 'GET', `/stock/analysis/${bol}/${p.ean}`);
    expect(off.body.difference).toBe(2);
    const bin = await api<LocationNode>(admin, 'PUT', `/locations/${a}`, { sequence: 52 });
    expect(bin.body.problems).toEqual(['ledger_mismatch']);
    await t.db.query('UPDATE product_locations SET stock = stock - 2 WHERE id = $1', [link?.id]);
    expect((await api(bolOwner, 'GET', `/stock/analysis/${stroop}/${p.ean}`)).status).toBe(404);
  });
});

describe('location and EAN labels (spec 3 §7; issue 9 §4)', () => {
  it("prints a rack's bins, one label each, whose Code 128 and QR codes scan as the bin's id", async () => {
    const hallName = uniqueName('L');
    const hall = await api<LocationNode>(admin, 'GET', `/locations/add/${hallName}/null`);
    const rack = await api<LocationNode>(admin, 'GET', `/locations/add/${hallName}-01/${hall.body.id}`);
    const bins = await api<{ created: LocationNode[] }>(admin, 'POST', '/locations/bulk', {
      parent_id: rack.body.id,
      from: 1,
      to: 3,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/location/labels/${hall.body.id}`,
      headers: { cookie: picker },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    const text = await readPdf(pdf);
    expect(text.pages).toBe(3);
    expect(text.pageTexts[0]).toContain(`${hallName}-01-01`);
    const codes = await readPdfBarcodes(pdf);
    expect(codes.map((c) => [c.code128, c.qr])).toEqual(bins.body.created.map((b) => [b.id, b.id]));

    const one = await t.app.inject({
      method: 'POST',
      url: '/api/location/label',
      headers: { cookie: picker },
      payload: { location_id: bins.body.created[1]?.id, format: '62mm' },
    });
    expect(one.statusCode).toBe(200);
    const small = await readPdfBarcodes(one.rawPayload);
    expect(small).toEqual([{ code128: bins.body.created[1]?.id, qr: bins.body.created[1]?.id, ean13: null }]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/location/label',
      headers: { cookie: picker },
      payload: { location_id: '0123456789abcdef01234567' },
    });
    expect(none.statusCode).toBe(404);
  });

  it('counts the bins a label run of each location prints, so the map offers none for a hall without bins', async () => {
    const hallName = uniqueName('N');
    const hall = await api<LocationNode>(admin, 'GET', `/locations/add/${hallName}/null`);
    const rack = await api<LocationNode>(admin, 'GET', `/locations/add/${hallName}-01/${hall.body.id}`);
    const empty = await api<LocationNode>(admin, 'GET', `/locations/add/${hallName}-02/${hall.body.id}`);
    const noBins = await api<LocationList>(picker, 'GET', `/locations/${hall.body.id}`);
    expect(noBins.body.parent?.bins).toBe(0);
    expect(noBins.body.items.map((r) => [r.name, r.children, r.bins])).toEqual([
      [`${hallName}-01`, 0, 0],
      [`${hallName}-02`, 0, 0],
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/location/labels/${hall.body.id}`,
      headers: { cookie: picker },
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ issues: [{ code: 'no_bins', values: { value: hallName } }] });

    await api(admin, 'POST', '/locations/bulk', { parent_id: rack.body.id, from: 1, to: 3 });
    const racks = await api<LocationList>(picker, 'GET', `/locations/${hall.body.id}`);
    expect(racks.body.parent?.bins).toBe(3);
    expect(racks.body.items.map((r) => [r.name, r.bins])).toEqual([
      [`${hallName}-01`, 3],
      [`${hallName}-02`, 0],
    ]);
    const inRack = await api<LocationList>(picker, 'GET', `/locations/${rack.body.id}`);
    expect(inRack.body.parent?.bins).toBe(3);
    expect(inRack.body.items.map((b) => b.bins)).toEqual([1, 1, 1]);
    const found = await api<LocationList>(picker, 'GET', `/locations/null?search=${hallName}`);
    expect(found.body.items.map((l) => [l.name, l.bins])).toEqual(
      expect.arrayContaining([
        [hallName, 3],
        [`${hallName}-02`, 0],
      ]),
    );
    expect(empty.status).toBe(200);
  });

  it('prints EAN labels whose EAN-13 scans as the product’s EAN', async () => {
    const p = await addProduct(t.db, bol, { name: 'Appelflap', ean: '8712345678906', stock: [] });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/product/label/${p.ean}/2`,
      headers: { cookie: bolOwner },
      payload: { format: '62mm' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const codes = await readPdfBarcodes(res.rawPayload);
    expect(codes.map((c) => c.ean13)).toEqual(['8712345678906', '8712345678906']);
    expect((await readPdf(res.rawPayload)).pageTexts[0]).toContain('Appelflap');
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/product/label/${p.ean}/1`,
      headers: { cookie: await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password) },
      payload: {},
    });
    expect(other.statusCode).toBe(404);
  });
});

/** A small deterministic PRNG (mulberry32), so a failing sequence can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the ledger invariant: stock per product and location equals the sum of its mutations', () => {
  it('holds after 150 random operations through the API (seed 9)', async () => {
    const rand = prng(9);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
    const bins = [];
    for (let i = 0; i < 4; i++) {
      const name = uniqueName('Q');
      bins.push({ id: await addLocation(t.db, { name, sequence: 20 + i }), name });
    }
    const products = [];
    for (let i = 0; i < 3; i++)
      products.push(await addProduct(t.db, i % 2 ? stroop : bol, { name: `Willekeur ${i}`, stock: [] }));
    const statuses: Record<string, number> = {};
    for (let step = 0; step < 150; step++) {
      const p = pick(products);
      const state = (await api<ProductLocations>(picker, 'GET', `/product/locations/${p.id}`)).body;
      const link = state.locations.length ? pick(state.locations) : null;
      const op = Math.floor(rand() * 7);
      let status = 0;
      if (op === 0) {
        status = (
          await api(picker, 'POST', '/product/assign_location', {
            product_id: p.id,
            rack_number: pick(bins).name,
          })
        ).status;
      } else if (op === 1) {
        const r = await api(picker, 'POST', '/locations/assign', {
          product_id: p.id,
          location_id: pick(bins).id,
          amount: Math.floor(rand() * 20),
          type: rand() < 0.3 ? 'set' : 'add',
        });
        status = r.status;
      } else if (op === 2 && link) {
        status = (
          await api(picker, 'GET', `/locations/stock/update/${p.id}/${link.id}/${Math.floor(rand() * 30)}`)
        ).status;
      } else if (op === 3 && link) {
        status = (await api(picker, 'DELETE', `/locations/clear/${link.id}/${p.id}/${link.location.id}`))
          .status;
      } else if (op === 4 && link) {
        status = (
          await api(picker, 'POST', '/correct_stock/', {
            org_id: state.product.org_id,
            ean: state.product.ean,
            curr_amount: Math.floor(rand() * 40),
            desc: 'Steekproef',
            ...(rand() < 0.5 ? { location_id: link.location.id } : {}),
          })
        ).status;
      } else if (op === 5 && state.locations.length > 1) {
        const [x, y] = state.locations;
        status = (
          await api(picker, 'PUT', '/product/switch_loc_position', {
            product_id: p.id,
            id_to_switch: y?.id,
            id_to_be: x?.id,
          })
        ).status;
      }
      if (op === 6 && link) {
        status = (
          await api(picker, 'POST', `/product/transfer/${link.id}`, {
            location_id: pick(bins).id,
            quantity: 1 + Math.floor(rand() * 8),
          })
        ).status;
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    // Refusals (a location that is not empty, a total that would go below 0) are part of the walk; errors are not.
    expect(Object.keys(statuses).filter((s) => !['0', '200', '400', '405', '409'].includes(s))).toEqual([]);
    // A product put or moved onto a bin another holds is refused (405 location_held), a good part of the steps with
    // three products on four bins (seed 9: 50 of 150 answer 200).
    expect(statuses['200'] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(40);
    expect(await ledgerBreaks()).toEqual([]);
  });

  it('holds under 20 concurrent writers on one place, and no change is lost', async () => {
    const bin = await addLocation(t.db, { name: uniqueName('K'), sequence: 30 });
    const p = await productWithStock(bol, 'Drukte', [{ locationId: bin, stock: 0 }]);
    const link = (await api<ProductLocations>(picker, 'GET', `/product/locations/${p.id}`)).body.locations[0];
    const writers = Array.from({ length: 20 }, (_, i) =>
      i % 4 === 3
        ? api(picker, 'POST', '/correct_stock/', {
            org_id: bol,
            ean: p.ean,
            curr_amount: 100,
            desc: 'Geteld',
            location_id: bin,
          })
        : api(picker, 'POST', '/locations/assign', { product_id: p.id, location_id: bin, amount: i + 1 }),
    );
    const answers = await Promise.all(writers);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await ledgerBreaks()).toEqual([]);
    const final = (await api<ProductLocations>(picker, 'GET', `/product/locations/${p.id}`)).body;
    const rows = await mutations(p.id);
    expect(rows).toHaveLength(21);
    expect(final.locations[0]?.stock).toBe(rows.reduce((n, m) => n + m.quantity, 0));
    expect(link?.id).toBe(final.locations[0]?.id);
  });
});
