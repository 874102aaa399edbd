import { ApiError, judgePickScan } from '@hoppa/core';
import { Button, Loader, UnstyledButton } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api.ts';
import { useSession } from '../../app/session.tsx';
import { kickOutbox, outboxSender, useOnline, useRejectedRows } from '../../app/sync.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { HeaderButton, StatusBar } from '../../components/status-bar.tsx';
import { floorDb, getMeta, type PickFilter, type PickRecord, setMeta } from '../../offline/db.ts';
import { dismissRejected, enqueuePick } from '../../offline/outbox.ts';
import { deviceFeedback, preloadSounds, type ScanFeedback } from '../../scan/feedback.ts';
import { ScanInput, type ScanInputHandle } from '../../scan/scan-input.tsx';
import { markScanFeedback } from '../../scan/scan-perf.ts';
import { currentPick, defaultPickFilter, openPicks, sameFilter, speakableLocation } from './pick.rules.ts';
import { PickCard } from './pick-card.tsx';
import { apiPickPages, downloadPickList, storePickList } from './pick-download.ts';
import { PickFilterDrawer } from './pick-filter-drawer.tsx';
import { RejectedList } from './rejected-list.tsx';

const CameraScanner = lazy(() =>
  import('../../scan/camera-scanner.tsx').then((m) => ({ default: m.CameraScanner })),
);

/** The verdict of the last scan, shown until the next one. */
type Flash =
  | { id: number; kind: 'valid'; qty: number; name: string }
  | { id: number; kind: 'wrong'; scan: string; location: string | null };

