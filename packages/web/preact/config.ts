import { join } from 'node:path';

const compat = join(import.meta.dirname, 'compat.js');
const syncExternalStore = join(import.meta.dirname, 'use-sync-external-store.js');

/**
 * The floor runs React's API on Preact (docs/decisions/0056-floor-on-preact.md); shared here so the portal can take the
 * same config (docs/decisions/0059-portal-on-preact.md): every import of react, react-dom and their JSX runtimes, in our code and in
 * the libraries (Mantine, react-router, react-i18next, TanStack Query and Table, recharts, Testing Library), goes to
 * preact/compat and ./compat.js (React 19's `Activity` and `useOptimistic`). Used by each app's build (vite.config.ts)
 * and tests (vitest.config.ts), so the tests run what ships. `use-sync-external-store` (CommonJS only, its `require('react')`
 * escapes the alias in the tests) goes to the ES module ./use-sync-external-store.js (ADR 0063). `preact` is deduped ({@link PREACT_DEDUPE}): resolved
 * from the app's own dependencies wherever it is imported (also from ./compat.js here), one copy of its hooks.
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: compat },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: compat },
  {
    find: /^use-sync-external-store(\/shim)?(\/index(\.js)?|\/with-selector(\.js)?)?$/,
    replacement: syncExternalStore,
  },
];

/** Packages resolved from the app's own dependencies wherever a library (or ./compat.js) imports them. */
export const PREACT_DEDUPE = ['preact'];
