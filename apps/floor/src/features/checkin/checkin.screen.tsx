import {
  ApiError,
  clearReservedLocationsEndpoint,
  deleteReservedLocationEndpoint,
  findLocationsEndpoint,
  formatDate,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  type InboundItem,
  inboundEndpoint,
  locationReservation,
  pendingInboundsWithItemsEndpoint,
  request,
  reservedTextOptions,
} from '@hoppa/core';
import { locationTypeName } from '@hoppa/web';
import { Button, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api.ts';
import { useOnline } from '../../app/outbox-status.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { kickOutbox, useRefusedWhileWaiting, useRejectedRows } from '../../app/sync.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { RejectedChanges, rejectionText } from '../../components/rejected-changes.tsx';
import { ScanBar } from '../../components/scan-bar.tsx';
import { CloseHeaderButton, StatusBar } from '../../components/status-bar.tsx';
import { TypedKept } from '../../components/typed-kept.tsx';
import {
  floorDb,
  forgetTypedWhere,
  getMeta,
  type InboundOp,
  keepTyped,
  type MetaValues,
  setMeta,
} from '../../offline/db.ts';
import {
  findLocationByName,
  scannedLocation,
  scannedLocationName,
  storedLocationName,
} from '../../offline/location-names.ts';
import {
  dismissRejected,
  enqueueInboundChange,
  withDownloadedInbounds,
  withFetchedInbound,
  withInboundItem,
} from '../../offline/outbox.ts';
import { refreshProduct } from '../../offline/products.ts';
import {
  type TypedDrafts,
  type TypedField,
  useTypedDrafts,
  useTypedField,
} from '../../offline/typed-drafts.ts';
import { deviceBeeps } from '../../scan/feedback.ts';
import type { ScanInputHandle } from '../../scan/scan-input.tsx';
import { speak } from '../../scan/speech.ts';
import {
  amsterdamDay,
  classifyListScan,
  classifyLocationScan,
  defaultPlaceAmount,
  inboundLocationByName,
  inboundLocationName,
  overlayInbound,
  parseCount,
  parseEuroCents,
  productCodeScan,
  type ShownInbound,
  type ShownInboundItem,
  sortForDock,
  staleInboundTypedKeys,
  stepAmount,
  storedReservation,
  temporaryPlaceId,
} from './checkin.rules.ts';
import './checkin.css';

type T = TFunction<'checkin', undefined>;
/** Queues a change of an inbound; with `typedKey`, removes that field's kept typed value in the same transaction. */
type Queue = (target: ShownInbound, op: InboundOp, label: string, typedKey?: string) => Promise<void>;

const CameraScanner = lazy(() =>
  import('@hoppa/web/camera-scanner').then((m) => ({ default: m.CameraScanner })),
);
const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
/** Inbounds the task downloads at most: one page, soonest expected first (docs/architecture.md, floor work windows). */
const CHECKIN_WINDOW = 100;

async function storeItem(item: InboundItem) {
  const db = floorDb();
  const desk = await getMeta(db, 'checkinDesk');
  if (desk) await setMeta(db, 'checkinDesk', withInboundItem(desk, item));
}

/**
 * The check-in task (issue 10; spec 2 §2 Inbound lists 'scan QR', Inbound item detail, §4 Inbound, §5): the dock's
 * list of pending inbounds (today's first), stored on the device; scanning an inbound's QR label (or typing its
 * number, or scanning a product) opens it; an item shows expected, delivered and in-transit counts, the location
 * finder (reserve, drop one or all), placing counted pieces by scanning a location label (a reserved one when there
 * are any; amounts in steps of packed per, or a manual amount), extra work with its euro total, damage photos, notes,
 * batch, expiry and package closed, and Confirm. Counting, placing, extra work, notes and Confirm queue in the outbox
 * (Idempotency-Key) and work offline; finding locations and photos need the network.
 */
export function CheckinScreen() {
  const { t } = useTranslation('checkin');
  /** A 409 `location_reserved` (a failed call or a refused queued placement) naming the bin and what it is kept for. */
  const reservedText = (refusal: unknown) =>
    t('reservedRejected', reservedTextOptions(locationReservation(refusal)));
  const navigate = useNavigate();
  const online = useOnline();
  const db = floorDb();
  const [params, setParams] = useSearchParams();
  const inboundId = params.get('inbound');
  const itemId = params.get('item');
  const [manual, setManual] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<{ text: string; bad: boolean } | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const scanInput = useRef<ScanInputHandle>(null);
  // Notes and extra work typed and not yet saved, kept on the device as they are typed (ADR 0135): read once before
  // an item shows, so its fields start from them; kept in a ref, so a keystroke's write re-renders nothing.
  const { typed, typedRead } = useTypedDrafts(db);
  const rejected = useRejectedRows().filter((r) => r.kind === 'inbound.change');
  const desk = useLiveQuery(async () => {
    const stored = await getMeta(db, 'checkinDesk');
    const waiting = (await db.outbox.where('status').equals('pending').toArray()).flatMap((r) =>
      r.kind === 'inbound.change' ? [r] : [],
    );
    return { stored, rows: waiting.map((r) => r.body), waitingIds: waiting.map((r) => r.id) };
  }, [db]);
  const ops = desk?.rows ?? [];
  // A change confirmed with the ok sound when it was queued ('20 stuks op B-15-23') and refused when it was sent gets
  // the wrong-scan buzz once, and the line that confirmed it goes: the refused list says it was not done (ADR 0142).
  // Only rows this screen saw waiting: rows refused before it opened are listed without a sound.
  useRefusedWhileWaiting(desk?.waitingIds, rejected, () => {
    deviceBeeps.wrong();
    setNotice((n) => (n && !n.bad ? null : n));
  });
  const shown = sortForDock(
    (desk?.stored?.inbounds ?? []).map((ib) => overlayInbound(ib, ops)),
    amsterdamDay(),
  );
  const inbound = shown.find((ib) => ib.id === inboundId) ?? null;
  const item = inbound?.items.find((it) => it.id === itemId) ?? null;
  // The amount to place, chosen (typed or stepped) and not yet placed, kept on the device until a placement takes
  // it (ADR 0136): a reload gives it back instead of the default.
  const amountField = useTypedField(`inbound:${itemId ?? ''}:amount`, typed);
  const keptAmount = () => parseCount(typed.current?.[amountField.key] ?? '');
  const chooseAmount = (n: number) => {
    setAmount(n);
    amountField.writer.change(String(n));
  };
  // 'Ander aantal' emptied is no other amount: the amount chosen here stays kept, or nothing is (ADR 0136).
  const amountEmptied = () => {
    if (amount !== null) amountField.writer.change(String(amount));
    else void amountField.clear();
  };

  // Typed values kept for an item confirmed or an inbound checked in are forgotten (ADR 0136): nothing left with Back
  // waits on the device for work that is done. (An inbound no longer pending at all is seen by the download.)
  const storedInbounds = desk?.stored?.inbounds;
  useEffect(() => {
    if (!typedRead || !storedInbounds) return;
    void forgetTypedWhere(db, (keys) => staleInboundTypedKeys(keys, storedInbounds, false))
      .then((gone) => {
        for (const k of gone) delete typed.current?.[k];
      })
      .catch(() => undefined);
  }, [db, typedRead, storedInbounds, typed]);

  // The products of an inbound opened with a connection: their own locations read once and kept on the device (Dexie
  // `products`), so a product's bin scanned later without a connection is named ('12 stuks op D-20-19'), not 'the
  // scanned location' (ADR 0135). Pending items only; a failed read changes nothing (the server names it later). Read
  // one at a time in the background: a large inbound's burst would queue the worker's own calls behind it (a browser
  // keeps six connections to a host); leaving the inbound or losing the connection stops the rest.
  const toRead = [
    ...new Set((inbound?.items ?? []).filter((it) => it.status === 'pending').map((it) => it.product.id)),
  ].join(',');
  const productsRead = useRef(new Set<string>());
  useEffect(() => {
    if (!online || !toRead) return;
    let live = true;
    void (async () => {
      for (const id of toRead.split(',')) {
        if (!live) return;
        if (productsRead.current.has(id)) continue;
        productsRead.current.add(id);
        await refreshProduct(db, id).catch(() => productsRead.current.delete(id));
      }
    })();
    return () => {
      live = false;
    };
  }, [db, online, toRead]);

  const open = useCallback(
    (next: { inbound?: string; item?: string }) => {
      const p = new URLSearchParams();
      if (next.inbound) p.set('inbound', next.inbound);
      if (next.item) p.set('item', next.item);
      setParams(p);
      setNotice(null);
      setAmount(null);
    },
    [setParams],
  );

  // The inbound on screen as last shown. The list holds pending inbounds only, so the download after the last item's
  // Confirm drops it: the screen then goes back to the list and says it is checked in, instead of 'does not exist'.
  const lastShown = useRef<{ id: string; number: string; checkedIn: boolean } | null>(null);
  useEffect(() => {
    if (inbound) {
      lastShown.current = {
        id: inbound.id,
        number: inbound.inbound_number,
        checkedIn: inbound.status === 'checked_in',
      };
      return;
    }
    const last = lastShown.current;
    if (!inboundId || last?.id !== inboundId || !last.checkedIn) return;
    lastShown.current = null;
    open({});
    setNotice({ text: t('inboundDone', { number: last.number }), bad: false });
  }, [inbound, inboundId, open, t]);

  const download = useCallback(async () => {
    setLoading(true);
    setError(null);
    const startedAt = Date.now();
    try {
      const page = await request(api, pendingInboundsWithItemsEndpoint, {
        query: { skip: 0, limit: CHECKIN_WINDOW },
      });
      const gone = await db.transaction('rw', [db.meta, db.outbox], async () => {
        const before = await getMeta(db, 'checkinDesk');
        const waiting = new Set(
          (await db.outbox.where('status').equals('pending').toArray()).map((r) => r.pickId),
        );
        const next = withDownloadedInbounds(before, page.items, waiting, startedAt, Date.now());
        await setMeta(db, 'checkinDesk', next);
        // The page holds every pending inbound: typed values of an item on none of them (its inbound checked in or
        // deleted elsewhere) are forgotten with the list that shows it gone (ADR 0136).
        const whole = page.items.length >= page.total;
        return forgetTypedWhere(db, (keys) => staleInboundTypedKeys(keys, next.inbounds, whole));
      });
      for (const k of gone) delete typed.current?.[k];
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 0)) setError(err);
    } finally {
      setLoading(false);
    }
  }, [db, typed]);

  useEffect(() => {
    if (online) void download();
  }, [online, download]);

  // Once the device's changes are all sent, read the list again for what others changed meanwhile (a download that
  // crossed the sending keeps this device's answers: withDownloadedInbounds).
  const waitingRows = useRef(0);
  useEffect(() => {
    if (waitingRows.current > 0 && ops.length === 0 && online) void download();
    waitingRows.current = ops.length;
  }, [ops.length, online, download]);

  async function fetchInbound(id: string) {
    const startedAt = Date.now();
    try {
      const found = await request(api, inboundEndpoint, { params: { id } });
      await db.transaction('rw', [db.meta], async () => {
        const before = await getMeta(db, 'checkinDesk');
        await setMeta(db, 'checkinDesk', withFetchedInbound(before, found, startedAt, Date.now()));
      });
      deviceBeeps.ok();
      open({ inbound: found.id });
    } catch (err) {
      deviceBeeps.wrong();
      if (err instanceof ApiError && err.status === 404) setNotice({ text: t('notFound'), bad: true });
      else if (err instanceof ApiError && err.status === 0)
        setNotice({ text: t('offlineUnknown'), bad: true });
      else setError(err);
    }
  }

  async function queue(target: ShownInbound, op: InboundOp, label: string, typedKey?: string) {
    // Queued and the typed value removed in one transaction: a reload after it never offers the value to save again.
    await db.transaction('rw', db.outbox, db.meta, async () => {
      await enqueueInboundChange(db, target.id, op, `${target.inbound_number} · ${label}`);
      if (typedKey) await keepTyped(db, typedKey, null);
    });
    kickOutbox();
  }

  async function place(
    target: ShownInbound,
    it: ShownInboundItem,
    locationId: string,
    known: string | null,
    raw: string,
  ) {
    const pieces = amount ?? keptAmount() ?? defaultPlaceAmount(it);
    // A bin the stored list shows reserved for another product's pending item is refused here, before anything is
    // queued (the server would refuse it with 409 `location_reserved` when the placement is sent; ADR 0142). Read with
    // the queued changes drawn over it: an item confirmed on this device, not yet sent, holds its bins no longer.
    const reserved = storedReservation(shown, locationId, it.product.id);
    if (reserved) {
      console.info('Check-in: location reserved for another product refused', raw);
      deviceBeeps.wrong();
      setNotice({ text: t('reservedRejected', reservedTextOptions(reserved)), bad: true });
      return;
    }
    const found = known ?? (await scannedLocation(db, locationId, it.product.id, online));
    if (found === 'unknown') {
      deviceBeeps.wrong();
      setNotice({ text: t('unknownLocation'), bad: true });
      return;
    }
    // A quarantine location (issue 12) is refused here, before anything is queued: its stock is never picked.
    if (typeof found === 'object' && found?.quarantine) {
      console.info('Check-in: quarantine location refused', raw);
      deviceBeeps.wrong();
      setNotice({ text: t('quarantineLocation', { name: found.name }), bad: true });
      return;
    }
    // Offline and known nowhere on this device: said in words, never by the end of its id (the move is sent by id; the
    // item the server answers carries no placement names, so this notice and the queued line keep the words).
    // A place the stored check-in list names (a reservation or a transfer of any item on this device) is named too.
    const name =
      (typeof found === 'string' ? found : found?.name) ??
      inboundLocationName(desk?.stored?.inbounds ?? [], locationId) ??
      t('scannedLocation');
    // The amount kept for this placement goes with it, in the same transaction (ADR 0136).
    if (it.id === itemId) amountField.forget();
    await queue(
      target,
      { op: 'place', item_id: it.id, location_id: locationId, amount: pieces, raw_scan: raw },
      t('placedLabel', { amount: pieces, name: it.product.name, location: name }),
      `inbound:${it.id}:amount`,
    );
    deviceBeeps.ok();
    speak(String(pieces), 1);
    setNotice({ text: t('placed', { amount: pieces, location: name }), bad: false });
    setAmount(null);
  }

  /**
   * Places on a location typed by its name (no reservations; session 41): looked up online, or among the locations
   * this device stored when offline ({@link findLocationByName}), else among those the stored check-in list names (a
   * reservation or a transfer's place: {@link inboundLocationByName}, ADR 0142), then placed exactly as its scanned
   * label would be (a bin reserved for another product is refused by `place`). An unknown name, an inactive or
   * quarantine location (issue 12), or a name unknown offline is told and queues nothing.
   */
  async function placeByName(target: ShownInbound, it: ShownInboundItem, typed: string) {
    let found: Awaited<ReturnType<typeof findLocationByName>>;
    try {
      found = await findLocationByName(db, typed, online);
    } catch (err) {
      deviceBeeps.wrong();
      setError(err);
      return;
    }
    const refuse = (text: string) => {
      console.info('Check-in: typed location refused', typed);
      deviceBeeps.wrong();
      setNotice({ text, bad: true });
    };
    const listed =
      found === 'offline_unknown' ? inboundLocationByName(desk?.stored?.inbounds ?? [], typed) : null;
    if (listed) await place(target, it, listed.id, listed.name, typed);
    else if (found === 'unknown') refuse(t('unknownLocationName', { name: typed }));
    else if (found === 'offline_unknown') refuse(t('offlineLocationName', { name: typed }));
    else if (!found.active) refuse(t('inactiveLocation', { name: found.name }));
    else if (found.quarantine) refuse(t('quarantineLocation', { name: found.name }));
    else await place(target, it, found.id, found.name, typed);
  }

  function onScan(raw: string) {
    setNotice(null);
    if (inbound && item) {
      if (item.status !== 'pending') {
        deviceBeeps.wrong();
        setNotice({ text: t('itemDone'), bad: true });
        return;
      }
      const verdict = classifyLocationScan(raw, item);
      // A product's code is not a location: told as what it is, not as an unknown location name (ADR 0142).
      const productCode =
        verdict.kind === 'name' || verdict.kind === 'not_reserved'
          ? productCodeScan(raw, item, desk?.stored?.inbounds ?? [])
          : null;
      if (productCode) {
        console.info('Check-in: product code scanned for a location', raw);
        deviceBeeps.wrong();
        setNotice({
          text:
            productCode === 'own' ? t('productScannedOwn') : t('productScannedOther', { code: raw.trim() }),
          bad: true,
        });
        return;
      }
      if (verdict.kind === 'location') {
        void place(inbound, item, verdict.locationId, verdict.name, raw.trim());
        return;
      }
      if (verdict.kind === 'name') {
        void placeByName(inbound, item, verdict.name);
        return;
      }
      // A wrong scan is only logged (spec 2 §4) and told: nothing changes.
      console.info('Check-in: location scan refused', raw);
      deviceBeeps.wrong();
      setNotice({ text: verdict.kind === 'not_reserved' ? t('notReserved') : t('scanLocation'), bad: true });
      return;
    }
    const verdict = classifyListScan(raw, desk?.stored?.inbounds ?? []);
    if (verdict.kind === 'inbound') {
      deviceBeeps.ok();
      open({ inbound: verdict.inboundId });
    } else if (verdict.kind === 'item') {
      deviceBeeps.ok();
      open({ inbound: verdict.inboundId, item: verdict.itemId });
    } else if (verdict.kind === 'fetch') void fetchInbound(verdict.inboundId);
    else {
      deviceBeeps.wrong();
      setNotice({ text: t('unknownScan', { code: raw.trim() }), bad: true });
    }
  }

  const title = item ? item.product.name : inbound ? inbound.inbound_number : t('title');
  return (
    <div className="screen checkin-screen">
      <StatusBar
        right={
          <CloseHeaderButton
            label={item || inbound ? t('back') : t('title')}
            onClick={() =>
              item ? open({ inbound: inbound?.id }) : inbound ? open({}) : navigate(FLOOR_PATHS.menu)
            }
          />
        }
      />
      <ScanBar
        inputRef={scanInput}
        onScan={onScan}
        manual={manual}
        onToggleManual={() => setManual((m) => !m)}
        onCamera={() => setCameraOpen(true)}
        active={!cameraOpen}
        onEscape={() => setManual(false)}
        texts={{
          scanLabel: item ? t('scanLocation') : t('scanInbound'),
          scanPlaceholder: item ? t('scanLocationShort') : t('scanInboundShort'),
          keyboard: t('keyboard'),
          camera: t('camera'),
        }}
      />
      <main className="ci-main">
        <h1 className="ci-title" data-testid="checkin-title">
          {title}
        </h1>
        {notice ? (
          <p
            className={`ci-notice${notice.bad ? ' ci-notice-bad' : ''}`}
            role="status"
            data-testid="checkin-notice"
          >
            {notice.text}
          </p>
        ) : null}
        {/* The finder's and a placement's refusals of spec 2 §2 / §4 in the worker's language. */}
        <ErrorBanner
          error={error}
          messages={{ nothing_in_transit: t('nothingInTransit'), location_reserved: reservedText(error) }}
        />
        <RejectedChanges
          rows={rejected}
          onDismiss={(id) => void dismissRejected(db, id)}
          texts={{ title: t('rejectedTitle', { count: rejected.length }), dismiss: t('dismiss') }}
          reason={(row) =>
            row.rejection?.code === 'location_quarantine'
              ? t('quarantineRejected')
              : row.rejection?.code === 'location_reserved'
                ? reservedText(row.rejection)
                : rejectionText(row.rejection, t)
          }
        />
        {item && inbound && !typedRead ? null : item && inbound ? (
          <ItemDetail
            key={item.id}
            typed={typed}
            inbound={inbound}
            item={item}
            amount={amount ?? keptAmount() ?? defaultPlaceAmount(item)}
            setAmount={chooseAmount}
            amountEmptied={amountEmptied}
            amountField={amountField}
            online={online}
            queue={queue}
            place={place}
            placeByName={placeByName}
            onDone={() => open({ inbound: inbound.id })}
            setError={setError}
            t={t}
          />
        ) : inbound ? (
          <InboundDetail inbound={inbound} onItem={(id) => open({ inbound: inbound.id, item: id })} t={t} />
        ) : (
          <InboundList
            inbounds={shown}
            stored={desk?.stored}
            loading={loading}
            online={online}
            onRefresh={() => void download()}
            onOpen={(id) => open({ inbound: id })}
            t={t}
          />
        )}
        {(inboundId && !inbound) || (itemId && inbound && !item) ? (
          <p className="ci-notice ci-notice-bad" data-testid="checkin-missing">
            {t('missing', { id: itemId ?? inboundId })}
          </p>
        ) : null}
      </main>
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
              title: t('camera'),
              hint: item ? t('scanLocation') : t('scanInbound'),
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

const TYPE_KEYS = { package: 'typePackage', pallet: 'typePallet', container_other: 'typeContainer' } as const;

/** The dock's list: pending inbounds, today's first, with what each brings. */
function InboundList({
  inbounds,
  stored,
  loading,
  online,
  onRefresh,
  onOpen,
  t,
}: {
  inbounds: ShownInbound[];
  stored: MetaValues['checkinDesk'] | undefined;
  loading: boolean;
  online: boolean;
  onRefresh(): void;
  onOpen(id: string): void;
  t: T;
}) {
  const today = amsterdamDay();
  return (
    <>
      <div className="ci-listhead">
        {/* No count before the device has a list: '0 inbounds' would say none are expected (ADR 0135). */}
        {stored ? (
          <span data-testid="checkin-count">{t('count', { count: inbounds.length })}</span>
        ) : (
          <span />
        )}
        <Button size="lg" variant="default" loading={loading} disabled={!online} onClick={onRefresh}>
          {t('refresh')}
        </Button>
      </div>
      {stored ? (
        <p className="ci-muted">
          {t('downloaded', { time: new Date(stored.at).toLocaleTimeString('nl-NL', { timeStyle: 'short' }) })}
        </p>
      ) : null}
      {stored && inbounds.length === 0 ? <p className="ci-muted">{t('empty')}</p> : null}
      {!stored && !online ? (
        <p className="ci-muted" role="status" data-testid="checkin-not-downloaded">
          {t('notDownloaded')}
        </p>
      ) : null}
      <ul className="ci-cards">
        {inbounds.map((ib) => (
          <li key={ib.id}>
            <button
              type="button"
              className={`ci-card${ib.status === 'checked_in' ? ' ci-card-done' : ''}`}
              data-testid="inbound-card"
              onClick={() => onOpen(ib.id)}
            >
              <span className="ci-card-top">
                <strong>{ib.inbound_number}</strong>
                <span className="ci-badge">{t(TYPE_KEYS[ib.type])}</span>
                {ib.expected_delivery === today && ib.status === 'pending' ? (
                  <span className="ci-badge ci-badge-today">{t('today')}</span>
                ) : null}
                {ib.status === 'checked_in' ? (
                  <span className="ci-badge ci-badge-done">{t('checkedIn')}</span>
                ) : null}
                {ib.pending ? <span className="ci-badge ci-badge-wait">{t('waiting')}</span> : null}
              </span>
              <span className="ci-card-org">{ib.org_name}</span>
              <span className="ci-card-facts">
                {/* Each fact keeps together ('12 / 48 stuks'): a line breaks between facts only (ADR 0135). */}
                <span className="nowrap">
                  {t('expectedOn', { date: formatDate(ib.expected_delivery) || '—' })}
                </span>{' '}
                · <span className="nowrap">{t('products', { count: ib.items.length })}</span> ·{' '}
                <span className="nowrap">
                  {t('pieces', { done: ib.pieces_checked_in, total: ib.pieces_expected })}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One inbound: who sends it, and its items with their counts; an item opens its detail. */
function InboundDetail({ inbound, onItem, t }: { inbound: ShownInbound; onItem(id: string): void; t: T }) {
  return (
    <>
      <dl className="ci-facts">
        <dt>{t('org')}</dt>
        <dd>{inbound.org_name}</dd>
        <dt>{t('type')}</dt>
        <dd>{t(TYPE_KEYS[inbound.type])}</dd>
        <dt>{t('expected')}</dt>
        <dd data-testid="inbound-expected">{formatDate(inbound.expected_delivery) || '—'}</dd>
        <dt>{t('trackTrace')}</dt>
        <dd>{inbound.track_trace}</dd>
        <dt>{t('contact')}</dt>
        <dd>
          {inbound.contact_person} · {inbound.phone}
        </dd>
        <dt>{t('status')}</dt>
        <dd data-testid="inbound-status">{inbound.status === 'checked_in' ? t('checkedIn') : t('open')}</dd>
        {inbound.surcharge_total_eur > 0 ? (
          <>
            <dt>{t('extraWork')}</dt>
            <dd>{euro.format(inbound.surcharge_total_eur)}</dd>
          </>
        ) : null}
      </dl>
      <ul className="ci-cards">
        {inbound.items.map((it) => (
          <li key={it.id}>
            <button
              type="button"
              className={`ci-card${it.status === 'checked_in' ? ' ci-card-done' : ''}`}
              data-testid="inbound-item"
              data-ean={it.product.ean}
              onClick={() => onItem(it.id)}
            >
              <span className="ci-card-top">
                <strong>{it.product.name}</strong>
                {it.status === 'checked_in' ? (
                  <span className="ci-badge ci-badge-done">{t('confirmed')}</span>
                ) : null}
                {it.pending ? <span className="ci-badge ci-badge-wait">{t('waiting')}</span> : null}
              </span>
              <span className="ci-card-facts">
                {it.product.ean} · {t('boxesOf', { units: it.units, per: it.packed_per })}
              </span>
              <span className="ci-card-count" data-testid="inbound-item-count">
                {t('pieces', { done: it.pieces_checked_in, total: it.pieces_expected })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The inbound item detail of spec 2 §2: counts, location finder, placing, extra work, photos, notes, Confirm. */
function ItemDetail({
  typed,
  inbound,
  item,
  amount,
  setAmount,
  amountEmptied,
  amountField,
  online,
  queue,
  place,
  placeByName,
  onDone,
  setError,
  t,
}: {
  typed: TypedDrafts;
  inbound: ShownInbound;
  item: ShownInboundItem;
  amount: number;
  /** Chooses the amount to place (kept on the device until placed). */
  setAmount(n: number): void;
  /** 'Ander aantal' was emptied: the amount chosen before stays kept, or nothing is. */
  amountEmptied(): void;
  /** The amount to place as kept on the device (typed in 'Ander aantal' or chosen), until a placement takes it. */
  amountField: TypedField;
  online: boolean;
  queue: Queue;
  place(
    target: ShownInbound,
    it: ShownInboundItem,
    locationId: string,
    known: string | null,
    raw: string,
  ): Promise<void>;
  /** Places on a location typed by its name (looked up first). */
  placeByName(target: ShownInbound, it: ShownInboundItem, typed: string): Promise<void>;
  onDone(): void;
  setError(err: unknown): void;
  t: T;
}) {
  const pending = item.status === 'pending';
  const inTransit = Math.max(0, item.pieces_expected - item.pieces_checked_in);
  const [finding, setFinding] = useState(false);
  const [reserveCount, setReserveCount] = useState(1);
  const [manualLocation, setManualLocation] = useState('');
  const [uploading, setUploading] = useState<'idle' | 'uploading' | 'success' | 'error'>('idle');
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const save = (fields: Extract<InboundOp, { op: 'edit' }>['fields'], typedKey?: string) =>
    void queue(inbound, { op: 'edit', item_id: item.id, fields }, item.product.name, typedKey);
  // Notes and batch as typed, kept on the device while typed (ADR 0135); saved when left or on Confirm, once: `sent`
  // remembers the text queued for the value it was typed over.
  const notes = useTypedField(`inbound:${item.id}:notes`, typed);
  const batch = useTypedField(`inbound:${item.id}:batch`, typed);
  // The expiry date likewise (ADR 0136).
  const expiry = useTypedField(`inbound:${item.id}:expiry`, typed);
  const notesField = useRef<HTMLTextAreaElement>(null);
  const batchField = useRef<HTMLInputElement>(null);
  const expiryField = useRef<HTMLInputElement>(null);
  const sent = useRef<Record<string, { over: string | null; v: string | null }>>({});
  function commitText(
    field: 'notes' | 'batch_nr' | 'expiration_date',
    typedField: TypedField,
    el: HTMLInputElement | HTMLTextAreaElement | null,
  ) {
    if (!el || el.disabled) return;
    typedField.forget();
    const v = el.value.trim() || null;
    const over = item[field];
    const last = sent.current[field];
    const key = typedField.key;
    if (v !== over && !(last?.over === over && last.v === v)) {
      sent.current[field] = { over, v };
      save({ [field]: v }, key);
    } else void keepTyped(floorDb(), key, null).catch(() => undefined);
  }

  async function callOnline(call: () => Promise<InboundItem>) {
    setFinding(true);
    setError(null);
    try {
      await storeItem(await call());
    } catch (err) {
      setError(err);
    } finally {
      setFinding(false);
    }
  }

  // The spec's upload status (spec 2 §8): a photo is kept on the device and sent by the outbox, so 'uploaded' shows
  // once every photo taken here has reached the server.
  const waitingImages = useRef(item.pendingImages);
  useEffect(() => {
    if (waitingImages.current > 0 && item.pendingImages === 0) setUploading('success');
    waitingImages.current = item.pendingImages;
  }, [item.pendingImages]);

  async function upload(files: FileList | null) {
    if (!files?.length) return;
    setUploadProblem(null);
    for (const f of Array.from(files)) {
      if (!(IMAGE_TYPES as readonly string[]).includes(f.type)) {
        setUploadProblem(t('imageType', { name: f.name }));
        return;
      }
      if (f.size > IMAGE_MAX_BYTES) {
        setUploadProblem(t('imageSize', { name: f.name }));
        return;
      }
    }
    setUploading('uploading');
    try {
      for (const f of Array.from(files))
        await queue(
          inbound,
          { op: 'image', item_id: item.id, name: f.name, mime: f.type, bytes: await f.arrayBuffer() },
          t('photoLabel', { name: item.product.name }),
        );
    } catch {
      setUploading('error');
    }
  }

  return (
    <div className="ci-item" data-testid="item-detail" data-status={item.status}>
      <p className="ci-muted">
        <span className="nowrap">{item.product.ean}</span>
        {item.product.bsku ? (
          <>
            {' '}
            · <span className="nowrap">{item.product.bsku}</span>
          </>
        ) : null}{' '}
        · <span className="nowrap">{inbound.inbound_number}</span> · {inbound.org_name}
      </p>
      <div className="ci-counts">
        <div>
          <span>{t('expected')}</span>
          <strong data-testid="count-expected">{item.pieces_expected}</strong>
        </div>
        <div>
          <span>{t('delivered')}</span>
          <strong data-testid="count-delivered">{item.pieces_checked_in}</strong>
        </div>
        <div>
          <span>{t('inTransit')}</span>
          <strong data-testid="count-transit">{inTransit}</strong>
        </div>
      </div>
      <p className="ci-muted">
        {t(TYPE_KEYS[inbound.type])} ·{' '}
        <span className="nowrap">{t('boxesOf', { units: item.units, per: item.packed_per })}</span> ·{' '}
        <span className="nowrap">{t('boxesIn', { count: item.boxes_checked_in })}</span> ·{' '}
        <span className="nowrap">
          {t('trackTrace')} {inbound.track_trace}
        </span>
      </p>
      {item.pendingPieces > 0 ? (
        <p className="ci-wait">{t('piecesWaiting', { count: item.pendingPieces })}</p>
      ) : null}

      <section className="ci-section" aria-label={t('locations')}>
        <h2>{t('locations')}</h2>
        {item.reserved_locations.length === 0 ? <p className="ci-muted">{t('noReserved')}</p> : null}
        <ul className="ci-reserved" data-testid="reserved-locations">
          {item.reserved_locations.map((l) => (
            <li key={l.location_id}>
              <span>
                {/* The type in the worker's language ('Halve doos'), as the portal names it, not its code. */}
                <strong>{l.name}</strong> {l.parent_name ? `· ${l.parent_name}` : ''} ·{' '}
                {locationTypeName(t, l.type)} · {t('stockThere', { count: l.stock })}
              </span>
              <Button
                size="lg"
                px="md"
                variant="default"
                disabled={!online || !pending || finding}
                aria-label={t('dropReserved', { name: l.name })}
                onClick={() =>
                  void callOnline(() =>
                    request(api, deleteReservedLocationEndpoint, {
                      params: { id: item.id, locationId: l.location_id },
                    }),
                  )
                }
              >
                ✕
              </Button>
            </li>
          ))}
        </ul>
        <div className="ci-row">
          <NativeSelect
            size="lg"
            w={80}
            value={String(reserveCount)}
            aria-label={t('howMany')}
            data={['1', '2', '3', '4', '5', '10']}
            onChange={(e) => setReserveCount(Number(e.currentTarget.value))}
          />
          <Button
            size="lg"
            disabled={!online || !pending || inTransit === 0}
            loading={finding}
            data-testid="find-locations"
            onClick={() =>
              void callOnline(() =>
                request(api, findLocationsEndpoint, {
                  params: { id: item.id },
                  body: { amount: reserveCount },
                }),
              )
            }
          >
            {t('findLocations')}
          </Button>
          {item.reserved_locations.length > 0 ? (
            <Button
              size="lg"
              variant="default"
              disabled={!online || !pending || finding}
              onClick={() =>
                void callOnline(() =>
                  request(api, clearReservedLocationsEndpoint, { params: { id: item.id } }),
                )
              }
            >
              {t('dropAll')}
            </Button>
          ) : null}
        </div>
        {!online ? <p className="ci-muted">{t('findOffline')}</p> : null}
        {/* Spec 2 §2 Inbound item detail: nothing left in transit needs no location; the finder says so too. */}
        {pending && inTransit === 0 ? (
          <p className="ci-muted" data-testid="nothing-in-transit">
            {t('nothingInTransit')}
          </p>
        ) : null}
      </section>

      <section className="ci-section" aria-label={t('place')}>
        <h2>{t('place')}</h2>
        <p className="ci-muted">{t('placeHint')}</p>
        <div className="ci-stepper">
          <Button
            size="lg"
            variant="default"
            aria-label={t('less')}
            disabled={!pending || amount <= item.packed_per}
            onClick={() => setAmount(stepAmount(amount, -1, item.packed_per, inTransit))}
          >
            −
          </Button>
          <strong data-testid="place-amount">{amount}</strong>
          <Button
            size="lg"
            variant="default"
            aria-label={t('more')}
            // Spec 2 §5 Manual location amount; ADR 0142: no box more than is still in transit.
            disabled={!pending || amount >= inTransit}
            onClick={() => setAmount(stepAmount(amount, 1, item.packed_per, inTransit))}
          >
            +
          </Button>
          <TextInput
            size="lg"
            flex={1}
            miw={120}
            aria-label={t('manualAmount')}
            placeholder={t('manualAmountShort')}
            inputMode="numeric"
            disabled={!pending}
            data-testid="manual-amount"
            // Kept while typed (ADR 0136); left, a count becomes the amount to place (kept until placed).
            onChange={(e) => {
              const text = e.currentTarget.value;
              if (text === '') amountEmptied();
              else amountField.writer.change(text);
            }}
            onBlur={(e) => {
              const text = e.currentTarget.value;
              e.currentTarget.value = '';
              if (text === '') return;
              // No count: the amount shown stays the one to place (and is kept instead of what was typed).
              setAmount(parseCount(text) ?? amount);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
          />
        </div>
        <TypedKept shown={amountField.unsent && pending} />
        <div className="ci-row">
          <TextInput
            size="lg"
            flex={1}
            aria-label={t('manualLocation')}
            placeholder={t('manualLocationShort')}
            value={manualLocation}
            disabled={!pending}
            onChange={(e) => setManualLocation(e.currentTarget.value)}
          />
          <Button
            size="lg"
            disabled={!pending || !manualLocation.trim()}
            onClick={() => {
              const verdict = classifyLocationScan(manualLocation, item);
              if (verdict.kind === 'name') {
                setManualLocation('');
                void placeByName(inbound, item, verdict.name);
                return;
              }
              if (verdict.kind !== 'location') {
                deviceBeeps.wrong();
                setError(new Error(verdict.kind === 'not_reserved' ? t('notReserved') : t('scanLocation')));
                return;
              }
              setManualLocation('');
              void place(inbound, item, verdict.locationId, verdict.name, manualLocation.trim());
            }}
          >
            {t('placeButton')}
          </Button>
        </div>
      </section>

      <Transfers
        typed={typed}
        inbound={inbound}
        item={item}
        queue={queue}
        pending={pending}
        online={online}
        t={t}
      />

      <Surcharges typed={typed} inbound={inbound} item={item} queue={queue} pending={pending} t={t} />

      <section className="ci-section" aria-label={t('photos')}>
        <h2>{t('photos')}</h2>
        <p className="ci-muted" data-testid="photo-count">
          {t('photoCount', { count: item.images.length })}
          {item.pendingImages > 0 ? ` · ${t('photoWaiting', { count: item.pendingImages })}` : ''}
        </p>
        <label className="ci-upload">
          <input
            type="file"
            accept={IMAGE_TYPES.join(',')}
            capture="environment"
            multiple
            disabled={!pending}
            data-testid="photo-input"
            onChange={(e) => void upload(e.currentTarget.files)}
          />
          {t('addPhoto')}
        </label>
        {uploadProblem ? <p className="ci-notice ci-notice-bad">{uploadProblem}</p> : null}
        {uploading === 'success' && item.pendingImages === 0 ? (
          <p className="ci-notice">{t('uploadOk')}</p>
        ) : null}
        {uploading === 'error' ? <p className="ci-notice ci-notice-bad">{t('uploadFailed')}</p> : null}
      </section>

      <section className="ci-section" aria-label={t('details')}>
        <h2>{t('details')}</h2>
        <Textarea
          ref={notesField}
          size="lg"
          label={t('notes')}
          defaultValue={notes.kept ?? item.notes ?? ''}
          key={`notes:${item.notes ?? ''}`}
          disabled={!pending}
          rows={3}
          maxLength={2000}
          data-testid="item-notes"
          onChange={(e) => notes.writer.change(e.currentTarget.value)}
          onBlur={(e) => commitText('notes', notes, e.currentTarget)}
        />
        <TypedKept shown={notes.unsent && pending} />
        <div className="ci-row">
          <TextInput
            ref={batchField}
            size="lg"
            label={t('batch')}
            defaultValue={batch.kept ?? item.batch_nr ?? ''}
            key={`batch:${item.batch_nr ?? ''}`}
            disabled={!pending}
            maxLength={100}
            onChange={(e) => batch.writer.change(e.currentTarget.value)}
            onBlur={(e) => commitText('batch_nr', batch, e.currentTarget)}
          />
          <TextInput
            ref={expiryField}
            size="lg"
            type="date"
            label={t('expiry')}
            defaultValue={expiry.kept ?? item.expiration_date ?? ''}
            key={`expiry:${item.expiration_date ?? ''}`}
            disabled={!pending}
            onChange={(e) => expiry.writer.change(e.currentTarget.value)}
            onBlur={(e) => commitText('expiration_date', expiry, e.currentTarget)}
          />
        </div>
        <TypedKept shown={(batch.unsent || expiry.unsent) && pending} />
        <label className="ci-check">
          <input
            type="checkbox"
            checked={item.package_closed}
            disabled={!pending}
            data-testid="package-closed"
            onChange={(e) => save({ package_closed: e.currentTarget.checked })}
          />
          {t('packageClosed')}
        </label>
      </section>

      {pending ? (
        <Button
          size="xl"
          color="green"
          fullWidth
          mt="md"
          data-testid="confirm-item"
          onClick={() => {
            // Notes or a batch kept from before a reload and not yet left are saved first (queued before Confirm).
            commitText('notes', notes, notesField.current);
            commitText('batch_nr', batch, batchField.current);
            commitText('expiration_date', expiry, expiryField.current);
            void queue(
              inbound,
              { op: 'submit', item_id: item.id },
              t('confirmedLabel', { name: item.product.name }),
            );
            deviceBeeps.ok();
            onDone();
          }}
        >
          {item.pieces_checked_in < item.pieces_expected
            ? t('confirmShort', { count: item.pieces_expected - item.pieces_checked_in })
            : t('confirm')}
        </Button>
      ) : (
        <p className="ci-done" data-testid="item-confirmed">
          {t('confirmed')}
        </p>
      )}
    </div>
  );
}

/**
 * Moving pieces from a temporary place onto a reserved location (spec 2 §2 Inbound item detail 'transfers', §3
 * transfers; `PUT /inbound_item/addTransfer/{id}/{departedLocationId}`): goods counted onto a dock spot or cart first
 * are put away later. The place is scanned (its label's id) or typed by its name (looked up as a placement's name is,
 * offline/location-names.ts `findLocationByName`); without an amount every piece there moves. Each move names both its
 * places (the server's names; for moves stored before answers carried them, the reserved locations and the places
 * this device stored, else words): never a part of an id (session 41).
 */
function Transfers({
  typed,
  inbound,
  item,
  queue,
  pending,
  online,
  t,
}: {
  typed: TypedDrafts;
  inbound: ShownInbound;
  item: ShownInboundItem;
  queue: Queue;
  pending: boolean;
  online: boolean;
  t: T;
}) {
  // The form as typed is kept on the device while typed (ADR 0136) until the move is queued.
  const draft = useTypedField(`inbound:${item.id}:transfer`, typed);
  const [form, setForm] = useState(() =>
    keptTransferForm(draft.kept, item.reserved_locations[0]?.location_id),
  );
  const { from, count, to } = form;
  const change = (fields: Partial<TransferForm>) => {
    const next = { ...form, ...fields };
    setForm(next);
    draft.writer.change(JSON.stringify(next));
  };
  const [problem, setProblem] = useState<string | null>(null);
  // Names of the places of moves that carry none (stored before answers named them), from this device's locations.
  const unnamed = [
    ...new Set(
      item.transfers.flatMap((x) => [
        ...(x.departed_location_name ? [] : [x.departed_location_id]),
        ...(x.arrived_location_name ? [] : [x.arrived_location_id]),
      ]),
    ),
  ];
  const known = useLiveQuery(
    async () =>
      new Map(
        await Promise.all(unnamed.map(async (id) => [id, await storedLocationName(floorDb(), id)] as const)),
      ),
    [unnamed.join(',')],
  );
  const nameOf = (id: string, name: string | undefined) =>
    name ||
    item.reserved_locations.find((l) => l.location_id === id)?.name ||
    known?.get(id) ||
    t('otherLocation');
  const target = item.reserved_locations.some((l) => l.location_id === to)
    ? to
    : (item.reserved_locations[0]?.location_id ?? '');

  /** The temporary place as scanned or typed: its id and the name to show, or the text that says why not. */
  async function temporaryPlace(code: string): Promise<{ id: string; name: string } | { problem: string }> {
    const id = temporaryPlaceId(code);
    if (id) {
      const name = await scannedLocationName(floorDb(), id, item.product.id, online);
      if (name === 'unknown') return { problem: t('unknownLocation') };
      return { id, name: name ?? t('scannedPlace') };
    }
    const found = await findLocationByName(floorDb(), code, online);
    if (found === 'unknown') return { problem: t('unknownLocationName', { name: code }) };
    if (found === 'offline_unknown') return { problem: t('offlineLocationName', { name: code }) };
    return { id: found.id, name: found.name };
  }

  return (
    <section className="ci-section" aria-label={t('transfers')}>
      <h2>{t('transfers')}</h2>
      <ul className="ci-surcharges" data-testid="transfers">
        {item.transfers.map((x) => (
          <li key={x.transfer_id}>
            {t('moved', {
              count: x.stock,
              from: nameOf(x.departed_location_id, x.departed_location_name),
              to: nameOf(x.arrived_location_id, x.arrived_location_name),
            })}
          </li>
        ))}
        {item.pendingTransfers.map((x, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: queued moves in the order made; the position is their identity until sent
          <li key={`pending:${i}`} className="ci-wait">
            {x.amount ? t('movingSome', { count: x.amount, from: x.from }) : t('movingAll', { from: x.from })}
          </li>
        ))}
      </ul>
      {pending && item.reserved_locations.length === 0 ? (
        <p className="ci-muted">{t('transferNeedsReserved')}</p>
      ) : null}
      {pending && item.reserved_locations.length > 0 ? (
        <form
          className="ci-surcharge-form"
          onSubmit={(e) => {
            e.preventDefault();
            const code = from.trim();
            const n = count.trim() ? parseCount(count) : null;
            if (!code || (count.trim() && n === null)) {
              setProblem(t('transferMissing'));
              return;
            }
            void (async () => {
              let place: Awaited<ReturnType<typeof temporaryPlace>>;
              try {
                place = await temporaryPlace(code);
              } catch (err) {
                place = { problem: err instanceof Error ? err.message : String(err) };
              }
              if ('problem' in place) {
                deviceBeeps.wrong();
                setProblem(place.problem);
                return;
              }
              setProblem(null);
              draft.forget();
              await queue(
                inbound,
                {
                  op: 'transfer',
                  item_id: item.id,
                  from_location_id: place.id,
                  from_label: place.name,
                  to_location_id: target,
                  ...(n ? { amount: n } : {}),
                },
                t('movingAll', { from: place.name }),
                draft.key,
              );
              setForm((f) => ({ ...f, from: '', count: '' }));
            })();
          }}
        >
          <TextInput
            size="lg"
            label={t('temporaryPlace')}
            placeholder={t('scanLocationShort')}
            value={from}
            onChange={(e) => change({ from: e.currentTarget.value })}
          />
          <div className="ci-row">
            <TextInput
              size="lg"
              label={t('amountOptional')}
              inputMode="numeric"
              value={count}
              w={140}
              onChange={(e) => change({ count: e.currentTarget.value.replace(/[^0-9]/g, '') })}
            />
            <NativeSelect
              size="lg"
              label={t('toLocation')}
              value={target}
              data={item.reserved_locations.map((l) => ({ value: l.location_id, label: l.name }))}
              onChange={(e) => change({ to: e.currentTarget.value })}
            />
          </div>
          <TypedKept shown={draft.unsent} />
          {problem ? <p className="ci-notice ci-notice-bad">{problem}</p> : null}
          <Button type="submit" size="lg" variant="light" mt="xs">
            {t('move')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}

/** Extra work on the item (spec 2 §5 Surcharge): description, cost and amount required; totals in euro (§9). */
function Surcharges({
  typed,
  inbound,
  item,
  queue,
  pending,
  t,
}: {
  typed: TypedDrafts;
  inbound: ShownInbound;
  item: ShownInboundItem;
  queue: Queue;
  pending: boolean;
  t: T;
}) {
  // The form as typed is kept on the device while typed (ADR 0135) until the extra work is added.
  const typedKey = `inbound:${item.id}:surcharge`;
  const draft = useTypedField(typedKey, typed);
  const [form, setForm] = useState(() => keptSurchargeForm(draft.kept));
  const { description, cost, count } = form;
  const [problem, setProblem] = useState<string | null>(null);
  const keep = (v: string) => v.replace(/[^0-9.,]/g, '');
  const change = (fields: Partial<SurchargeForm>) => {
    const next = { ...form, ...fields };
    setForm(next);
    draft.writer.change(JSON.stringify(next));
  };
  return (
    <section className="ci-section" aria-label={t('extraWork')}>
      <h2>{t('extraWork')}</h2>
      <ul className="ci-surcharges" data-testid="surcharges">
        {item.surcharges.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the order is the identity (the API removes a surcharge by its index)
          <li key={`${i}:${s.description}`}>
            <span>
              {s.description} · {s.amount} × {euro.format(s.cost_cents / 100)} ={' '}
              <strong>{euro.format((s.cost_cents * s.amount) / 100)}</strong>
            </span>
            <Button
              size="lg"
              px="md"
              variant="default"
              disabled={!pending}
              aria-label={t('dropSurcharge', { name: s.description })}
              onClick={() =>
                void queue(inbound, { op: 'surcharge_delete', item_id: item.id, index: i }, s.description)
              }
            >
              ✕
            </Button>
          </li>
        ))}
      </ul>
      <p data-testid="surcharge-total">
        {t('total')}: <strong>{euro.format(item.surcharge_total_eur)}</strong>
      </p>
      {pending ? (
        <form
          className="ci-surcharge-form"
          onSubmit={(e) => {
            e.preventDefault();
            const cents = parseEuroCents(cost);
            const n = parseCount(count);
            if (!description.trim() || cents === null || n === null) {
              setProblem(t('surchargeMissing'));
              return;
            }
            setProblem(null);
            draft.forget();
            void queue(
              inbound,
              {
                op: 'surcharge',
                item_id: item.id,
                surcharge: { description: description.trim(), cost_cents: cents, amount: n },
              },
              description.trim(),
              typedKey,
            );
            setForm(EMPTY_SURCHARGE);
          }}
        >
          <TextInput
            size="lg"
            label={t('description')}
            value={description}
            maxLength={200}
            onChange={(e) => change({ description: e.currentTarget.value })}
          />
          <div className="ci-row">
            <TextInput
              size="lg"
              label={t('cost')}
              inputMode="decimal"
              value={cost}
              onChange={(e) => change({ cost: keep(e.currentTarget.value) })}
            />
            <TextInput
              size="lg"
              label={t('amount')}
              inputMode="numeric"
              value={count}
              onChange={(e) => change({ count: keep(e.currentTarget.value) })}
            />
          </div>
          <TypedKept shown={draft.unsent} />
          {problem ? <p className="ci-notice ci-notice-bad">{problem}</p> : null}
          <Button type="submit" size="lg" variant="light" mt="xs">
            {t('addSurcharge')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}

/** The extra-work form as typed: description, cost (euro as typed) and amount. */
interface SurchargeForm {
  description: string;
  cost: string;
  count: string;
}
const EMPTY_SURCHARGE: SurchargeForm = { description: '', cost: '', count: '1' };

/** The extra-work form kept on the device (JSON in meta `typedDrafts`), or the empty form when none or unreadable. */
function keptSurchargeForm(kept: string | undefined): SurchargeForm {
  if (!kept) return EMPTY_SURCHARGE;
  try {
    const v = JSON.parse(kept) as Partial<SurchargeForm>;
    const text = (x: unknown, d: string) => (typeof x === 'string' ? x : d);
    return {
      description: text(v.description, ''),
      cost: text(v.cost, ''),
      count: text(v.count, '1'),
    };
  } catch {
    return EMPTY_SURCHARGE;
  }
}

/** The move form as typed: the temporary place (scanned or typed), the amount (empty: all) and where to. */
interface TransferForm {
  from: string;
  count: string;
  to: string;
}

/** The move form kept on the device (JSON in meta `typedDrafts`), or the empty form when none or unreadable. */
function keptTransferForm(kept: string | undefined, firstReserved: string | undefined): TransferForm {
  const empty = { from: '', count: '', to: firstReserved ?? '' };
  if (!kept) return empty;
  try {
    const v = JSON.parse(kept) as Partial<TransferForm>;
    const text = (x: unknown, d: string) => (typeof x === 'string' ? x : d);
    return { from: text(v.from, ''), count: text(v.count, ''), to: text(v.to, empty.to) };
  } catch {
    return empty;
  }
}
