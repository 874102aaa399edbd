/**
 * Runs before every floor test file (vitest.config.ts `setupFiles`). The suite keeps one module graph per worker
 * (`isolate: false`, ADR 0089): a worker loads Preact, Mantine, Dexie, i18n and the app once and runs file after file
 * on them, and a jsdom worker keeps its window (document, localStorage) from one file to the next. So that no test
 * depends on which files ran before it in the same worker, each jsdom file starts from what a fresh page load has:
 *
 * - an empty document and localStorage (no session copy, ADR 0072), the fake network online and answering nothing;
 * - an empty IndexedDB: a new fake-indexeddb factory for Dexie, and the app's database opened anew on it;
 * - no session check, early pick download or first pick page started (main.tsx starts them once per page load), no
 *   outbox sender, and the server counted as reachable;
 * - the shared refusal texts there, as they are once a page has loaded (for a file that uses the app's texts).
 *
 * Only what the worker has already loaded is reset: a module not loaded yet holds no state, and loading the app here for
 * a file that never uses it (the scan, feedback and Preact tests) cost more than 10 s under load. Whether a module is
 * loaded is read from Vitest's module registry (`__vitest_worker__.evaluatedModules`, not a public API); should that
 * be missing after an upgrade, every module is imported and reset (correct, only slower). The imports happen in the
 * hook, which runs after the test file's own imports, so `dom-setup.ts` (fake IndexedDB and the browser stubs) still
 * comes before Dexie as each file asks. Node files (the rules and the outbox tests) open their own IndexedDB per test
 * and need nothing here. A test that needs a module's import-time behaviour imports it fresh itself
 * (`vi.resetModules()` and `await import(…)`, as scan/feedback.test.ts).
 */
import { afterAll, beforeAll, vi } from 'vitest';

type Registry = { getModulesByFile?(file: string): Set<{ evaluated?: boolean }> | undefined };
const registry = (globalThis as { __vitest_worker__?: { evaluatedModules?: Registry } }).__vitest_worker__
  ?.evaluatedModules;

/** Whether the module at `relative` (to this file) has run in this worker; true when the registry cannot tell. */
function loaded(relative: string): boolean {
  if (!registry?.getModulesByFile) return true;
  const modules = registry.getModulesByFile(new URL(relative, import.meta.url).pathname);
  return [...(modules ?? [])].some((m) => m.evaluated !== false);
}

/** Runs `reset` on the module at `relative` when it is loaded. */
async function resetIfLoaded<M>(
  relative: string,
  load: () => Promise<M>,
  reset: (m: M) => void,
): Promise<void> {
  if (loaded(relative)) reset(await load());
}

beforeAll(async () => {
  if (typeof window === 'undefined') return;
  document.body.replaceChildren();
  // Attributes a modal left on the body (react-remove-scroll's data-scroll-locked) go too.
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  localStorage.clear();
  await resetIfLoaded(
    './dom-setup.ts',
    () => import('./dom-setup.ts'),
    (m) => m.browser.reset(),
  );
  await resetIfLoaded(
    '../app/sync.ts',
    () => import('../app/sync.ts'),
    (m) => m.resetOutboxSenderForTests(),
  );
  await resetIfLoaded(
    '../app/outbox-status.ts',
    () => import('../app/outbox-status.ts'),
    (m) => m.resetPendingCountForTests(),
  );
  if (loaded('../offline/db.ts')) {
    // dom-setup first: fake IndexedDB before Dexie.
    await import('./dom-setup.ts');
    const [{ IDBFactory, IDBKeyRange }, { Dexie }, db] = await Promise.all([
      import('fake-indexeddb'),
      import('dexie'),
      import('../offline/db.ts'),
    ]);
    db.resetFloorDbForTests();
    const indexedDB = new IDBFactory();
    globalThis.indexedDB = indexedDB;
    Dexie.dependencies.indexedDB = indexedDB;
    // The key range class from the same fake-indexeddb as the factory: after a vi.resetModules() in an earlier file
    // the two can come from different copies, and the factory then refuses the ranges (DataError).
    globalThis.IDBKeyRange = IDBKeyRange;
    Dexie.dependencies.IDBKeyRange = IDBKeyRange;
  }
  await resetIfLoaded(
    '../app/session.tsx',
    () => import('../app/session.tsx'),
    (m) => m.resetSessionCheckForTests(),
  );
  await resetIfLoaded(
    '../features/pick/pick-early.ts',
    () => import('../features/pick/pick-early.ts'),
    (m) => m.resetEarlyPickDownloadForTests(),
  );
  await resetIfLoaded(
    '../features/pick/pick-first-page.ts',
    () => import('../features/pick/pick-first-page.ts'),
    (m) => m.resetFirstPickPageForTests(),
  );
  await resetIfLoaded(
    '../app/connectivity.ts',
    () => import('../app/connectivity.ts'),
    (m) => m.resetReachableForTests(),
  );
  // The shared refusal texts are there from the start for a file that uses the app's texts (in the app they arrive
  // with the first screen: @hoppa/web loadReasonTexts, ADR 0128).
  if (loaded('../i18n/index.ts')) await (await import('@hoppa/web')).loadReasonTexts();
});

// A file may end while a screen's lazy import is still loading (a camera dialog, a task's screen or texts); with the
// worker's module graph kept (isolate: false) that load then lands in the next file, or, after the worker's last file,
// as Vitest's rpc closes: an error outside any test that fails the run. Each file ends once its imports have settled.
// A jsdom file also waits out Preact's after-paint timer (`afterNextFrame`: 35 ms, then `cancelAnimationFrame`): after a
// worker's last file jsdom's globals are gone, and a timer the last test left fired into a ReferenceError outside any
// test (`cancelAnimationFrame is not defined`, once in a CI run of 2026-11-30, from session.test.tsx).
const PREACT_AFTER_PAINT_MS = 35;
afterAll(async () => {
  await vi.dynamicImportSettled();
  if (typeof window !== 'undefined')
    await new Promise((done) => setTimeout(done, PREACT_AFTER_PAINT_MS + 15));
});
