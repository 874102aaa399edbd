import { APP_HEADER, newId, type Page, type Problem, type Sale } from '@hoppa/core';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { demoSaleLeads, seedLiveSalesLeads } from '../../db/seed-sales-leads.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { saveSaleLeads } from './sales.service.ts';

/**
 * The sales dashboard's calls (spec 3 §7 `GET /sales?query`, `PUT /sales`; §2 Sales dashboard (beta)) through the
 * route table on PGlite: the demo's leads, the default query, the query language's translation and refusals, paging
 * and who may call them.
 */
let t: TestApp;
let admin: string;
let picker: string;
let owner: string;
const NOW = new Date();

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 2 } });
  admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  await seedLiveSalesLeads(t.app, t.db, NOW);
}, 60_000);
afterAll(async () => t.close());

const call = (cookie: string, method: HTTPMethods, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'test' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const list = async (query?: unknown, extra = '') => {
  const q = query === undefined ? '' : `query=${encodeURIComponent(JSON.stringify(query))}`;
  const res = await call(admin, 'GET', `/sales?${q}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<Sale>>();
};

const refused = async (text: string) => {
  const res = await call(admin, 'GET', `/sales?query=${encodeURIComponent(text)}`);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<Problem>();
  expect(body.code).toBe('bad_request');
  return body.issues?.[0];
};

const WEEK = 7 * 86_400_000;

describe('GET /sales', () => {
  it('answers the default query: products at most 75, updated within a week of now, newest first, 50 a page', async () => {
    const all = demoSaleLeads(NOW);
    const expected = all.filter(
      (l) => l.products <= 75 && Math.abs(l.updated.getTime() - NOW.getTime()) <= WEEK,
    ).length;
    expect(expected).toBeGreaterThan(10);
    expect(expected).toBeLessThan(all.length);
    const page = await list();
    expect(page.total).toBe(expected);
    expect(page.limit).toBe(50);
    for (const s of page.items) {
      expect(s.products).toBeLessThanOrEqual(75);
      expect(Math.abs(new Date(s.updated).getTime() - NOW.getTime())).toBeLessThanOrEqual(WEEK + 1000);
    }
    const times = page.items.map((s) => s.updated);
    expect(times).toEqual([...times].sort().reverse());
    // The demo ticked the first three 'contacted' through PUT /sales.
    expect(page.items.slice(0, 3).every((s) => s.contacted && s.contacted_at)).toBe(true);
  });

  it('pages every lead of a query without overlap, and sorts by the header before the query', async () => {
    const everything = { $match: {} };
    const first = await list(everything, '&limit=50');
    const second = await list(everything, '&limit=50&skip=50');
    const third = await list(everything, '&limit=50&skip=100');
    expect(first.total).toBe(120);
    const ids = [...first.items, ...second.items, ...third.items].map((s) => s.id);
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    const byProducts = await list([{ $match: {} }, { $sort: { name: 1 } }], '&sort=-products&limit=10');
    const products = byProducts.items.map((s) => s.products);
    expect(products).toEqual([...products].sort((a, b) => b - a));
  });

  it('translates each operator: $regex as a case-insensitive search, $in, $or, $ne on an empty link, dates', async () => {
    const bakkers = await list({ $match: { name: { $regex: '^BAKKERIJ' } } });
    expect(bakkers.total).toBe(8);
    expect(bakkers.items.every((s) => s.name.startsWith('Bakkerij '))).toBe(true);
    const two = await list({ $match: { products: { $in: [bakkers.items[0]?.products, -1] } } });
    expect(two.items.map((s) => s.products)).toContain(bakkers.items[0]?.products);
    const orQuery = await list({
      $match: { $or: [{ name: { $regex: 'kaashandel' } }, { name: { $regex: 'theehuis' } }] },
    });
    expect(orQuery.total).toBe(16);
    expect((await refused('{"$match": {"contact_link": {"$eq": null}}}'))?.code).toBe('query_bad_value');
    const withLink = await list({ $match: { contact_link: { $ne: 'x' } } });
    expect(withLink.total).toBe(120);
    // The demo dates no lead after now; every lead is 'updated' before it.
    expect((await list({ $match: { updated: { $gt: 'now' } } })).total).toBe(0);
    expect((await list({ $match: { updated: { $lte: 'now' } } })).total).toBe(120);
    const contacted = await list({ $match: { contacted: true } });
    expect(contacted.total).toBe(3);
  });

  it('keeps SQL in a value a value: no lead matches, nothing is dropped', async () => {
    const res = await list({ $match: { name: { $regex: "x'; DROP TABLE sales_leads; --" } } });
    expect(res.total).toBe(0);
    const inj = await list({ $match: { name: "' OR 1=1 --" } });
    expect(inj.total).toBe(0);
    const pct = await list({ $match: { name: { $regex: '%' } } });
    expect(pct.total).toBe(0);
    expect((await list({ $match: {} })).total).toBe(120);
  });

  it('refuses a bad query with a coded issue at query.query that names the offending part', async () => {
    expect(await refused('[{"$match": ')).toMatchObject({ path: 'query.query', code: 'query_unreadable' });
    expect(await refused('{"$match": {"prodcts": {"$lte": 75}}}')).toMatchObject({
      path: 'query.query',
      code: 'query_unknown_field',
      values: { field: 'query', at: '$match.prodcts', value: 'prodcts' },
    });
    expect(await refused('{"$match": {"name": {"$where": "1"}}}')).toMatchObject({
      code: 'query_unknown_operator',
      values: { at: '$match.name.$where' },
    });
    expect(await refused('[{"$lookup": {"from": "users"}}]')).toMatchObject({
      code: 'query_unknown_operator',
      values: { value: '$lookup' },
    });
    expect(await refused('{"$match": {"products": {"$lte": "1 OR 1=1"}}}')).toMatchObject({
      code: 'query_bad_value',
      values: { at: '$match.products.$lte', expected: 'number' },
    });
  });
});

describe('PUT /sales', () => {
  it('ticks and unticks contacted, idempotently, keeping when it was first ticked', async () => {
    const lead = (await list({ $match: { contacted: false } }, '&limit=1')).items[0];
    if (!lead) throw new Error('no lead');
    const on = await call(admin, 'PUT', '/sales', { id: lead.id, contacted: true });
    expect(on.statusCode, on.body).toBe(200);
    const ticked = on.json<Sale>();
    expect(ticked).toMatchObject({ id: lead.id, contacted: true });
    expect(ticked.contacted_at).not.toBeNull();
    const again = (await call(admin, 'PUT', '/sales', { id: lead.id, contacted: true })).json<Sale>();
    expect(again.contacted_at).toBe(ticked.contacted_at);
    const off = (await call(admin, 'PUT', '/sales', { id: lead.id, contacted: false })).json<Sale>();
    expect(off).toMatchObject({ contacted: false, contacted_at: null });
    const missing = await call(admin, 'PUT', '/sales', { id: newId(), contacted: true });
    expect(missing.statusCode).toBe(404);
  });

  it('an import of a known shop updates its fields and keeps contacted', async () => {
    const lead = (await list({ $match: { contacted: true } }, '&limit=1')).items[0];
    if (!lead) throw new Error('no lead');
    const r = await saveSaleLeads(
      t.db,
      [
        {
          name: lead.name,
          address: lead.address,
          products: 999,
          delivery_time: lead.delivery_time,
          updated: new Date(),
          contact_link: lead.contact_link,
          profile_link: lead.profile_link,
        },
      ],
      newId,
    );
    expect(r).toEqual({ added: 0, updated: 1 });
    const after = (await list({ $match: { profile_link: lead.profile_link } })).items[0];
    expect(after).toMatchObject({ id: lead.id, products: 999, contacted: true });
  });
});

describe('who may call them', () => {
  it('is the provider administrator only: warehouse staff and merchants get 403', async () => {
    for (const cookie of [picker, owner]) {
      expect((await call(cookie, 'GET', '/sales')).statusCode).toBe(403);
      const lead = (await list(undefined, '&limit=1')).items[0];
      expect((await call(cookie, 'PUT', '/sales', { id: lead?.id, contacted: true })).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/sales' });
    expect(anonymous.statusCode).toBe(401);
  });
});
