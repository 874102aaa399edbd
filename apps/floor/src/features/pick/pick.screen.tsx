import { ApiError, PICK_CLAIM_SECONDS } from '@hoppa/core';
import { Button, Loader } from '@mantine/core';
import {
  type ComponentProps,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api.ts';
import { useOnline } from '../../app/outbox-status.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { kickOutbox, useRejectedRows } from '../../app/sync.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { ScanBar } from '../../components/scan-bar.tsx';
import { HeaderButton, StatusBar } from '../../components/status-bar.tsx';
import { type PickFilter, type PickRecord, type StockOp, setMeta } from '../../offline/db.ts';
import { dismissRejected, enqueueShelfChange } from '../../offline/outbox.ts';
import { deviceFeedback, preloadSounds, type ScanFeedback } from '../../scan/feedback.ts';
import type { ScanInputHandle } from '../../scan/scan-input.tsx';
import {
  moveToNextLocation,
  narrowingCount,
  recountAction,
  type ShelfProblem,
  sameFilter,
} from './pick.rules.ts';
import { claimPickItem, releasePickItem } from './pick-calls.ts';
import { PickCard } from './pick-card.tsx';
import type { PickFilterDrawer } from './pick-filter-drawer.tsx';
import { FilterIcon } from './pick-filter-icon.tsx';
import { PickDone, PickFooter } from './pick-footer.tsx';
import { PICK_SCAN_TEXTS, pickT } from './pick-texts.ts';
import { RejectedList } from './rejected-list.tsx';
import { FlashTint, ScanVerdict } from './scan-verdict.tsx';
import { usePickList } from './use-pick-list.ts';

import { refreshPickLookups, usePickLookups } from './use-pick-lookups.ts';
import { usePickScan } from './use-pick-scan.ts';

/**
 * Whether the filter narrows the period's picks (a zone, a location, a method, an organisation, an order, or only
 * single- or multi-product orders): an empty list then says the filters left nothing, not that the period has none.
 */
function narrowed(filter: PickFilter): boolean {
  return narrowingCount(filter) > 0 || Boolean(filter.singleOrders) || Boolean(filter.multiOrders);
}

/** True from the first render where `flag` is true on (a drawer's first opening: it stays mounted for its transitions). */
function useOnceTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  if (flag && !seen) setSeen(true);
  return seen || flag;
}

/** Runs `fn` when the main thread is idle (a timer where the browser has no idle callbacks); returns the cancel. */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
}

/**
 * The screen's dialogs and filter drawer (ADR 0135): none shows before the picker opens it or a pick asks for it, and
 * their code (Mantine's Drawer and Modal with their focus trap and scroll lock, the filter's switches, choice lists
 * and date rules) was about half of the `pick` file that the first card waits for on a fresh device. So they load
 * from a file of their own: when the list has become scannable and the main thread is idle (after the card's paint,
 * so a note or recount popup of a later pick and an offline spell before the service worker's precache find them in),
 * or at their first need, whichever comes first. One promise: the four components share the file.
 */
let dialogs: Promise<typeof import('./pick-dialogs.ts')> | null = null;
function loadPickDialogs(): Promise<typeof import('./pick-dialogs.ts')> {
  dialogs ??= import('./pick-dialogs.ts').catch((error: unknown) => {
    dialogs = null; // offline before the file was cached: the next need tries again
    throw error;
  });
  return dialogs;
}
const PickFilterDrawerLazy = lazy(() => loadPickDialogs().then((m) => ({ default: m.PickFilterDrawer })));
const ProblemSheet = lazy(() => loadPickDialogs().then((m) => ({ default: m.ProblemSheet })));
const PickNotePopup = lazy(() => loadPickDialogs().then((m) => ({ default: m.PickNotePopup })));
const RecountPopup = lazy(() => loadPickDialogs().then((m) => ({ default: m.RecountPopup })));

/**
 * The filter drawer with the stored filter choices, read from its first opening on (ADR 0086); it opens once they
 * have been read (one IndexedDB read), so its choices are there from its first frame.
 */
