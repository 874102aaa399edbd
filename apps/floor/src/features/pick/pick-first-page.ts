import type { PickItem } from '@hoppa/core';
import { api, ROUTER_BASENAME } from '../../app/api.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { readSessionCopy } from '../../app/session-copy.ts';
import type { PickFilter } from '../../offline/db.ts';
import { fetchPickListPage } from './pick-calls.ts';
import { pickListRequest } from './pick-filter.rules.ts';

// The pick list's first page on a fresh device, sent by main.tsx beside the session check (ADR 0078): in the floor's
// first file, so it imports nothing the first file does not hold already but the filter's request rules (no date-fns,
// no time zone data, no IndexedDB, no zod).

/**
 * Items of a download's first page: little more than the card needs to show the first pick (ADR 0076; an item with
 * its first orders is ~0.8 KB compressed). On a phone's network the 500-item page (~70 KB for the demo) arrived
 * ~0.3 s later than a small one, and the card (the page's largest paint) waited for it; the rest of the list follows
 * in pages of `PICK_PAGE_SIZE`.
 */
export const PICK_FIRST_PAGE_SIZE = 5;

/** A first page of the pick list: its items and the list's `total`, as `GET /pick_list/pick/…` answers them. */
export interface FirstPickPage {
  items: PickItem[];
  total: number;
}

const HOUR = 3_600_000;

/** Midnight UTC of the last Sunday of `month` (0–11) in `year`, in ms. */
function lastSunday(year: number, month: number): number {
  const last = Date.UTC(year, month + 1, 0);
  return last - new Date(last).getUTCDay() * 24 * HOUR;
}

/** Amsterdam's offset from UTC at instant `t` (ms) by the EU rule: summer time (+2 h) from the last Sunday of March,
 * 01:00 UTC, to the last Sunday of October, 01:00 UTC; +1 h otherwise. */
function amsterdamOffset(t: number): number {
  const year = new Date(t).getUTCFullYear();
  const summer = t >= lastSunday(year, 2) + HOUR && t < lastSunday(year, 9) + HOUR;
  return summer ? 2 * HOUR : HOUR;
}

/**
 * The default pick filter (pick.rules.ts `defaultPickFilter`: 00:00 four days ago until 22:00 today, Amsterdam days)
 * at `now`, reckoned with the EU's summer-time rule instead of the time zone database: the first use of a time zone in
 * `Intl` (what date-fns' TZDate calls) cost ~40 ms at 4× CPU in the first file's task. Should the rule ever change, the
 * two filters differ and the early download, which compares them, does not take the page (a request lost, nothing
 * else). pick-first-page.test.ts holds it to `defaultPickFilter` over five years.
 */
export function firstPageFilter(now: Date = new Date()): PickFilter {
  const wall = new Date(now.getTime() + amsterdamOffset(now.getTime()));
  const at = (days: number, hour: number) => {
    const local = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + days, hour);
    // 00:00 and 22:00 are never near a change (01:00 UTC), so the offset an hour before is the one at that time.
    return new Date(local - amsterdamOffset(local - HOUR)).toISOString();
  };
  return { start: at(-4, 0), end: at(0, 22), reverse: false, singleOrders: false, multiOrders: false };
}

/** The page {@link sendFirstPickPage} sent, with its filter, until the early download takes it. */
let sent: { filter: PickFilter; page: Promise<FirstPickPage> } | null = null;

/**
 * Test-only: forgets a page {@link sendFirstPickPage} sent and nobody took, as a new page load would. The floor's
 * tests share their modules per worker (ADR 0089); src/test/setup.ts calls this before each test file. The app never
 * calls it.
 */
export function resetFirstPickPageForTests(): void {
  sent = null;
}

/** Whether `pathname` (the browser's, with the app's base) is the pick screen's. */
export function isPickScreenPath(pathname: string): boolean {
  const path = pathname.startsWith(ROUTER_BASENAME) ? pathname.slice(ROUTER_BASENAME.length) : pathname;
  return path.replace(/\/$/, '') === FLOOR_PATHS.pick;
}

/**
 * Sends the first page ({@link PICK_FIRST_PAGE_SIZE} items) of the default filter's pick list now, beside the session
 * check, when `pathname` (the browser's, with the app's base) is the pick screen's, the device has no copy of any
 * session (a fresh device: no list stored, the default filter; ADR 0072) and is online. Before this the request waited
 * for `/current_user` (the user's role) and the screen's second wave of files; it now leaves with the first (ADR
 * 0078). Without a session the server answers 401, a role that may not read the list 403: the page is then not used
 * (`startEarlyPickDownload` starts no download for either). Called once by main.tsx; never throws.
 */
export function sendFirstPickPage(pathname: string): void {
  if (!isPickScreenPath(pathname)) return;
  if (readSessionCopy() !== undefined || !navigator.onLine) return;
  const filter = firstPageFilter();
  const { params, query } = pickListRequest(filter);
  const page = fetchPickListPage(api, { params, query: { ...query, skip: 0, limit: PICK_FIRST_PAGE_SIZE } });
  page.catch(() => undefined); // handled where it is taken; unused when nobody takes it
  sent = { filter, page };
}

/**
 * The first page {@link sendFirstPickPage} sent, with the filter it was sent for, once; null when none was sent.
 * Its page rejects as the call did (`ApiError`). A page was sent only on a device that had no session copy when the
 * app started, whatever the session check has written since.
 */
export function takeFirstPickPage(): { filter: PickFilter; page: Promise<FirstPickPage> } | null {
  const taken = sent;
  sent = null;
  return taken;
}
