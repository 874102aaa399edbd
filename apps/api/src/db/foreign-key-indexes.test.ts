import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Deleting a row makes PostgreSQL look for rows that still refer to it, once per deleted row and per foreign key:
 * without an index led by the referring column that is a scan of the whole referring table (ADR 0130: one order line
 * deleted by an order edit scanned every ledger row, 48 ms at 200,000 rows and growing with every pick; a bundle
 * expansion deletes hundreds of lines in one statement). So every foreign key that refers to a table the API deletes
 * from must have such an index. The tables are found in the API's own code (Kysely's `deleteFrom('…')` and SQL's
 * `DELETE FROM …`, tests and benchmarks left out), so a new delete path or a new foreign key is checked without a
 * list to keep.
 */

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Source files of the API that run in production (no tests, test fixtures or benchmarks). */
function productionSources(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test') files.push(...productionSources(path));
    } else if (/\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
      files.push(path);
    }
  }
  return files;
}

/** Tables the API deletes rows from, with a file that does it. */
function deletedTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of productionSources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/deleteFrom\(\s*'([a-z_]+)|DELETE\s+FROM\s+(?:ONLY\s+)?([a-z_]+)/gi)) {
      const table = (m[1] ?? m[2] ?? '').toLowerCase();
      if (table && !tables.has(table)) tables.set(table, relative(SRC, file));
    }
  }
  return tables;
}

describe('foreign keys of deleted tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the tables the API deletes from in its code', () => {
    const tables = deletedTables();
    // Spot checks that the scan reads both spellings: order edits (Kysely) and the pick aggregate's trigger (SQL).
    expect(tables.get('order_lines')).toMatch(/\.ts$/);
    expect(tables.get('pick_item_totals')).toMatch(/\.sql$/);
  });

  it('have an index led by the referring columns, so a delete never scans the referring table', async () => {
    const tables = [...deletedTables().keys()];
    const { rows } = await t.db.query<{ fk: string; referring: string; columns: string; referred: string }>(
      `SELECT c.conname AS fk, c.conrelid::regclass::text AS referring, c.confrelid::regclass::text AS referred,
              (SELECT string_agg(a.attname, ', ' ORDER BY k.n)
                 FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns
         FROM pg_constraint c
        WHERE c.contype = 'f' AND c.confrelid::regclass::text = any($1::text[])
          AND NOT EXISTS (
            SELECT 1 FROM pg_index i
             WHERE i.indrelid = c.conrelid
               AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
               AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
        ORDER BY 1`,
      [tables],
    );
    expect(rows.map((r) => `${r.referring} (${r.columns}) -> ${r.referred}: ${r.fk}`)).toEqual([]);
  });
});
