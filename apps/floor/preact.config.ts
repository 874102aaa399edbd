import { join } from 'node:path';

const compat = join(import.meta.dirname, 'src/preact/compat.js');

/**
 * The floor runs React's API on Preact (docs/decisions/0056-floor-on-preact.md): every import of react, react-dom and
 * their JSX runtimes, in our code and in the libraries (Mantine, react-router, react-i18next, dexie-react-hooks,
 * Testing Library), goes to preact/compat and src/preact/compat.js (React 19's `Activity` and `useOptimistic`). Used
 * by the build (vite.config.ts) and the tests (vitest.config.ts), so the tests run what ships. `preact` is deduped
 * ({@link PREACT_DEDUPE}): resolved from the floor's own dependencies wherever it is imported, one copy of its hooks.
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: compat },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: compat },
];

/** Packages resolved from the floor's own dependencies wherever a library imports them. */
export const PREACT_DEDUPE = ['preact'];
