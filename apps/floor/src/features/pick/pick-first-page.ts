import type { PickItem } from '@hoppa/core';
import { api, ROUTER_BASENAME } from '../../app/api.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { readSessionCopy } from '../../app/session-copy.ts';
import type { PickFilter, PickRecord } from '../../offline/db.ts';
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

/**
 * The most pick items one download keeps on the device: the first stretch of the walking route of the work window
 * (docs/architecture.md "Hot reads": with PICK_ITEM_MAX_ORDERS orders per item, at most 60,000 order lines, about
 * 8 MB in IndexedDB). What lies beyond comes with the next refresh, once these are picked.
 */
export const PICK_OFFLINE_MAX_ITEMS = 2_000;

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
  shownCard = null;
  settled = null;
  settle = () => undefined;
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
  settled = new Promise<void>((resolve) => {
    settle = resolve;
    // A route that never shows the card (a 401 sends the picker to login, a role without the list to the menu).
    setTimeout(resolve, FIRST_CARD_WAIT_MS);
  });
}

/** How long after the first page was sent {@link firstCardSettled} settles at the latest (ms). */
const FIRST_CARD_WAIT_MS = 3000;
let settled: Promise<void> | null = null;
let settle: () => void = () => undefined;

/**
 * When the first card from the page {@link sendFirstPickPage} sent has been painted (or the page failed, was empty,
 * or {@link FIRST_CARD_WAIT_MS} passed): until then main.tsx holds the outbox's file (ADR 0136). Null when no page was
 * sent.
 */
export function firstCardSettled(): Promise<void> | null {
  return settled;
}

/** Says that the first card has been painted, or will not be (pick-first.screen.tsx). */
export function markFirstCardSettled(): void {
  settle();
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

/**
 * The first page {@link sendFirstPickPage} sent, without taking it: the pick route's first file
 * (pick-first.screen.tsx) shows its first pick, and the early download (pick-early.ts) takes it later (ADR 0136).
 * Null when none was sent or it has been taken.
 */
export function peekFirstPickPage(): { filter: PickFilter; page: Promise<FirstPickPage> } | null {
  return sent;
}

/**
 * The first pick of a fresh device as pick-first.screen.tsx showed it (read only, not stored), with the list's count
 * for the foot and when it was shown (ms since epoch): the pick screen starts with it on screen instead of a frame
 * without the card (ADR 0136).
 */
export interface ShownFirstCard {
  record: PickRecord;
  count: number;
  at: number;
}

let shownCard: ShownFirstCard | null = null;

/** Notes the card pick-first.screen.tsx shows, for the pick screen's first render ({@link takeShownFirstCard}). */
export function noteShownFirstCard(card: ShownFirstCard): void {
  shownCard = card;
}

/** The card pick-first.screen.tsx showed, once; null when it showed none. */
export function takeShownFirstCard(): ShownFirstCard | null {
  const card = shownCard;
  shownCard = null;
  return card;
}
