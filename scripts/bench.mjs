#!/usr/bin/env node
// `npm run bench`: runs every benchmark script — apps/api/bench/*.bench.ts and e2e/bench/*.ts, each through
// tsx, except those run by hand (BY_HAND) — which each write a markdown fragment to bench-output/<name>.md, then
// assembles docs/benchmarks.md from those fragments with the machine and the date. A benchmark that fails is named
// in the document. Sections measured by hand (KEPT_SECTIONS) are carried over from the current document; sittings
// measured by hand for a decision go to docs/benchmarks-history.md, which this script never writes.
// At the top: issue 8's scorecard, every figure of its table next to its goal, from the `<name>.goals.json` files the
// benchmarks write (scripts/bench-goals.mjs); a figure not measured in this run says so.
// The 100,000-order figures need PostgreSQL: run as `TEST_DATABASE_URL=postgres://… npm run bench`.
// `BENCH_ONLY=<regular expression>` runs only the scripts whose path matches (the others' last results stay, marked
// as not measured in this run).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform, release, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { bin, ROOT, run, seconds, stopChildrenOnSignal } from './util.mjs';

stopChildrenOnSignal();

const OUT = join(ROOT, 'bench-output');
const SUITES = [
  { dir: 'apps/api', folder: 'bench', match: /\.bench\.ts$/ },
  { dir: 'e2e', folder: 'bench', match: /\.ts$/ },
];

/**
 * Benchmarks left out of `npm run bench`, each with the fragment it writes: they need a database seeded beforehand
 * (see their headers), so they are run by hand and their fragment is not put into docs/benchmarks.md.
 */
const BY_HAND = new Map([['route-sweep.bench.ts', 'route-sweep.md']]);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

function benchScripts() {
  const out = [];
  for (const s of SUITES) {
    const folder = join(ROOT, s.dir, s.folder);
    if (!existsSync(folder)) continue;
    for (const f of readdirSync(folder).sort())
      if (s.match.test(f) && !BY_HAND.has(f) && (!ONLY || ONLY.test(`${s.dir}/${s.folder}/${f}`)))
        out.push({ cwd: join(ROOT, s.dir), file: join(folder, f) });
  }
  return out;
}

