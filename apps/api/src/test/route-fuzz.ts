import { createHash } from 'node:crypto';
import { APP_HEADER } from '@hoppa/core';
import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../db/seed.ts';
import type { RouteEntry } from '../lib/route.ts';
import { createTestApp } from './test-app.ts';
import { arbitraryFor, hostileString, leafPaths, validSample, withValueAt } from './zod-arbitrary.ts';

/**
 * Property-based fuzzing of every /api route in the route table (issue 7, docs/security.md): inputs derived
 * from each endpoint's zod params, query and body, with hostile values mixed in, sent as every demo role and
 * without a session. Whatever comes in, the answer is never a 5xx, an error body never shows a stack trace,
 * SQL or a file path, and stays under {@link MAX_ERROR_BODY} bytes. New endpoints are covered without new code.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (createTestApp picks the database).
 * Reproduce a failure with FUZZ_SEED=<seed printed by fast-check>. The routes are split over {@link FUZZ_PARTS} test
 * files (`route-fuzz.test.ts`, `route-fuzz.2.test.ts`, …), so the suite's two workers share the ~2 minutes of it.
 */

/** Whether this run is on PostgreSQL (createTestApp takes TEST_DATABASE_URL when it is set). */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
/**
 * fast-check's seed, one per engine, so a developer's PGlite run and CI's PostgreSQL run send different inputs.
 * `npm test` runs the fuzz once: on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite (ADR 0136).
 */
const SEED = Number(process.env.FUZZ_SEED ?? (ON_POSTGRES ? 20_261_123 : 20_261_122));
/** Runs per route; each run picks a role (or none) and one input. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** "Every error body at most a few KB" (issue 7). */
const MAX_ERROR_BODY = 4096;

