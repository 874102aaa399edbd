/**
 * Lighthouse performance of the front ends (issue 8 "light, compressed front ends"), with the `lighthouse` npm
 * package driving Debian's Chromium over its remote-debugging port: the floor's login and pick screens with the
 * mobile preset (the default: a mid-range phone, simulated slow 4G and 4× CPU slowdown), the portal's login and
 * `/orders` (packing station) with the desktop preset. A real server with a fresh demo warehouse (its live orders
 * included, so the pick screen and the packing station have work). Every run is a cold load: before each run
 * Lighthouse clears the HTTP cache and the origin's service workers, Cache Storage, IndexedDB and localStorage
 * ({@link CLEAR_STORAGE}; Lighthouse's own default keeps IndexedDB and localStorage, so the floor's second and third
 * runs used to read the work window and the session from IndexedDB), but not cookies, so pages behind a login are
 * measured as the demo picker logged in once in the same browser profile, opening the app on a fresh device.
 * Goals: ≥ 95 on floor login and pick (mobile) and on portal /orders (desktop). Writes bench-output/lighthouse.md.
 * Run: `npm run bench` (or `npx tsx e2e/bench/lighthouse.ts` from the repository root after a build).
 * `LIGHTHOUSE_SAVE=<folder>` also writes each run's full report (LHR JSON) there, for its diagnostics.
 * `PORTAL_DIST=<folder>` (and `FLOOR_DIST=<folder>`) make the server serve another build of the portal (the floor), so
 * main's build and a branch's can be measured alternately in one sitting without rebuilding (ADR 0087).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { desktopConfig } from 'lighthouse';
import { type GoalRow, waitForQuiet, writeGoals } from '../../scripts/bench-goals.mjs';
import { CHROMIUM } from '../fixtures/browser.ts';
import { DEMO_USERS, floorLogin } from '../fixtures/demo.ts';
import { REPO_ROOT, startServer } from '../fixtures/server.ts';

interface Target {
  app: 'floor' | 'portal';
  path: string;
  preset: 'mobile' | 'desktop';
  loggedIn: boolean;
  goal: number | null;
}

const RUNS = 3;
/** `LIGHTHOUSE_ONLY=/orders` measures only the targets whose app and path contain it, prints and writes nothing. */
const ONLY = process.env.LIGHTHOUSE_ONLY ?? '';
/** `LIGHTHOUSE_SAVE=<folder>`: each run's Lighthouse report (JSON) is written there as `<app><path>-<n>.json`. */
const SAVE = process.env.LIGHTHOUSE_SAVE ?? '';
/**
 * The origin's storage cleared before every run: Lighthouse's default list plus IndexedDB and localStorage, where the
 * floor keeps its session copy and work window (a run must not start from the previous run's data). Cookies stay.
 */
const CLEAR_STORAGE: NonNullable<Parameters<typeof lighthouse>[1]>['clearStorageTypes'] = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'indexeddb',
  'local_storage',
];

type LhResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const TARGETS: Target[] = [
  { app: 'floor', path: '/floor/login', preset: 'mobile', loggedIn: false, goal: 95 },
  { app: 'portal', path: '/login', preset: 'desktop', loggedIn: false, goal: null },
  { app: 'floor', path: '/floor/pick', preset: 'mobile', loggedIn: true, goal: 95 },
  { app: 'portal', path: '/orders', preset: 'desktop', loggedIn: true, goal: 95 },
];

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

const ms = (v: number | undefined) => (v === undefined ? '–' : `${(v / 1000).toFixed(2)} s`);
const kb = (v: number | undefined) => (v === undefined ? '–' : `${Math.round(v / 1024)} KB`);

