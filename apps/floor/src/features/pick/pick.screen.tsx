import { ApiError } from '@hoppa/core';
import { Loader } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { useOnline, useRejectedRows } from '../../app/sync.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { ScanBar } from '../../components/scan-bar.tsx';
import { HeaderButton, StatusBar } from '../../components/status-bar.tsx';
import { type PickFilter, setMeta } from '../../offline/db.ts';
import { dismissRejected } from '../../offline/outbox.ts';
import { deviceFeedback, preloadSounds, type ScanFeedback } from '../../scan/feedback.ts';
import type { ScanInputHandle } from '../../scan/scan-input.tsx';
import { sameFilter } from './pick.rules.ts';
import { PickCard } from './pick-card.tsx';
import { PickFilterDrawer } from './pick-filter-drawer.tsx';
import { PickDone, PickFooter } from './pick-footer.tsx';
import { RejectedList } from './rejected-list.tsx';
import { FlashTint, ScanVerdict } from './scan-verdict.tsx';
import { usePickList } from './use-pick-list.ts';
import { usePickScan } from './use-pick-scan.ts';

const CameraScanner = lazy(() =>
  import('../../scan/camera-scanner.tsx').then((m) => ({ default: m.CameraScanner })),
);

/**
 * The pick screen (spec 2 §2 Pick screen, §4 Pick flow). It renders from IndexedDB only, so it works with the
 * network off and after a reload while offline: the list comes from {@link usePickList}, scanning from
 * {@link usePickScan}; this component lays them out with the scan row, the verdict, the current pick, the foot
 * and the filter drawer.
 */
export function PickScreen({ feedback = deviceFeedback }: { feedback?: ScanFeedback }) {
  const { t } = useTranslation('pick', { lng: 'nl' });
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
    openCountRef: list.openCountRef,
    markConfirmed: list.markConfirmed,
    unmarkConfirmed: list.unmarkConfirmed,
    onError: setError,
  });
  const { setDone, setFlash } = scan;

  const [manual, setManual] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const scanInput = useRef<ScanInputHandle>(null);

  useEffect(() => {
    preloadSounds();
  }, []);

  const reload = useCallback(
    (f: PickFilter) =>
      void refresh(f, () => scanInput.current?.focus()).then((ok) => {
        if (ok) setDone(false);
      }),
    [refresh, setDone],
  );

  // First visit, or the stored list belongs to another filter: fetch it (when there is a network).
  useEffect(() => firstLoad(reload), [firstLoad, reload]);

  function applyFilter(f: PickFilter) {
    setMenuOpen(false);
    if (sameFilter(f, filter)) return;
    setSkip(0);
    setFlash(null);
    void setMeta(db, 'pickFilter', f);
    reload(f);
  }

  const { flashStore, done } = scan;
  const { pick, loading, error } = list;
  return (
    <div className="screen pick-screen">
      <FlashTint store={flashStore} />
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

      <ScanBar
        inputRef={scanInput}
        onScan={scan.onScan}
        manual={manual}
        onToggleManual={() => setManual((m) => !m)}
        onCamera={() => setCameraOpen(true)}
        active={!menuOpen && !cameraOpen}
        texts={{
          scanLabel: t('scanLabel'),
          scanPlaceholder: t('scanPlaceholder'),
          keyboard: t('keyboard'),
          camera: t('camera'),
        }}
      />
      <ScanVerdict store={flashStore} hasPick={pick !== null} t={t} />

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
        ) : list.finished || done ? (
          <PickDone t={t} />
        ) : list.listKnown && !loading ? (
          <section className="pick-empty" data-testid="pick-empty">
            <p>{list.lastSync ? t('empty') : online ? t('neverSynced') : t('offlineRefresh')}</p>
          </section>
        ) : null}
      </main>

      <PickFooter
        remaining={list.open.length}
        skip={list.skip}
        filter={filter}
        synced={Boolean(list.lastSync)}
        loading={loading}
        online={online}
        onSkip={setSkip}
        onRefresh={() => reload(filter)}
        onFilter={() => setMenuOpen(true)}
        t={t}
      />

      <PickFilterDrawer
        opened={menuOpen}
        onClose={() => setMenuOpen(false)}
        filter={filter}
        onApply={applyFilter}
        onTasks={() => navigate(FLOOR_PATHS.menu)}
        t={t}
      />
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
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
