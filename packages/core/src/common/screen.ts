/**
 * One entry of an app's screen manifest (`src/app/screen-manifest.ts` of the portal and of the floor app): which
 * screen of the spec (`../shared/spec/screens.tsv`) a route serves. `scripts/spec-coverage.mjs` writes
 * docs/spec-coverage.md from them.
 */
export interface ScreenEntry {
  /** The route inside the app, with `:param` placeholders (e.g. `/shipments/:id`). */
  path: string;
  /** The screen's name exactly as in screens.tsv. */
  screen: string;
  /** What is still missing when the route serves the screen only in part. */
  note?: string;
}
