import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useOnline } from '../../app/outbox-status.ts';
import { BootShell } from '../../components/boot-shell.tsx';
import { ScanBar } from '../../components/scan-bar.tsx';
import { HeaderButton, StatusBar } from '../../components/status-bar.tsx';
import type { PickFilter } from '../../offline/db.ts';
import { afterPaint } from '../../scan/after-paint.ts';
import type { ScanInputHandle } from '../../scan/scan-input.tsx';
import { PickCard } from './pick-card.tsx';
import { FilterIcon } from './pick-filter-icon.tsx';
import {
  markFirstCardSettled,
  noteShownFirstCard,
  PICK_OFFLINE_MAX_ITEMS,
  peekFirstPickPage,
  type ShownFirstCard,
} from './pick-first-page.ts';
import { PickFooter } from './pick-footer.tsx';
import { loadedPickScreen, loadPickScreen } from './pick-screen-load.ts';
import { PICK_SCAN_TEXTS, pickT } from './pick-texts.ts';

// A fresh device's pick start (ADR 0136). The pick screen reads and writes IndexedDB through Dexie and queues scans in
// the outbox: its file needs the `offline` file (32 KB), which on a phone's network shared the bandwidth with the
// first card's files. This file shows the first pick of the page main.tsx sent beside the session check, read only
// (as the screen shows a download's first pick before it is stored, ADR 0069), with nothing of IndexedDB; once that
// card has been painted, the pick screen (and with it Dexie and the outbox) loads and takes over with the same card.
// pick-first-file.test.ts keeps this file's static imports free of IndexedDB.

/** Does nothing: the first card is read only until the pick screen has taken over (a few hundred ms). */
const nothing = () => undefined;

/**
 * The pick screen's frame with a fresh device's first pick, read only: the status bar, the scan row, the card and the
 * foot as the pick screen lays them out while a download's first pick shows, so that the pick screen's first render
 * (which starts from the same card, {@link noteShownFirstCard}) moves nothing. Without `card` the frame with an empty
 * card area (the first page has not come yet).
 */
export function FirstCardFrame({ card, filter }: { card: ShownFirstCard | null; filter: PickFilter }) {
  const t = pickT;
  const online = useOnline();
  const scanInput = useRef<ScanInputHandle>(null);
  // A scan before the pick screen has taken over is not counted: the picker is told so, not left without an answer.
  const [early, setEarly] = useState<string | null>(null);
  return (
    <div className="screen pick-screen">
      <StatusBar
        lng="nl"
        right={
          <HeaderButton label={t('filter')} onClick={nothing}>
            <FilterIcon />
          </HeaderButton>
        }
      />
      <ScanBar
        inputRef={scanInput}
        onScan={(raw) => setEarly(raw.trim())}
        manual={false}
        onToggleManual={nothing}
        onCamera={nothing}
        active
        texts={PICK_SCAN_TEXTS}
      />
      <div
        className="scan-feedback"
        data-testid="scan-feedback"
        data-kind={early === null ? 'none' : 'wrong'}
        aria-live="assertive"
      >
        {early === null ? null : <span>{t('stillLoading', { scan: early.slice(0, 40) })}</span>}
      </div>
      <main className="pick-main">
        <div className="request-status" />
        {card ? <PickCard pick={card.record} t={t} /> : null}
      </main>
      <PickFooter
        remaining={card?.count ?? 0}
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

/**
 * The pick route (spec 2 §2 Pick screen). On a device that main.tsx sent the pick list's first page for (a fresh
 * device, ADR 0078) it shows that page's first pick without IndexedDB, then loads the pick screen
 * ({@link loadPickScreen}) once the card has been painted (or the page failed or was empty), and renders the screen in
 * the frame's place. Any other time (a stored list, the route opened again later) it renders the pick screen, showing
 * the app shell until its file has loaded.
 */
export function PickRoute() {
  const [sent] = useState(peekFirstPickPage);
  const [card, setCard] = useState<ShownFirstCard | null>(null);
  const [Screen, setScreen] = useState<ComponentType | null>(() => (sent ? null : loadedPickScreen()));

  useEffect(() => {
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const loadScreen = (attempt = 0) => {
      // The outbox's file was held for this card (main.tsx): it may load now, with the screen's.
      markFirstCardSettled();
      loadPickScreen().then(
        (m) => {
          if (live) setScreen(() => m);
        },
        (err: unknown) => {
          console.error('Pick screen not loaded', err);
          // A network that dropped before the file was cached: tried again, 1, 2, 4 … at most 10 s apart.
          if (live) retry = setTimeout(() => loadScreen(attempt + 1), Math.min(10_000, 1_000 * 2 ** attempt));
        },
      );
    };
    if (!sent) {
      // Also when the file came in between the render and this effect: the render found none, so set it now.
      loadScreen();
      return () => {
        live = false;
        clearTimeout(retry);
      };
    }
    sent.page.then(
      (page) => {
        const item = page.items[0];
        if (!live || !item) return loadScreen();
        const shown: ShownFirstCard = {
          record: { id: item.id, seq: 0, item, status: 'open', pickedAt: null, scanned: null },
          count: Math.min(page.total, PICK_OFFLINE_MAX_ITEMS),
          at: Date.now(),
        };
        noteShownFirstCard(shown);
        setCard(shown);
        afterPaint(() => loadScreen());
      },
      () => loadScreen(),
    );
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [sent]);

  if (Screen) return <Screen />;
  return sent ? <FirstCardFrame card={card} filter={sent.filter} /> : <BootShell />;
}
