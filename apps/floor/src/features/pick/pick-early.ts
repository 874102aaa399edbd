import { canCall, type PickItem } from '@hoppa/core';
import { api } from '../../app/api.ts';
import { NEEDS } from '../../app/needs.ts';
import { knownUser } from '../../app/session.tsx';
import { readSessionCopy } from '../../app/session-copy.ts';
import { outboxSender } from '../../app/sync.ts';
import { floorDb, getMeta, type PickFilter } from '../../offline/db.ts';
import { defaultPickFilter, sameFilter } from './pick.rules.ts';
import {
  apiPickPages,
  downloadPickList,
  PICK_OFFLINE_MAX_ITEMS,
  PICK_PAGE_SIZE,
  type PickPageFetcher,
} from './pick-download.ts';
import { type FirstPickPage, PICK_FIRST_PAGE_SIZE, takeFirstPickPage } from './pick-first-page.ts';

// A fresh device's first pick list download, in a small file of its own (chunks.config.ts `pick-early`) that loads
// beside the pick screen's code: the download leaves when this file and the session check are in, while the screen's
// larger file still downloads and evaluates (ADR 0076).

/**
 * A download of the pick list under way: `first` settles with the first (small) page's items and the list's total
 * as soon as that page is in (it never settles when the first page fails), `pages` with the whole download.
 */
export interface Download {
  first: Promise<{ items: PickItem[]; total: number }>;
  pages: Promise<PickItem[]>;
  /** Lets the rest of the list be asked: called once the card of the first page has been painted. */
  shown: () => void;
  /**
   * When (ms since epoch) the download's pages were first asked, after `before` (the outbox's drain): picks accepted
   * since were read by the server before they were picked (pick-download.ts `storePickList`). Set when `pages`
   * starts asking; read it once `pages` has settled. A first page sent by main.tsx beside the session check (ADR 0078)
   * left a moment earlier, on a fresh device that has no picks to send.
   */
  readonly startedAt: number;
}

/** How long the rest of a download waits for {@link Download.shown} at most (ms): nobody may show its card. */
const SHOWN_WAIT_MS = 3000;

/**
 * Starts a download of the pick list: `before` first (the outbox's drain), then the pages, the first of them
 * {@link PICK_FIRST_PAGE_SIZE} items so the card can show before the rest has come (ADR 0076).
 */
export function startDownload(before: () => Promise<void>, fetchPage: PickPageFetcher): Download {
  let firstIn: (page: { items: PickItem[]; total: number }) => void = () => undefined;
  const first = new Promise<{ items: PickItem[]; total: number }>((resolve) => (firstIn = resolve));
  let shown: () => void = () => undefined;
  // The rest leaves once the card is on screen: a request started before the card's paint delays it on a phone's
  // network (and Lighthouse counts every request started before the largest paint as in its way).
  const painted = new Promise<void>((resolve) => (shown = resolve));
  let startedAt = Date.now();
  const pages = before().then(() => {
    startedAt = Date.now();
    return downloadPickList(fetchPage, PICK_PAGE_SIZE, PICK_OFFLINE_MAX_ITEMS, {
      firstPage: PICK_FIRST_PAGE_SIZE,
      onFirstPage: (items, total) => firstIn({ items, total }),
      beforeRest: () =>
        Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, SHOWN_WAIT_MS))]),
    });
  });
  return {
    first,
    pages,
    shown,
    get startedAt() {
      return startedAt;
    },
  };
}

/**
 * `fetchPage`, except that its first page ({@link PICK_FIRST_PAGE_SIZE} items from the start) is `first` when given: the
 * page main.tsx sent beside the session check (ADR 0078). A `first` that failed is asked again.
 */
export function withSentFirstPage(
  fetchPage: PickPageFetcher,
  first: Promise<FirstPickPage> | null,
): PickPageFetcher {
  let pending = first;
  return (skip, limit) => {
    const page = pending;
    pending = null;
    return page && skip === 0 && limit === PICK_FIRST_PAGE_SIZE
      ? page.catch(() => fetchPage(skip, limit))
      : fetchPage(skip, limit);
  };
}

/** Sends what waits in the outbox, so a new list already reflects this device's picks; never rejects. */
export const drainOutbox = () =>
  outboxSender()
    .drain({ force: true })
    .then(
      () => undefined,
      () => undefined,
    );

