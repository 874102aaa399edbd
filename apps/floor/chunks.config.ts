/**
 * How the floor's build splits its code into files (ADR 0069). A phone on a slow network pays a round trip for every
 * wave of requests, and a browser sends at most six requests at a time to one HTTP/1.1 origin: Rolldown's automatic
 * splitting (one file per set of lazy screens that share a module) gave the first load eight scripts, the login screen
 * ten more files and the pick screen twenty, each wave more than six requests wide. The groups, highest priority first
 * (a module two groups want goes in the higher one; a group also takes the modules its own modules import that no
 * higher group took):
 * - `boot`: every module the entry imports statically (Rolldown's `$initial`), in one file next to the entry: what
 *   index.html loads first is the same code as before, in a few scripts instead of eight (Dexie not since ADR 0082);
 * - `first-forms`: what both first screens (login and pick) import beyond the first load: Mantine's text input and
 *   the red error banner;
 * - `schemas`: zod, core's common schemas and its endpoint helpers, which the login call (session-calls.ts, loaded when
 *   the form is sent), the outbox's sends and the other screens need; not on the pick screen's path since ADR 0072
 *   (its first calls go out without schemas, pick-calls.ts), so a pick screen's first load does not download it;
 * - `offline`: Dexie, the device's database and the outbox's sender (ADR 0082), which the login screen does not need;
 * - `login` and `pick`: each first screen with the rest of what it imports, one file each; `pick` is a fresh device's
 *   first card without IndexedDB (pick-first.screen.tsx with the card and the foot, ADR 0136) and the screen's texts
 *   (ADR 0082);
 * - `pick-screen`: the pick screen with its list, scanning and the list's first download (pick-early.ts, a file of its
 *   own in ADR 0076), which need `offline`.
 * Every other screen keeps the automatic splitting (and may import from these files). Lazy imports stay lazy: the
 * camera scanner, howler, confetti, the session and outbox calls, the outbox's sender (outbox-status.ts).
 */

/** A module id's path with forward slashes. */
const posix = (id: string) => id.replaceAll('\\', '/');

/** Modules both first screens import that the first load does not hold (a build's report names them). */
const FIRST_FORMS = [
  /\/@mantine\/core\/esm\/components\/(Input|InputBase|TextInput)\//,
  /\/@mantine\/hooks\/esm\/use-uncontrolled\//,
  /\/apps\/floor\/src\/components\/error-banner\.tsx$/,
];
/**
 * The outbox's sender and the device's IndexedDB (Dexie): out of the first file since ADR 0082, loaded by the screens
 * that keep or queue work (the pick screen's wave) and after a login.
 */
const OFFLINE = [
  /\/node_modules\/(\.pnpm\/dexie[^/]*\/node_modules\/)?(dexie|dexie-react-hooks)\//,
  /\/apps\/floor\/src\/offline\/(db|outbox|sync|sync\.rules|transport)\.ts$/,
  /\/apps\/floor\/src\/app\/sync\.ts$/,
];
const SCHEMAS = [
  /\/node_modules\/(\.pnpm\/zod@[^/]+\/node_modules\/)?zod\//,
  // Core's common schemas and endpoint helpers, but not its date rules (date-fns): the pick screen needs those and,
  // since ADR 0072, no schemas, so they go with the screen that imports them.
  /\/packages\/core\/src\/(common\/(?!dates\.ts$)|http\/)/,
];

type Test = (id: string) => boolean;
/**
 * The pick route's first files (ADR 0082, 0136): a fresh device's first card (pick-first.screen.tsx, which takes the
 * card and the foot with it) and the screen's texts, in one file.
 */
const PICK_WAVE = ['pick-first.screen.tsx', 'pick.i18n.ts'];
/**
 * The pick screen with its list, scanning and the early download (ADR 0136): they read IndexedDB through Dexie, so a
 * fresh device's first card (the `pick` file) comes before them; a device with a stored list loads both files at once.
 */
const PICK_SCREEN = ['pick.screen.tsx', 'pick-early.ts'];
const anyOf =
  (patterns: RegExp[]): Test =>
  (id) =>
    patterns.some((p) => p.test(posix(id)));
const endsWith =
  (path: string): Test =>
  (id) =>
    posix(id).endsWith(path);

/**
 * Rolldown's `output.codeSplitting` for the floor's build (vite.config.ts): the groups above, as `name`, `test`,
 * `priority` (and `tags` for the first load).
 */
export function floorCodeSplitting() {
  return {
    groups: [
      { name: 'boot', tags: ['$initial' as const], priority: 7 },
      { name: 'first-forms', test: anyOf(FIRST_FORMS), priority: 6 },
      { name: 'schemas', test: anyOf(SCHEMAS), priority: 5 },
      { name: 'offline', test: anyOf(OFFLINE), priority: 4 },
      { name: 'login', test: endsWith('/apps/floor/src/features/login/login.screen.tsx'), priority: 3 },
      {
        name: 'pick',
        test: (id: string) => PICK_WAVE.some((file) => endsWith(`/apps/floor/src/features/pick/${file}`)(id)),
        priority: 2,
      },
      {
        name: 'pick-screen',
        test: (id: string) =>
          PICK_SCREEN.some((file) => endsWith(`/apps/floor/src/features/pick/${file}`)(id)),
        priority: 1,
      },
    ],
  };
}
