/**
 * Does an import stall the floor? (issue 7 item 3): a real API process (`tsx src/main.ts`, a fresh DATA_DIR with the
 * demo warehouse; PostgreSQL when TEST_DATABASE_URL is set, else PGlite) receives a 50,000-row order import over
 * HTTP while this process polls `GET /api/health` back to back; reports the health latency p50/p95/p99/max during
 * the import and the import's own time. Goal: health p99 < 100 ms. Writes bench-output/import-health.md.
 * Run: `npx tsx apps/api/bench/import-health.bench.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { writeGoals } from '../../../scripts/bench-goals.mjs';
import { DEMO_USERS } from '../src/db/seed.ts';
import { orderImportRows } from '../src/test/order-rows.ts';

const ROWS = 50_000;
const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(API_DIR, '..', '..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => done(port));
    });
  });
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `hoppa_bench_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const loadAtStart = loadavg()[0]?.toFixed(1);
const dataDir = mkdtempSync(join(tmpdir(), 'hoppa-bench-'));
const pgdb = process.env.TEST_DATABASE_URL ? await freshPostgres(process.env.TEST_DATABASE_URL) : null;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server: ChildProcess = spawn(join(API_DIR, 'node_modules/.bin/tsx'), ['src/main.ts'], {
  cwd: API_DIR,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_ORDERS: 'false',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_USERS.bolOwner.email, password: DEMO_USERS.bolOwner.password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
  if (!login.ok || !cookie) throw new Error(`login failed: ${login.status}`);
  const products = (await (
    await fetch(`${base}/api/products?limit=200`, { headers: { cookie } })
  ).json()) as { items: { ean: string }[] };
  const eans = products.items.map((p) => p.ean);
  if (eans.length < 50) throw new Error(`only ${eans.length} products`);
  const { rows, orders } = orderImportRows(eans, ROWS);
  const body = JSON.stringify(rows);

  // Health latency at rest, then during the import (polled back to back from this process).
  const poll = async (until: () => boolean, out: number[]) => {
    while (!until()) {
      const t0 = performance.now();
      const r = await fetch(`${base}/api/health`);
      await r.arrayBuffer();
      out.push(performance.now() - t0);
    }
  };
  const idle: number[] = [];
  const idleEnd = Date.now() + 2000;
  await poll(() => Date.now() > idleEnd, idle);

  let done = false;
  const during: number[] = [];
  const polling = poll(() => done, during);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/orders/import`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body,
  });
  const answer = (await res.json()) as { created?: number; errors?: unknown[]; message?: string };
  const importS = (performance.now() - t0) / 1000;
  done = true;
  await polling;
  if (res.status !== 201) throw new Error(`import answered ${res.status}: ${answer.message}`);
  if (answer.created !== orders) throw new Error(`created ${answer.created} of ${orders} orders`);

  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return {
      n: s.length,
      p50: percentile(s, 50),
      p95: percentile(s, 95),
      p99: percentile(s, 99),
      max: s.at(-1) ?? 0,
    };
  };
  const a = stats(idle);
  const b = stats(during);
  const row = (name: string, x: ReturnType<typeof stats>) =>
    `| ${name} | ${x.n} | ${x.p50.toFixed(1)} | ${x.p95.toFixed(1)} | ${x.p99.toFixed(1)} | ${x.max.toFixed(1)} |`;
  const kind = pgdb ? 'PostgreSQL 15' : 'PGlite';
  const md = `## Health while a 50,000-row import runs (apps/api/bench/import-health.bench.ts)

A real API process on ${kind} receives \`POST /api/orders/import\` with ${ROWS.toLocaleString('en')} realistic rows
(${orders.toLocaleString('en')} orders, ${(body.length / 2 ** 20).toFixed(1)} MB of JSON) over HTTP while the benchmark polls \`GET /api/health\` back to
back. Node ${process.version}, ${cpus().length} CPU(s); load average ${loadAtStart} at the start. Goal (issue 7): health p99 < 100 ms during the import.

| health latency | requests | p50 ms | p95 ms | p99 ms | max ms |
|---|---:|---:|---:|---:|---:|
${row('at rest (2 s)', a)}
${row('during the import', b)}

The import itself: ${importS.toFixed(1)} s, ${answer.created?.toLocaleString('en')} orders created. Result: p99 ${b.p99.toFixed(1)} ms, ${b.p99 < 100 ? 'goal met' : 'goal not met'}.
Run with \`npx tsx apps/api/bench/import-health.bench.ts\` (${new Date().toISOString().slice(0, 10)}).
`;
  console.log(md);
  mkdirSync(join(ROOT, 'bench-output'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-output', 'import-health.md'), md);
  writeGoals('import-health.bench', [
    {
      id: 'import-health',
      figure: `\`GET /api/health\` while a ${ROWS.toLocaleString('en')}-row order import runs (${kind}; issue 7)`,
      measured: `p99 ${b.p99.toFixed(1)} ms`,
      goal: 'p99 < 100 ms',
      met: b.p99 < 100,
    },
  ]);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await pgdb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
