import { ApiError, type PickItem } from '@hoppa/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../app/api.ts';
import { useSession } from '../../app/session.tsx';
import { floorDb, getMeta, type PickFilter, type PickRecord, setMeta } from '../../offline/db.ts';
import { afterPaint } from '../../scan/after-paint.ts';
import { currentPick, defaultPickFilter, openPicks, sameFilter } from './pick.rules.ts';
import {
  apiPickPages,
  apiPickRounds,
  completeRounds,
  PICK_OFFLINE_MAX_ITEMS,
  storePickList,
} from './pick-download.ts';
import {
  type Download,
  drainOutbox,
  earlyFirstPage,
  forgetEarlyDownload,
  startDownload,
  takeEarlyDownload,
} from './pick-early.ts';
import { takeShownFirstCard } from './pick-first-page.ts';

/** A downloaded item as the card shows it, before it is stored. */
function listedRecord(item: PickItem): PickRecord {
  return { id: item.id, seq: 0, item, status: 'open', pickedAt: null, scanned: null };
}

/**
 * The pick list as the pick screen works with it (spec 2 §2 Pick screen), read from IndexedDB only so it works
 * offline: the open picks in walking order, the current one after `skip` skipped ones, the stored filter and last
 * sync, and `refresh(filter)` to send what waits and download the list again. Picks confirmed on this device
 * (`markConfirmed`) leave the list at once, before IndexedDB says so.
 */
