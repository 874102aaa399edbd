#!/usr/bin/env node
// `npm run bench`: runs every benchmark script — apps/api/bench/*.bench.ts and e2e/bench/*.ts, each through
// tsx, except those run by hand (BY_HAND) — which each write a markdown fragment to bench-output/<name>.md, then
// assembles docs/benchmarks.md from those fragments with the machine and the date. A benchmark that fails is named
// in the document. Sections measured by hand (KEPT_SECTIONS) are carried over from the current document.
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

function benchScripts() {
  const out = [];
  for (const s of SUITES) {
    const folder = join(ROOT, s.dir, s.folder);
    if (!existsSync(folder)) continue;
    for (const f of readdirSync(folder).sort())
      if (s.match.test(f) && !BY_HAND.has(f)) out.push({ cwd: join(ROOT, s.dir), file: join(folder, f) });
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
for (const { cwd, file } of benchScripts()) {
  const name = relative(ROOT, file);
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const r = await run(bin('tsx', cwd), [file], { cwd, timeoutMs: 15 * 60_000 });
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
  '',
  ...(failures.length
    ? [
        `Failed to run this time: ${failures.map((f) => `\`${f}\``).join(', ')}; a result of theirs below is from their last successful run (see its date).`,
        '',
      ]
    : []),
  [...fragments, ...kept].join('\n\n'),
  '',
].join('\n');
writeFileSync(join(ROOT, 'docs/benchmarks.md'), doc);
// Biome also formats markdown (npm test checks it): align the tables the fragments bring.
await run(bin('biome'), ['format', '--write', 'docs/benchmarks.md'], { quiet: true });
console.log(
  `\nWrote docs/benchmarks.md from ${fragments.length} result(s)${failures.length ? `; ${failures.length} failed` : ''}.`,
);
process.exit(failures.length ? 1 : 0);
