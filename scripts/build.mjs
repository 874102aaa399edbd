#!/usr/bin/env node
// Builds the portal and the floor app with Vite. A build whose inputs did not change since the last one is
// skipped: a hash of its sources (and of core and the lockfile) is kept in dist/.build-hash.
// Usage: node scripts/build.mjs [--force]
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin, ROOT, run, seconds, stopChildrenOnSignal } from './util.mjs';

/** The apps Vite builds; the API serves their dist folders. */
export const APPS = ['apps/portal', 'apps/floor'];
const SHARED_INPUTS = [
  'packages/core/src',
  'packages/core/package.json',
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
  const h = createHash('sha256');
  for (const input of [app, ...SHARED_INPUTS]) {
    for (const f of walk(join(ROOT, input))) {
      h.update(relative(ROOT, f));
      h.update('\0');
      h.update(readFileSync(f));
      h.update('\0');
    }
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
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  stopChildrenOnSignal();
  const ok = await build({ force: process.argv.includes('--force') });
  process.exit(ok ? 0 : 1);
}
