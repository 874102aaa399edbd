/**
 * Which screens of the spec (`../shared/spec/screens.tsv`, column `screen`) the portal serves, and where.
 * Plain data, importable in Node without a DOM: `scripts/spec-coverage.mjs` reads it to write
 * `docs/spec-coverage.md`, and `screen-manifest.test.ts` checks that every path is a route of the router.
 * A screen name must be copied exactly from screens.tsv; a screen that is part of another (a card on a list,
 * the layout) names the path where it is seen.
 */
export interface ScreenEntry {
  /** The route as the browser shows it, with `:param` placeholders (e.g. `/shipments/:id`). */
  path: string;
  /** The screen's name exactly as in screens.tsv. */
  screen: string;
  /** What is still missing when the route serves the screen only in part. */
  note?: string;
}

export const SCREENS: readonly ScreenEntry[] = [
  { path: '/home', screen: 'Home dashboard' },
  { path: '/orders', screen: 'Open orders list / packing station' },
  { path: '/orders', screen: 'Order card' },
  { path: '/shipments', screen: 'Shipments list' },
  { path: '/shipments/:id', screen: 'Order detail' },
  { path: '/orders/import', screen: 'Order import' },
  { path: '/login', screen: 'Sign-up, login, reset' },
  { path: '/signup', screen: 'Sign-up, login, reset' },
  { path: '/reset', screen: 'Sign-up, login, reset' },
  { path: '/', screen: 'Routing guard' },
  { path: '/home', screen: 'Main layout: left navigation' },
  {
    path: '/products',
    screen: 'Product management table',
    note: 'partial: paged list with EAN/name search; filters, panels and actions come with the products issue',
  },
  { path: '/products/import', screen: 'Bulk import screen' },
];
