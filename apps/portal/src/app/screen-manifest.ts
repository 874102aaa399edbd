/**
 * Which screens of the spec (`../shared/spec/screens.tsv`, column `screen`) the portal serves, and where: derived
 * from the areas' routes (app/areas.ts, `screens` and `note` on each route). Plain data, importable in Node without
 * a DOM: `scripts/spec-coverage.mjs` reads it to write `docs/spec-coverage.md`.
 */
import { AREAS } from './areas.ts';

export interface ScreenEntry {
  /** The route as the browser shows it, with `:param` placeholders (e.g. `/shipments/:id`). */
  path: string;
  /** The screen's name exactly as in screens.tsv. */
  screen: string;
  /** What is still missing when the route serves the screen only in part. */
  note?: string;
}

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
