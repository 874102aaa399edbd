import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { SignupBody } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createPglite, type Db, openDb, wrapPglite } from '../db/client.ts';
import { listMigrations, prepareDatabase } from '../db/migrate.ts';
import { type SeedOptions, type SeedResult, seedDemo } from '../db/seed.ts';
import { SESSION_COOKIE } from '../lib/auth.ts';
import { createFileMailTransport } from '../lib/mail.ts';
import { settleBackgroundWork } from '../modules/auth/index.ts';

/** Options of {@link createTestApp}. */
export interface TestAppOptions {
  /** Seed the demo warehouse; `{ products: N }` limits the products (keep it small, e.g. 50). */
  seed?: boolean | { products?: number };
  /** Changes to the test configuration (e.g. a small bodyLimit). */
  config?: Partial<Config>;
  /** Built apps to serve (default: none, so only /api answers). */
  staticDirs?: { portal: string; floor: string };
  /** Capture log lines here (set `config.logLevel` too: tests log nothing by default). */
  logStream?: { write(line: string): void };
  /**
   * Benchmarks only, with TEST_DATABASE_URL: this PostgreSQL database (a plain name, e.g. `hoppa_hotreads3`) instead
   * of a fresh one; created when missing, migrated, seeded only when created, kept on close. `seed` is then null
   * when it already existed.
   */
  keepDatabase?: string;
}

/** A running test app on its own fresh database. */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Logs in through POST /api/login and returns the `Cookie` header value; throws on failure. */
  login(email: string, password: string): Promise<string>;
  /**
   * Waits until the session cache has seen every change committed so far (lib/session-cache.ts): call it after
   * changing users, memberships, roles or organisations directly in the database, before the next request.
   */
  sessionsSettled(): Promise<void>;
  /**
   * Signs up as a person would (docs/decisions/0015-signup-confirmation.md): POST /api/signup, the confirmation
   * link from the mail, POST /api/signup/confirm/:token. Returns the `Cookie` header value; throws on failure.
   */
  signUp(body: SignupBody): Promise<string>;
  close(): Promise<void>;
  /** Temporary DATA_DIR of this app (mail in `mail/`). */
  dataDir: string;
  /** Where the file mail transport writes `.eml` files. */
  mailDir: string;
  /** The `.eml` files sent so far, oldest first, as text. */
  mails(): string[];
  /** What the seed created, when `seed` was asked. */
  seed: SeedResult | null;
}

/**
 * A new PostgreSQL database `hoppa_t_<random>` on the server of `url`, cloned from the template for `seed` (see
 * {@link postgresTemplate}); `drop()` removes it.
 */