const dateTime = new Intl.DateTimeFormat('nl-NL', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The pick screen (spec 2 §2 Pick screen, §4 Pick flow). It renders from IndexedDB only, so it works
 * with the network off and after a reload while offline. A scan of the pick's location id or its EAN
 * confirms the pick: feedback first (sound, buzz, quantity spoken; marked for the latency benchmark),
 * then one Dexie transaction writes the pick state and its outbox rows, then the sender is nudged.
 * Anything else is wrong: error sound, buzz and the location spoken.
 */
export function PickScreen({ feedback = deviceFeedback }: { feedback?: ScanFeedback }) {
  const { t } = useTranslation('pick', { lng: 'nl' });
  const db = floorDb();
  const navigate = useNavigate();
  const { sessionExpired } = useSession();
  const online = useOnline();
  // Only the open picks, through the status index: a scan re-reads them once (when its pick leaves
  // them), and the outbox's later 'queued → sent' updates do not touch this query at all.
  const openRecords = useLiveQuery(() => db.picks.where('status').equals('open').toArray(), [db]);
  const anyPicks = useLiveQuery(async () => (await db.picks.count()) > 0, [db]);
  const meta = useLiveQuery(
    async () => ({ lastSync: await getMeta(db, 'lastSync'), filter: await getMeta(db, 'pickFilter') }),
    [db],
  );
  const rejected = useRejectedRows();
  const filter = useMemo(() => meta?.filter ?? defaultPickFilter(), [meta?.filter]);

  const [skip, setSkipState] = useState(0);
  const [justConfirmed, setJustConfirmed] = useState<ReadonlySet<string>>(new Set());
  const [flash, setFlash] = useState<Flash | null>(null);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [manual, setManual] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const scanInput = useRef<ScanInputHandle>(null);
  const flashSeq = useRef(0);

  useEffect(() => {
    preloadSounds();
    void getMeta(db, 'pickSkip').then((s) => setSkipState(s ?? 0));
  }, [db]);

  const setSkip = useCallback(
    (n: number) => {
      const v = Math.max(0, n);
      setSkipState(v);
      void setMeta(db, 'pickSkip', v);
    },
    [db],
  );

  // A pick leaves `justConfirmed` once IndexedDB no longer lists it as open.
  useEffect(() => {
    if (!openRecords || justConfirmed.size === 0) return;
    const stillOpen = new Set(openRecords.map((r) => r.id));
    const next = new Set([...justConfirmed].filter((id) => stillOpen.has(id)));
    if (next.size !== justConfirmed.size) setJustConfirmed(next);
  }, [openRecords, justConfirmed]);

  const open = useMemo(() => openPicks(openRecords ?? [], justConfirmed), [openRecords, justConfirmed]);
  const { pick } = currentPick(open, skip);
  const pickRef = useRef<PickRecord | null>(pick);
  pickRef.current = pick;
  const openCountRef = useRef(open.length);
  openCountRef.current = open.length;

  const refresh = useCallback(
    async (f: PickFilter) => {
      setLoading(true);
      setError(null);
      try {
        // send what waits first, so the new list already reflects this device's picks
        await outboxSender()
          .drain({ force: true })
          .catch(() => undefined);
        const items = await downloadPickList(apiPickPages(api, f));
        await storePickList(db, items, f, Date.now());
        setDone(false);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) sessionExpired();
        setError(err);
      } finally {
        setLoading(false);
        scanInput.current?.focus();
      }
    },
    [db, sessionExpired],
  );

  // First visit, or the stored list belongs to another filter: fetch it (when there is a network).
  const autoLoaded = useRef(false);
  useEffect(() => {
    if (!meta || autoLoaded.current) return;
    autoLoaded.current = true;
    if (navigator.onLine && (!meta.lastSync || !sameFilter(meta.lastSync.filter, filter)))
      void refresh(filter);
  }, [meta, filter, refresh]);

  const onScan = useCallback(
    (raw: string) => {
      const current = pickRef.current;
      const id = ++flashSeq.current;
      if (!current) {
        feedback.wrong(null);
        setFlash({ id, kind: 'wrong', scan: raw, location: null });
        return;
      }
      const verdict = judgePickScan(raw, { locationId: current.item.loc_id, ean: current.item.ean });
      if (verdict === 'valid') {
        feedback.valid(current.item.qty);
        setFlash({ id, kind: 'valid', qty: current.item.qty, name: current.item.product__name });
        setJustConfirmed((s) => new Set(s).add(current.id));
        const last = openCountRef.current <= 1;
        if (last) {
          setDone(true);
          // spec 2 §2: the done message is spoken as well as shown, in Dutch
          feedback.done(t('done'));
        }
        enqueuePick(db, current.id, raw)
          .then(() => kickOutbox())
          .catch((err: unknown) => {
            console.error('Could not store the pick', err);
            setJustConfirmed((s) => {
              const next = new Set(s);
              next.delete(current.id);
              return next;
            });
            setError(err);
          });
      } else {
        feedback.wrong(current.item.rack ? speakableLocation(current.item.rack) : null);
        setFlash({ id, kind: 'wrong', scan: raw, location: current.item.rack || null });
      }
    },
    [db, feedback, t],
  );

  // The verdict is in the DOM and sound and buzz have started: that is the feedback the benchmark times.
  useLayoutEffect(() => {
    if (flash) markScanFeedback();
  }, [flash]);

  function applyFilter(f: PickFilter) {
    setMenuOpen(false);
    if (sameFilter(f, filter)) return;
    setSkip(0);
    setFlash(null);
    void setMeta(db, 'pickFilter', f);
    void refresh(f);
  }

  const listKnown = openRecords !== undefined && anyPicks !== undefined && meta !== undefined;
  const finished = listKnown && open.length === 0 && anyPicks;

  return (
    <div className="screen pick-screen">
      {/* a short full-screen tint: the verdict seen from the corner of an eye; keyed to replay per scan */}
      {flash ? (
        <div className={`flash-overlay flash-${flash.kind}`} key={flash.id} aria-hidden="true" />
      ) : null}
      <StatusBar
        lng="nl"
        right={
          <HeaderButton label={t('filter')} onClick={() => setMenuOpen(true)}>
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path
                d="M3 6h18M3 12h18M3 18h18"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </HeaderButton>
        }
      />

      <div className="scan-row">
        <ScanInput
          ref={scanInput}
          onScan={onScan}
          manual={manual}
          label={t('scanLabel')}
          placeholder={t('scanPlaceholder')}
          active={!menuOpen && !cameraOpen}
        />
        <UnstyledButton
          className={`icon-button ${manual ? 'icon-button-on' : ''}`}
          aria-label={t('keyboard')}
          aria-pressed={manual}
          onClick={() => setManual((m) => !m)}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <rect
              x="2"
              y="6"
              width="20"
              height="12"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <path
              d="M6 10h1M10 10h1M14 10h1M18 10h1M7 14h10"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </UnstyledButton>
        <UnstyledButton className="icon-button" aria-label={t('camera')} onClick={() => setCameraOpen(true)}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path
              d="M4 8h3l2-3h6l2 3h3v11H4z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </UnstyledButton>
      </div>

      <div
        className="scan-feedback"
        data-testid="scan-feedback"
        data-kind={flash?.kind ?? 'none'}
        aria-live="assertive"
      >
        {flash?.kind === 'valid' ? (
          <span>✓ {t('valid', { qty: flash.qty, name: flash.name.slice(0, 40) })}</span>
        ) : null}
        {flash?.kind === 'wrong' ? (
          <span>
            ✗ {t('wrong', { scan: flash.scan })}
            {flash.location ? (
              <strong>
                {' · '}
                <span className="nowrap">{t('goTo', { location: flash.location })}</span>
              </strong>
            ) : null}
            {!flash.location && !pick ? <> · {t('noOpenPick')}</> : null}
          </span>
        ) : null}
      </div>

      <main className="pick-main">
        <RejectedList rows={rejected} onDismiss={(id) => void dismissRejected(db, id)} t={t} />

        <div className="request-status">
          {loading ? (
            <div className="loading-line">
              <Loader size="sm" /> {t('refreshing')}
            </div>
          ) : error && !(error instanceof ApiError && error.status === 0 && !online) ? (
            <ErrorBanner error={error} lng="nl" />
          ) : null}
        </div>

        {pick ? (
          <PickCard pick={pick} t={t} />
        ) : finished || done ? (
          <section className="pick-done" data-testid="pick-done">
            <svg className="pick-done-mark" viewBox="0 0 96 96" aria-hidden="true">
              <circle cx="48" cy="48" r="44" fill="#2b8a3e" />
              <path
                d="M27 50l14 14 28-30"
                fill="none"
                stroke="#fff"
                strokeWidth="10"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <h2>{t('done')}</h2>
            <p>{t('doneHint')}</p>
          </section>
        ) : listKnown && !loading ? (
          <section className="pick-empty" data-testid="pick-empty">
            <p>{meta?.lastSync ? t('empty') : online ? t('neverSynced') : t('offlineRefresh')}</p>
          </section>
        ) : null}
      </main>

      <footer className="pick-footer">
        <div className="pick-summary">
          <span data-testid="pick-remaining">{t('progress', { count: open.length })}</span>
          <span data-testid="skip-count">{t('skipped', { count: skip })}</span>
          {meta?.lastSync ? (
            <UnstyledButton className="pick-period" onClick={() => setMenuOpen(true)}>
              {dateTime.format(new Date(filter.start))} – {dateTime.format(new Date(filter.end))} ·{' '}
              {filter.singleOrders ? t('onlySingle') : filter.multiOrders ? t('onlyMulti') : t('allOrders')}
            </UnstyledButton>
          ) : null}
        </div>
        <div className="pick-actions">
          <Button size="xl" variant="default" onClick={() => setSkip(skip - 1)} disabled={skip === 0}>
            {t('back')}
          </Button>
          <Button size="xl" variant="default" onClick={() => setSkip(skip + 1)} disabled={open.length < 2}>
            {t('skip')}
            {skip > 0 ? (
              <span className="skip-badge" aria-hidden="true">
                {skip}
              </span>
            ) : null}
          </Button>
          <Button size="xl" onClick={() => void refresh(filter)} disabled={loading || !online}>
            {t('refresh')}
          </Button>
        </div>
      </footer>

      <PickFilterDrawer
        opened={menuOpen}
        onClose={() => setMenuOpen(false)}
        filter={filter}
        onApply={applyFilter}
        onTasks={() => navigate('/menu')}
        t={t}
      />
      {cameraOpen ? (
        <Suspense fallback={null}>
          <CameraScanner
            opened={cameraOpen}
            onClose={() => setCameraOpen(false)}
            onScan={(raw) => {
              setCameraOpen(false);
              onScan(raw);
            }}
            texts={{
              title: t('cameraTitle'),
              hint: t('cameraHint'),
              close: t('close'),
              failed: t('cameraFailed'),
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