// A first start seeds the whole demo, which takes minutes on a loaded machine.
const server = await startServer({ logName: 'lighthouse-server.log', healthTimeoutMs: 300_000 });
const profile = mkdtempSync(join(tmpdir(), 'hoppa-lh-'));
const port = await freePort();
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM.executablePath,
  args: [...CHROMIUM.args, `--remote-debugging-port=${port}`],
  headless: true,
  baseURL: server.url,
});
const rows: string[] = [];
/** The targets with a goal, for the scorecard (issue 8 §1). */
const goals: GoalRow[] = [];
let loggedIn = false;
try {
  for (const target of TARGETS.filter((t) => !ONLY || `${t.app} ${t.path}`.includes(ONLY))) {
    if (target.loggedIn && !loggedIn) {
      // One session for the origin: the portal and the floor share the cookie.
      const page = await context.newPage();
      await floorLogin(page, DEMO_USERS.picker);
      await page.close();
      loggedIn = true;
    }
    const url = `${server.url}${target.path}`;
    // Lantern simulates a phone from the trace it records here: other work on the machine (an earlier benchmark's
    // autovacuum, the server's start-up) lengthens the recorded tasks and lowers the score (ADR 0123).
    const quiet = await waitForQuiet(`lighthouse ${target.app} ${target.path}`);
    // Median of RUNS by score (Lighthouse's own advice for noisy machines); a run with a runtime error is retried.
    const runs: LhResult[] = [];
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 3; attempt++) {
      const result = await lighthouse(
        url,
        {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          clearStorageTypes: CLEAR_STORAGE,
        },
        target.preset === 'desktop' ? desktopConfig : undefined,
      );
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        console.log(`${url}: ${lhr?.runtimeError?.code ?? 'no result'}, once more`);
        continue;
      }
      runs.push(lhr);
      if (SAVE) {
        mkdirSync(SAVE, { recursive: true });
        const name = `${target.app}${target.path.replaceAll('/', '-')}-${runs.length}.json`;
        writeFileSync(join(SAVE, name), JSON.stringify(lhr));
      }
    }
    if (runs.length === 0) throw new Error(`lighthouse failed on ${url}`);
    runs.sort((x, y) => (x.categories.performance?.score ?? 0) - (y.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)] as LhResult;
    const scores = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const n = (id: string) => lhr.audits[id]?.numericValue;
    const finalUrl = lhr.finalDisplayedUrl.replace(server.url, '');
    if (finalUrl.includes('/login') && target.loggedIn)
      throw new Error(`${url} ended on ${finalUrl}: not logged in`);
    const goal =
      target.goal === null ? '–' : `≥ ${target.goal} ${score >= target.goal ? '(met)' : '(not met)'}`;
    rows.push(
      `| ${target.app} \`${target.path}\` | ${target.preset} | **${score}** (${scores.join(', ')}) | ${goal} | ${ms(n('first-contentful-paint'))} | ${ms(n('largest-contentful-paint'))} | ${Math.round(n('total-blocking-time') ?? 0)} ms | ${(n('cumulative-layout-shift') ?? 0).toFixed(3)} | ${kb(n('total-byte-weight'))} | ${quiet.load.toFixed(1)} |`,
    );
    console.log(rows.at(-1));
    if (target.goal !== null)
      goals.push({
        id: `lighthouse-${target.app}${target.path.replace(/^\/floor/, '').replaceAll('/', '-')}`,
        figure: `Lighthouse ${target.preset} performance, ${target.app} \`${target.path}\` (cold load, median of ${runs.length})`,
        measured: `${score} (${scores.join(', ')})`,
        goal: `≥ ${target.goal}`,
        met: score >= target.goal,
      });
    if (ONLY) {
      // Where the time and the shifts come from, for whoever is working on the page.
      for (const id of ['mainthread-work-breakdown', 'bootup-time', 'layout-shifts', 'long-tasks']) {
        const items = (lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
        console.log(id, JSON.stringify(items.slice(0, 8)).slice(0, 1500));
      }
      // The requests in the order they started (ms from the navigation), to compare two builds' chains.
      type Req = { url: string; networkRequestTime: number; networkEndTime: number; transferSize: number };
      const reqs = (lhr.audits['network-requests']?.details as { items?: Req[] } | undefined)?.items ?? [];
      for (const r of reqs)
        console.log(
          `  ${Math.round(r.networkRequestTime)}–${Math.round(r.networkEndTime)} ms ${(r.transferSize / 1024).toFixed(1)} KB ${r.url.replace(server.url, '')}`,
        );
    }
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await server.stop();
}

const md = `## Lighthouse (e2e/bench/lighthouse.ts)

Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} performance category on the built apps served by the API (precompressed), Debian Chromium,
median of ${RUNS} runs each (all scores in brackets). Mobile: Lighthouse's default preset (simulated slow 4G, 4× CPU slowdown, phone screen); desktop: its
desktop preset. Every run a cold load (HTTP cache, service worker, Cache Storage, IndexedDB and localStorage
cleared; the session cookie kept), pages behind a login as the demo picker. Each page is measured once the machine's
1-minute load average is at most 1.0 (waiting up to 10 minutes; its value in the last column).

| page | preset | score (runs) | goal | FCP | LCP | TBT | CLS | bytes transferred | load at start |
|---|---|---:|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

Run with \`npm run bench\` (${new Date().toISOString().slice(0, 10)}).
`;
if (!ONLY) {
  mkdirSync(join(REPO_ROOT, 'bench-output'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'bench-output', 'lighthouse.md'), md);
  writeGoals('lighthouse', goals);
  console.log(md);
}
