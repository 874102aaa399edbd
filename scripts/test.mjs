#!/usr/bin/env node
// `npm test`: installs what the tests need, then runs every check in order and keeps going after a failure:
// Biome (lint + format), tsc per package, Vitest per package (the API suite on PostgreSQL when TEST_DATABASE_URL is
// set, with PGlite's own files on PGlite), the build, and the Playwright journeys. It ends with a table per runner and the
// line `N passed, N failed`; the exit code is non-zero when anything failed.
// A lint or typecheck step counts as one test. Set HOPPA_SKIP_INSTALL=1 to skip the install step;
// `npm test -- --only vitest,tsc` runs only the steps whose names contain one of the words.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bin, installDependencies, ROOT, run, seconds, stopChildrenOnSignal } from './util.mjs';

stopChildrenOnSignal();

const OUT = join(ROOT, '.test-output');
const PACKAGES = ['packages/core', 'packages/web', 'apps/api', 'apps/portal', 'apps/floor'];
const MINUTE = 60_000;
/** Two cores on the build machines: keep every runner to two workers at most. */
const WORKERS = '2';

/** One row of the final table. */
const results = [];

const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? (process.argv[onlyArg + 1] ?? '').split(',').filter(Boolean) : [];
/** Whether `--only` leaves this step in. */
const selected = (step) => only.length === 0 || only.some((word) => step.includes(word));

function banner(title) {
  console.log(`\n${'='.repeat(100)}\n${title}\n${'='.repeat(100)}`);
}

function record(step, passed, failed, started, note = '', failures = []) {
  results.push({ step, passed, failed, ms: Date.now() - started, note, failures });
}

/** Records a test runner's step from its counts (`passed`, `failed`, `note`) and its named failures. */
function recordRun(step, started, r, c, failures) {
  record(step, c.passed, c.failed, started, r.timedOut ? `timed out; ${c.note}` : c.note, failures);
}