const LEAKS: [string, RegExp][] = [
  ['stack trace', /\n\s+at .+[(:]\d+|at [\w.<>]+ \(/],
  ['source file path', /(\/node_modules\/|\.(?:ts|js|mjs|cjs):\d+|\/work\/|\/home\/|\/usr\/lib\/)/],
  [
    'SQL',
    /(syntax error at or near|relation "|violates (?:not-null|check|foreign key|unique)|\bSELECT\b[\s\S]+\bFROM\b|\bINSERT INTO\b|duplicate key value)/i,
  ],
  ['internal error name', /(TypeError|RangeError|ReferenceError|ZodError|PGlite|node-postgres|\bpg\b error)/],
];

/** Path tricks for a `:param` slot, sent raw (already "encoded"). */
const pathTrick = fc.constantFrom(
  '..',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%2F',
  '%00',
  '%0a',
  '%ZZ',
  '%C0%AE',
  '%ED%A0%80',
  encodeURIComponent('x'.repeat(5000)),
  '0123456789abcdef0123456z',
  '0123456789ABCDEF01234567',
  '-1',
  '1e309',
  'null',
);

/** Strings at least this long have their encoding kept in {@link encoded}. */
const ENCODE_KEPT_FROM = 4096;
/**
 * Encodings of the long values already sent: the hostile values are a few constants (1 MiB strings among them) drawn
 * again and again, and encoding one cost a few ms each time (a profile of a part: ≈ 3.5 % of its CPU in `enc`). At
 * most {@link ENCODED_MAX} entries (a generated object holding a long value is new text each time): emptied when full.
 */
const encoded = new Map<string, string>();
const ENCODED_MAX = 16;

/** Percent-encodes `s`; a lone surrogate (which encodeURIComponent refuses) travels as its UTF-8 replacement bytes. */
function enc(s: string): string {
  if (s.length < ENCODE_KEPT_FROM) return encodeOnce(s);
  let e = encoded.get(s);
  if (e === undefined) {
    e = encodeOnce(s);
    if (encoded.size >= ENCODED_MAX) encoded.clear();
    encoded.set(s, e);
  }
  return e;
}

function encodeOnce(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

function toPath(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => params[name] ?? 'x');
}

/** A query string from generated values: arrays repeat the key, objects travel as JSON text. */
function toQuery(q: unknown): string {
  if (!q || typeof q !== 'object' || Array.isArray(q)) return q === undefined ? '' : `?q=${enc(String(q))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined) continue;
      const s = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
      parts.push(`${enc(k)}=${enc(s)}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function paramArb(r: RouteEntry): fc.Arbitrary<Record<string, string>> {
  const names = [...r.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
  const shape = ((r.endpoint?.params as { shape?: Record<string, unknown> } | undefined)?.shape ??
    {}) as Record<string, unknown>;
  const slots = Object.fromEntries(
    names.map((n) => [
      n,
      fc.oneof(
        {
          weight: 3,
          arbitrary: (shape[n] ? arbitraryFor(shape[n]) : hostileString).map((v) => enc(String(v))),
        },
        { weight: 1, arbitrary: pathTrick },
      ),
    ]),
  );
  return fc.record(slots) as fc.Arbitrary<Record<string, string>>;
}

/** What a part's run saw, logged at its end (docs/security.md quotes the figures). */
interface FuzzStats {
  routes: number;
  requests: number;
  /** Inputs not sent because the very same request had been answered against the same state ({@link fuzzRoutes}). */
  repeats: number;
  status: Record<string, number>;
  fiveXx: number;
}

/**
 * What to check of one answer: below 500; an error body at most {@link MAX_ERROR_BODY} bytes and free of every
 * {@link LEAKS} pattern. `where` names the request in the failure message; it is built, and Vitest's `expect` called,
 * only when a check fails (ADR 0092: ~13,000 answers per part, each passing answer had cost six `expect` calls and a
 * label with the hostile value, up to 1 MiB, turned into JSON).
 */
function checkAnswer(
  stats: FuzzStats,
  res: { statusCode: number; body: string; rawPayload: Buffer },
  where: () => string,
): void {
  stats.requests++;
  stats.status[res.statusCode] = (stats.status[res.statusCode] ?? 0) + 1;
  if (res.statusCode >= 500) stats.fiveXx++;
  const failed =
    res.statusCode >= 500 ||
    (res.statusCode >= 400 &&
      (res.rawPayload.length > MAX_ERROR_BODY || LEAKS.some(([, re]) => re.test(res.body))));
  if (!failed) return;
  const what = `${where()} → ${res.statusCode}: ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  expect(res.rawPayload.length, what).toBeLessThanOrEqual(MAX_ERROR_BODY);
  for (const [leak, re] of LEAKS) expect(re.test(res.body), `${leak} in ${what}`).toBe(false);
  expect.unreachable(`a check failed without its assertion: ${what}`);
}

/**
 * The sweep's hostile values: each goes, alone, into every leaf of every input of every route, the rest of the
 * input valid, so a class is found on every field and not only when the random runs happen to hit it.
 */
const SWEEP: unknown[] = [
  'a\u0000b',
  'x\uD800y',
  'x'.repeat(1024 * 1024),
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  Number.MAX_VALUE,
  -1,
  [],
  { __proto__: null, a: 1 },
];
/** Roles the sweep sends as: one with every provider grant and a merchant owner (scope 'org' routes). */
const SWEEP_ROLES = ['admin', 'bolOwner'] as const;
/** How many test files the routes are split over (each its own app and database). */
const FUZZ_PARTS = 3;

/**
 * Fuzzes part `part` (1 … {@link FUZZ_PARTS}) of the route table: the routes sorted by URL and method, every
 * FUZZ_PARTS-th from the part's place. Call it at the top level of a test file.
 */
export async function fuzzRoutes(part: number): Promise<void> {
  const t = await createTestApp({ seed: { products: 4 } });
  const isDocs = (r: RouteEntry) => r.url === '/api/docs' || r.url.startsWith('/api/docs/');
  const allRoutes = t.app.routeTable
    .filter((r) => (r.url === '/api' || r.url.startsWith('/api/')) && !isDocs(r) && r.endpoint)
    .sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));

  const sessions: Record<string, string | undefined> = { anonymous: undefined };
  for (const [key, u] of Object.entries(DEMO_USERS)) sessions[key] = await t.login(u.email, u.password);
  const roleNames = Object.keys(sessions);

  const routes = allRoutes.filter((_, i) => i % FUZZ_PARTS === part - 1);
  const stats: FuzzStats = { routes: routes.length, requests: 0, repeats: 0, status: {}, fiveXx: 0 };

  afterAll(async () => {
    // The figures docs/security.md quotes.
    console.info(
      `route fuzz part ${part}/${FUZZ_PARTS} (${t.db.kind}, seed ${SEED}): ${JSON.stringify(stats)}`,
    );
    await t.close();
  });

  describe(`route fuzz, part ${part} of ${FUZZ_PARTS}: no input makes any /api route fail or leak`, () => {
    it('walks a route table of more than 10 endpoints, a share of them here', () => {
      expect(allRoutes.length).toBeGreaterThan(10);
      expect(routes.length).toBe(Math.ceil((allRoutes.length - (part - 1)) / FUZZ_PARTS));
    });

    for (const r of routes) {
      const e = r.endpoint;
      if (!e) continue;
      const hasBody = r.method !== 'GET' && r.method !== 'DELETE' && r.method !== 'HEAD';
      const reads = r.method === 'GET' || r.method === 'HEAD';
      /**
       * Digests of the requests sent to `r` (session, URL and the body's bytes) since the last answer that may have
       * changed state (below 400 to a method other than GET or HEAD). Many drawn inputs are the same request: a
       * route without params, query or body has one per role, and 7 in 8 bodies are one of five raw ones, so about
       * half of a route's random runs (and some sweep inputs: 126 of PUT /api/automation/'s 324) repeated a request
       * already answered against the same state. Those are not sent again ({@link FuzzStats.repeats}).
       */
      let sent = new Set<string>();
      /**
       * Sends `url` to route `r` as `role`, with `payload` as a JSON body when the method has one; null, without
       * sending, when the same request was answered already since the state last changed (see `sent`).
       */
      const send = async (role: string, url: string, payload: string) => {
        // Logging out with a shared session would end it for the rest of the run.
        const cookie = r.url === '/api/logout' ? undefined : sessions[role];
        const body = hasBody ? payload : undefined;
        const key = createHash('sha1')
          .update(`${cookie ?? ''}\n${url}\n`)
          .update(body ?? '')
          .digest('base64');
        if (sent.has(key)) {
          stats.repeats++;
          return null;
        }
        const res = await t.app.inject({
          method: r.method as HTTPMethods,
          url,
          headers: {
            [APP_HEADER]: 'fuzz',
            ...(cookie ? { cookie } : {}),
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          payload: body,
        });
        if (!reads && res.statusCode < 400) sent = new Set();
        else sent.add(key);
        return res;
      };
      it(`${r.method} ${r.url}`, async () => {
        const input = fc.record({
          role: fc.constantFrom(...roleNames),
          params: paramArb(r),
          query: e.query ? arbitraryFor(e.query) : fc.constant(undefined),
          body: hasBody ? (e.body ? arbitraryFor(e.body) : arbitraryFor(undefined)) : fc.constant(undefined),
          rawBody: fc.option(
            fc.constantFrom(
              '{"__proto__":{"isAdmin":true}}',
              '{"constructor":{"prototype":{"isAdmin":true}}}',
              `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
              '{"a":',
              '\u0000',
            ),
            { freq: 8 },
          ),
        });
        await fc.assert(
          fc.asyncProperty(input, async ({ role, params, query, body, rawBody }) => {
            const url = `${toPath(r.url, params)}${toQuery(query)}`;
            const res = await send(role, url, rawBody ?? JSON.stringify(body ?? {}));
            if (res) checkAnswer(stats, res, () => `${role} ${r.method} ${url.slice(0, 200)}`);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      });

      it(`${r.method} ${r.url}: each hostile value in each field`, async () => {
        const names = [...r.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
        const base = {
          params: (validSample(e.params, SEED) ?? {}) as Record<string, unknown>,
          query: validSample(e.query, SEED),
          body: hasBody ? (validSample(e.body, SEED) ?? {}) : undefined,
        };
        const slots: { part: 'params' | 'query' | 'body'; path: (string | number)[] }[] = [
          ...names.map((n) => ({ part: 'params' as const, path: [n] })),
          ...(e.query ? leafPaths(e.query).map((path) => ({ part: 'query' as const, path })) : []),
          ...(hasBody && e.body ? leafPaths(e.body).map((path) => ({ part: 'body' as const, path })) : []),
        ];
        for (const slot of slots)
          for (const value of SWEEP)
            for (const role of SWEEP_ROLES) {
              if (slot.part === 'params' && typeof value !== 'string') continue;
              const input = { ...base, [slot.part]: withValueAt(base[slot.part], slot.path, value) };
              const params = Object.fromEntries(
                names.map((n) => [n, enc(String((input.params as Record<string, unknown>)[n] ?? 'x'))]),
              );
              const url = `${toPath(r.url, params)}${toQuery(input.query)}`;
              const res = await send(role, url, JSON.stringify(input.body ?? {}));
              if (res)
                checkAnswer(
                  stats,
                  res,
                  () =>
                    `sweep ${role} ${r.method} ${slot.part}.${slot.path.join('.')}=${JSON.stringify(value).slice(0, 40)} ${url.slice(0, 120)}`,
                );
            }
      });
    }
  });
}
