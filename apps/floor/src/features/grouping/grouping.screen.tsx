import {
  ApiError,
  type AvailablePickCarts,
  availablePickCartsEndpoint,
  isProblem,
  newId,
  processProductScanEndpoint,
  request,
} from '@hoppa/core';
import { Button } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api.ts';
import { useOnline } from '../../app/outbox-status.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { ScanBar } from '../../components/scan-bar.tsx';
import { CloseHeaderButton, StatusBar } from '../../components/status-bar.tsx';
import { floorDb, getMeta, setMeta } from '../../offline/db.ts';
import { type BeepFeedback, deviceBeeps, preloadSounds } from '../../scan/feedback.ts';
import { useHeldScans } from '../../scan/held-scans.ts';
import type { ScanInputHandle } from '../../scan/scan-input.tsx';
import { SPEECH_RATE, speak } from '../../scan/speech.ts';

import {
  CAPACITIES,
  type Capacity,
  type GroupingState,
  isLabelScan,
  nextSpoken,
  onGroupingScan,
  pageAfterMove,
  promptOf,
  refuseDestination,
  START,
  stepSkip,
  toggleLocation,
} from './grouping.rules.ts';
import './grouping.css';

const CameraScanner = lazy(() =>
  import('@hoppa/web/camera-scanner').then((m) => ({ default: m.CameraScanner })),
);

/** A line under the prompt; `offline`: it says the connection is gone (it goes when the connection is back). */
type Message = { tone: 'ok' | 'error'; text: string; offline?: true } | null;

/**
 * The Order grouping task (issue 11 item 3; spec 2 §2 Order grouping, §4 Order grouping flow, §9): one pick location
 * at a time with its picked lines (location, quantity, EAN). Scan the EAN or the location ('SCAN EAN/LOCATION AND
 * MOVE'), then the cart or grouping location ('SCAN DESTINATION'); a destination the order does not belong in plays
 * the error sound ('SCAN NEW DESTINATION'). After an accepted destination the list reloads, the next location is
 * spoken in Dutch and the state resets. Previous/Next skip locations; tapping the location filters to it (again:
 * off); capacity 10/20/30. Online only: the move needs the server's verdict on the order's group location (the first
 * accepted cart becomes the order's, whichever device scans it; ADR 0133), so nothing is queued. Each page read is
 * kept on the device: without a connection the same page is shown with the time it was read, and a product scanned
 * then is refused naming the location to leave it on, before it is carried to a cart. Scans made while a move is sent
 * wait for the reloaded list and are handled in order on it. A move that finds no network says so ('Geen verbinding:
 * … is niet verplaatst; leg het nog niet in de kar') and asks for the same destination again, not a new one. A cart's
 * label scanned before the product is refused naming the location to start at, never by the label's id. The server's
 * refusals are said in the worker's language: an inactive cart, or a location holding stock (a shelf label scanned as
 * the cart, ADR 0142), asks for another; a line grouped, changed or no longer waiting meanwhile reads the list again.
 * Without a connection the list says it needs one, and is read again once the connection is back; after a move the
 * page kept on the device loses the moved line, so a reload without network never shows it waiting. A move that puts
 * the order's last line in the cart says the order is complete.
 */