/** The first line of a failure message, without terminal colours, at most 300 characters. */
function firstLine(message) {
  const line = String(message ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are what is removed
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((l) => l.trim() !== '');
  return (line ?? '').trim().slice(0, 300);
}

/** Names of the failed tests of a Vitest JSON report: `file › test: first line of the error`. */
function vitestFailures(report) {
  const out = [];
  for (const file of report?.testResults ?? []) {
    const name = relative(ROOT, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests)
      out.push(`${name} › ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) out.push(`${name}: ${firstLine(file.message)}`);
  }
  return out;
}

/** Names of the failed (and flaky) tests of a Playwright JSON report, with the first line of the error. */
function playwrightFailures(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const error = (t.results ?? []).flatMap((r) => r.errors ?? (r.error ? [r.error] : []))[0];
        const label = t.status === 'flaky' ? 'flaky' : 'failed';
        out.push(
          `${[...titles, spec.title].filter(Boolean).join(' › ')} (${label}): ${firstLine(error?.message)}`,
        );
      }
    }
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
  for (const e of report?.errors ?? []) out.push(`outside tests: ${firstLine(e.message)}`);
  return out;
}

/** A step that is one test: passes when the command exits 0. */
async function single(step, cmd, args, opts = {}) {
  if (!selected(step)) return;
  banner(step);
  const started = Date.now();
  const r = await run(cmd, args, opts);
  record(step, r.code === 0 ? 1 : 0, r.code === 0 ? 0 : 1, started, r.timedOut ? 'timed out' : '');
}

/**
 * Steps that are one test each ({@link single}), run {@link WORKERS} at a time with their output held and printed whole,
 * in the list's order, so parallel output never interleaves. `checks`: `[step, cmd, args]`.
 */
async function checksTwoAtATime(checks) {
  const chosen = checks.filter(([step]) => selected(step));
  const outcomes = new Array(chosen.length);
  let next = 0;
  let printed = 0;
  const printReady = () => {
    while (printed < chosen.length && outcomes[printed]) {
      const [step] = chosen[printed];
      const { r, started, ended } = outcomes[printed];
      banner(step);
      process.stdout.write(r.output);
      results.push({
        step,
        passed: r.code === 0 ? 1 : 0,
        failed: r.code === 0 ? 0 : 1,
        ms: ended - started,
        note: r.timedOut ? 'timed out' : '',
        failures: [],
      });
      printed += 1;
    }
  };
  const lane = async () => {
    while (next < chosen.length) {
      const i = next++;
      const [, cmd, args] = chosen[i];
      const started = Date.now();
      const r = await run(cmd, args, { capture: true, quiet: true, timeoutMs: 10 * MINUTE });
      outcomes[i] = { r, started, ended: Date.now() };
      printReady();
    }
  };
  await Promise.all(Array.from({ length: Number(WORKERS) }, lane));
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Counts a Vitest JSON report. A test file that fails before any test runs (an import error) counts as one
 * failure, and so does a non-zero exit that the report does not explain (errors outside tests, a crash).
 */
function countVitest(report, code) {
  if (!report) return { passed: 0, failed: 1, note: `no report (exit code ${code})` };
  let passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const notes = [];
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  );
  if (brokenFiles.length > 0) {
    failed += brokenFiles.length;
    notes.push(`${brokenFiles.length} file(s) failed to run`);
  }
  if (code !== 0 && failed === 0) {
    failed = 1;
    notes.push(`exit code ${code} without a failed test (errors outside tests?)`);
  }
  if (skipped > 0) notes.push(`${skipped} skipped`);
  if (passed + failed === 0) notes.push('no tests found');
  passed = Math.max(passed, 0);
  return { passed, failed, note: notes.join('; ') };
}

async function vitest(step, pkg, reportName, env, timeoutMs = 12 * MINUTE) {
  if (!selected(step)) return;
  banner(step);
  const started = Date.now();
  const dir = join(ROOT, pkg);
  const file = join(OUT, `${reportName}.json`);
  rmSync(file, { force: true });
  const args = [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
    `--maxWorkers=${WORKERS}`,
    '--passWithNoTests',
  ];
  const r = await run(bin('vitest', dir), args, { cwd: dir, env, timeoutMs, capture: true });
  // The whole output is kept beside the report (CI copies .test-output of a failed run), and errors outside
  // tests, which the JSON report leaves out, are named in the final table.
  writeFileSync(join(OUT, `${reportName}.log`), r.output);
  const report = readJson(file);
  const counts = countVitest(report, r.code);
  const failures = vitestFailures(report);
  if (r.code !== 0) failures.push(...errorsOutsideTests(r.output));
  recordRun(step, started, r, counts, failures);
}

/**
 * The errors Vitest printed outside any test (its "Unhandled Errors" section), one line each: the error's first
 * line and, when Vitest names it, the test file it came from. At most 5.
 */
function errorsOutsideTests(output) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are what is removed
  const text = String(output).replace(/\u001b\[[0-9;]*m/g, '');
  const at = text.search(/Unhandled (Errors?|Rejection)/);
  if (at < 0) return [];
  const lines = text
    .slice(at)
    .split('\n')
    .map((l) => l.trim());
  const out = [];
  for (let i = 1; i < lines.length && out.length < 5; i++) {
    if (
      !/^(\w*Error|\w*Exception|Unhandled)\b|^\w+Error:/.test(lines[i]) ||
      /^Unhandled (Errors?|Rejection)/.test(lines[i])
    )
      continue;
    const origin = lines.slice(i, i + 40).find((l) => /originated in|was running/.test(l));
    out.push(`outside tests: ${lines[i].slice(0, 200)}${origin ? ` (${origin.slice(0, 200)})` : ''}`);
  }
  return out.length > 0 ? out : [`outside tests: ${firstLine(text.slice(at, at + 400))}`];
}

/** Counts a Playwright JSON report: flaky tests (passed on retry) count as passed and are named in the note. */
function countPlaywright(report, code) {
  if (!report?.stats) return { passed: 0, failed: 1, note: `no report (exit code ${code})` };
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  let failed = unexpected;
  const notes = [];
  if (flaky > 0) notes.push(`${flaky} flaky (passed on retry)`);
  if (skipped > 0) notes.push(`${skipped} skipped`);
  if ((report.errors ?? []).length > 0) notes.push(`${report.errors.length} error(s) outside tests`);
  if (code !== 0 && failed === 0) {
    failed = 1;
    notes.push(`exit code ${code}`);
  }
  return { passed: expected + flaky, failed, note: notes.join('; ') };
}

async function playwright(step) {
  if (!selected(step)) return;
  banner(step);
  const started = Date.now();
  const dir = join(ROOT, 'e2e');
  const file = join(OUT, 'playwright.json');
  rmSync(file, { force: true });
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file };
  const r = await run(bin('playwright', dir), ['test', '--reporter=list,json'], {
    cwd: dir,
    env,
    // The config's globalTimeout (23 min) ends the run first, so a slow run still writes its report.
    timeoutMs: 25 * MINUTE,
  });
  const report = readJson(file);
  recordRun(step, started, r, countPlaywright(report, r.code), playwrightFailures(report));
}

/** Runs apt-get as root, or through sudo when there is one. */
async function aptGet(args) {
  const root = process.getuid?.() === 0;
  const [cmd, pre] = root ? ['apt-get', []] : ['sudo', ['-n', 'apt-get']];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return (await run(cmd, [...pre, ...args], { env })).code === 0;
}

async function installSystemPackages() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!existsSync('/usr/bin/pdftoppm')) missing.push('poppler-utils');
  if (missing.length === 0) return;
  console.log(`> apt-get install ${missing.join(' ')} (the browser tests need them)`);
  if (
    !((await aptGet(['update'])) && (await aptGet(['install', '-y', '--no-install-recommends', ...missing])))
  ) {
    console.log(`Could not install ${missing.join(', ')}; the browser tests will fail.`);
  }
}

const started = Date.now();
mkdirSync(OUT, { recursive: true });

if (process.env.HOPPA_SKIP_INSTALL === '1') console.log('HOPPA_SKIP_INSTALL=1: not installing anything.');
else {
  banner('install');
  const t = Date.now();
  const ok = await installDependencies();
  await installSystemPackages();
  if (!ok) record('install', 0, 1, t, 'pnpm install failed');
}

// The static checks are single-threaded and independent: they run two at a time (≈ 1 min → ≈ 0.5 min), each one's
// output printed whole when it ends, in this order.
await checksTwoAtATime([
  ['biome check', bin('biome'), ['check', '--colors=off', '.']],
  // Import boundaries (.dependency-cruiser.cjs), dead code and unused dependencies (knip.jsonc), and whether
  // docs/spec-coverage.md is current.
  ['boundaries', bin('depcruise'), ['apps', 'packages', 'e2e', '--config', '.dependency-cruiser.cjs']],
  ['knip', bin('knip'), []],
  ['spec coverage', process.execPath, [join(ROOT, 'scripts/spec-coverage.mjs'), '--check']],
  ...[...PACKAGES, 'e2e'].map((pkg) => [`tsc ${pkg}`, bin('tsc'), ['--noEmit', '-p', pkg]]),
]);

// The API suite runs whole once: on PostgreSQL when TEST_DATABASE_URL is set (the server engine, PostgreSQL 15, which
// CI starts), else on PGlite. With PostgreSQL, PGlite first runs the embedded database's own files (apps/api
// vitest.config.ts `HOPPA_API_TESTS=embedded`: the database layer, the seed `npm start` runs, and every file whose
// scenario differs per engine); the journeys run the whole product on PGlite (ADR 0136: the suite twice took ≈ 4 min
// of a run the guide wants well under 20).
const { TEST_DATABASE_URL, ...envWithoutPg } = process.env;
for (const pkg of PACKAGES) {
  const name = pkg.split('/')[1];
  if (name === 'api' && TEST_DATABASE_URL)
    await vitest('vitest api (PGlite, embedded database files)', pkg, 'vitest-api', {
      ...envWithoutPg,
      HOPPA_API_TESTS: 'embedded',
    });
  else await vitest(`vitest ${name}`, pkg, `vitest-${name}`, envWithoutPg);
}
if (TEST_DATABASE_URL) {
  await vitest('vitest api (PostgreSQL)', 'apps/api', 'vitest-api-postgres', process.env);
} else {
  console.log('\nTEST_DATABASE_URL is not set: the API suite ran on PGlite.');
}

const beforeBuild = results.length;
await single('build', process.execPath, [join(ROOT, 'scripts/build.mjs')], { timeoutMs: 8 * MINUTE });
// The journeys need the build; without a build step (--only) their global setup builds what changed.
if ((results[beforeBuild]?.failed ?? 0) === 0) {
  await single('bundle budgets', process.execPath, [join(ROOT, 'scripts/bundle-budget.mjs')]);
  await playwright('playwright e2e');
} else {
  for (const step of ['bundle budgets', 'playwright e2e'])
    if (selected(step)) record(step, 0, 1, Date.now(), 'not run: the build failed');
}

// The summary.
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const width = Math.max(...results.map((r) => r.step.length), 'step'.length);
// The failed tests by name just above the summary, so that the tail of a CI log says what to look at.
const failures = results.flatMap((r) => r.failures.map((f) => `${r.step}: ${f}`));
if (failures.length > 0) {
  banner(`Failed and flaky tests (${failures.length})`);
  for (const f of failures.slice(0, 30)) console.log(`- ${f}`);
  if (failures.length > 30) console.log(`… and ${failures.length - 30} more`);
}
banner(`Summary (${seconds(Date.now() - started)})`);
console.log(
  `${'step'.padEnd(width)}  ${'passed'.padStart(6)}  ${'failed'.padStart(6)}  ${'time'.padStart(10)}  note`,
);
for (const r of results) {
  const mark = r.failed > 0 ? '✗' : '✓';
  console.log(
    `${r.step.padEnd(width)}  ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${seconds(r.ms).padStart(10)}  ${mark} ${r.note}`,
  );
}
console.log('');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
