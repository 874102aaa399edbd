/**
 * Which screens of the spec (`../shared/spec/screens.tsv`, column `screen`) the floor app serves, and where (paths
 * inside the app, which is served under `/floor`): derived from the tasks (app/tasks.ts). Plain data, importable in
 * Node without a DOM: `scripts/spec-coverage.mjs` reads it to write `docs/spec-coverage.md`.
 */
import type { ScreenEntry } from '@hoppa/core';
import { FLOOR_PATHS } from './paths.ts';
import { TASKS } from './tasks.ts';

export const SCREENS: readonly ScreenEntry[] = [
  // The routing guard decides every route of the floor app (guard.tsx).
  { path: FLOOR_PATHS.root, screen: 'Routing guard' },
  ...TASKS.flatMap((task) =>
    task.routes.flatMap((r) =>
      (r.screens ?? []).map((screen) => ({ path: r.path, screen, ...(r.note ? { note: r.note } : {}) })),
    ),
  ),
];
