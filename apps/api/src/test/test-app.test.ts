import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { createTestApp } from './test-app.ts';

/**
 * Every row of every public table as one text per table, in a fixed order, with the schema's definitions: what a test
 * file can see of its database.
 */
async function contents(db: Db): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    "SELECT quote_ident(relname) AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname",
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ all: string | null }>(
      `SELECT string_agg(t::text, E'\\n' ORDER BY t::text) AS all FROM public.${name} t`,
    );
    out[name] = rows[0]?.all ?? '';
  }
  const { rows: defs } = await db.query<{ defs: string }>(`
    SELECT string_agg(c.conrelid::regclass || ' ' || pg_get_constraintdef(c.oid), E'\\n' ORDER BY 1) AS defs
      FROM pg_constraint c WHERE c.connamespace = 'public'::regnamespace`);
  out['(constraints)'] = defs[0]?.defs ?? '';
  return out;
}

/** The session's settings and temporary tables, which the previous file may have left. */
async function session(db: Db): Promise<unknown> {
  const { rows } = await db.query(
    "SELECT current_setting('statement_timeout') AS timeout, (SELECT count(*) FROM pg_class WHERE relpersistence = 't') AS temp",
  );
  return rows[0];
}

/** Changes a file might make: rows in many tables, a setting, a temporary table. */
async function scribble(db: Db): Promise<void> {
  await db.exec(`
    UPDATE products SET name = name || ' (changed)';
    DELETE FROM product_locations;
    UPDATE users SET email = 'x' || email;
    INSERT INTO rate_limit_hits (key) SELECT 'test' FROM generate_series(1, 5);
    SET statement_timeout = 12345;
    CREATE TEMP TABLE scratch (n int);
  `);
}

// Test files on PGlite take turns on the worker's PGlite and find its tables put back (test-app.ts `pgliteForTest`).
// PGlite only: the run on PostgreSQL leaves this file out (vitest.config.ts PGLITE_ONLY).
describe('the shared PGlite of a worker', () => {
  it("gives the next app of a template exactly the template's rows, settings and definitions", async () => {
    const first = await createTestApp({ seed: { products: 3 } });
    const before = await contents(first.db);
    const cleanSession = await session(first.db);
    await scribble(first.db);
    expect(await contents(first.db)).not.toEqual(before);
    await first.close();

    const second = await createTestApp({ seed: { products: 3 } });
    expect(second.seed).toEqual(first.seed);
    expect(await contents(second.db)).toEqual(before);
    expect(await session(second.db)).toEqual(cleanSession);
    // The first file's handle is closed, as its own PGlite was.
    await expect(first.db.query('SELECT 1')).rejects.toThrow(/closed/);
    await second.close();
  });

  it("gives an unseeded app the same rows as the migrated template's dump, whatever the file before did", async () => {
    const scribbled = await createTestApp({ seed: { products: 2 } });
    await scribble(scribbled.db);
    await scribbled.close();

    const shared = await createTestApp();
    // A second app while the first lives gets a PGlite of its own, opened from the dump as before.
    const own = await createTestApp();
    expect(await contents(shared.db)).toEqual(await contents(own.db));
    await own.close();
    await shared.close();
  });

  it('puts changed definitions back for the next file (an added constraint is gone)', async () => {
    const first = await createTestApp({ seed: { products: 3 } });
    const before = await contents(first.db);
    await first.db.query('ALTER TABLE order_lines ADD CONSTRAINT test_only CHECK (quantity < 5)');
    await first.close();

    const second = await createTestApp({ seed: { products: 3 } });
    const after = await contents(second.db);
    expect(after['(constraints)']).not.toContain('quantity < 5');
    // A new PGlite seeded again: the same tables and definitions, the seed's rows anew.
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after['(constraints)']).toEqual(before['(constraints)']);
    await second.close();
  });
});