export function GroupingScreen({
  feedback = deviceBeeps,
  say = (text: string) => speak(text, SPEECH_RATE.quantity),
}: {
  feedback?: BeepFeedback;
  say?: (text: string) => void;
}) {
  const { t, i18n } = useTranslation('grouping');
  const navigate = useNavigate();
  const [skip, setSkip] = useState(0);
  const [capacity, setCapacity] = useState<Capacity>(10);
  const [location, setLocation] = useState<string | null>(null);
  const [page, setPage] = useState<AvailablePickCarts | null>(null);
  const [state, setState] = useState<GroupingState>(START);
  const [message, setMessage] = useState<Message>(null);
  const [error, setError] = useState<unknown>(null);
  /** When the page shown was read, if it comes from the device because the server could not be reached (ms). */
  const [storedAt, setStoredAt] = useState<number | null>(null);
  const [manual, setManual] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const scanInput = useRef<ScanInputHandle>(null);
  /** The number of the newest list request: an answer to an older one (quick Next clicks) is dropped. */
  const newestLoad = useRef(0);
  /** A move is being sent and the list read again: scans wait for the item the reloaded list shows. */
  const sending = useRef(false);

  // Each page read is kept on the device; without a connection the same request shows it, marked with its time.
  const load = useCallback(async () => {
    const asked = ++newestLoad.current;
    const db = floorDb();
    try {
      const next = await request(api, availablePickCartsEndpoint, { body: { skip, location, capacity } });
      if (asked !== newestLoad.current) return null;
      setPage(next);
      setStoredAt(null);
      setError(null);
      void setMeta(db, 'groupingDesk', {
        at: Date.now(),
        request: { skip, location, capacity },
        page: next,
      }).catch(() => undefined);
      return next;
    } catch (err) {
      if (asked !== newestLoad.current) return null;
      setError(err);
      if (!(err instanceof ApiError && err.status === 0)) return null;
      const stored = await getMeta(db, 'groupingDesk').catch(() => undefined);
      const r = stored?.request;
      if (asked !== newestLoad.current) return null;
      // The page kept for this very request, else none: the location shown before (Next, Previous, a filter tapped)
      // under the new skipped count would say the list moved on when it did not.
      const same = r?.skip === skip && r.location === location && r.capacity === capacity;
      setPage(same ? (stored?.page ?? null) : null);
      setStoredAt(same ? (stored?.at ?? null) : null);
      return null;
    }
  }, [skip, location, capacity]);

  // A reload that finds no network shows the page kept on the device: after a move it must not show the moved line as
  // still waiting (ADR 0142). Written before the reload, which replaces it when it reaches the server.
  const keepMoved = useCallback(async (moved: Parameters<typeof pageAfterMove>[1]) => {
    const db = floorDb();
    try {
      const kept = await getMeta(db, 'groupingDesk');
      if (!kept) return;
      const page = pageAfterMove(kept.page, moved);
      if (page) await setMeta(db, 'groupingDesk', { ...kept, page });
      else await db.meta.delete('groupingDesk');
    } catch {
      // The device's store failing leaves the kept page as it was; the move itself is done.
    }
  }, []);

  useEffect(() => {
    preloadSounds();
    void load();
    setState(START);
    // A refusal belongs to the location it was given at: after Next, Previous, the location or capacity tapped it
    // would tell of a product that is no longer in front ('Laat het op A-01-01 liggen' over A-01-17). A move's
    // confirmation stays: it is still true.
    setMessage((m) => (m?.tone === 'error' ? null : m));
  }, [load]);

  // A list that could not be read (no connection) is read again as soon as the connection is back.
  const online = useOnline();
  const failedOffline = error instanceof ApiError && error.status === 0;
  useEffect(() => {
    if (online && failedOffline) void load();
  }, [online, failedOffline, load]);
  // 'Geen verbinding: …' goes when the connection is back, not to stand under the status bar's 'Online' (ADR 0135).
  useEffect(() => {
    if (online) setMessage((m) => (m?.offline ? null : m));
  }, [online]);

  const item = page?.items[0] ?? null;

  const held = useHeldScans(
    (raw) => void onScan(raw),
    // The render's phase, not only the ref: the render after the move's answer may still show the item in 'sending'.
    () => !sending.current && state.phase !== 'sending',
  );

  async function onScan(raw: string) {
    if (sending.current) return held.hold(raw);
    const event = onGroupingScan(state, item, raw);
    // Without a connection a product is not taken to a cart: the order's cart is the server's to confirm (another
    // device may put the order in another cart meanwhile), so it stays on its location until the connection is back.
    if (
      event.kind === 'state' &&
      event.state.phase === 'destination' &&
      item &&
      (!online || storedAt !== null)
    ) {
      feedback.wrong();
      setMessage({
        tone: 'error',
        text: t('offlineScan', { title: event.state.product.title, location: item.location_name }),
        offline: true,
      });
      return;
    }
    if (event.kind === 'wrong') {
      if (event.reason === 'unknown_format' || event.reason === 'mismatched_ean')
        console.warn(`grouping: ${event.reason}`, raw);
      feedback.wrong();
      const group = state.phase === 'destination' ? state.product.pick_group_location : null;
      setMessage({
        tone: 'error',
        text:
          event.reason === 'wrong_group_location' && group
            ? t('wrongGroup', { name: group.name })
            : state.phase === 'source' && item && isLabelScan(raw)
              ? t('productFirst', { name: item.location_name })
              : t('wrong', { code: raw }),
      });
      setState(refuseDestination(state));
      return;
    }
    const next = event.state;
    setState(next);
    setMessage(null);
    if (next.phase !== 'sending' || !item) {
      feedback.ok();
      return;
    }
    const p = next.product;
    sending.current = true;
    try {
      const result = await request(
        api,
        processProductScanEndpoint,
        {
          body: {
            _id: p._id,
            orderId: p.order_id,
            sourceLocationId: item.location_id,
            productEan: p.ean,
            destinationLocationId: next.destinationId,
            quantity: p.quantity,
            product_id: p.product_id,
          },
        },
        { headers: { 'Idempotency-Key': newId() } },
      );
      feedback.ok();
      // Every line of the order is in this cart now: it can go to packing (spec 1 §4 'picked grouped').
      const moved = { title: p.title, name: result.pick_group_location.name, order: p.order_number };
      setMessage({ tone: 'ok', text: result.picked_grouped ? t('movedComplete', moved) : t('moved', moved) });
      await keepMoved({ lineId: p._id, orderId: p.order_id, group: result.pick_group_location });
      const reloaded = await load();
      const spoken = nextSpoken(reloaded?.items[0] ?? null);
      if (spoken) say(spoken);
      setState(START);
    } catch (err) {
      feedback.wrong();
      if (err instanceof ApiError && err.status === 0) {
        // No connection: the cart scanned may well be right, so the same destination is asked again (not a new one).
        setMessage({ tone: 'error', text: t('offline', { title: p.title }), offline: true });
        setState({ phase: 'destination', product: p, retry: false });
        return;
      }
      if (isProblem(err, processProductScanEndpoint, 'location_inactive')) {
        setMessage({ tone: 'error', text: t('inactive') });
        setState(refuseDestination(next));
        return;
      }
      // A stock bin (or its rack) scanned as the cart, ADR 0142: the product stays chosen, another destination is asked.
      if (isProblem(err, processProductScanEndpoint, 'location_holds_stock')) {
        const name = err.body.issues?.[0]?.values?.value ?? t('thisLocation');
        setMessage({ tone: 'error', text: t('holdsStock', { name }) });
        setState(refuseDestination(next));
        return;
      }
      const stale = isProblem(err, processProductScanEndpoint, 'wrong_group_location')
        ? 'groupedMeanwhile'
        : isProblem(err, processProductScanEndpoint, 'over_pick')
          ? 'notPicked'
          : err instanceof ApiError && err.status === 404
            ? 'notWaiting'
            : null;
      if (!stale) {
        setError(err);
        setState(refuseDestination(next));
        return;
      }
      // The list on the screen was out of date (a colleague grouped or changed the order meanwhile): read it again;
      // the same line, still waiting, asks for its (now known) cart, else the worker starts at the next line.
      setMessage({ tone: 'error', text: t(stale) });
      const reloaded = await load();
      const same = reloaded?.items[0]?.products.find((x) => x._id === p._id);
      setState(same ? { phase: 'destination', product: same, retry: true } : START);
    } finally {
      sending.current = false;
      held.wake();
    }
  }

  const prompt = t(promptOf(state));
  const clock = (at: number) =>
    new Date(at).toLocaleTimeString(i18n.language.startsWith('en') ? 'en-GB' : 'nl-NL', {
      timeStyle: 'short',
    });
  const product = state.phase === 'source' ? null : state.product;
  const total = page?.total ?? 0;

  return (
    <div className="screen grouping-screen">
      <StatusBar
        right={<CloseHeaderButton label={t('close')} onClick={() => navigate(FLOOR_PATHS.menu)} />}
      />
      <ScanBar
        inputRef={scanInput}
        onScan={(raw) => void onScan(raw)}
        manual={manual}
        onToggleManual={() => setManual((m) => !m)}
        onCamera={() => setCameraOpen(true)}
        active={!cameraOpen}
        texts={{
          scanLabel: prompt,
          scanPlaceholder: t(`${promptOf(state)}Short`),
          keyboard: t('keyboard'),
          camera: t('camera'),
        }}
      />
      <main className="gr-main">
        <h1 className="gr-title">{t('title')}</h1>
        <p className="gr-prompt" data-testid="grouping-prompt" aria-live="polite">
          {prompt}
        </p>
        {error ? (
          <ErrorBanner
            error={error}
            messages={{
              '0': storedAt === null ? t('offlineList') : t('offlineStored', { time: clock(storedAt) }),
            }}
          />
        ) : !online && page ? (
          // The connection dropped after the list was read: said at once, not only at the next scan (ADR 0135).
          <p role="alert" data-testid="grouping-offline" className="gr-message gr-error">
            {t('offlineNow')}
          </p>
        ) : null}
        {message ? (
          <p role="status" data-testid="grouping-message" className={`gr-message gr-${message.tone}`}>
            {message.text}
          </p>
        ) : null}
        <fieldset className="gr-capacity">
          <legend>{t('capacity')}</legend>
          <div className="gr-capacity-buttons">
            {CAPACITIES.map((c) => (
              <Button
                key={c}
                size="lg"
                variant={capacity === c ? 'filled' : 'default'}
                aria-pressed={capacity === c}
                onClick={() => {
                  setCapacity(c);
                  setSkip(0);
                }}
              >
                {c}
              </Button>
            ))}
          </div>
        </fieldset>
        {item ? (
          <section className="gr-location" aria-label={t('location')}>
            <p className="gr-label">{t('location')}</p>
            <Button
              className="gr-location-button"
              variant={location ? 'filled' : 'default'}
              size="xl"
              fullWidth
              aria-pressed={location === item.location_id}
              onClick={() => {
                setLocation((sel) => toggleLocation(sel, item.location_id));
                setSkip(0);
              }}
            >
              {item.parent_name ? `${item.parent_name} › ` : ''}
              {item.location_name}
              {location ? ` · ${t('filterOn', { name: item.location_name })}` : ''}
            </Button>
            <ul className="gr-lines">
              {item.products.map((p) => (
                <li
                  key={p._id}
                  data-testid="grouping-line"
                  className={product?._id === p._id ? 'gr-line gr-line-current' : 'gr-line'}
                  aria-current={product?._id === p._id ? 'true' : undefined}
                >
                  <span className="gr-qty">
                    {t('quantity')} {p.quantity}
                  </span>
                  <span className="gr-line-title">{p.title}</span>
                  <span className="gr-line-meta">
                    {t('ean')} {p.ean} · {t('order')} {p.order_number}
                  </span>
                  {p.pick_group_location ? (
                    <span className="gr-grouped">{t('groupedIn', { name: p.pick_group_location.name })}</span>
                  ) : null}
                </li>
              ))}
            </ul>
            {item.more > 0 ? <p className="gr-more">{t('more', { count: item.more })}</p> : null}
          </section>
        ) : page ? (
          <p className="gr-empty">{t('empty')}</p>
        ) : null}
      </main>
      <footer className="gr-pager">
        <Button
          size="lg"
          variant="default"
          data-testid="grouping-previous"
          disabled={skip === 0}
          onClick={() => {
            setSkip((s) => stepSkip(s, -1, total));
          }}
        >
          {t('previous')}
        </Button>
        <span className="gr-skipped">{t('skipped', { count: skip })}</span>
        <Button
          size="lg"
          variant="default"
          data-testid="grouping-next"
          disabled={skip >= total - 1}
          onClick={() => {
            setSkip((s) => stepSkip(s, 1, total));
          }}
        >
          {t('next')}
        </Button>
      </footer>
      {cameraOpen ? (
        <Suspense fallback={null}>
          <CameraScanner
            opened={cameraOpen}
            onClose={() => setCameraOpen(false)}
            onScan={(raw) => {
              setCameraOpen(false);
              void onScan(raw);
            }}
            texts={{
              title: t('camera'),
              hint: prompt,
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
