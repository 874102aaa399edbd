import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SignupBody } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Db, openDb, PGLITE_EXTENSIONS, wrapPglite } from '../db/client.ts';
import { listMigrations, prepareDatabase } from '../db/migrate.ts';
import { type SeedResult, seedDemo } from '../db/seed.ts';
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

async function freshPostgres(url: string): Promise<{ db: Db; drop: () => Promise<void> }> {
  const name = `hoppa_t_${Math.random().toString(16).slice(2, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: u.toString() });
  return {
    db,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** The named database on the server of `url`, created when missing (`created` says so); never dropped. */
async function namedPostgres(url: string, name: string): Promise<{ db: Db; created: boolean }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let created = false;
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${name}`);
      created = true;
    }
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { db: await openDb({ databaseUrl: u.toString() }), created };
}

/**
 * A fresh in-memory PGlite, started from a migrated template: PGlite's initdb costs seconds, loading a
 * dump well under one. The template is a gzip dump in the OS temp folder, keyed by the migrations'
 * contents, built by whichever test process needs it first (written to a temporary name, then renamed,
 * so parallel workers never read half a file).
 */
async function pgliteFromTemplate(): Promise<Db> {
  const hash = createHash('sha256');
  for (const m of listMigrations()) hash.update(`${m.name}\n${m.sql}\n`);
  const file = join(tmpdir(), `hoppa-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (!existsSync(file)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const lite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const db = wrapPglite(lite);
    await prepareDatabase(db);
    const dump = await lite.dumpDataDir('gzip');
    const tmp = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
    await db.close();
  }
  return openDb({ memory: true, loadDataDir: new Blob([readFileSync(file)]) });
}

/**
 * Builds the API on a fresh database for one test file (docs/architecture.md): an in-memory PGlite, or
 * with TEST_DATABASE_URL a new PostgreSQL database `hoppa_t_<random>` dropped on close, so test files
 * run in parallel safely. Migrated, roles synced, optionally seeded; logging off; mail as `.eml` files
 * in a temporary folder.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hoppa-test-'));
  const mailDir = join(dataDir, 'mail');
  const testUrl = process.env.TEST_DATABASE_URL;
  const kept = testUrl && opts.keepDatabase ? await namedPostgres(testUrl, opts.keepDatabase) : null;
  const pgdb = testUrl && !kept ? await freshPostgres(testUrl) : null;
  const db = kept ? kept.db : pgdb ? pgdb.db : await pgliteFromTemplate();
  await prepareDatabase(db);
  const seed =
    opts.seed && (!kept || kept.created) ? await seedDemo(db, opts.seed === true ? {} : opts.seed) : null;
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
