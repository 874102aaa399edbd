// Helpers shared by start, build, test and bench. Node builtins only: these run before any install.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in scripts/). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** pnpm 10 through npx: corepack cannot fetch pnpm on every machine, npx can. */
export const PNPM = ['npx', ['--yes', 'pnpm@10']];

/** The children running now (steps may run side by side), ended with this process on Ctrl-C or SIGTERM. */
const running = new Set();

/**
 * Runs a command, streaming its output, and resolves with its exit code (never rejects).
 * The child gets its own process group so a timeout or Ctrl-C ends its whole tree.
 * `capture: true` also collects the output (stdout and stderr interleaved) into `output`.
 */
export function run(
  cmd,
  args,
  { cwd = ROOT, env = process.env, capture = false, timeoutMs, quiet = false } = {},
) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    let output = '';
    let timedOut = false;
    const onData = (stream) => (chunk) => {
      if (capture) output += chunk;
      if (!quiet) stream.write(chunk);
    };
    child.stdout.on('data', onData(process.stdout));
    child.stderr.on('data', onData(process.stderr));
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          process.stderr.write(
            `\n${cmd} ${args.join(' ')}: timed out after ${Math.round(timeoutMs / 1000)} s\n`,
          );
          killTree(child, 'SIGTERM');
          setTimeout(() => killTree(child, 'SIGKILL'), 5000).unref();
        }, timeoutMs)
      : null;
    child.on('error', (err) => {
      output += String(err);
      process.stderr.write(`${cmd}: ${err.message}\n`);
    });
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      running.delete(child);
      done({ code: code ?? (signal ? 128 : 1), signal, output, timedOut });
    });
  });
}

/** Sends a signal to a child's whole process group (it was spawned detached). */
export function killTree(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** On Ctrl-C or SIGTERM, stop the running child's tree before exiting, so nothing is left behind. */
export function stopChildrenOnSignal() {
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, () => {
      for (const child of running) killTree(child, sig);
      process.exit(130);
    });
  }
}

/** Finds a package binary by walking up from `dir` through node_modules/.bin (pnpm links them per package). */
export function bin(name, dir = ROOT) {
  let d = resolve(dir);
  for (;;) {
    const p = join(d, 'node_modules', '.bin', name);
    if (existsSync(p)) return p;
    const up = dirname(d);
    if (up === d) return name;
    d = up;
  }
}

/**
 * Installs the workspace's dependencies exactly as locked; when the lockfile no longer matches the
 * package.json files (someone added a dependency without updating it) it says so and installs anyway.
 * Returns true on success.
 */
export async function installDependencies() {
  const [cmd, pre] = PNPM;
  // `npm test --silent` (as .ci/run calls it) would silence pnpm too, and with it the reason of a failure.
  const { npm_config_loglevel: _silenced, ...env } = process.env;
  console.log('> pnpm install --frozen-lockfile');
  const frozen = await run(cmd, [...pre, 'install', '--frozen-lockfile'], { capture: true, env });
  if (frozen.code === 0) return true;
  const why = frozen.output.match(/ERR_PNPM_[A-Z_]+[^\n]*/)?.[0] ?? `exit code ${frozen.code}`;
  console.log(`\nThe frozen install failed (${why}); installing without --frozen-lockfile instead.`);
  const loose = await run(cmd, [...pre, 'install', '--no-frozen-lockfile'], { env });
  return loose.code === 0;
}

/** Formats seconds for humans: 4.2 s, 3 min 05 s. */
export function seconds(ms) {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;
}