async function freshPostgres(
  url: string,
  seed: SeedOptions | null,
): Promise<{ db: Db; seed: SeedResult | null; drop: () => Promise<void> }> {
  const name = `hoppa_t_${Math.random().toString(16).slice(2, 12)}`;
  const result = await withAdmin(url, async (admin) => {
    const template = await postgresTemplate(admin, url, seed);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
    return template.seed;
  });
  const db = await openDb({ databaseUrl: databaseAt(url, name) });
  return {
    db,
    seed: result,
    drop: () =>
      withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

/**
 * Runs `fn` with a connection of its own to the server of `url` (for CREATE/DROP DATABASE, which cannot run inside a
 * pool's transaction) and ends the connection afterwards, whether `fn` succeeded or threw.
 */
async function withAdmin<T>(url: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** `url` with its database name replaced by `name`. */
function databaseAt(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One hour in milliseconds: a seeded template serves within the clock hour it was made in. */
const HOUR_MS = 3_600_000;
/** The sources whose text decides what the demo seed writes (besides the migrations and the options). */
const SEED_SOURCES = ['../db/seed.ts', '../db/plans.ts', '../db/roles.ts'].map((f) =>
  fileURLToPath(new URL(f, import.meta.url)),
);

/**
 * The key of a test database template: the migrations' names and contents, and with `seed` the seed's sources, its
 * options and the clock hour (seeded rows carry the time of seeding; `Date.now()` follows fake timers, so a test that
 * moves the clock before it builds its app gets a template of its own time). 16 hex digits.
 */
function templateKey(seed: SeedOptions | null): string {
  const hash = createHash('sha256');
  for (const m of listMigrations()) hash.update(`${m.name}\n${m.sql}\n`);
  if (seed) {
    for (const f of SEED_SOURCES) hash.update(readFileSync(f));
    hash.update(JSON.stringify(seed));
    hash.update(String(Math.floor(Date.now() / HOUR_MS)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** PGlite template files of earlier hours older than this are removed when a new one is made. */
const TEMPLATE_KEEP_HOURS = 24;
/**
 * PostgreSQL templates of hours before the previous one are dropped when a new one is made: a test asks for its own
 * hour's template only, and the previous hour's is kept for a run that crossed the hour. (Kept 24 hours, they were
 * ≈ 20 databases, one per seed option, for every hour with a test run: 33 were found on a machine after a few runs.)
 */
const PG_TEMPLATE_KEEP_HOURS = 1;

/**
 * The template database for `seed` on the server of `admin` (ADR 0055): `hoppa_tpl_<key>_<hour>`, migrated, roles
 * synced and, with `seed`, the demo seeded; the seed's result is the database's comment. Made by whichever test
 * process needs it first, under an advisory lock (the others wait and find it), under a temporary name renamed when
 * complete, and closed to connections, so `CREATE DATABASE … TEMPLATE` copies it in a fraction of the ~2–4 s that
 * migrating and seeding each test's database took. Templates of hours before the previous one, and builds left
 * by a failed one, are dropped ({@link PG_TEMPLATE_KEEP_HOURS}).
 */
async function postgresTemplate(
  admin: pg.Client,
  url: string,
  seed: SeedOptions | null,
): Promise<{ name: string; seed: SeedResult | null }> {
  const hour = Math.floor(Date.now() / HOUR_MS);
  const name = `hoppa_tpl_${templateKey(seed)}_${hour}`;
  const find = async () =>
    (
      await admin.query<{ comment: string | null }>(
        "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
        [name],
      )
    ).rows[0];
  const parse = (row: { comment: string | null }) =>
    ({ name, seed: row.comment ? (JSON.parse(row.comment) as SeedResult) : null }) as const;
  const found = await find();
  if (found) return parse(found);
  await admin.query("SELECT pg_advisory_lock(hashtext('hoppa test templates'))");
  try {
    const again = await find();
    if (again) return parse(again);
    const building = `hoppa_tplb_${Math.random().toString(16).slice(2, 12)}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const db = await openDb({ databaseUrl: databaseAt(url, building) });
    let result: SeedResult | null = null;
    try {
      await prepareDatabase(db);
      if (seed) result = await seedDemo(db, seed);
    } finally {
      await db.close();
    }
    if (result)
      await admin.query(`COMMENT ON DATABASE ${building} IS ${pg.escapeLiteral(JSON.stringify(result))}`);
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    // Under the lock no template is being built: a `hoppa_tplb_` left now is one whose build failed.
    const old = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname ~ '^hoppa_tpl_[0-9a-f]+_[0-9]+$' OR datname ~ '^hoppa_tplb_'",
    );
    for (const { datname } of old.rows)
      if (
        datname.startsWith('hoppa_tplb_') ||
        Number(datname.split('_').at(-1)) < hour - PG_TEMPLATE_KEEP_HOURS
      )
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    return { name, seed: result };
  } finally {
    await admin.query("SELECT pg_advisory_unlock(hashtext('hoppa test templates'))");
  }
}

/** The named database on the server of `url`, created when missing (`created` says so); never dropped. */
async function namedPostgres(url: string, name: string): Promise<{ db: Db; created: boolean }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const created = await withAdmin(url, async (admin) => {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount !== 0) return false;
    await admin.query(`CREATE DATABASE ${name}`);
    return true;
  });
  return { db: await openDb({ databaseUrl: databaseAt(url, name) }), created };
}

/**
 * The file of the PGlite template for `seed`, made when missing (ADR 0055): PGlite's initdb costs seconds, migrating and seeding
 * seconds more, loading a dump well under one. A template is an uncompressed dump (a tar of ≈ 45 MB: gunzipping the
 * 6 MB gzip dump was ≈ 0.3 of the ≈ 1.2 CPU s of every test file's PGlite) in the OS temp folder, keyed by
 * {@link templateKey} (migrations; with `seed` also the seed's sources, options and the clock hour), with the seed's
 * result beside it as JSON: both in one folder (`dump.tar`, `seed.json`), written under a temporary name and renamed
 * whole, so the dump and the seed's result always come from one seeding. Two workers that make the same template at
 * once (the first tests after the clock hour turns) both build it; the second's rename fails on the first's folder
 * and it uses that one. (Two files renamed one by one could pair one worker's dump with the other's result: a test
 * then met users whose ids were not the seed's.) Made from the unseeded template by whichever test process needs it.
 */
async function pgliteTemplate(seed: SeedOptions | null): Promise<string> {
  const dir = join(tmpdir(), `hoppa-pglite-tpl-${templateKey(seed)}`);
  const file = join(dir, 'dump.tar');
  if (!existsSync(file)) {
    removeOldTemplateFiles();
    // Seeded: from the unseeded template; unseeded: initdb and every migration.
    const lite = await createPglite(seed ? { loadDataDir: templateDump(await pgliteTemplate(null)) } : {});
    const db = wrapPglite(lite);
    if (!seed) await prepareDatabase(db);
    const result = seed ? await seedDemo(db, seed) : null;
    const dump = await lite.dumpDataDir('none');
    await db.close();
    const building = mkdtempSync(`${dir}.building-`);
    writeFileSync(join(building, 'seed.json'), JSON.stringify(result));
    writeFileSync(join(building, 'dump.tar'), Buffer.from(await dump.arrayBuffer()));
    try {
      renameSync(building, dir);
    } catch (err) {
      rmSync(building, { recursive: true, force: true });
      // Another worker's folder got there first: use it.
      if (!existsSync(file)) throw err;
    }
  }
  return file;
}

/** Removes PGlite template folders and files (of any key) last written more than {@link TEMPLATE_KEEP_HOURS} ago. */
function removeOldTemplateFiles(): void {
  const before = Date.now() - TEMPLATE_KEEP_HOURS * HOUR_MS;
  for (const f of readdirSync(tmpdir())) {
    if (!f.startsWith('hoppa-pglite-t')) continue;
    const path = join(tmpdir(), f);
    try {
      if (statSync(path).mtimeMs < before) rmSync(path, { recursive: true, force: true });
    } catch {
      // removed by another worker meanwhile
    }
  }
}

/**
 * The dump files read so far, by path: a worker keeps its module scope from one test file to the next (vitest.config.ts
 * `isolate: false`), so it reads each template once. A template's path is its content's key, so an entry never goes
 * stale.
 */
const dumps = new Map<string, Blob>();

/** The dump file `file` as the Blob PGlite loads (read once per worker, see {@link dumps}). */
function templateDump(file: string): Blob {
  let dump = dumps.get(file);
  if (!dump) {
    dump = new Blob([readFileSync(file)]);
    dumps.set(file, dump);
  }
  return dump;
}

/** A fresh in-memory PGlite from the template for `seed` ({@link pgliteTemplate}), and the seed's result. */
async function pgliteFromTemplate(seed: SeedOptions | null): Promise<{ db: Db; seed: SeedResult | null }> {
  const file = await pgliteTemplate(seed);
  const result = JSON.parse(readFileSync(join(dirname(file), 'seed.json'), 'utf8')) as SeedResult | null;
  return { db: wrapPglite(await createPglite({ loadDataDir: templateDump(file) })), seed: result };
}

/**
 * The worker's PGlite that test files take turns on (vitest.config.ts `isolate: false` keeps it from one file to the
 * next): opening a PGlite from a dump costs ≈ 1.5–2.5 CPU s a file, putting its tables back ≈ 0.3 s. `public` is the
 * test's database; each template it has served lives beside it as a schema `hoppa_tpl_<key>` of plain copies of
 * every table (`snapshots`: the seed's result by template key), and `catalog` is the fingerprint of `public`'s
 * definitions ({@link catalogPrint}) those copies fit.
 */
interface SharedPglite {
  lite: PGlite;
  db: Db;
  /** The public tables and their columns that can be written (generated columns left out), quoted. */
  tables: { name: string; columns: string }[];
  catalog: string;
  snapshots: Map<string, SeedResult | null>;
  /** A test file has it now (a second app of the same file gets a PGlite of its own). */
  busy: boolean;
}

let shared: Promise<SharedPglite | null> | null = null;

/**
 * The fingerprint of what `public` defines (tables, columns, defaults, constraints, indexes, triggers, functions,
 * types) and of the schemas, extensions and roles beside it: a test that changes any of them (an added constraint, a
 * dropped trigger) makes the shared PGlite unusable for the next file, which then gets a new one.
 */
async function catalogPrint(db: Db): Promise<string> {
  const { rows } = await db.query<{ print: string }>(`
    SELECT concat_ws('|',
      (SELECT count(*) || ':' || coalesce(sum(oid::int8), 0) FROM pg_class WHERE relnamespace = 'public'::regnamespace),
      (SELECT count(*) || ':' || coalesce(sum(a.attnum + a.atttypid::int8 + a.attnotnull::int), 0)
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.relnamespace = 'public'::regnamespace AND NOT a.attisdropped),
      (SELECT count(*) || ':' || coalesce(sum(d.oid::int8), 0)
         FROM pg_attrdef d JOIN pg_class c ON c.oid = d.adrelid WHERE c.relnamespace = 'public'::regnamespace),
      (SELECT count(*) || ':' || coalesce(sum(oid::int8), 0) FROM pg_constraint),
      (SELECT count(*) || ':' || coalesce(sum(oid::int8), 0) FROM pg_trigger),
      (SELECT count(*) || ':' || coalesce(sum(oid::int8), 0) FROM pg_proc),
      (SELECT count(*) || ':' || coalesce(sum(oid::int8), 0) FROM pg_type WHERE typnamespace = 'public'::regnamespace),
      (SELECT count(*) FROM pg_namespace WHERE nspname !~ '^(hoppa_tpl_|pg_temp_|pg_toast_temp_)'),
      (SELECT count(*) FROM pg_extension),
      (SELECT count(*) FROM pg_roles)) AS print`);
  return rows[0]?.print ?? '';
}

/** Opens the worker's shared PGlite from the unseeded template, or null when the environment asks for none. */
async function openShared(): Promise<SharedPglite | null> {
  if (process.env.HOPPA_TEST_PGLITE_PER_FILE) return null;
  const lite = await createPglite({ loadDataDir: templateDump(await pgliteTemplate(null)) });
  const db = wrapPglite(lite);
  const { rows } = await db.query<{ name: string; columns: string }>(`
    SELECT quote_ident(c.relname) AS name,
           string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) AS columns
      FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
       AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     GROUP BY c.relname ORDER BY c.relname`);
  return { lite, db, tables: rows, catalog: await catalogPrint(db), snapshots: new Map(), busy: false };
}

/** Ends what a test file may have left in the session: settings, temporary tables, advisory locks. */
const END_SESSION = 'RESET ALL; DISCARD TEMP; SELECT pg_advisory_unlock_all()';

/** Copies every public table into the schema `hoppa_tpl_<key>`. */
async function takeSnapshot(s: SharedPglite, key: string): Promise<void> {
  const schema = `hoppa_tpl_${key}`;
  await s.db.exec(
    [
      `DROP SCHEMA IF EXISTS ${schema} CASCADE`,
      `CREATE SCHEMA ${schema}`,
      ...s.tables.map((t) => `CREATE TABLE ${schema}.${t.name} AS SELECT ${t.columns} FROM public.${t.name}`),
    ].join(';\n'),
  );
}

/**
 * Puts every public table back to its copy in `hoppa_tpl_<key>` (TRUNCATE, then the rows in their stored order),
 * with triggers and foreign-key checks off while it copies (the rows were consistent when copied), in one
 * transaction, after {@link END_SESSION}.
 */
async function restoreSnapshot(s: SharedPglite, key: string): Promise<void> {
  const schema = `hoppa_tpl_${key}`;
  await s.db.exec(END_SESSION);
  await s.db.exec(
    [
      'BEGIN',
      'SET LOCAL session_replication_role = replica',
      `TRUNCATE ${s.tables.map((t) => `public.${t.name}`).join(', ')}`,
      ...s.tables.map(
        (t) =>
          `INSERT INTO public.${t.name} (${t.columns}) OVERRIDING SYSTEM VALUE SELECT ${t.columns} FROM ${schema}.${t.name}`,
      ),
      'COMMIT',
    ].join(';\n'),
  );
}

/**
 * A {@link Db} over the shared PGlite for one test file, as if it were its own: `close()` stops its listeners and
 * hands the PGlite back (after which this handle refuses statements, as a closed PGlite does), and a later file
 * finds the tables put back. When the file changed `public`'s definitions the PGlite is closed instead.
 */
function lease(s: SharedPglite): Db {
  let closed = false;
  const stops = new Set<() => Promise<void>>();
  const open = () => {
    if (closed) throw new Error('PGlite is closed');
  };
  return {
    kind: 'pglite',
    async query(sql, params) {
      open();
      return s.db.query(sql, params);
    },
    async exec(sql) {
      open();
      await s.db.exec(sql);
    },
    async transaction(fn) {
      open();
      return s.db.transaction(fn);
    },
    async listen(channel, on) {
      open();
      const stop = await s.db.listen(channel, on);
      stops.add(stop);
      return async () => {
        if (stops.delete(stop)) await stop();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const stop of stops) await stop();
      stops.clear();
      await s.db.exec(END_SESSION);
      if ((await catalogPrint(s.db)) === s.catalog) {
        s.busy = false;
        return;
      }
      shared = null;
      await s.db.close();
    },
  };
}

/**
 * The database of a test file on PGlite: the worker's shared PGlite ({@link SharedPglite}) with its tables put back
 * to the template for `seed` (seeded there the first time this worker meets the template's key, then copied), or,
 * while another app of the same file holds it, a PGlite of its own from the dump ({@link pgliteFromTemplate}).
 * `HOPPA_TEST_PGLITE_PER_FILE=1` gives every app its own, as before.
 */
async function pgliteForTest(seed: SeedOptions | null): Promise<{ db: Db; seed: SeedResult | null }> {
  shared ??= openShared();
  const s = await shared;
  if (!s || s.busy || s.lite.closed) return pgliteFromTemplate(seed);
  s.busy = true;
  try {
    const key = templateKey(seed);
    if (!s.snapshots.has(key)) {
      const base = templateKey(null);
      if (!s.snapshots.has(base)) {
        await takeSnapshot(s, base);
        s.snapshots.set(base, null);
      }
      await restoreSnapshot(s, base);
      if (seed) {
        const result = await seedDemo(s.db, seed);
        await takeSnapshot(s, key);
        s.snapshots.set(key, result);
      }
    }
    await restoreSnapshot(s, key);
    return { db: lease(s), seed: s.snapshots.get(key) ?? null };
  } catch (err) {
    s.busy = false;
    throw err;
  }
}

/**
 * Builds the API on a fresh database for one test file (docs/architecture.md): the worker's in-memory PGlite with
 * every table put back to the template's rows ({@link pgliteForTest}), or with TEST_DATABASE_URL a new PostgreSQL
 * database `hoppa_t_<random>` dropped on close, so test files run in parallel safely. Migrated, roles synced, optionally seeded; logging off; mail as `.eml` files
 * in a temporary folder.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hoppa-test-'));
  const mailDir = join(dataDir, 'mail');
  const testUrl = process.env.TEST_DATABASE_URL;
  const seedOpts: SeedOptions | null = opts.seed ? (opts.seed === true ? {} : opts.seed) : null;
  const kept = testUrl && opts.keepDatabase ? await namedPostgres(testUrl, opts.keepDatabase) : null;
  let db: Db;
  let seed: SeedResult | null = null;
  let pgdb: { drop: () => Promise<void> } | null = null;
  if (kept) {
    db = kept.db;
    await prepareDatabase(db);
    if (seedOpts && kept.created) seed = await seedDemo(db, seedOpts);
  } else if (testUrl) {
    const fresh = await freshPostgres(testUrl, seedOpts);
    ({ db, seed } = fresh);
    pgdb = fresh;
  } else ({ db, seed } = await pgliteForTest(seedOpts));
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '8080' }),
    // Tests never reach the real bol.com: nothing listens on port 9 (a test that wants bol starts the bol fake).
    bolApiUrl: 'http://127.0.0.1:9',
    bolLoginUrl: 'http://127.0.0.1:9',
    // Nor PostNL: a test that ships through PostNL starts the PostNL fake and passes its origin.
    postnlApiUrl: 'http://127.0.0.1:9',
    // The scheduled pull stays off; tests call syncConnection() themselves.
    connectionsSyncMs: 0,
    // Nor DHL, nor the tracking job (tests run rounds themselves or start the DHL fake).
    dhlApiUrl: 'http://127.0.0.1:9',
    trackingPollMs: 0,
    // Nor VIES: a test of the VAT lookup starts the VIES fake (test/fakes/vies-fake.ts).
    viesApiUrl: 'http://127.0.0.1:9',
    // The shop fakes listen on 127.0.0.1 (shop-sync tests); production refuses such shop URLs (ADR 0107).
    allowPrivateShopHosts: true,
    ...opts.config,
  };
  const mail = createFileMailTransport(mailDir, config.mailFrom);
  const app = await buildApp({
    config,
    db,
    mail,
    staticDirs: opts.staticDirs ?? { portal: join(dataDir, 'none'), floor: join(dataDir, 'none') },
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
  });

  function mails(): string[] {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir)
        .filter((f) => f.endsWith('.eml'))
        .sort();
    } catch {
      return [];
    }
    return files.map((f) => readFileSync(join(mailDir, f), 'utf8'));
  }

  return {
    app,
    db,
    dataDir,
    mailDir,
    seed,
    mails,
    async login(email, password) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      if (!cookie) throw new Error('login answered without a session cookie');
      return `${SESSION_COOKIE}=${cookie.value}`;
    },
    sessionsSettled: () => app.hoppa.sessions.settled(db),
    async signUp(body) {
      const asked = await app.inject({ method: 'POST', url: '/api/signup', payload: body });
      if (asked.statusCode !== 202) throw new Error(`signup failed: ${asked.statusCode} ${asked.body}`);
      await settleBackgroundWork();
      const to = `To: ${body.email.trim().toLowerCase()}`;
      const mail = mails()
        .reverse()
        .find((m) => m.includes(to) && m.includes('/signup?token='));
      const token = mail?.match(/\/signup\?token=([A-Za-z0-9_-]+)/)?.[1];
      if (!token) throw new Error(`no sign-up link was mailed to ${body.email}`);
      const res = await app.inject({ method: 'POST', url: `/api/signup/confirm/${token}` });
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      if (res.statusCode !== 201 || !cookie) throw new Error(`confirm failed: ${res.statusCode} ${res.body}`);
      return `${SESSION_COOKIE}=${cookie.value}`;
    },
    async close() {
      await app.close();
      await db.close();
      if (pgdb) await pgdb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
