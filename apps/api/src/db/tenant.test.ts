import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { systemSql } from './kysely.ts';
import { orgScope, type TenantScope, tenantSql, UnscopedTenantQueryError } from './tenant.ts';

// Fixture queries of this test only: product code never writes an unscoped tenant query.
let t: TestApp;
let bol: TenantScope;
let stroopId: string;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 20 } });
  if (!t.seed) throw new Error('seed missing');
  bol = { db: t.db, orgIds: [t.seed.orgs.bol] };
  stroopId = t.seed.orgs.stroop;
});
afterAll(async () => {
  await t?.close();
});

describe('tenantSql and orgScope', () => {
  it('refuses a query on a tenant table without the organisation predicate, before it runs', async () => {
    const q = tenantSql(bol).selectFrom('products').select(['id', 'org_id']);
    await expect(q.execute()).rejects.toBeInstanceOf(UnscopedTenantQueryError);
    expect(() => q.compile()).toThrow(/products/);
  });

  it('runs the same query with orgScope and returns only the organisation’s rows', async () => {
    const rows = await tenantSql(bol)
      .selectFrom('products as p')
      .select(['p.id', 'p.org_id'])
      .where(orgScope(bol, 'p'))
      .execute();
    expect(rows.length).toBe(10);
    expect(new Set(rows.map((r) => r.org_id))).toEqual(new Set(bol.orgIds));
    // The same table unscoped, through the explicit system handle, has both merchants' rows.
    const all = await systemSql(t.db).selectFrom('products').select('org_id').execute();
    expect(new Set(all.map((r) => r.org_id))).toEqual(new Set([...bol.orgIds, stroopId]));
  });

  it('names every unscoped reference: joins by alias, subqueries, updates and deletes', async () => {
    const joined = tenantSql(bol)
      .selectFrom('product_locations as pl')
      .innerJoin('products as p', 'p.id', 'pl.product_id')
      .select('p.id')
      .where(orgScope(bol, 'pl'));
    expect(() => joined.compile()).toThrow(UnscopedTenantQueryError);
    expect(() => joined.compile()).toThrow(/for p:/);

    const sub = tenantSql(bol)
      .selectFrom('products as p')
      .select((eb) => [
        'p.id',
        eb
          .selectFrom('stock_mutations as m')
          .select('m.quantity')
          .whereRef('m.product_id', '=', 'p.id')
          .limit(1)
          .as('q'),
      ])
      .where(orgScope(bol, 'p'));
    expect(() => sub.compile()).toThrow(/for m:/);

    expect(() => tenantSql(bol).updateTable('orders').set({ notes_text: 'x' }).compile()).toThrow(
      UnscopedTenantQueryError,
    );
    expect(() => tenantSql(bol).deleteFrom('shipments').compile()).toThrow(UnscopedTenantQueryError);
  });

  it('never changes another organisation’s rows through a scoped update', async () => {
    const r = await tenantSql(bol)
      .updateTable('products as p')
      .set({ name: 'Renamed' })
      .where(orgScope(bol, 'p'))
      .where('p.org_id', '=', stroopId)
      .executeTakeFirst();
    expect(Number(r.numUpdatedRows)).toBe(0);
  });

  it('matches nothing for a user without organisations', async () => {
    const none: TenantScope = { db: t.db, orgIds: [] };
    const rows = await tenantSql(none)
      .selectFrom('products as p')
      .select('p.id')
      .where(orgScope(none, 'p'))
      .execute();
    expect(rows).toEqual([]);
  });

  it('leaves the warehouse map and system tables alone', async () => {
    const rows = await tenantSql(bol).selectFrom('locations').select('id').limit(1).execute();
    expect(rows.length).toBe(1);
  });
});

describe('one organisation predicate (issue 6)', () => {
  it('writes no organisation predicate by hand outside db/tenant.ts', () => {
    const src = join(dirname(fileURLToPath(import.meta.url)), '..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) =>
        f.endsWith('.ts') &&
        !f.endsWith('.test.ts') &&
        (f.startsWith('modules') || f.startsWith('lib')) &&
        !f.includes(`${sep}test${sep}`),
    );
    expect(files.length).toBeGreaterThan(20);
    // `org_id = ANY(…)`, `org_id = $1`, `org_id IN (…)` in SQL text: the shapes orgScope()/orgScopeSql() replace.
    const handWritten = /org_id\s*(=|in)\s*(any\s*\(|\$\d|\()/i;
    const found = files.flatMap((f) =>
      readFileSync(join(src, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${f}:${i + 1}`, line }))
        .filter(({ line }) => handWritten.test(line)),
    );
    expect(found).toEqual([]);
  });
});