/**
 * The first download of a fresh device, started before the screen's first render (see {@link startEarlyPickDownload}):
 * its filter and download once it has been decided, null when none was started.
 */
let early: Promise<{ filter: PickFilter; download: Download } | null> | null = null;
let earlyStarted = false;

/**
 * Test-only: forgets the early download, as a new page load would, so {@link startEarlyPickDownload} may start one
 * again. The floor's tests share their modules per worker (ADR 0089); src/test/setup.ts calls this before each test
 * file. The app never calls it.
 */
export function resetEarlyPickDownloadForTests(): void {
  early = null;
  earlyStarted = false;
}

/**
 * Starts the pick list's first download as soon as the pick screen's code has loaded (ADR 0072), instead of after the
 * screen's first render, IndexedDB's first open, the live query and the outbox drain: once per page load, only for a
 * logged-in user whose role may read the list ({@link knownUser}), online, and only when the screen will want one (no
 * stored list, or a list of another filter than the stored one: the same test as the screen's first load; on a device
 * without any session copy, no stored list is assumed). It sends what waits in the outbox first, as every download
 * does (not on such a device). The screen's first refresh takes the download
 * ({@link takeEarlyDownload}) when it is for the same filter instead of starting its own; nothing is stored here.
 * Never throws.
 */
export function startEarlyPickDownload(): void {
  if (earlyStarted) return;
  earlyStarted = true;
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  // No copy of the session on the device at all: nobody has used the floor here since ADR 0072 (a fresh device, or
  // the first start after the update), so no list is expected in IndexedDB: the download need not wait for its first
  // open. A list that turns out to be stored is kept as the screen finds it (it takes no download it does not need).
  // A first page sent beside the session check (ADR 0078) says the same about the start, also when the check's answer
  // has been written as the copy since.
  const sentFirst = takeFirstPickPage();
  const fresh = sentFirst !== null || readSessionCopy() === undefined;
  early = (async () => {
    const db = floorDb();
    const [user, lastSync, stored] = await Promise.all([
      knownUser(),
      fresh ? undefined : getMeta(db, 'lastSync'),
      fresh ? undefined : getMeta(db, 'pickFilter'),
    ]);
    if (!user || !canCall(user.curr_role, NEEDS.pickList)) return null;
    const filter = stored ?? defaultPickFilter();
    if (lastSync && sameFilter(lastSync.filter, filter)) return null;
    // What waits in the outbox goes first, so the list already reflects this device's picks (storePickList keeps
    // the local state of picks still queued either way).
    // On a fresh device main.tsx sent the first page already, beside the session check (ADR 0078).
    const fetchPage = withSentFirstPage(
      apiPickPages(api, filter),
      sentFirst && sameFilter(sentFirst.filter, filter) ? sentFirst.page : null,
    );
    const download = startDownload(fresh ? async () => undefined : drainOutbox, fetchPage);
    download.pages.catch(() => undefined); // the refresh that takes it handles its failure
    return { filter, download };
  })().catch(() => null);
}

/**
 * The early download when it was for `filter`, once (a later refresh downloads again); null when there was none or
 * it was for another filter.
 */
export async function takeEarlyDownload(filter: PickFilter): Promise<Download | null> {
  const pending = early;
  early = null;
  const started = pending ? await pending : null;
  return started && sameFilter(started.filter, filter) ? started.download : null;
}

/**
 * The early download (not taken: {@link takeEarlyDownload} still answers it) once its first page is in, with that
 * page; null when none was started (or not yet: the route starts it when this file has loaded) or its first page
 * failed. The screen shows that page's first pick at once, without waiting for IndexedDB's first open (ADR 0078).
 */
export async function earlyFirstPage(): Promise<{
  download: Download;
  page: { items: PickItem[]; total: number };
} | null> {
  const started = early ? await early : null;
  if (!started) return null;
  const page = await Promise.race([started.download.first, started.download.pages.then(() => null)]).catch(
    () => null,
  );
  return page ? { download: started.download, page } : null;
}

/** Drops an early download the screen will not take (a list of its filter is stored already). */
export function forgetEarlyDownload(): void {
  early = null;
}
