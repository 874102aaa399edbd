/**
 * Which screens of the spec (`../shared/spec/screens.tsv`, column `screen`) the portal serves, and where: derived
 * from the areas' routes (app/areas.ts, `screens` and `note` on each route). Plain data, importable in Node without
 * a DOM: `scripts/spec-coverage.mjs` reads it to write `docs/spec-coverage.md`.
 */
import type { ScreenEntry } from '@hoppa/core';
import { AREAS } from './areas.ts';

export const SCREENS: readonly ScreenEntry[] = [
  // The routing guard wraps every route of the portal (route-guard.tsx).
  { path: '/', screen: 'Routing guard' },
  ...AREAS.flatMap((a) =>
    (a.routes ?? []).flatMap((r) =>
      (r.screens ?? []).map((screen) => ({
        path: `/${r.path}`,
        screen,
        ...(r.note ? { note: r.note } : {}),
      })),
    ),
  ),
];
