/**
 * Authentication cost benchmark (issue 8 "cheap authentication"): requests per second of the authenticated
 * trivial `GET /api/current_user` against a bare Fastify route written here that does the same session query on the
 * same database, measured with autocannon (20 connections) on real listening servers, in one run:
 *   (a) the bare route (one session query, no hooks, no logging),
 *   (b) the API with the session cache off (`SESSION_CACHE_MS=0`: session + organisations + current-user queries),
 *   (c) the API as shipped (session cache on), with request logging at `info` into a discarding stream.
 * Goal: (c) ≥ 50 % of (a). Database: PostgreSQL when TEST_DATABASE_URL is set (as `npm run bench` does in CI),
 * else PGlite. Writes bench-output/auth.md. Run: `npx tsx apps/api/bench/auth.bench.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { writeGoals } from '../../../scripts/bench-goals.mjs';
import { buildApp } from '../src/app.ts';
import { DEMO_USERS } from '../src/db/seed.ts';
import { hashToken, SESSION_COOKIE } from '../src/lib/auth.ts';
import { createTestApp } from '../src/test/test-app.ts';

const CONNECTIONS = 20;
const SECONDS = 6;

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, cookie: string): Promise<Run> {
  // One second of warm-up (JIT, pools, cache), then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: { cookie } });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

const loadAtStart = loadavg()[0]?.toFixed(1);
const t = await createTestApp({ seed: { products: 50 } });
const discard = new Writable({
  write(_chunk, _enc, done) {
    done();
  },
});
try {
  const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);

  // (a) The bare route: the same session query the API runs (lib/auth.ts loadSession), nothing else.
  const bare = Fastify();
  bare.get('/bare', async (req, reply) => {
    const raw = req.headers.cookie ?? '';
    const value = raw.split(';').find((c) => c.trim().startsWith(`${SESSION_COOKIE}=`));
    const tok = value?.split('=')[1]?.trim() ?? '';
    const r = await t.db.query(
      `SELECT u.id AS user_id, u.first_name, u.family_name, u.email, u.phone, u.lang, u.is_admin, u.confirmed,
              u.curr_org_id, r.id AS role_id, r.key AS role_key, r.name AS role_name, r.grants, r.all_orgs,
              s.last_seen_at < now() - interval '10 minutes' AS stale
         FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN roles r ON r.id = u.curr_role_id
        WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [hashToken(tok)],
    );
    if (!r.rows[0]) return reply.code(401).send({ statusCode: 401 });
    return r.rows[0];
  });
  const bareUrl = `${await listen(bare)}/bare`;

  const apiWith = async (sessionCacheMs: number) =>
    buildApp({
      config: { ...t.app.hoppa.config, logLevel: 'info', sessionCacheMs },
      db: t.db,
      mail: t.app.hoppa.mail,
      logStream: discard,
    });
  const uncached = await apiWith(0);
  const cached = await apiWith(60_000);
  const uncachedUrl = `${await listen(uncached)}/api/current_user`;
  const cachedUrl = `${await listen(cached)}/api/current_user`;

  const a = await measure(bareUrl, cookie);
  const b = await measure(uncachedUrl, cookie);
  const c = await measure(cachedUrl, cookie);
  for (const [name, r] of [
    ['bare', a],
    ['uncached', b],
    ['cached', c],
  ] as const) {
    if (r.errors > 0) throw new Error(`${name}: ${r.errors} errors or non-2xx answers`);
  }
  await Promise.all([bare.close(), uncached.close(), cached.close()]);

  const kind = t.db.kind === 'postgres' ? 'PostgreSQL 15 (TEST_DATABASE_URL)' : 'PGlite (in memory)';
  const pct = (x: Run) => `${((x.rps / a.rps) * 100).toFixed(0)} %`;
  const row = (name: string, x: Run) =>
    `| ${name} | ${x.rps.toFixed(0)} | ${x.p50.toFixed(1)} | ${x.p99.toFixed(1)} | ${pct(x)} |`;
  const lines = [
    '## Authentication cost (apps/api/bench/auth.bench.ts)',
    '',
    `\`GET /api/current_user\` with a valid session cookie, ${CONNECTIONS} connections for ${SECONDS} s each (after 1 s of`,
    `warm-up), autocannon and the servers in one process on this machine; database ${kind}. Node ${process.version},`,
    `${cpus().length} CPU(s); load average ${loadAtStart} at the start. Goal (issue 8): the API at ≥ 50 % of a bare`,
    'Fastify route doing the same session query.',
    '',
    '| server | req/s | p50 ms | p99 ms | of bare |',
    '|---|---:|---:|---:|---:|',
    row('(a) bare Fastify route, one session query', a),
    row('(b) API, session cache off (`SESSION_CACHE_MS=0`)', b),
    row('(c) API as shipped: session cache on, request log at info', c),
    '',
    `Result: **${pct(c)}** of the bare route (goal ≥ 50 %): ${c.rps >= a.rps / 2 ? 'met' : 'not met'}.`,
    `Run with \`npx tsx apps/api/bench/auth.bench.ts\` (${new Date().toISOString().slice(0, 10)}).`,
    '',
  ];
  console.log(lines.join('\n'));
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const out = join(root, 'bench-output', 'auth.md');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, lines.join('\n'));
  writeGoals('auth.bench', [
    {
      id: 'auth-ratio',
      figure: `authenticated trivial GET (\`/api/current_user\`, ${CONNECTIONS} connections, ${t.db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}) against a bare Fastify route with the same session query`,
      measured: `${pct(c)} (${c.rps.toFixed(0)} against ${a.rps.toFixed(0)} req/s)`,
      goal: '≥ 50 % of the bare route',
      met: c.rps >= a.rps / 2,
    },
  ]);
} finally {
  await t.close();
}
