/**
 * Every path of the floor app (under its base `/floor`), once (spec 2 §2 route table for the floor's screens).
 * Tasks declare their routes and menu tiles with {@link FloorPath} (a path outside this list does not compile) and
 * screens link with `FLOOR_PATHS.<name>`. Plain data, so Node can read it (scripts/spec-coverage.mjs).
 */
export const FLOOR_PATHS = {
  root: '/',
  login: '/login',
  signup: '/signup',
  reset: '/reset',
  menu: '/menu',
  pick: '/pick',
  grouping: '/order-grouping',
  locations: '/locations',
  scanner: '/scanner',
  returns: '/returns',
  checkin: '/inbound',
  directCheckin: '/direct-checkin',
} as const;

/** A floor path as a route, tile or link takes it. */
export type FloorPath = (typeof FLOOR_PATHS)[keyof typeof FLOOR_PATHS];