export function usePickList() {
  const db = floorDb();
  const { sessionExpired } = useSession();
  // One live query for what the screen reads at start (one render when it arrives, not three; ADR 0062). Only the
  // open picks, through the status index: a scan re-reads them once (when its pick leaves them), and the outbox's
  // later 'queued → sent' updates do not touch the picks at all.
  const stored = useLiveQuery(
    () =>
      db.transaction('r', db.picks, db.meta, async () => {
        const [openRecords, count, lastSync, filter] = await Promise.all([
          db.picks.where('status').equals('open').toArray(),
          db.picks.count(),
          getMeta(db, 'lastSync'),
          getMeta(db, 'pickFilter'),
        ]);
        return { openRecords, anyPicks: count > 0, meta: { lastSync, filter } };
      }),
    [db],
  );
  const openRecords = stored?.openRecords;
  const anyPicks = stored?.anyPicks;
  const meta = stored?.meta;
  // The stored filter keeps its identity while its content is the same (the live query answers a new object each time).
  const filterJson = JSON.stringify(meta?.filter ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterJson is the filter's content
  const filter = useMemo(() => meta?.filter ?? defaultPickFilter(), [filterJson]);

  const [skip, setSkipState] = useState(0);
  const [justConfirmed, setJustConfirmed] = useState<ReadonlySet<string>>(new Set());
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // The first item of a download whose rounds are still being completed, with the time the download started: shown
  // (read only) until this download's list is stored (ADR 0069).
  // A fresh device's first pick as pick-first.screen.tsx showed it before this screen loaded: on screen from the first
  // render, so the card does not go for a frame (ADR 0136).
  const [listed, setListed] = useState<{ record: PickRecord; count: number; at: number } | null>(
    takeShownFirstCard,
  );

  useEffect(() => {
    void getMeta(db, 'pickSkip').then((s) => setSkipState(s ?? 0));
  }, [db]);

  // A pick leaves `justConfirmed` once IndexedDB no longer lists it as open.
  useEffect(() => {
    if (!openRecords || justConfirmed.size === 0) return;
    const stillOpen = new Set(openRecords.map((r) => r.id));
    const next = new Set([...justConfirmed].filter((id) => stillOpen.has(id)));
    if (next.size !== justConfirmed.size) setJustConfirmed(next);
  }, [openRecords, justConfirmed]);

  // Picks another picker has claimed (issue 11), each until its claim runs out: out of this picker's list till then.
  const [taken, setTaken] = useState<ReadonlyMap<string, number>>(new Map());
  const markTaken = useCallback(
    (id: string, until: number) => setTaken((m) => new Map(m).set(id, until)),
    [],
  );
  useEffect(() => {
    if (taken.size === 0) return;
    const next = Math.min(...taken.values());
    const timer = setTimeout(
      () => setTaken((m) => new Map([...m].filter(([, until]) => until > Date.now()))),
      Math.max(0, next - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [taken]);
  const hidden = useMemo(() => new Set([...justConfirmed, ...taken.keys()]), [justConfirmed, taken]);
  const open = useMemo(() => openPicks(openRecords ?? [], hidden), [openRecords, hidden]);
  const { pick } = currentPick(open, skip);
  // Read by the scan handler, which must not be re-created (and re-subscribed) on every list change.
  const pickRef = useRef<PickRecord | null>(pick);
  pickRef.current = pick;
  const openCountRef = useRef(open.length);
  openCountRef.current = open.length;

  const markConfirmed = useCallback((id: string) => setJustConfirmed((s) => new Set(s).add(id)), []);
  const unmarkConfirmed = useCallback(
    (id: string) =>
      setJustConfirmed((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      }),
    [],
  );

  // Each refresh takes a number; only the newest may store its list, so a slow first load that ends after the
  // picker applied another filter cannot put the old filter's list (and the old filter) back.
  const newestRefresh = useRef(0);
  // Whether the screen's first load has decided (a refresh, or the stored list).
  const autoLoaded = useRef(false);

  // The download whose first pick is on screen (read only), so a refresh that takes it does not show it again.
  const shownDownload = useRef<Download | null>(null);
  // A fresh device's early download (ADR 0072): its first pick shows as soon as its first page is in, not after
  // IndexedDB's first open and upgrade, the live query and the screen's first refresh, which takes the same download
  // later (ADR 0078).
  useEffect(() => {
    const mountedAt = Date.now();
    let mounted = true;
    void earlyFirstPage().then((early) => {
      const first = early?.page.items[0];
      // Not once the first load has decided: its refresh shows its own card, or a stored list is the screen's.
      if (!mounted || !early || !first || autoLoaded.current) return;
      shownDownload.current = early.download;
      // The same pick shown already (pick-first.screen.tsx) stays as it is: no second render of the card.
      setListed((shown) =>
        shown?.record.id === first.id
          ? shown
          : {
              record: listedRecord(first),
              count: Math.min(early.page.total, PICK_OFFLINE_MAX_ITEMS),
              at: mountedAt,
            },
      );
      afterPaint(early.download.shown);
    });
    return () => {
      mounted = false;
    };
  }, []);

  const setSkip = useCallback(
    (n: number) => {
      const v = Math.max(0, n);
      setSkipState(v);
      void setMeta(db, 'pickSkip', v);
    },
    [db],
  );
  const refresh = useCallback(
    async (f: PickFilter, after?: () => void) => {
      const mine = ++newestRefresh.current;
      const isNewest = () => mine === newestRefresh.current;
      // A refresh decides the first load: a filter applied before the stored state was read (a picker who opens the
      // filter at once) must not be followed by the first load's download of the older filter, which, as the newest,
      // would store its list and put that filter back (pick-shift journey, CI of 2026-12-02; ADR 0126).
      autoLoaded.current = true;
      const startedAt = Date.now();
      setLoading(true);
      setError(null);
      try {
        // The list's pages carry the first orders of each round; the rest of the rounds follow in batches. Meanwhile
        // the list's first item is on screen, read only, from the download's small first page (ADR 0069, 0076). A
        // fresh device's first download may have left before the first render (startEarlyPickDownload).
        const download = (await takeEarlyDownload(f)) ?? startDownload(drainOutbox, apiPickPages(api, f));
        void download.first.then(({ items: firstPage, total }) => {
          const first = firstPage[0];
          // Shown already from the early download's first page (no second render of the same card).
          if (first && isNewest() && shownDownload.current !== download)
            setListed({
              record: listedRecord(first),
              count: Math.min(total, PICK_OFFLINE_MAX_ITEMS),
              at: startedAt,
            });
          afterPaint(download.shown);
        });
        const pages = await download.pages;
        const items = await completeRounds(pages, apiPickRounds(api, f));
        if (!isNewest()) return false;
        // Never before the download started (a clock set back), or the read-only first item would outstay the list.
        // A pick accepted while the pages were on their way stays sent (the list was read before it).
        await storePickList(db, items, f, Math.max(Date.now(), startedAt), download.startedAt);
        return true;
      } catch (err) {
        if (isNewest()) setListed(null);
        if (err instanceof ApiError && err.status === 401) sessionExpired();
        if (isNewest()) setError(err);
        return false;
      } finally {
        if (isNewest()) {
          setLoading(false);
          after?.();
        }
      }
    },
    [db, sessionExpired],
  );

  // First visit, or the stored list belongs to another filter: fetch it (when there is a network).
  const firstLoad = useCallback(
    (run: (f: PickFilter) => void) => {
      if (!meta || autoLoaded.current) return;
      autoLoaded.current = true;
      if (navigator.onLine && (!meta.lastSync || !sameFilter(meta.lastSync.filter, filter))) run(filter);
      // A list is stored already: an early download is not this screen's (a later refresh downloads anew), nor is the
      // first pick it showed (a device without a session copy whose IndexedDB kept a list; ADR 0078).
      else {
        forgetEarlyDownload();
        if (shownDownload.current) {
          shownDownload.current = null;
          setListed(null);
        }
      }
    },
    [meta, filter],
  );

  const listKnown = openRecords !== undefined && anyPicks !== undefined && meta !== undefined;
  // Until the live query shows the list this download stored (its lastSync, read with the picks in one transaction).
  const preview =
    listed && !pick && !((meta?.lastSync?.at ?? Number.NEGATIVE_INFINITY) >= listed.at)
      ? listed.record
      : null;
  const previewRef = useRef<PickRecord | null>(preview);
  previewRef.current = preview;
  return {
    db,
    open,
    pick,
    /**
     * While a download completes its rounds and there is no stored pick to show: the downloaded list's first item,
     * to be shown read only (it cannot be scanned: `pick` and `pickRef` stay null until the list is stored).
     */
    preview,
    /** How many picks the download brought, for the footer while {@link preview} shows (nothing is stored yet). */
    previewCount: preview ? (listed?.count ?? 0) : 0,
    /** {@link preview} for the scan handler, which reads it when a scan comes (as `pickRef`). */
    previewRef,
    pickRef,
    openCountRef,
    filter,
    lastSync: meta?.lastSync,
    skip,
    setSkip,
    loading,
    error,
    setError,
    refresh,
    firstLoad,
    markConfirmed,
    unmarkConfirmed,
    markTaken,
    listKnown,
    finished: listKnown && open.length === 0 && Boolean(anyPicks),
  };
}
