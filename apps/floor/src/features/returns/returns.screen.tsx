import {
  ApiError,
  fullReturnPart,
  isReturnCondition,
  isReturnSellable,
  locationLabelEndpoint,
  openReturnsEndpoint,
  RETURN_ACTIONS,
  RETURN_CONDITIONS,
  RETURN_REASONS,
  type ReturnItemPart,
  type ReturnUpdateBody,
  request,
  returnFromOrderEndpoint,
  returnOutcome,
  returnSearchEndpoint,
} from '@hoppa/core';
import { Button, Modal, NativeSelect } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TFunction } from 'i18next';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api.ts';
import { useOnline } from '../../app/outbox-status.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { kickOutbox, useRejectedRows } from '../../app/sync.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { RejectedChanges } from '../../components/rejected-changes.tsx';
import { ScanBar } from '../../components/scan-bar.tsx';
import { CloseHeaderButton, StatusBar } from '../../components/status-bar.tsx';
import { TypedKept } from '../../components/typed-kept.tsx';
import { floorDb, forgetTypedWhere, getMeta, keepTyped, type ReturnOp, setMeta } from '../../offline/db.ts';
import { dismissRejected, enqueueReturnChange } from '../../offline/outbox.ts';
import {
  type TypedDrafts,
  type TypedField,
  useTypedDrafts,
  useTypedField,
} from '../../offline/typed-drafts.ts';
import { deviceBeeps } from '../../scan/feedback.ts';
import type { ScanInputHandle } from '../../scan/scan-input.tsx';
import {
  codeName,
  deskShown,
  firstSplit,
  locationText,
  matchesSearch,
  overlayReturn,
  parseReceived,
  type ShownReturn,
  type ShownReturnItem,
  sentPart,
  shownReceived,
  staleReturnTypedKeys,
  withMadeReturn,
  withOpenList,
  withOpenShown,
  withSearchFound,
} from './returns.rules.ts';
import './returns.css';

type T = TFunction<'returns', undefined>;
/** Queues a change of a return; with `typedKey`, removes that field's kept typed value in the same transaction. */
type Queue = (r: ShownReturn, op: ReturnOp, label: string, typedKey?: string) => Promise<void>;

/**
 * The key of a return item's typed value in meta `typedDrafts`: its received count (ADR 0135), its product-state text
 * or its parts' counts (JSON, part index → text as typed; ADR 0136).
 */
function typedKey(returnId: string, itemId: string, field: 'received' | 'state' | 'parts'): string {
  return `return:${returnId}:${itemId}:${field}`;
}
const CameraScanner = lazy(() =>
  import('@hoppa/web/camera-scanner').then((m) => ({ default: m.CameraScanner })),
);
const RELATIVE = {
  nl: new Intl.RelativeTimeFormat('nl-NL', { numeric: 'auto' }),
  en: new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' }),
};
/** Open returns the desk lists at most (one page, newest first). */
const OPEN_PAGE = 50;

/**
 * "3 dagen geleden" for an ISO time in the worker's language (spec 2 §2: the card's footer, relative); "zojuist" /
 * "just now" within the minute, also for a time a little ahead of this device's clock (a return just made read
 * "binnen een minuut", and English cards read Dutch).
 */
