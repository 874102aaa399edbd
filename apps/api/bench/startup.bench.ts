/**
 * API start-up benchmark (issue 8 §5): cold start of a real API process, measured from spawn until
 * `GET /api/health` answers 200, for
 *   - the compiled build `node --enable-source-maps apps/api/dist/main.js` (what `npm start` runs; ADR 0018) and
 *   - `tsx src/main.ts` (development, transpiling the API and core at run time),
 * each on a fresh PGlite DATA_DIR (first start: migrations, the demo warehouse and its week of live orders) and
 * then again on the same directory (second start: nothing to migrate or seed; median of 5, the two runners taking turns). Builds the API first
 * (`scripts/build.mjs --api`, skipped when unchanged). Writes bench-output/startup.md at the repository root.
 * Run: `npx tsx apps/api/bench/startup.bench.ts`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeGoals } from '../../../scripts/bench-goals.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const API_DIR = join(ROOT, 'apps/api');
const SECOND_RUNS = 5;

const RUNNERS = [
  {
    name: 'compiled: node dist/main.js',
    cmd: process.execPath,
    args: ['--enable-source-maps', join(API_DIR, 'dist/main.js')],
  },
  { name: 'tsx src/main.ts', cmd: join(API_DIR, 'node_modules/.bin/tsx'), args: ['src/main.ts'] },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** Spawns the API on `dataDir`, waits for /api/health, stops it; resolves with the seconds until it answered. */
async function coldStart(runner: (typeof RUNNERS)[number], dataDir: string): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const t0 = performance.now();
  const child = spawn(runner.cmd, runner.args, { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  child.stderr.on('data', (c) => {
    out += c;
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${runner.name} exited:\n${out}`);
      if (performance.now() - t0 > 300_000) throw new Error(`${runner.name}: no answer in 300 s\n${out}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return (performance.now() - t0) / 1000;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--api'], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('building the API failed');

const loadAtStart = loadavg()
  .map((l) => l.toFixed(2))
  .join(' / ');
// The two runners take turns, so a burst of load from the shared machine falls on both rather than on one.
const dirs = RUNNERS.map(() => mkdtempSync(join(tmpdir(), 'hoppa-startup-')));
const rows: { name: string; first: number; second: number; seconds: number[] }[] = [];
try {
  const firsts: number[] = [];
  for (const [i, runner] of RUNNERS.entries()) firsts.push(await coldStart(runner, dirs[i] as string));
  const seconds: number[][] = RUNNERS.map(() => []);
  for (let run = 0; run < SECOND_RUNS; run++) {
    for (const [i, runner] of RUNNERS.entries()) seconds[i]?.push(await coldStart(runner, dirs[i] as string));
  }
  for (const [i, runner] of RUNNERS.entries()) {
    const s = seconds[i] as number[];
    rows.push({ name: runner.name, first: firsts[i] as number, second: median(s), seconds: s });
    console.log(
      `${runner.name}: first start ${firsts[i]?.toFixed(2)} s, second start ${median(s).toFixed(2)} s (${s.map((x) => x.toFixed(2)).join(', ')})`,
    );
  }
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

const md = `## API start-up (apps/api/bench/startup.bench.ts)

Cold start of a real API process on PGlite, from spawn until \`GET /api/health\` answers 200. First start: a fresh
DATA_DIR (migrations, the demo warehouse of 5,000 products and its week of live orders made through the API's own
routes). Second start: the same directory again (nothing to migrate or seed; median of ${SECOND_RUNS}). Node
${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}); load average ${loadAtStart} at the start (the
machine is shared, so the figures vary with the load).

| process | first start (seeds), s | second start, s | second-start runs, s |
|---|---:|---:|---|
${rows.map((r) => `| ${r.name} | ${r.first.toFixed(2)} | ${r.second.toFixed(2)} | ${r.seconds.map((s) => s.toFixed(2)).join(', ')} |`).join('\n')}

\`npm start\` runs the compiled build (ADR 0018). Run with \`npx tsx apps/api/bench/startup.bench.ts\`
(${new Date().toISOString().slice(0, 10)}).
`;
const out = join(ROOT, 'bench-output', 'startup.md');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, md);
console.log(`wrote ${out}`);
const compiled = rows[0];
if (compiled)
  writeGoals('startup.bench', [
    {
      id: 'startup',
      figure: '`npm start` from cold: the compiled API until `GET /api/health` answers (PGlite)',
      measured: `${compiled.second.toFixed(2)} s (first start with migrations and the demo seed ${compiled.first.toFixed(1)} s)`,
      goal: 'recorded; runs compiled JavaScript',
      met: null,
    },
  ]);
