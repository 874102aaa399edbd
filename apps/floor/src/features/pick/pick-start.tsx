import { Loader } from '@mantine/core';
import { type ComponentProps, type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseOutboxModule, useOnline } from '../../app/outbox-status.ts';
import { ScanBar } from '../../components/scan-bar.tsx';
import { afterPaint } from '../../scan/after-paint.ts';
import type { ScanInputHandle } from '../../scan/scan-input.tsx';
import { createFlashStore } from './flash-store.ts';
import { defaultPickFilter } from './pick.rules.ts';
import type { PickScreen } from './pick.screen.tsx';
import { PickCard } from './pick-card.tsx';
import { PICK_OFFLINE_MAX_ITEMS } from './pick-download.ts';
import { earlyFirstPage, type ShownFirstPage, startEarlyPickDownload } from './pick-early.ts';
import { OUTBOX_HOLD_MS } from './pick-first-page.ts';
import { PickFooter } from './pick-footer.tsx';
import { PickHeader, pickScanTexts } from './pick-frame.tsx';
import { FlashTint, ScanVerdict } from './scan-verdict.tsx';

type Screen = ComponentType<ComponentProps<typeof PickScreen>>;

const nothing = () => undefined;

/** Resolves in a later task (a timer), so what follows does not lengthen the current one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The pick screen's light start on a fresh device (ADR 0086; the pick route uses it when main.tsx sent the list's
 * first page, `firstPickPageSent`): the screen's frame and, once the early download's first page is in, its first
 * pick, read only, as the pick screen shows it (spec 2 §2 Pick screen) — without Dexie, the device's database or the
 * screen's own code. Those load once that card has been painted (or when there is no card to show: no early
 * download, its first page failed, {@link OUTBOX_HOLD_MS} passed), together with the outbox's module that
 * pick-first-page.ts held back; the pick screen then takes over with the same card ({@link ShownFirstPage}) and goes on
 * as on any first download (the list stored, scanning). On a phone's network Dexie's ~31 KB otherwise shared the
 * network with the card's files and its first page. Taps and scans before the screen has taken over do nothing (no
 * pick can be scanned before the list is stored anyway).
 */
export function PickStart() {
  const { t } = useTranslation('pick', { lng: 'nl' });
  const online = useOnline();
  const [shown, setShown] = useState<ShownFirstPage | null>(null);
  const [Screen, setScreen] = useState<Screen | null>(null);
  const flashStore = useMemo(createFlashStore, []);
  const scanInput = useRef<ScanInputHandle>(null);
  const scanTexts = useMemo(() => pickScanTexts(t), [t]);
  const [filter] = useState(defaultPickFilter);

  useEffect(() => {
    const at = Date.now();
    let mounted = true;
    let loading = false;
    // Each step in a task of its own (Lighthouse counts a task's time beyond 50 ms at 4× CPU as blocking, and all of
    // this comes after the first paint now): Dexie's module, then the screen's, then the screen's first render.
    const loadScreen = () => {
      if (loading) return;
      loading = true;
      releaseOutboxModule();
      import('../../offline/db.ts')
        .then(nextTask)
        .then(() => import('./pick.screen.tsx'))
        .then(async (m) => {
          await nextTask();
          if (mounted) setScreen(() => m.PickScreen);
        })
        .catch((err: unknown) => console.error('The pick screen did not load', err));
    };
    const late = setTimeout(loadScreen, OUTBOX_HOLD_MS);
    startEarlyPickDownload(); // started by the route already (once per page load)
    void earlyFirstPage().then((early) => {
      clearTimeout(late);
      if (!mounted || loading) return;
      if (!early?.page.items[0]) return loadScreen();
      setShown({ ...early, at });
      // The rest of the list and the screen's code after the card's paint (ADR 0076: a request that starts before
      // the largest paint is in its way on a phone's network, and Lighthouse counts it so).
      afterPaint(() => {
        early.download.shown();
        loadScreen();
      });
    });
    return () => {
      mounted = false;
      clearTimeout(late);
    };
  }, []);

  if (Screen) return <Screen shown={shown ?? undefined} />;
  const first = shown?.page.items[0];
  return (
    <div className="screen pick-screen">
      <FlashTint store={flashStore} />
      <PickHeader t={t} onFilter={nothing} />
      <ScanBar
        inputRef={scanInput}
        onScan={nothing}
        manual={false}
        onToggleManual={nothing}
        onCamera={nothing}
        active
        texts={scanTexts}
      />
      <ScanVerdict store={flashStore} hasPick={false} t={t} />
      <main className="pick-main">
        <div className="request-status">
          {first ? null : (
            <div className="loading-line">
              <Loader size="sm" /> {t('refreshing')}
            </div>
          )}
        </div>
        {first && shown ? (
          <PickCard
            pick={{ id: first.id, seq: 0, item: first, status: 'open', pickedAt: null, scanned: null }}
            t={t}
          />
        ) : null}
      </main>
      <PickFooter
        remaining={shown ? Math.min(shown.page.total, PICK_OFFLINE_MAX_ITEMS) : 0}
        skip={0}
        filter={filter}
        synced={false}
        loading
        online={online}
        onSkip={nothing}
        onRefresh={nothing}
        onFilter={nothing}
        t={t}
      />
    </div>
  );
}