function chromiumVersion() {
  try {
    return execFileSync('/usr/lib/chromium/chromium', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'not found';
  }
}

// Fragments are overwritten by each script that succeeds; one that fails keeps its last result (which
// names its own date) and the document says it failed this time.
mkdirSync(OUT, { recursive: true });

const failures = [];
const runStarted = new Date();
for (const { cwd, file } of benchScripts()) {
  const name = relative(ROOT, file);
  console.log(`\n=== ${name}`);
  const started = Date.now();
  // Latency-sensitive benchmarks wait for a quiet machine before they measure (scripts/bench-goals.mjs waitForQuiet).
  process.env.BENCH_QUIET_MAX_S ??= '600';
  const r = await run(bin('tsx', cwd), [file], { cwd, timeoutMs: 25 * 60_000 });
  console.log(
    `=== ${name}: ${r.code === 0 ? 'done' : `failed (exit code ${r.code})`} in ${seconds(Date.now() - started)}`,
  );
  if (r.code !== 0) failures.push(name);
}

/**
 * Sections of docs/benchmarks.md that no benchmark script makes (measured by hand, e.g. "Test suite time", ADR 0055):
 * kept as they are, after the fragments.
 */
const KEPT_SECTIONS = ['## Test suite time'];
function keptSections() {
  const file = join(ROOT, 'docs/benchmarks.md');
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return KEPT_SECTIONS.flatMap((heading) => {
    const start = text.indexOf(`\n${heading}\n`);
    if (start < 0) return [];
    const next = text.indexOf('\n## ', start + heading.length + 2);
    return [text.slice(start + 1, next < 0 ? undefined : next).trim()];
  });
}
const kept = keptSections();

/**
 * Issue 8's table, row by row, with the keys of the figures that answer it (the `id`s of the goals files). A figure
 * whose key is not here is listed after the table, under other goals.
 */
const SCORECARD = [
  {
    row: 'floor app first load',
    ids: ['floor-js', 'floor-css', 'precompressed', 'lighthouse-floor-login', 'lighthouse-floor-pick'],
  },
  { row: 'portal first load', ids: ['portal-js', 'lighthouse-portal-orders'] },
  { row: 'scan → feedback, 4× CPU throttle', ids: ['scan-valid', 'scan-wrong'] },
  {
    row: 'pick list page (limit 200), 100,000 open orders',
    ids: ['pick-list-200', 'pick-list-window', 'pick-list-payload'],
  },
  { row: 'open orders (limit 100), same data', ids: ['open-orders-100'] },
  { row: 'authenticated trivial GET', ids: ['auth-ratio'] },
  { row: '10,000-row order import', ids: ['import-ratio', 'import-api-cpu', 'import-db-line'] },
  { row: 'production start', ids: ['startup'] },
];

/** Every goals file in bench-output, as `{ bench, at, rows }`. */
function goalFiles() {
  return readdirSync(OUT)
    .filter((f) => f.endsWith('.goals.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(OUT, f), 'utf8')));
}

/** The markdown of the scorecard: one table row per figure, in the order of {@link SCORECARD}. */
function scorecard() {
  const byId = new Map();
  for (const file of goalFiles())
    for (const row of file.rows)
      byId.set(row.id, { ...row, at: file.at, load: file.load, bench: file.bench });
  const cell = (text) => String(text).replaceAll('|', '\\|');
  const verdict = (r) => {
    const v = r.met === null ? 'recorded' : r.met ? 'met' : '**not met**';
    return new Date(r.at) < runStarted ? `${v} (measured ${r.at.slice(0, 10)}, not in this run)` : v;
  };
  const line = (issueRow, r) =>
    `| ${cell(issueRow)} | ${cell(r.figure)} | ${cell(r.measured)} | ${cell(r.goal)} | ${verdict(r)} | ${typeof r.load === 'number' ? r.load.toFixed(1) : '–'} |`;
  const lines = [];
  const counted = [];
  /** Verdicts of figures an earlier run measured (a run with `BENCH_ONLY` leaves them as they were). */
  const carried = [];
  for (const { row, ids } of SCORECARD) {
    for (const id of ids) {
      const r = byId.get(id);
      byId.delete(id);
      if (!r) {
        lines.push(`| ${cell(row)} | \`${id}\` | – | – | not measured (its benchmark wrote no figure) | – |`);
        continue;
      }
      lines.push(line(row, r));
      if (r.met !== null) (new Date(r.at) >= runStarted ? counted : carried).push(r.met);
    }
  }
  const others = [...byId.values()].map((r) => line('other', r));
  const met = counted.filter(Boolean).length;
  const carriedMet = carried.filter(Boolean).length;
  const earlier = carried.length
    ? ` ${carried.length} more carried over from an earlier run, as marked: ${carriedMet} met, ${carried.length - carriedMet} not met.`
    : '';
  return [
    '## Issue 8 scorecard',
    '',
    `Every figure of issue 8's table next to its goal, measured in this run (${counted.length} figures with a goal:`,
    `**${met} met, ${counted.length - met} not met**).${earlier} The sections below hold each benchmark's full result. Load: the`,
    "machine's 1-minute load average when the figure was written, the benchmark's own work included; on these 2 cores a",
    'load above about 2.5 means other work ran beside it, and latencies and Lighthouse scores are then not comparable.',
    '',
    '| issue 8 row | figure | measured | goal | verdict | load |',
    '|---|---|---|---|---|---:|',
    ...lines,
    ...(others.length
      ? [
          '',
          'Other goals measured by the same run:',
          '',
          '| | figure | measured | goal | verdict | load |',
          '|---|---|---|---|---|---:|',
          ...others,
        ]
      : []),
  ].join('\n');
}

const cpu = cpus();
const fragments = readdirSync(OUT)
  .filter((f) => f.endsWith('.md') && ![...BY_HAND.values()].includes(f))
  .sort()
  .map((f) => readFileSync(join(OUT, f), 'utf8').trim());

const doc = [
  '# Benchmarks',
  '',
  'Made by `npm run bench` (scripts/bench.mjs), which runs every script in `apps/api/bench/` and `e2e/bench/`',
  'and puts their results together here. Numbers depend on the machine; compare runs on the same one.',
  '',
  `- Date: ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
  `- Machine: ${cpu.length} × ${cpu[0]?.model?.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB memory`,
  `- System: ${platform()} ${release()} (${arch()}), Node ${process.version}, ${chromiumVersion()}`,
  `- Database of the 100,000-order figures: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : "**PGlite, so 10,000 orders only** (set TEST_DATABASE_URL for the issue's setting)"}`,
  '',
  'Sittings measured by hand for a decision (before and after a change, alternating builds, statement profiles) are in',
  '[benchmarks-history.md](benchmarks-history.md); a run of this script does not touch them.',
  '',
  ...(failures.length
    ? [
        `Failed to run this time: ${failures.map((f) => `\`${f}\``).join(', ')}; a result of theirs below is from their last successful run (see its date).`,
        '',
      ]
    : []),
  [scorecard(), ...fragments, ...kept].join('\n\n'),
  '',
].join('\n');
writeFileSync(join(ROOT, 'docs/benchmarks.md'), doc);
// Biome also formats markdown (npm test checks it): align the tables the fragments bring.
await run(bin('biome'), ['format', '--write', 'docs/benchmarks.md'], { quiet: true });
console.log(
  `\nWrote docs/benchmarks.md from ${fragments.length} result(s)${failures.length ? `; ${failures.length} failed` : ''}.`,
);
process.exit(failures.length ? 1 : 0);