function PickFilterMenu(props: Omit<ComponentProps<typeof PickFilterDrawer>, 'lookups'>) {
  const lookups = usePickLookups();
  return lookups === undefined ? null : <PickFilterDrawerLazy {...props} lookups={lookups} />;
}

const CameraScanner = lazy(() =>
  import('@hoppa/web/camera-scanner').then((m) => ({ default: m.CameraScanner })),
);

/**
 * The pick screen (spec 2 §2 Pick screen, §4 Pick flow). It renders from IndexedDB only, so it works with the
 * network off and after a reload while offline: the list comes from {@link usePickList}, scanning from
 * {@link usePickScan}; this component lays them out with the scan row, the verdict, the current pick, the foot
 * and the filter drawer.
 */
export function PickScreen({ feedback = deviceFeedback }: { feedback?: ScanFeedback }) {
  // The screen's texts without i18next (ADR 0091): the same Dutch texts, one function for the app's life.
  const t = pickT;
  const navigate = useNavigate();
  const online = useOnline();
  const rejected = useRejectedRows();
  const list = usePickList();
  const { db, filter, setError, refresh, firstLoad, setSkip } = list;
  const scan = usePickScan({
    db,
    feedback,
    t,
    pickRef: list.pickRef,
    previewRef: list.previewRef,
    openCountRef: list.openCountRef,
    markConfirmed: list.markConfirmed,
    unmarkConfirmed: list.unmarkConfirmed,
    onError: setError,
  });
  const { setDone, setFlash } = scan;

  const [manual, setManual] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [problemOpen, setProblemOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Picks whose note was read, whose recount popup was put off, whose recount this visit requested (spec 2 §2, §4).
  const [noteRead, setNoteRead] = useState<ReadonlySet<string>>(new Set());
  const [recountLater, setRecountLater] = useState<ReadonlySet<string>>(new Set());
  const requested = useRef(new Set<string>());
  const scanInput = useRef<ScanInputHandle>(null);

  // The sounds load once a pick can be scanned (a stored pick on screen) and the main thread is idle: the first scan
  // comes seconds later at the earliest, decoding three sounds is no work for the first paint (ADR 0062), and on a
  // fresh device their 68 KB no longer share the network with the list's first download (ADR 0072).
  const scannable = list.pick !== null;
  useEffect(() => (scannable ? whenIdle(preloadSounds) : undefined), [scannable]);
  useEffect(
    () => (scannable ? whenIdle(() => void loadPickDialogs().catch(() => undefined)) : undefined),
    [scannable],
  );

  // A finished download takes the focus back to the scan field only when the picker is not in the filter, a popup or
  // another field: the first load ending while the order number is typed must not take the rest of it (ADR 0127 §6).
  const reload = useCallback(
    (f: PickFilter) =>
      void refresh(f, () => scanInput.current?.reclaim()).then((ok) => {
        if (ok) setDone(false);
      }),
    [refresh, setDone],
  );

  // First visit, or the stored list belongs to another filter: fetch it (when there is a network).
  useEffect(() => firstLoad(reload), [firstLoad, reload]);

  const openMenu = useCallback(() => {
    setMenuOpen(true);
    if (online) refreshPickLookups();
  }, [online]);
  const onRefresh = useCallback(() => reload(filter), [reload, filter]);
  const toggleManual = useCallback(() => setManual((m) => !m), []);
  const openCamera = useCallback(() => setCameraOpen(true), []);

  function applyFilter(f: PickFilter) {
    setMenuOpen(false);
    setNotice(null);
    if (sameFilter(f, filter)) return;
    releaseClaim();
    setSkip(0);
    setFlash(null);
    void setMeta(db, 'pickFilter', f);
    reload(f);
  }

  const { flashStore, done } = scan;
  const { pick, loading, error } = list;

  // A wrong scan's verdict ('Ga naar A-02-12') and a link prompt belong to the pick they were given for: when another
  // pick, or the same one at another location, comes in front (skip, back, a shelf problem, a filter) they would send
  // the picker to the wrong place, so they go before that pick is painted. A good scan's verdict stays: it is shown
  // while the next pick comes in.
  const pickPlace = pick ? `${pick.id}@${pick.item.loc_id ?? ''}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: pickPlace is the trigger, the verdict is read from its store
  useLayoutEffect(() => {
    if (flashStore.get()?.kind !== 'valid' && flashStore.get() !== null) flashStore.set(null);
  }, [pickPlace, flashStore]);

  /**
   * Writes a changed pick record and queues a change of its product (the outbox sends it in order), naming the pick so
   * that a list download does not put the server's older copy back before it knows of the change.
   */
  const queueForPick = useCallback(
    async (next: PickRecord, op: StockOp, label: string) => {
      await enqueueShelfChange(db, next, op, label);
      kickOutbox();
    },
    [db],
  );

  // Several pickers at once (issue 11): the pick in front of the picker is claimed while it is there (renewed each
  // minute); one another picker holds leaves this list until their claim runs out. Offline nothing is claimed: a
  // second pick of the same line is refused at confirm (over_pick) and listed, never applied twice.
  const claimed = useRef<string | null>(null);
  // Bumped when a claim is released: if the same pick is still in front afterwards (a new filter that starts with
  // it), the effect below claims it again rather than showing a pick this picker no longer holds.
  const [claimRound, setClaimRound] = useState(0);
  const { markTaken } = list;
  const pickId = pick?.id ?? null;
  const pickRack = pick?.item.rack ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: claimRound is the trigger to claim again after a release
  useEffect(() => {
    if (!pickId || !online) return;
    let cancelled = false;
    const claim = () =>
      claimPickItem(api, pickId)
        .then(() => {
          if (!cancelled) claimed.current = pickId;
        })
        .catch((err: unknown) => {
          if (cancelled || !(err instanceof ApiError) || err.status !== 409) return;
          markTaken(pickId, Date.now() + PICK_CLAIM_SECONDS * 1000);
          setNotice(t('taken', { location: pickRack }));
        });
    void claim();
    const timer = setInterval(claim, 60_000);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [pickId, pickRack, online, markTaken, t, claimRound]);

  /** The pick left behind unpicked (skip, back, another filter): its claim is released for another picker. */
  const releaseClaim = useCallback(() => {
    const left = claimed.current;
    if (!left) return;
    claimed.current = null;
    // Claim again only once the release has been answered, so a late DELETE cannot undo the new claim.
    releasePickItem(api, left)
      .catch(() => undefined)
      .finally(() => setClaimRound((n) => n + 1));
  }, []);
  const moveSkip = useCallback(
    (n: number) => {
      releaseClaim();
      setSkip(n);
    },
    [setSkip, releaseClaim],
  );

  // spec 2 §4: stock of 0 or less on the pick's location and no recount flag yet → request a recount (once).
  const action = pick ? recountAction(pick) : null;
  useEffect(() => {
    if (!pick || action !== 'request' || requested.current.has(pick.item.product__id)) return;
    requested.current.add(pick.item.product__id);
    void queueForPick(
      { ...pick, item: { ...pick.item, needs_recount: true } },
      { op: 'recount', product_id: pick.item.product__id, recount: true },
      `${t('recount')} · ${pick.item.product__name.slice(0, 60)}`,
    ).catch(setError);
  }, [pick, action, queueForPick, setError]);

  const notePick = pick?.item.pick_note && !noteRead.has(pick.id) ? pick : null;
  const recountPick =
    pick &&
    !notePick &&
    action === 'popup' &&
    !recountLater.has(pick.id) &&
    !requested.current.has(pick.item.product__id)
      ? pick
      : null;
  // The drawers and popups render from the first time they are needed, then stay (their closing transitions): a
  // closed Mantine drawer still costs a render of its hooks on every render of the screen (ADR 0062).
  const problemNeeded = useOnceTrue(problemOpen);
  const menuNeeded = useOnceTrue(menuOpen);
  const noteNeeded = useOnceTrue(notePick !== null);
  const recountNeeded = useOnceTrue(recountPick !== null);

  function report(kind: ShelfProblem, seen?: number) {
    setProblemOpen(false);
    if (!pick?.item.loc_id) return;
    const op = {
      op: 'problem' as const,
      product_id: pick.item.product__id,
      location_id: pick.item.loc_id,
      kind,
      ...(seen !== undefined ? { seen } : {}),
    };
    const label = `${t(`problem_${kind}`)} · ${pick.item.rack} · ${pick.item.product__name.slice(0, 60)}`;
    requested.current.add(pick.item.product__id);
    if (kind === 'low_stock') {
      // Low stock is a signal for the stock keepers (the server flags the product for a recount), not a reason to
      // stop: the pick stays in front of the picker and is picked from this location.
      setNotice(t('lowStockReported'));
      void queueForPick({ ...pick, item: { ...pick.item, needs_recount: true } }, op, label).catch(setError);
      return;
    }
    const moved = moveToNextLocation(pick);
    if (moved) {
      setNotice(t('movedTo', { location: moved.item.rack }));
      void queueForPick(moved, op, label).catch(setError);
    } else {
      setNotice(t('noOther'));
      void queueForPick(
        { ...pick, item: { ...pick.item, needs_recount: true, shelf_problem: kind } },
        op,
        label,
      ).catch(setError);
      moveSkip(list.skip + 1);
    }
  }

  function countedStock(count: number) {
    if (!recountPick?.item.loc_id) return;
    const { item } = recountPick;
    // Counted: a count of 0 (or a bundle below, whose own place holds nothing) must not raise the flag again at once.
    requested.current.add(item.product__id);
    setNotice(t('recountSaved', { count, location: item.rack }));
    void queueForPick(
      { ...recountPick, item: { ...item, product__stock: count, needs_recount: false } },
      {
        op: 'correct',
        product_id: item.product__id,
        org_id: item.org_id,
        ean: item.ean,
        location_id: item.loc_id as string,
        curr_amount: count,
        desc: t('recountReason'),
      },
      `${t('recountSaved', { count, location: item.rack })} · ${item.product__name.slice(0, 60)}`,
    ).catch(setError);
  }
  /** A bundle's parts were counted: its recount flag is cleared (a correction of the bundle itself is refused). */
  function partsCounted() {
    if (!recountPick) return;
    const { item } = recountPick;
    requested.current.add(item.product__id);
    void queueForPick(
      { ...recountPick, item: { ...item, needs_recount: false } },
      { op: 'recount', product_id: item.product__id, recount: false },
      `${t('recountPartsDone')} · ${item.product__name.slice(0, 60)}`,
    ).catch(setError);
  }
  // The header and the scan row are the same elements from render to render unless what they show changes, so the
  // screen's other renders (the list arriving, its storing, the claim) skip them (ADR 0076).
  const header = useMemo(
    () => (
      <StatusBar
        lng="nl"
        right={
          <HeaderButton label={t('filter')} onClick={openMenu}>
            <FilterIcon />
          </HeaderButton>
        }
      />
    ),
    [openMenu],
  );
  const scanActive = !menuOpen && !cameraOpen && !problemOpen && !notePick && !recountPick;
  const scanBar = useMemo(
    () => (
      <ScanBar
        inputRef={scanInput}
        onScan={scan.onScan}
        manual={manual}
        onToggleManual={toggleManual}
        onCamera={openCamera}
        active={scanActive}
        texts={PICK_SCAN_TEXTS}
      />
    ),
    [scan.onScan, manual, toggleManual, openCamera, scanActive],
  );
  return (
    <div className="screen pick-screen">
      <FlashTint store={flashStore} />
      {header}
      {scanBar}
      <ScanVerdict store={flashStore} hasPick={pick !== null} t={t} />

      <main className="pick-main">
        <RejectedList rows={rejected} onDismiss={(id) => void dismissRejected(db, id)} t={t} />

        <div className="request-status">
          {/* Not over the read-only first pick: the card would move up when the line goes (a layout shift). */}
          {loading && !list.preview ? (
            <div className="loading-line">
              <Loader size="sm" /> {t('refreshing')}
            </div>
          ) : error && !(error instanceof ApiError && error.status === 0 && !online) ? (
            <ErrorBanner error={error} lng="nl" />
          ) : null}
        </div>

        {notice ? (
          <p className="pick-notice" role="status" data-testid="pick-notice">
            {notice}
          </p>
        ) : null}
        {pick ? (
          <>
            <PickCard pick={pick} t={t} />
            {pick.item.loc_id ? (
              // Sticks above the foot when the card is longer than the screen (a long name, notes, a two-line
              // verdict on a 360 × 640 scanner): a shelf problem is reported without scrolling first.
              <div className="pick-problem-bar">
                <Button
                  size="lg"
                  variant="outline"
                  color="red"
                  className="pick-problem-button"
                  data-testid="pick-problem"
                  onClick={() => {
                    setNotice(null);
                    setProblemOpen(true);
                  }}
                >
                  {t('problem')}
                </Button>
              </div>
            ) : null}
          </>
        ) : list.preview ? (
          // The downloaded list's first pick while its rounds complete: the same card, read only (ADR 0069).
          <PickCard pick={list.preview} t={t} />
        ) : list.finished || done ? (
          <PickDone t={t} narrowed={narrowed(filter)} />
        ) : list.listKnown && !loading ? (
          <section className="pick-empty" data-testid="pick-empty">
            <p>
              {list.lastSync
                ? narrowed(filter)
                  ? t('emptyFiltered')
                  : t('empty')
                : online
                  ? t('neverSynced')
                  : t('offlineRefresh')}
            </p>
          </section>
        ) : null}
      </main>

      <PickFooter
        remaining={list.preview ? list.previewCount : list.open.length}
        skip={list.skip}
        filter={filter}
        synced={Boolean(list.lastSync)}
        loading={loading}
        online={online}
        onSkip={moveSkip}
        onRefresh={onRefresh}
        onFilter={openMenu}
        t={t}
      />

      {problemNeeded ? (
        <Suspense fallback={null}>
          <ProblemSheet
            opened={problemOpen}
            pick={pick}
            onClose={() => setProblemOpen(false)}
            onReport={report}
            onScanned={() => feedback.wrong(null)}
            t={t}
          />
        </Suspense>
      ) : null}
      {noteNeeded ? (
        <Suspense fallback={null}>
          <PickNotePopup
            note={notePick?.item.pick_note ?? null}
            onClose={() => notePick && setNoteRead((s) => new Set(s).add(notePick.id))}
            t={t}
          />
        </Suspense>
      ) : null}
      {recountNeeded ? (
        <Suspense fallback={null}>
          <RecountPopup
            pick={recountPick}
            onCount={countedStock}
            onPartsCounted={partsCounted}
            onLater={() => recountPick && setRecountLater((s) => new Set(s).add(recountPick.id))}
            onScanned={() => feedback.wrong(null)}
            t={t}
          />
        </Suspense>
      ) : null}
      {menuNeeded ? (
        <Suspense fallback={null}>
          <PickFilterMenu
            opened={menuOpen}
            onClose={() => setMenuOpen(false)}
            filter={filter}
            onApply={applyFilter}
            onTasks={() => navigate(FLOOR_PATHS.menu)}
            t={t}
          />
        </Suspense>
      ) : null}
      {cameraOpen ? (
        <Suspense fallback={null}>
          <CameraScanner
            opened={cameraOpen}
            onClose={() => setCameraOpen(false)}
            onScan={(raw) => {
              setCameraOpen(false);
              scan.onScan(raw);
            }}
            texts={{
              title: t('cameraTitle'),
              hint: t('cameraHint'),
              close: t('close'),
              failed: t('cameraFailed'),
              torch: t('torch'),
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
