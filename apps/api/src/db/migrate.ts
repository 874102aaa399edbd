import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';
import { syncDefaultRoles } from './roles.ts';

/** Folder of the numbered SQL migrations (`NNNN_name.sql`, plain PostgreSQL run on PGlite and PostgreSQL). */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** One migration file: its number (the version) and name. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Reads the migration files in version order; two files with the same number are an error. */
export function listMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((f) => /^\d+_.+\.sql$/.test(f));
  const migrations = files
    .map((f) => ({
      version: Number.parseInt(f, 10),
      name: f.replace(/\.sql$/, ''),
      sql: readFileSync(join(dir, f), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]?.version === migrations[i - 1]?.version) {
      throw new Error(
        `Two migrations share version ${migrations[i]?.version}: ${migrations[i - 1]?.name}, ${migrations[i]?.name}`,
      );
    }
  }
  return migrations;
}

// Any constant works; it only has to be the same for every API process sharing one PostgreSQL.
const MIGRATION_LOCK = 4_242_001;

/**
 * Applies the pending migrations in one transaction, under an advisory lock so several API processes
 * starting against one PostgreSQL do not race. Returns the version reached (0 for none).
 */
export async function migrate(
  db: Db,
  dir: string = MIGRATIONS_DIR,
): Promise<{ version: number; applied: string[] }> {
  const migrations = listMigrations(dir);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      try {
        await tx.exec(m.sql);
      } catch (err) {
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
      }
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.name);
    }
    return { version: await currentVersion(tx), applied };
  });
}

/** The highest applied migration version, 0 when none (or the table does not exist yet). */
export async function currentVersion(db: Db): Promise<number> {
  const exists = await db.query<{ t: string | null }>(`SELECT to_regclass('schema_migrations')::text AS t`);
  if (!exists.rows[0]?.t) return 0;
  const r = await db.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
  return r.rows[0]?.v ?? 0;
}

/** Brings a database up to date for this release: pending migrations, then the default roles' grants. */
export async function prepareDatabase(db: Db): Promise<{ version: number; applied: string[] }> {
  const result = await migrate(db);
  await syncDefaultRoles(db);
  return result;
}
