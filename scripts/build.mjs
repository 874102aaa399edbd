#!/usr/bin/env node
// Builds the portal and the floor app with Vite and the API with esbuild (apps/api/dist/main.js, which
// `npm start` runs; ADR 0018). A build whose inputs did not change since the last one is skipped: a hash of its
// sources (and of core and the lockfile) is kept in dist/.build-hash.
// Usage: node scripts/build.mjs [--force] [--api] (--api: the API only)
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin, ROOT, run, seconds, stopChildrenOnSignal } from './util.mjs';

/** The apps Vite builds; the API serves their dist folders. */
export const APPS = ['apps/portal', 'apps/floor'];
const SHARED_INPUTS = [
  'packages/core/src',
  'packages/core/package.json',
  'packages/web/src',
  'packages/web/package.json',
  'pnpm-lock.yaml',
  'tsconfig.base.json',
];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage']);
const HASH_FILE = '.build-hash';

/** Every file under `path` (or `path` itself when it is a file), in a stable order. */
function walk(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  const out = [];
  for (const e of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory() && SKIP_DIRS.has(e.name)) continue;
    out.push(...walk(join(path, e.name)));
  }
  return out;
}

/** sha256 over the relative path and content of every input file of an app. */
export function inputHash(app) {
  return hashFiles([app, ...SHARED_INPUTS].flatMap((input) => walk(join(ROOT, input))));
}

/** sha256 over the relative path and content of each file. */
function hashFiles(files) {
  const h = createHash('sha256');
  for (const f of files) {
    h.update(relative(ROOT, f));
    h.update('\0');
    h.update(readFileSync(f));
    h.update('\0');
  }
  return h.digest('hex');
}

/** Builds each app whose inputs changed; resolves with true when every build succeeded. */
export async function build({ force = false } = {}) {
  let ok = true;
  for (const app of APPS) {
    const dir = join(ROOT, app);
    const hashFile = join(dir, 'dist', HASH_FILE);
    const hash = inputHash(app);
    const fresh = existsSync(join(dir, 'dist', 'index.html')) && existsSync(hashFile);
    if (!force && fresh && readFileSync(hashFile, 'utf8').trim() === hash) {
      console.log(`${app}: up to date (sources unchanged since the last build)`);
      continue;
    }
    console.log(`${app}: vite build`);
    const started = Date.now();
    const r = await run(bin('vite', dir), ['build'], { cwd: dir });
    if (r.code !== 0) {
      console.error(`${app}: build failed (exit code ${r.code})`);
      ok = false;
      continue;
    }
    writeFileSync(hashFile, `${hash}\n`);
    console.log(`${app}: built in ${seconds(Date.now() - started)}`);
  }
  return (await buildApi({ force })) && ok;
}

const API_DIR = join(ROOT, 'apps/api');
/** The compiled API entry `npm start` runs. */
export const API_MAIN = join(API_DIR, 'dist', 'main.js');
/**
 * Folders read at run time relative to the module (`import.meta.url`): migrate.ts reads `./migrations`,
 * seed.ts `./samples`. In the bundle that module is dist/main.js, so they are copied beside it.
 */
const API_ASSETS = ['src/db/migrations', 'src/db/samples'];
/** Test files and test helpers are not part of the bundle, so changing them does not rebuild it. */
const isApiSource = (f) => !/\.test\.ts$/.test(f) && !f.includes(`${join('src', 'test')}/`);

/** The API's entry points: main.ts and every `*.worker.ts` (a worker thread loads its own file, e.g. piscina). */
function apiEntries() {
  return [
    join(API_DIR, 'src/main.ts'),
    ...walk(join(API_DIR, 'src')).filter((f) => f.endsWith('.worker.ts')),
  ];
}

/**
 * Bundles the API (apps/api/src and @hoppa/core, which is consumed as TypeScript source) into apps/api/dist with
 * esbuild: ESM for Node 20, one file per entry (main.js, <name>.worker.js beside it), source maps. The API's own
 * dependencies stay external (node_modules, native argon2, PGlite's wasm); core's dependencies that the API does not
 * list itself (date-fns, ky …) are bundled, since Node could not resolve them from apps/api. Skipped when the
 * inputs are unchanged. Resolves with true on success.
 */
export async function buildApi({ force = false } = {}) {
  const dist = join(API_DIR, 'dist');
  const hashFile = join(dist, HASH_FILE);
  const files = [
    ...walk(join(API_DIR, 'src')).filter(isApiSource),
    join(API_DIR, 'package.json'),
    join(ROOT, 'scripts/build.mjs'),
    ...SHARED_INPUTS.flatMap((input) => walk(join(ROOT, input))),
  ];
  const hash = hashFiles(files);
  const fresh = existsSync(API_MAIN) && existsSync(hashFile);
  if (!force && fresh && readFileSync(hashFile, 'utf8').trim() === hash) {
    console.log('apps/api: up to date (sources unchanged since the last build)');
    return true;
  }
  console.log('apps/api: esbuild');
  const started = Date.now();
  const pkg = JSON.parse(readFileSync(join(API_DIR, 'package.json'), 'utf8'));
  const external = Object.entries(pkg.dependencies ?? {})
    .filter(([, version]) => !String(version).startsWith('workspace:'))
    .map(([name]) => name);
  const entryPoints = apiEntries();
  const names = entryPoints.map((f) => basename(f));
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) {
    console.error(`apps/api: two entry files are named ${twice}; worker file names must be unique`);
    return false;
  }
  const esbuild = await import('esbuild');
  rmSync(dist, { recursive: true, force: true });
  try {
    const result = await esbuild.build({
      entryPoints,
      outdir: dist,
      // Flat: dist/main.js and dist/<name>.worker.js, so a worker is found beside the module that starts it.
      entryNames: '[name]',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Packages and their subpaths (zod/v4, @electric-sql/pglite/…) are left to Node.
      external,
      sourcemap: true,
      logLevel: 'warning',
      // Bundled CommonJS code that calls require() needs one in an ES module.
      banner: {
        js: "import { createRequire as __hoppaCreateRequire } from 'node:module'; const require = __hoppaCreateRequire(import.meta.url);",
      },
      metafile: true,
    });
    const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
    console.log(
      `apps/api: ${entryPoints.length} entr${entryPoints.length === 1 ? 'y' : 'ies'}, ${(bytes / 1e6).toFixed(1)} MB with maps`,
    );
  } catch (err) {
    console.error(`apps/api: build failed (${err.message.split('\n')[0]})`);
    return false;
  } finally {
    // esbuild keeps a service child process; `npm start` lives on after the build, so end it now.
    await esbuild.stop();
  }
  for (const asset of API_ASSETS) {
    cpSync(join(API_DIR, asset), join(dist, basename(asset)), { recursive: true });
  }
  writeFileSync(hashFile, `${hash}\n`);
  console.log(`apps/api: built in ${seconds(Date.now() - started)}`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  stopChildrenOnSignal();
  const force = process.argv.includes('--force');
  const ok = process.argv.includes('--api') ? await buildApi({ force }) : await build({ force });
  process.exit(ok ? 0 : 1);
}