export function ago(iso: string, lang: 'nl' | 'en', now = Date.now()): string {
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (minutes > -1) return lang === 'nl' ? 'zojuist' : 'just now';
  const relative = RELATIVE[lang];
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

/**
 * The returns desk (issue 12; spec 2 §2 Returns desk, §4 Returns, §5 Return update): search by return number, track &
 * trace or product barcode (a scan works); when only a shipped order matches, the prompt to create a return from it
 * with a required reason. Each return card lists its items with everything the desk judges; every change is saved at
 * once through the outbox (Idempotency-Key; shown as waiting offline, refused changes listed) and the close button
 * puts the pieces back in stock or in quarantine. The open list and the found returns stay on the device, side by
 * side, for work without network (a search never replaces the open list; ADR 0142).
 */
export function ReturnsScreen() {
  const { t } = useTranslation('returns');
  const navigate = useNavigate();
  const online = useOnline();
  const db = floorDb();
  const [manual, setManual] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // What the last search asked for, named by its error ('Niets gevonden voor …').
  const [searched, setSearched] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  // What 'Ja' in the create-from-order prompt did (ADR 0142: it said nothing).
  const [made, setMade] = useState<string | null>(null);
  const [order, setOrder] = useState<{ id: string; shop_order_id: string; org_name: string } | null>(null);
  const [orderError, setOrderError] = useState<unknown>(null);
  const [creating, setCreating] = useState(false);
  // A search answered from the returns kept on the device, without a connection: the list stays stored as it was and
  // only these are shown, until the next search or 'all open returns' (ADR 0135).
  const [offlineQuery, setOfflineQuery] = useState<string | null>(null);
  const scanInput = useRef<ScanInputHandle>(null);
  // A count typed and not yet left, kept on the device as it is typed (ADR 0135): read once before the cards show,
  // so each field starts from it; kept in a ref, so a keystroke's write re-renders nothing.
  const { typed, typedRead } = useTypedDrafts(db);
  const rejected = useRejectedRows().filter((r) => r.kind === 'return.change');
  const desk = useLiveQuery(async () => {
    const stored = await getMeta(db, 'returnsDesk');
    const rows = (await db.outbox.where('status').equals('pending').toArray()).filter(
      (r) => r.kind === 'return.change',
    );
    return { stored, rows };
  }, [db]);
  // Offline, a search looks through every return kept (the open list and the last search's finds), and stores nothing.
  const shown: ShownReturn[] = (
    offlineQuery === null
      ? deskShown(desk?.stored)
      : (desk?.stored?.returns ?? []).filter((r) => matchesSearch(r, offlineQuery))
  ).map((r) =>
    overlayReturn(
      r,
      (desk?.rows ?? []).flatMap((row) =>
        row.kind === 'return.change' && row.pickId === `return:${r.id}` ? [row.body] : [],
      ),
    ),
  );

  // Typed values kept for an item closed, a return closed, or one no longer open (the whole open list without it) are
  // forgotten: nothing left with Back waits on the device for work that is done (ADR 0136). A return only out of
  // the current search keeps them, for when it is opened again.
  const stored = desk?.stored;
  useEffect(() => {
    if (!typedRead || !stored) return;
    void forgetTypedWhere(db, (keys) => staleReturnTypedKeys(keys, stored))
      .then((gone) => {
        for (const k of gone) delete typed.current?.[k];
      })
      .catch(() => undefined);
  }, [db, typedRead, stored, typed]);

  // The default list (spec 2 §2: the return cards and the count box before any search): the open returns, newest
  // first, one page, kept on the device beside a search's finds (ADR 0142). The list kept shows at once, and is what
  // the worker has without network.
  const showOpen = useCallback(async () => {
    setError(null);
    setNotice(null);
    setMade(null);
    setOrder(null);
    const kept = await db.transaction('rw', [db.meta], async () => {
      const before = await getMeta(db, 'returnsDesk');
      const back = withOpenShown(before);
      if (back && before?.query !== '') await setMeta(db, 'returnsDesk', back);
      return back !== null;
    });
    const started = Date.now();
    try {
      const page = await request(api, openReturnsEndpoint, { query: { skip: 0, limit: OPEN_PAGE } });
      await db.transaction('rw', [db.meta], async () => {
        // A search made while the list was on its way wins.
        const now = await getMeta(db, 'returnsDesk');
        if (now && now.query !== '' && now.at >= started) return;
        // A change sent while the list was on its way keeps its answer (withDownloadedReturns).
        await setMeta(db, 'returnsDesk', withOpenList(now, page, started, Date.now()));
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) setNotice(kept ? t('offlineOpen') : t('offline'));
      else setError(err);
    }
  }, [db, t]);
  const storedQuery = desk?.stored?.query;
  const deskRead = desk !== undefined;
  // Once per time the desk is online (opening, coming back): a search the worker made stays until they leave it.
  const listedOnline = useRef(false);
  useEffect(() => {
    if (!deskRead || !online) {
      listedOnline.current = false;
      return;
    }
    if (listedOnline.current) return;
    listedOnline.current = true;
    if (storedQuery === undefined || storedQuery === '') void showOpen();
  }, [deskRead, online, storedQuery, showOpen]);
  const listing = (desk?.stored?.query ?? '') === '' && offlineQuery === null;

  async function search(raw: string) {
    const q = raw.trim();
    if (!q) return;
    setError(null);
    setSearched(q);
    setNotice(null);
    setMade(null);
    setOrder(null);
    const started = Date.now();
    try {
      const found = await request(api, returnSearchEndpoint, { params: { id: q } });
      setOfflineQuery(null);
      deviceBeeps.ok();
      // The finds are kept beside the open list, never instead of it (ADR 0142); an order alone finds none.
      await db.transaction('rw', [db.meta], async () => {
        const before = await getMeta(db, 'returnsDesk');
        const returns = found.status === 'found' ? found.returns : [];
        await setMeta(db, 'returnsDesk', withSearchFound(before, q, returns, started, Date.now()));
      });
      if (found.status === 'order_found') {
        setOrderError(null);
        setOrder(found.order);
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) {
        // No connection: the returns kept on the device (the open list and the last search) answer what they can.
        const kept = (await getMeta(db, 'returnsDesk'))?.returns ?? [];
        if (kept.some((r) => matchesSearch(r, q))) {
          deviceBeeps.ok();
          setOfflineQuery(q);
          setNotice(t('offlineFound'));
          return;
        }
      }
      // Not found (404, or offline not on the device) sounds wrong and shows as the red alert, as every error does.
      deviceBeeps.wrong();
      setError(err);
    }
  }

  /**
   * 'Ja' in the prompt: the return is made on the server (it is not queued: without network the prompt stays open and
   * says so), added to the open list kept on the device and shown, and what happened is said (ADR 0142).
   */
  async function createFromOrder(reason: string) {
    if (!order || creating) return;
    setOrderError(null);
    setCreating(true);
    const started = Date.now();
    try {
      const r = await request(api, returnFromOrderEndpoint, {
        body: { orderId: order.id, reason_code: reason as (typeof RETURN_REASONS)[number]['code'] },
      });
      await db.transaction('rw', [db.meta], async () => {
        const before = await getMeta(db, 'returnsDesk');
        await setMeta(db, 'returnsDesk', withMadeReturn(before, r, started, Date.now()));
      });
      setOfflineQuery(null);
      setOrder(null);
      setMade(t('fromOrderMade', { number: r.return_number, order: order.shop_order_id }));
    } catch (err) {
      setOrderError(err);
    } finally {
      setCreating(false);
    }
  }

  async function queue(r: ShownReturn, op: ReturnOp, label: string, typedKey?: string) {
    // Queued and the typed value removed in one transaction: a reload after it never offers the value to save again.
    await db.transaction('rw', db.outbox, db.meta, async () => {
      await enqueueReturnChange(db, r.id, op, label);
      if (typedKey) await keepTyped(db, typedKey, null);
    });
    kickOutbox();
  }

  return (
    <div className="screen returns-screen">
      <StatusBar
        right={<CloseHeaderButton label={t('leave')} onClick={() => navigate(FLOOR_PATHS.menu)} />}
      />
      <ScanBar
        inputRef={scanInput}
        onScan={(raw) => void search(raw)}
        manual={manual}
        onToggleManual={() => setManual((m) => !m)}
        onCamera={() => setCameraOpen(true)}
        active={order === null && !cameraOpen}
        texts={{
          scanLabel: t('search'),
          scanPlaceholder: t('searchShort'),
          keyboard: t('keyboard'),
          camera: t('camera'),
        }}
      />
      <main className="ret-main">
        <div className="ret-head">
          <h1>{t('title')}</h1>
          {/* Offline, no count before the device has a list: '0 open returns' would say there are none (ADR 0135). */}
          {desk?.stored || online ? (
            <span className="ret-count" data-testid="returns-count">
              {listing
                ? t('openCount', { count: desk?.stored?.total ?? shown.length })
                : t('count', { count: shown.length })}
            </span>
          ) : null}
        </div>
        {listing ? (
          <p className="ret-hint">{t('openHint')}</p>
        ) : (
          <Button
            variant="subtle"
            size="lg"
            onClick={() => {
              // Also when the connection came back meanwhile: the desk keeps a search made offline until asked.
              setOfflineQuery(null);
              void showOpen();
            }}
            data-testid="returns-show-open"
          >
            {t('showOpen')}
          </Button>
        )}
        {desk && !desk.stored && !online ? (
          <p className="ret-notice" role="status" data-testid="returns-not-downloaded">
            {t('notDownloaded')}
          </p>
        ) : null}
        {notice ? (
          <p className="ret-notice" role="status" data-testid="returns-notice">
            {notice}
          </p>
        ) : null}
        {made ? (
          <p className="ret-made" role="status" data-testid="returns-made">
            {made}
          </p>
        ) : null}
        <ErrorBanner
          error={error}
          messages={{ 404: t('notFound', { q: searched }), 0: t('offlineMissing', { q: searched }) }}
        />
        <RejectedChanges
          rows={rejected}
          onDismiss={(id) => void dismissRejected(db, id)}
          texts={{ title: t('rejectedTitle', { count: rejected.length }), dismiss: t('dismiss') }}
        />
        {shown.length === 0 && !notice && desk?.stored ? (
          <p className="ret-empty">{listing ? t('noOpen') : t('empty')}</p>
        ) : null}
        {typedRead
          ? shown.map((r) => (
              <ReturnCard key={r.id} r={r} queue={queue} typed={typed} online={online} t={t} />
            ))
          : null}
      </main>
      {cameraOpen ? (
        <Suspense fallback={null}>
          <CameraScanner
            opened={cameraOpen}
            onClose={() => setCameraOpen(false)}
            onScan={(raw) => {
              setCameraOpen(false);
              void search(raw);
            }}
            texts={{
              title: t('camera'),
              hint: t('search'),
              close: t('leave'),
              failed: t('cameraFailed'),
              torch: t('torch'),
            }}
          />
        </Suspense>
      ) : null}
      <FromOrderPrompt
        order={order}
        error={orderError}
        busy={creating}
        onYes={(reason) => void createFromOrder(reason)}
        onNo={() => {
          setOrder(null);
          setOrderError(null);
        }}
        t={t}
      />
    </div>
  );
}

/**
 * The prompt of spec 2 §2 when only an order matches: a reason is required before yes. A failed 'Ja' is said in the
 * prompt itself (behind it the worker would not see it): without network, that the return was not made.
 */
function FromOrderPrompt({
  order,
  error,
  busy,
  onYes,
  onNo,
  t,
}: {
  order: { shop_order_id: string; org_name: string } | null;
  error: unknown;
  busy: boolean;
  onYes(reason: string): void;
  onNo(): void;
  t: T;
}) {
  const [reason, setReason] = useState('');
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage?.startsWith('nl') ? 'nl' : 'en';
  return (
    <Modal opened={order !== null} onClose={onNo} title={t('fromOrderTitle')} centered>
      <p data-testid="from-order-question">{t('fromOrderQuestion')}</p>
      <p>{order ? t('fromOrderOrder', { order: order.shop_order_id, org: order.org_name }) : null}</p>
      <NativeSelect
        size="lg"
        label={t('reason')}
        value={reason}
        data={[{ value: '', label: '—' }, ...RETURN_REASONS.map((r) => ({ value: r.code, label: r[lang] }))]}
        onChange={(e) => setReason(e.currentTarget.value)}
        // Guidance until a reason is chosen ('Ja' waits for it), not a red error before anything was done.
        description={reason ? undefined : t('reasonMissing')}
      />
      <ErrorBanner
        error={error}
        messages={{
          0: t('fromOrderOffline'),
          not_shipped: t('fromOrderNotShipped'),
          return_quantity: t('fromOrderReturned'),
        }}
      />
      <div className="ret-prompt-actions">
        <Button size="lg" variant="default" onClick={onNo}>
          {t('no')}
        </Button>
        <Button size="lg" disabled={!reason} loading={busy} onClick={() => onYes(reason)}>
          {t('yes')}
        </Button>
      </div>
    </Modal>
  );
}

/** One return card (spec 2 §2): platform and closed badges, its items, the footer. */
function ReturnCard({
  r,
  queue,
  typed,
  online,
  t,
}: {
  r: ShownReturn;
  queue: Queue;
  typed: TypedDrafts;
  online: boolean;
  t: T;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage?.startsWith('nl') ? 'nl' : 'en';
  return (
    <section
      className={`ret-card${r.closed_at ? ' ret-card-closed' : ''}`}
      data-testid="return-card"
      aria-label={r.return_number}
    >
      <div className="ret-badges">
        <span className="ret-badge" data-testid="return-platform">
          {codeName(r.platform, lang)}
        </span>
        <strong className="ret-number">{r.return_number}</strong>
        {r.closed_at ? <span className="ret-badge ret-badge-closed">{t('closed')}</span> : null}
      </div>
      {r.items.map((item) => (
        <ReturnItemRow key={item.id} r={r} item={item} queue={queue} typed={typed} online={online} t={t} />
      ))}
      <footer className="ret-footer">
        {/* spec 2 §2: org name, the return's id as people know it (its number, not the database id), registered */}
        {r.org_name} · {r.return_number} · {t('registered', { when: ago(r.registered_at, lang) })}
      </footer>
    </section>
  );
}

function ReturnItemRow({
  r,
  item,
  queue,
  typed,
  online,
  t,
}: {
  r: ShownReturn;
  item: ShownReturnItem;
  queue: Queue;
  typed: TypedDrafts;
  online: boolean;
  t: T;
}) {
  const done = Boolean(item.fulfilled_at) || item.closing;
  const split = item.parts.length > 0;
  // The close button fulfils this item only (spec 2 §4); it closes the return when no other item is open, and says
  // so only then: on each item of a return with more open it read 'Retour sluiten' (ADR 0142).
  const closesReturn = r.items.every((o) => o.id === item.id || o.fulfilled_at || o.closing);
  const [receivedError, setReceivedError] = useState(false);
  const save = (fields: Omit<ReturnUpdateBody, 'return_id' | 'ean'>, typedKey?: string) =>
    void queue(
      r,
      { op: 'update', body: { return_id: r.id, ean: item.ean, ...fields } },
      `${r.return_number} · ${item.title}`,
      typedKey,
    );
  /** The field's value is not saved (unchanged): the kept text goes, nothing is sent. */
  const drop = (field: TypedField) => {
    field.forget();
    void keepTyped(floorDb(), field.key, null).catch(() => undefined);
  };
  // The received count as typed is kept on the device while it is typed (ADR 0135) and sent when the field is left
  // or the item closed, once: `sent` remembers the count queued for the received quantity it was typed over.
  const receivedField = useTypedField(typedKey(r.id, item.id, 'received'), typed);
  const received = useRef<HTMLInputElement>(null);
  const sent = useRef<{ over: number | null; n: number } | null>(null);
  /** Saves the typed count if it changed; false when it is no count (the worker corrects it first). */
  function commitReceived(field: HTMLInputElement | null): boolean {
    if (!field || field.disabled) return true;
    const n = parseReceived(field.value);
    setReceivedError(n === null);
    // A count that cannot be saved stays kept on the device as typed, for the worker to correct.
    if (n === null) {
      void receivedField.writer.flush();
      return false;
    }
    const repeat = sent.current?.over === item.received_quantity && sent.current.n === n;
    if (n !== item.received_quantity && !repeat) {
      receivedField.forget();
      sent.current = { over: item.received_quantity, n };
      save({ received_quantity: n }, receivedField.key);
    } else drop(receivedField);
    return true;
  }
  // The product-state text and the parts' counts likewise, kept while typed and sent once when left, the item
  // closed, a quick state picked or the parts changed (ADR 0136).
  const stateField = useTypedField(typedKey(r.id, item.id, 'state'), typed);
  const stateArea = useRef<HTMLTextAreaElement>(null);
  function commitState(field: HTMLTextAreaElement | null) {
    if (!field || field.disabled) return;
    // A quick state shows as its word in the UI language; that word (unchanged or typed) is kept as its code.
    const value = RETURN_CONDITIONS.find((c) => t(c) === field.value) ?? field.value;
    if (value !== (item.product_state ?? '')) {
      stateField.forget();
      save({ product_state: value }, stateField.key);
    } else drop(stateField);
  }
  const partsField = useTypedField(typedKey(r.id, item.id, 'parts'), typed);
  const partCounts = useRef<Record<string, string> | null>(null);
  partCounts.current ??= keptPartCounts(partsField.kept);
  /**
   * Saves the parts as `next` makes them of the parts as shown (each count typed and valid taken over), and forgets
   * the typed counts in the same transaction; nothing is sent when that changes nothing.
   */
  function saveParts(next: (shown: ReturnItemPart[]) => ReturnItemPart[]) {
    const counts = partCounts.current ?? {};
    const shown = item.parts.map((p, i) => {
      const n = parseReceived(counts[i] ?? '');
      return n !== null && n >= 1 ? { ...p, quantity: n } : p;
    });
    const parts = next(shown);
    partCounts.current = {};
    const same =
      parts.length === item.parts.length &&
      parts.every((p, i) => JSON.stringify(p) === JSON.stringify(item.parts[i]));
    if (same) drop(partsField);
    else {
      partsField.forget();
      save({ parts: parts.map(sentPart) }, partsField.key);
    }
  }
  const reason = RETURN_REASONS.find((x) => x.code === r.reason);
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage?.startsWith('nl') ? 'nl' : 'en';
  /** The state as the text area shows it: a quick state's code ('good') as its word ('Goed'), free text as typed. */
  const stateText = (state: string | null) => (isReturnCondition(state) ? t(state) : (state ?? ''));
  return (
    <article className="ret-item" data-testid="return-item" data-ean={item.ean} data-pending={item.pending}>
      <div className="ret-location">
        {/* Each location code keeps together: the line breaks between the parent and the location only (ADR 0135). */}
        <span data-testid="return-location">
          {locationText(item.location, t('unknownLocation'))
            .split(' - ')
            .map((code, i) => (
              <span key={code}>
                {i > 0 ? ' - ' : ''}
                <span className="nowrap">{code}</span>
              </span>
            ))}
        </span>
        {item.location ? (
          <Button
            size="lg"
            variant="default"
            disabled={!online}
            onClick={() => {
              const tab = window.open('', '_blank');
              void request(api, locationLabelEndpoint, { body: { location_id: item.location?.id as string } })
                .then((blob) => {
                  if (tab) tab.location.href = URL.createObjectURL(blob);
                })
                .catch(() => tab?.close());
            }}
          >
            {t('printLabel')}
          </Button>
        ) : null}
      </div>
      <h2 className="ret-title">{item.title}</h2>
      <dl className="ret-facts">
        <dt>{t('ean')}</dt>
        <dd>{item.ean}</dd>
        <dt>{t('trackTrace')}</dt>
        <dd>{r.tracking_number}</dd>
        <dt>{t('carrier')}</dt>
        <dd data-testid="return-carrier">{codeName(r.carrier, lang)}</dd>
        {item.return_instruction ? (
          <>
            <dt>{t('instruction')}</dt>
            <dd className="ret-instruction" data-testid="return-instruction">
              {item.return_instruction}
            </dd>
          </>
        ) : null}
        <dt>{t('customerReason')}</dt>
        <dd>{reason ? reason[lang] : r.reason}</dd>
        {r.customer_comments ? (
          <>
            <dt>{t('comments')}</dt>
            <dd>{r.customer_comments}</dd>
          </>
        ) : null}
        <dt>{t('expected')}</dt>
        <dd data-testid="return-expected">{item.expected_quantity}</dd>
      </dl>
      <label className="ret-field">
        <span>{t('received')}</span>
        <input
          key={`${item.id}:${shownReceived(item)}`}
          ref={received}
          type="text"
          inputMode="numeric"
          data-testid="return-received"
          defaultValue={receivedField.kept ?? String(shownReceived(item))}
          disabled={done || split}
          onChange={(e) => receivedField.writer.change(e.currentTarget.value)}
          onBlur={(e) => commitReceived(e.currentTarget)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
          }}
        />
      </label>
      <TypedKept shown={receivedField.unsent && !done && !split} />
      {receivedError ? <p className="ret-error">{t('badReceived')}</p> : null}
      {!done && !receivedError && shownReceived(item) > item.expected_quantity ? (
        // More back than the return announced (a customer's extra piece, a miscount): said, not refused, so the
        // worker looks again before the item is closed and booked into stock; once closed there is nothing to recount.
        <p className="ret-warning" data-testid="return-above-expected" role="status">
          {t('aboveExpected', { received: shownReceived(item), expected: item.expected_quantity })}
        </p>
      ) : null}
      {split ? (
        <ReturnParts
          parts={item.parts}
          done={done}
          onChange={(edit) => saveParts(edit)}
          counts={partCounts}
          onType={(counts) => partsField.writer.change(JSON.stringify(counts))}
          unsent={partsField.unsent && !done}
          t={t}
        />
      ) : (
        <>
          {!done && shownReceived(item) >= 2 ? (
            <Button
              size="lg"
              variant="default"
              data-testid="return-split"
              onClick={() => save({ parts: firstSplit(item) })}
            >
              {t('splitStart')}
            </Button>
          ) : null}
          <label className="ret-field ret-field-wide">
            <span>{t('state')}</span>
            <textarea
              key={`${item.id}:${item.product_state ?? ''}`}
              ref={stateArea}
              data-testid="return-state"
              defaultValue={stateField.kept ?? stateText(item.product_state)}
              disabled={done}
              maxLength={500}
              onChange={(e) => stateField.writer.change(e.currentTarget.value)}
              onBlur={(e) => commitState(e.currentTarget)}
            />
          </label>
          <TypedKept shown={stateField.unsent && !done} />
          <ConditionButtons
            value={item.product_state}
            disabled={done}
            onPick={(c) => {
              // The state picked replaces any text typed for it: sent once, the kept text forgotten with it.
              stateField.forget();
              save({ product_state: c }, stateField.key);
            }}
            t={t}
          />
          <div className="ret-checks">
            {(['damaged_package', 'damaged_product', 'damaged_product_package'] as const).map((k) => (
              <label key={k} className="ret-check">
                <input
                  type="checkbox"
                  checked={item[k]}
                  disabled={done}
                  onChange={(e) => save({ [k]: e.currentTarget.checked })}
                />
                {t(k)}
              </label>
            ))}
          </div>
          <ActionSelect
            value={item.return_action}
            disabled={done}
            onPick={(a) => save({ return_action: a })}
            t={t}
          />
        </>
      )}
      <div className="ret-close">
        {item.pending ? <span className="ret-pending">{t('pending')}</span> : null}
        {item.fulfilled_at ? (
          <strong data-testid="return-item-done">
            {t('itemClosed')} · {outcomeText(item, t)}
          </strong>
        ) : (
          <Button
            size="lg"
            color="green"
            disabled={done}
            data-testid="return-close"
            onClick={() => {
              // A count, state or part counts kept from before a reload and not yet left are saved first (queued
              // before the close).
              if (!commitReceived(received.current)) return;
              commitState(stateArea.current);
              if (split && Object.keys(partCounts.current ?? {}).length > 0) saveParts((shown) => shown);
              void queue(
                r,
                { op: 'fulfill', return_id: r.id, ean: item.ean },
                `${r.return_number} · ${item.title}`,
              );
            }}
          >
            {closesReturn ? t('close') : t('closeItem')}
          </Button>
        )}
      </div>
    </article>
  );
}

/**
 * Where a closed line's pieces went, in words: nothing received, all back in stock, all in quarantine, or both with
 * their numbers (a line judged in parts).
 */
function outcomeText(item: ShownReturnItem, t: T): string {
  const o = returnOutcome(item);
  if (o.restocked === 0 && o.quarantined === 0) return t('nothingReceived');
  if (o.quarantined === 0) return t('restocked');
  if (o.restocked === 0) return t('quarantined');
  return t('splitOutcome', { restocked: o.restocked, quarantined: o.quarantined });
}

/** A part's judgement in a word for the summary: 'beschadigd', the quick state ('goed'), free text, or 'niet beoordeeld'. */
function partWord(p: ReturnItemPart, t: T): string {
  if (p.damaged_product || p.damaged_product_package) return t('partDamaged');
  if (isReturnCondition(p.product_state)) return t(p.product_state).toLocaleLowerCase();
  return p.product_state?.trim() || t('partUnjudged');
}

/** The quick product states (spec 2 §2 Returns desk) as large buttons, the chosen one filled: a line's or a part's. */
function ConditionButtons({
  value,
  disabled,
  onPick,
  t,
}: {
  value: string | null | undefined;
  disabled: boolean;
  onPick(condition: (typeof RETURN_CONDITIONS)[number]): void;
  t: T;
}) {
  return (
    <div className="ret-quick">
      {RETURN_CONDITIONS.map((c) => (
        <Button
          key={c}
          size="lg"
          px="xs"
          variant={value === c ? 'filled' : 'default'}
          disabled={disabled}
          onClick={() => onPick(c)}
        >
          {t(c)}
        </Button>
      ))}
    </div>
  );
}

/** What happens to a line or a part (core RETURN_ACTIONS), as a large select in the UI language. */
function ActionSelect({
  value,
  disabled,
  onPick,
  t,
}: {
  value: string;
  disabled: boolean;
  onPick(action: (typeof RETURN_ACTIONS)[number]): void;
  t: T;
}) {
  return (
    <NativeSelect
      size="lg"
      label={t('action')}
      value={value}
      disabled={disabled}
      data={RETURN_ACTIONS.map((a) => ({ value: a, label: t(`action_${a}`) }))}
      onChange={(e) => onPick(e.currentTarget.value as (typeof RETURN_ACTIONS)[number])}
    />
  );
}

/**
 * A line judged in parts (the pieces of one EAN apart: '2 ontvangen: 1 goed, 1 beschadigd'): per part its number of
 * pieces (one more or less, large buttons for a handheld), its state, product damage and action, and where it goes on
 * close; parts can be added, removed, or the split ended. Each change saves the whole list at once (`POST /returns`
 * parts, through the outbox).
 */
function ReturnParts({
  parts,
  done,
  onChange,
  counts,
  onType,
  unsent,
  t,
}: {
  parts: readonly ReturnItemPart[];
  done: boolean;
  /** Saves the parts `edit` makes of the parts as shown (a count typed and not yet left taken over). */
  onChange(edit: (shown: ReturnItemPart[]) => ReturnItemPart[]): void;
  /** The parts' counts as typed and not yet saved (part index → text), kept on the device (ADR 0136). */
  counts: RefObject<Record<string, string> | null>;
  onType(counts: Record<string, string>): void;
  /** A typed count is kept on the device and not yet sent. */
  unsent: boolean;
  t: T;
}) {
  const received = parts.reduce((n, p) => n + p.quantity, 0);
  const change = (index: number, fields: Partial<ReturnItemPart>) =>
    onChange((shown) => shown.map((p, i) => (i === index ? { ...p, ...fields } : p)));
  return (
    <div className="ret-parts">
      <p className="ret-split-summary" data-testid="return-split-summary">
        {t('splitSummary', {
          received,
          parts: parts.map((p) => `${p.quantity} ${partWord(p, t)}`).join(', '),
        })}
      </p>
      {done
        ? null
        : parts.map((p, i) => (
            <section
              // biome-ignore lint/suspicious/noArrayIndexKey: a part has no id; its place in the list is what the desk edits
              key={i}
              className="ret-part"
              data-testid="return-part"
              aria-label={t('part', { n: i + 1 })}
            >
              <div className="ret-part-head">
                <div className="ret-stepper">
                  <Button
                    size="lg"
                    variant="default"
                    aria-label={t('partLess')}
                    disabled={done || p.quantity <= 1}
                    onClick={() => change(i, { quantity: p.quantity - 1 })}
                  >
                    −
                  </Button>
                  <input
                    // biome-ignore lint/suspicious/noArrayIndexKey: the part's place and count: a new count redraws the field
                    key={`${i}:${p.quantity}`}
                    className="ret-part-qty"
                    type="text"
                    inputMode="numeric"
                    aria-label={t('partPieces')}
                    data-testid="return-part-quantity"
                    defaultValue={counts.current?.[i] ?? String(p.quantity)}
                    disabled={done}
                    onChange={(e) => {
                      const typed = { ...counts.current, [i]: e.currentTarget.value };
                      counts.current = typed;
                      onType(typed);
                    }}
                    onBlur={(e) => {
                      const n = parseReceived(e.currentTarget.value);
                      if (n !== null && n >= 1) {
                        change(i, { quantity: n });
                        return;
                      }
                      // No count: the part's own comes back; the other parts' typed counts stay kept.
                      e.currentTarget.value = String(p.quantity);
                      const { [i]: _gone, ...rest } = counts.current ?? {};
                      counts.current = rest;
                      onType(rest);
                    }}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') e.currentTarget.blur();
                    }}
                  />
                  <Button
                    size="lg"
                    variant="default"
                    aria-label={t('partMore')}
                    disabled={done}
                    onClick={() => change(i, { quantity: p.quantity + 1 })}
                  >
                    +
                  </Button>
                </div>
                <span
                  className={`ret-part-outcome${isReturnSellable(p) ? '' : ' ret-part-outcome-bad'}`}
                  data-testid="return-part-outcome"
                >
                  {isReturnSellable(p) ? t('restocked') : t('quarantined')}
                </span>
              </div>
              <ConditionButtons
                value={p.product_state}
                disabled={done}
                onPick={(c) => change(i, { product_state: c })}
                t={t}
              />
              <label className="ret-check">
                <input
                  type="checkbox"
                  checked={p.damaged_product}
                  disabled={done}
                  onChange={(e) => change(i, { damaged_product: e.currentTarget.checked })}
                />
                {t('damaged_product')}
              </label>
              <ActionSelect
                value={p.return_action}
                disabled={done}
                onPick={(a) => change(i, { return_action: a })}
                t={t}
              />
              {!done && parts.length > 1 ? (
                <Button
                  size="lg"
                  variant="subtle"
                  color="red"
                  onClick={() => onChange((shown) => shown.filter((_, j) => j !== i))}
                >
                  {t('partRemove')}
                </Button>
              ) : null}
            </section>
          ))}
      <TypedKept shown={unsent} />
      {done ? null : (
        <div className="ret-part-actions">
          <Button
            size="lg"
            variant="default"
            onClick={() =>
              onChange((shown) => [...shown, fullReturnPart({ quantity: 1, product_state: 'good' })])
            }
          >
            {t('partAdd')}
          </Button>
          <Button size="lg" variant="subtle" onClick={() => onChange(() => [])}>
            {t('splitEnd')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The parts' counts kept on the device (JSON in meta `typedDrafts`: part index → text), or none when unreadable. */
function keptPartCounts(kept: string | undefined): Record<string, string> {
  if (!kept) return {};
  try {
    const v = JSON.parse(kept) as unknown;
    if (!v || typeof v !== 'object') return {};
    return Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string'));
  } catch {
    return {};
  }
}
