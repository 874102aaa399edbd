import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';

/**
 * Worker threads for CPU-heavy work that would otherwise stall every other request (issue 7: a 50,000-row import
 * held `/api/health` for seconds; docs/decisions/0012-imports-off-the-event-loop.md). One pool per worker file,
 * created on first use, at most one thread (the API shares two cores with the database), idle threads end after a
 * minute — except a pool started with {@link warmWorker}, which keeps its thread (ADR 0066: the order import's first
 * request otherwise pays the thread's start-up). From source (development, tests) a `.ts` worker starts through
 * `ts-worker.mjs`, which registers tsx's loader itself before it imports the worker (ADR 0122 "Left": a worker
 * given `--import tsx` sometimes started without the loader under load); the compiled build runs `.js` workers.
 */
const pools = new Map<string, Piscina>();

/** The bootstrap that starts a `.ts` worker under tsx (used only when the API runs from source). */
const TS_WORKER = fileURLToPath(new URL('./ts-worker.mjs', import.meta.url));

/**
 * `args` (a process's execArgv) without tsx's own flags (`--import tsx`, the tsx CLI's `--require …/tsx/…` and
 * `--import file:///…/tsx/…`): a `.ts` worker's bootstrap registers tsx itself, and twice would run both loaders.
 */
export function withoutTsx(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    if (arg.includes('tsx')) {
      if (/^(--import|--require|-r|--loader|--experimental-loader)$/.test(out.at(-1) ?? '')) out.pop();
      continue;
    }
    out.push(arg);
  }
  return out;
}

function poolFor(url: URL, keep = false): Piscina {
  const filename = fileURLToPath(url);
  let pool = pools.get(filename);
  if (!pool) {
    const typescript = filename.endsWith('.ts');
    pool = new Piscina({
      filename: typescript ? TS_WORKER : filename,
      workerData: typescript ? { tsWorker: pathToFileURL(filename).href } : undefined,
      maxThreads: 1,
      minThreads: keep ? 1 : 0,
      idleTimeout: 60_000,
      execArgv: typescript ? withoutTsx(process.execArgv) : process.execArgv,
    });
    pools.set(filename, pool);
  }
  return pool;
}

/**
 * Runs the default export of the worker module at `url` with `task` on a worker thread; `transfer` lists buffers
 * handed over without a copy (they are unusable here afterwards). Rejects with the worker's error.
 */
export function runInWorker<T>(url: URL, task: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
  return poolFor(url).run(task, { transferList: transfer }) as Promise<T>;
}

/**
 * Starts the pool of the worker module at `url` with its one thread kept alive, and runs `task` on it so the module
 * and its imports are loaded before the first real task (docs/decisions/0066-order-import-write-path.md). Resolves
 * when the thread answered; call it once at start-up, not awaited by anything a user waits for. A pool already
 * started without it keeps its idle timeout.
 */
export async function warmWorker(url: URL, task: unknown): Promise<void> {
  await poolFor(url, true).run(task);
}

/**
 * The URL of worker module `<name>.worker` beside the calling module `base` (`import.meta.url`): the `.ts` source
 * under tsx, the `.js` entry the compiled build writes next to `dist/main.js` (docs/decisions/0018-compiled-api.md).
 */
export function workerUrl(name: string, base: string): URL {
  return new URL(`./${name}.worker.${base.endsWith('.ts') ? 'ts' : 'js'}`, base);
}

/** Ends every worker pool (graceful shutdown, tests). */
export async function closeWorkers(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.destroy()));
}
