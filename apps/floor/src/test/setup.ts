/**
 * Runs before every floor test file (vitest.config.ts `setupFiles`). The suite keeps one module graph per worker
 * (`isolate: false`, ADR 0089): a worker loads Preact, Mantine, Dexie, i18n and the app once and runs file after file
 * on them, and a jsdom worker keeps its window (document, localStorage) from one file to the next. So that no test
 * depends on which files ran before it in the same worker, each jsdom file starts from what a fresh page load has:
 *
 * - an empty document and localStorage (no session copy, ADR 0072), the fake network online and answering nothing;
 * - an empty IndexedDB: a new fake-indexeddb factory for Dexie, and the app's database opened anew on it;
 * - no session check, early pick download or first pick page started (main.tsx starts them once per page load), no
 *   outbox sender, and the server counted as reachable.
 *
 * The modules are imported here, in the hook, not at the top: the hook runs after the test file's own imports, so
 * `dom-setup.ts` (fake IndexedDB and the browser stubs) still comes before Dexie as each file asks. Node files (the
 * rules and the outbox tests) open their own IndexedDB per test and need nothing here. A test that needs a module's
 * import-time behaviour imports it fresh itself (`vi.resetModules()` and `await import(…)`, as scan/feedback.test.ts).
 */
import { beforeAll } from 'vitest';

beforeAll(async () => {
  if (typeof window === 'undefined') return;
  const { browser } = await import('./dom-setup.ts');
  const [{ cleanup }, { IDBFactory }, { Dexie }] = await Promise.all([
    import('@testing-library/react'),
    import('fake-indexeddb'),
    import('dexie'),
  ]);
  const [session, early, firstPage, sync, connectivity, db] = await Promise.all([
    import('../app/session.tsx'),
    import('../features/pick/pick-early.ts'),
    import('../features/pick/pick-first-page.ts'),
    import('../app/sync.ts'),
    import('../app/connectivity.ts'),
    import('../offline/db.ts'),
  ]);
  cleanup();
  document.body.replaceChildren();
  localStorage.clear();
  browser.reset();
  sync.resetOutboxSenderForTests();
  db.resetFloorDbForTests();
  const indexedDB = new IDBFactory();
  globalThis.indexedDB = indexedDB;
  Dexie.dependencies.indexedDB = indexedDB;
  session.resetSessionCheckForTests();
  early.resetEarlyPickDownloadForTests();
  firstPage.resetFirstPickPageForTests();
  connectivity.resetReachableForTests();
});
