import type { Config } from '../config.ts';
import { type Db, openDb } from './client.ts';
import { prepareDatabase } from './migrate.ts';
import { isEmpty, type SeedResult, seedDemo } from './seed.ts';

/**
 * Opens the configured database (PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR), applies
 * pending migrations and the default roles, and loads the demo warehouse when there are no organisations
 * yet and `config.seedDemo` is on. Used by main.ts; tests call it to prove restarts keep data.
 */
export async function openPreparedDb(
  config: Config,
  opts: { products?: number } = {},
): Promise<{ db: Db; migration: { version: number; applied: string[] }; seed: SeedResult | null }> {
  const db = await openDb(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const migration = await prepareDatabase(db);
    const seed = config.seedDemo && (await isEmpty(db)) ? await seedDemo(db, opts) : null;
    return { db, migration, seed };
  } catch (err) {
    await db.close();
    throw err;
  }
}
