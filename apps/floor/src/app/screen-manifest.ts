/**
 * Which screens of the spec (`../shared/spec/screens.tsv`, column `screen`) the floor app serves, and where
 * (paths inside the app, which is served under `/floor`). Plain data, importable in Node without a DOM:
 * `scripts/spec-coverage.mjs` reads it to write `docs/spec-coverage.md`, and `screen-manifest.test.ts` checks
 * that every path is a route of the floor router. Screen names are copied exactly from screens.tsv.
 */
export interface ScreenEntry {
  /** The route inside the floor app (e.g. `/pick`); the browser shows it under `/floor`. */
  path: string;
  /** The screen's name exactly as in screens.tsv. */
  screen: string;
  /** What is still missing when the route serves the screen only in part. */
  note?: string;
}

export const SCREENS: readonly ScreenEntry[] = [
  {
    path: '/pick',
    screen: 'Pick screen (floor)',
    note: 'partial: scan, skip, filters by time range and order size, offline outbox; problem menu, recount and the other filters come with the floor issue',
  },
  { path: '/login', screen: 'Sign-up, login, reset' },
  { path: '/signup', screen: 'Sign-up, login, reset' },
  { path: '/reset', screen: 'Sign-up, login, reset' },
  { path: '/', screen: 'Routing guard' },
];
