#!/usr/bin/env node
// The front ends' first-load budgets (issue 8 "light, compressed front ends"; docs/decisions/0033-bundle-budgets.md),
// checked on the built apps by `npm test` after the build and reported by `npm run bench`:
// - first load: the JavaScript and CSS that index.html loads before anything else (its module script, the module
//   preloads of that script's static imports, its stylesheets), counted as the gzip bytes a browser receives (the
//   build's own .gz copies, which the API serves: apps/api/src/lib/static.ts);
// - precompressed: every text asset of 1 KB or more has its .br and .gz copy next to it.
// A budget has the issue's goal and, where today's build is still above the goal, a ceiling: the check fails above
// the ceiling (or above the goal when there is none), so the first load can only shrink; the report says for each
// goal whether it is met. Lower a ceiling when a change makes room; raising one takes a decision record.
//
// Usage: node scripts/bundle-budget.mjs [--markdown <file>]   (exit code 1 when a budget or precompression fails)
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeGoals } from './bench-goals.mjs';
import { ROOT } from './util.mjs';

/** Budgets in KB (1,024 bytes) of gzip. `ceiling: null`: the goal itself is enforced. */
const APPS = [
  {
    name: 'floor',
    dist: 'apps/floor/dist',
    base: '/floor/',
    js: { goal: 130, ceiling: null },
    css: { goal: 30, ceiling: null },
  },
  {
    name: 'portal',
    dist: 'apps/portal/dist',
    base: '/',
    js: { goal: 200, ceiling: null },
    css: { goal: null, ceiling: 40 },
  },
];

/**
 * Libraries kept off every first load (ADR 0033: the schemas and typed calls load on first use; ADR 0125 §7: a
 * constant imported from a core module that builds zod schemas pulled zod in), each by a marker its code keeps when
 * minified.
 */
const KEPT_OFF_FIRST_LOAD = [{ name: 'zod', marker: 'ZodError' }];

const TEXT_ASSET = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const PRECOMPRESS_FROM = 1024;

/** The gzip size of a built file as served: its .gz copy, or gzip -9 of it when the build left none. */
function gzipBytes(file) {
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The files index.html loads first, as paths inside dist. */
function firstLoad(dist, base) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const files = { js: [], css: [] };
  for (const tag of tags) {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url || /^https?:/.test(url)) continue;
    const path = url.startsWith(base) ? url.slice(base.length) : url.replace(/^\//, '');
    if (tag.startsWith('<script') && /type="module"/.test(tag)) files.js.push(path);
    else if (/rel="modulepreload"/.test(tag)) files.js.push(path);
    else if (/rel="stylesheet"/.test(tag)) files.css.push(path);
  }
  return files;
}

/** Text assets of 1 KB or more without a .br or .gz copy. */
function uncompressed(dist) {
  const missing = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (TEXT_ASSET.test(name) && statSync(file).size >= PRECOMPRESS_FROM) {
        for (const ext of ['.br', '.gz'])
          if (!existsSync(file + ext)) missing.push(`${relative(dist, file)}${ext}`);
      }
    }
  };
  walk(dist);
  return missing;
}

const kb = (bytes) => bytes / 1024;
const rows = [];
const failures = [];
/** @type {import('./bench-goals.mjs').GoalRow[]} Issue 8 §1's size goals, for the bench's scorecard. */
const goals = [];
for (const app of APPS) {
  const dist = join(ROOT, app.dist);
  if (!existsSync(join(dist, 'index.html'))) {
    failures.push(`${app.name}: no build in ${app.dist} (run the build first)`);
    continue;
  }
  const files = firstLoad(dist, app.base);
  for (const kind of ['js', 'css']) {
    const size = kb(files[kind].reduce((n, f) => n + gzipBytes(join(dist, f)), 0));
    const { goal, ceiling } = app[kind];
    const limit = ceiling ?? goal;
    const goalNote = goal === null ? '–' : `≤ ${goal} KB (${size <= goal ? 'met' : 'not met'})`;
    const ok = limit === null || size <= limit;
    if (!ok)
      failures.push(`${app.name} ${kind}: ${size.toFixed(1)} KB gzip is above its limit of ${limit} KB`);
    if (goal !== null)
      goals.push({
        id: `${app.name}-${kind}`,
        figure: `${app.name} first load, ${kind.toUpperCase()} (${files[kind].length} ${files[kind].length === 1 ? 'file' : 'files'}, gzip as served)`,
        measured: `${size.toFixed(1)} KB`,
        goal: `≤ ${goal} KB`,
        met: size <= goal,
      });
    rows.push(
      `| ${app.name} | ${kind.toUpperCase()} | ${files[kind].length} | ${size.toFixed(1)} KB | ${goalNote} | ${ceiling === null ? '–' : `${ceiling} KB`} | ${ok ? 'pass' : 'FAIL'} |`,
    );
  }
  for (const { name, marker } of KEPT_OFF_FIRST_LOAD) {
    const carrying = files.js.filter((f) => readFileSync(join(dist, f), 'utf8').includes(marker));
    if (carrying.length > 0)
      failures.push(
        `${app.name}: the first load carries ${name} (${carrying.join(', ')}); it must load on first use`,
      );
  }
  const missing = uncompressed(dist);
  if (missing.length > 0)
    failures.push(
      `${app.name}: not precompressed: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ' …' : ''}`,
    );
}

const md = `## Front-end first load (scripts/bundle-budget.mjs)

The JavaScript and CSS each app's index.html loads first (module script, its module preloads, stylesheets), in gzip
as served (the build's .gz copies); screens load later in their own chunks. \`npm test\` fails above the limit: the
goal of issue 8, or a ceiling at today's size while the goal is not met (docs/decisions/0033-bundle-budgets.md).
Every text asset of 1 KB or more is served precompressed (brotli and gzip): ${failures.some((f) => f.includes('not precompressed')) ? 'not all' : 'checked, all'}.

| app | kind | files | gzip | goal | ceiling | check |
|---|---|---:|---:|---|---:|---|
${rows.join('\n')}

Measured ${new Date().toISOString().slice(0, 10)}.
`;
console.log(md);
const mdArg = process.argv.indexOf('--markdown');
if (mdArg > 0 && process.argv[mdArg + 1]) {
  writeFileSync(process.argv[mdArg + 1], md);
  const missing = failures.filter((f) => f.includes('not precompressed'));
  goals.push({
    id: 'precompressed',
    figure: 'text assets of 1 KB or more served precompressed (brotli and gzip), both apps',
    measured: missing.length === 0 ? 'all' : missing.join('; '),
    goal: 'all',
    met: missing.length === 0,
  });
  writeGoals('bundles', goals);
}
if (failures.length > 0) {
  console.log(`Bundle budgets failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('Bundle budgets hold.');
