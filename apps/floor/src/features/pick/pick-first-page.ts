import type { PickItem } from '@hoppa/core';
import { api, ROUTER_BASENAME } from '../../app/api.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { readSessionCopy } from '../../app/session-copy.ts';
import type { PickFilter } from '../../offline/db.ts';
import { fetchPickListPage } from './pick-calls.ts';
import { defaultPickFilter, pickListRequest } from './pick-filter.rules.ts';

// The pick list's first page on a fresh device, sent by main.tsx beside the session check (ADR 0078): in the floor's
// first file, so it imports nothing the first file does not hold already but the filter's rules (no date-fns, no time
// zone data, no IndexedDB, no zod).

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
function isPickScreenPath(pathname: string): boolean {
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
  const filter = defaultPickFilter();
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
