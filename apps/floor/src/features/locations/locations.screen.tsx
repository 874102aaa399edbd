import {
  canCall,
  clearLocationEndpoint,
  correctStockEndpoint,
  locationHolders,
  locationReservation,
  reservedTextOptions,
  stockUpdateEndpoint,
} from '@hoppa/core';
import { Button, Loader, Modal, UnstyledButton } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useOnline } from '../../app/outbox-status.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { useCurrentUser } from '../../app/session.tsx';
import { useRejectedRows } from '../../app/sync.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { RejectedChanges, rejectionText } from '../../components/rejected-changes.tsx';
import { ScanBar } from '../../components/scan-bar.tsx';
import { CloseHeaderButton, StatusBar } from '../../components/status-bar.tsx';
import { floorDb, type OutboxRecord } from '../../offline/db.ts';
import { dismissRejected } from '../../offline/outbox.ts';
import { type BeepFeedback, deviceBeeps, preloadSounds } from '../../scan/feedback.ts';
import { useFieldScan } from '../../scan/field-scan.ts';
import { useHeldScans } from '../../scan/held-scans.ts';
import type { ScanInputHandle } from '../../scan/scan-input.tsx';
import { HeldLocation, type HeldRow, isHeldRow, isRefusedPlacingRow } from './held-location.tsx';
import { LocationList } from './location-list.tsx';
import './locations.css';
import { lookupProduct, type ProductLookup, refreshProduct } from '../../offline/products.ts';
import {
  classifyScan,
  isLocationLabel,
  parseAmount,
  type RecountDifference,
  recountDifferences,
  type ShownLocation,
  type ShownProduct,
  signedDifference,
  swapsForMove,
} from './locations.rules.ts';
import { useProductLocations } from './use-product-locations.ts';

const CameraScanner = lazy(() =>
  import('@hoppa/web/camera-scanner').then((m) => ({ default: m.CameraScanner })),
);

type Mode = { kind: 'add' } | { kind: 'transfer'; row: ShownLocation; quantity: string };
/**
 * The line under the scan row: a text, or a change of a location named by its id (`added`, `transferQueued`), whose
 * name is read at each render: a label scanned on this device for the first time is known by its id only until the
 * server answers with the location's name, and the line then says that name (never the internal id).
 */
type Message =
  | { tone: 'ok' | 'error'; text: string }
  | { tone: 'ok'; key: 'added' | 'transferQueued'; locationId: string; count?: number }
  | null;
type T = TFunction<'locations', undefined>;

/**
 * The Locations task (issue 9; spec 2 §2 Product location widget, §5 Manual location amount, §6 Recount panel, §7
 * Locations): phone-first, one scan field for a keyboard-wedge scanner or the camera. Scan or type an EAN to open the
 * product (`?product=<id>`); then scan a location label to add it (confirmation sound; Enter adds it with 0 pieces,
 * Escape hides the field), type the stock per location (saved on change), move pieces by scanning the new location,
 * delete an empty location (the spec's popup when it is not empty), drag to reorder, and count in the recount popup.
 * A typed stock that differs from the stock held is asked first (expected against counted; Enter confirms).
 * It works offline: the product comes from IndexedDB, every change is an outbox row with its Idempotency-Key, shown
 * as waiting until the server confirms it; a change the server refuses (someone changed the stock meanwhile) is
 * listed with the reason and the product is read again, never overwritten silently. A scan made while a product is
 * being looked up or read waits for it: a label scanned right after an EAN belongs to that EAN's product.
 */
export function LocationsScreen({ feedback = deviceBeeps }: { feedback?: BeepFeedback }) {
  const { t } = useTranslation('locations');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const online = useOnline();
  const db = floorDb();
  const [params, setParams] = useSearchParams();
  const productId = params.get('product');
  const { product: loaded, loading, error, failedFor, queue, names } = useProductLocations(productId);
  // The product of the URL once it is shown; while it is read (or a lookup runs) scans wait in `held`.
  const ready = productId !== null && loaded?.id === productId;
  const product = ready ? loaded : null;
  const failed = productId !== null && failedFor === productId && !loading;
  const canEdit = canCall(user?.curr_role, stockUpdateEndpoint);
  const canCount = canCall(user?.curr_role, correctStockEndpoint);
  const canClear = canCall(user?.curr_role, clearLocationEndpoint);

  const [mode, setMode] = useState<Mode>({ kind: 'add' });
  const [inputShown, setInputShown] = useState(true);
  const [manual, setManual] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [choices, setChoices] = useState<Extract<ProductLookup, { kind: 'many' }>['products'] | null>(null);
  /** The location whose delete was refused because pieces lie there (the spec's popup names it and its pieces). */
  const [notEmpty, setNotEmpty] = useState<ShownLocation | null>(null);
  const [recountOpen, setRecountOpen] = useState(false);
  /** A typed stock that differs from the stock held, waiting for the worker's confirmation. */
  const [amountCheck, setAmountCheck] = useState<AmountCheck | null>(null);
  /** Bumped when a typed stock is not confirmed: the stock fields show the stock held again. */
  const [fieldReset, setFieldReset] = useState(0);
  const [lookupError, setLookupError] = useState<unknown>(null);
  const scanInput = useRef<ScanInputHandle>(null);
  // Scans made while a product is being found or read: a label scanned right after an EAN belongs to that EAN's
  // product, so it waits for it instead of being read as a product code or added to the product shown before.
  const lookups = useRef(0);
  const held = useHeldScans(onScan, () => lookups.current === 0 && !choices && ready);
  const refused = useRejectedRows().filter((r) => r.kind === 'stock.change');
  // The open product's assignments refused because other products hold the location get the offer to clear.
  const heldRows = refused.filter((r) => isHeldRow(r, product?.id));
  const rejected = refused.filter((r) => !isHeldRow(r, product?.id));
  // A held refusal of a product that is not open names its holders by name in the refused list (their offer to clear
  // shows when that product is opened): read once online and kept on the device, like the offer's holders.
  const holderIds = [
    ...new Set(
      rejected
        .filter((r) => r.rejection?.code === 'location_held')
        .flatMap((r) => locationHolders(r.rejection?.issues).map((h) => h.product_id)),
    ),
  ];
  const holderKey = holderIds.join(',');
  const holderProducts = useLiveQuery(() => db.products.bulkGet(holderIds), [db, holderKey]);
  const holdersAsked = useRef(new Set<string>());
  useEffect(() => {
    if (!online || !holderProducts) return;
    holderIds.forEach((id, i) => {
      if (holderProducts[i] || holdersAsked.current.has(id)) return;
      holdersAsked.current.add(id);
      refreshProduct(db, id).catch(() => holdersAsked.current.delete(id));
    });
  });
  /** The names of the products a 405 `location_held` row names, as far as this device knows them. */
  const holderNames = (row: OutboxRecord) =>
    locationHolders(row.rejection?.issues).flatMap(
      (h) => holderProducts?.find((p) => p?.id === h.product_id)?.data.product.name ?? [],
    );
  // The add was confirmed with the ok sound when it was queued: its refusal gets the wrong-scan buzz once, and the
  // line that confirmed it ('R-01-05 toegevoegd', '2 st. naar R-01-05') goes: the offer below (or, for any other
  // refusal, such as a bin reserved for another product or a label of no location, the refused list's reason) says it
  // was not done (ADR 0142).
  const heardHeld = useRef(new Set<string>());
  useEffect(() => {
    const refusedPlacings = refused.filter((r) => isRefusedPlacingRow(r, product?.id));
    const fresh = refusedPlacings.filter((r) => !heardHeld.current.has(r.id));
    for (const r of fresh) heardHeld.current.add(r.id);
    if (fresh.length === 0) return;
    feedback.wrong();
    setMessage((m) => (m?.tone === 'ok' ? null : m));
  });
  const recent = useLiveQuery(
    () =>
      db.products
        .orderBy('id')
        .toArray()
        .then((all) => all.sort((a, b) => b.fetchedAt - a.fetchedAt).slice(0, 6)),
    [db],
    [],
  );

  useEffect(() => preloadSounds(), []);
  // A new product: back to adding, the field shown, the old product's message gone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: productId is the trigger
  useEffect(() => {
    setMode({ kind: 'add' });
    setInputShown(true);
    setChoices(null);
  }, [productId]);

  // Scans held for a product that cannot be read are dropped, and the message says so.
  useEffect(() => {
    if (failed && lookups.current === 0 && held.size > 0) say('error', dropHeld());
  });

  /** Forgets the held scans; the sentence that says so, or '' when none were held. */
  function dropHeld(): string {
    const count = held.drop();
    return count > 0 ? t('heldDropped', { count }) : '';
  }

  function say(tone: 'ok' | 'error', text: string) {
    setMessage({ tone, text });
    if (tone === 'ok') feedback.ok();
    else feedback.wrong();
  }

  function open(id: string) {
    setMessage(null);
    setChoices(null);
    setParams({ product: id });
  }

  /**
   * Looks up a scanned product code and opens the product (a choice when several match). `first`: no product is open,
   * so a code that finds nothing says to scan a product first (a location label: that it is one), since a worker who
   * starts with the location gets no product for it.
   */
  async function findProduct(code: string, first = false) {
    setLookupError(null);
    // Scans still held from a choice not made belong to no product any more.
    if (lookups.current === 0) held.drop();
    lookups.current += 1;
    try {
      const found = await lookupProduct(db, code);
      if (found.kind === 'one') {
        feedback.ok();
        open(found.id);
      } else if (found.kind === 'many') {
        setChoices(found.products);
        setMessage(null);
      } else {
        const text =
          first && isLocationLabel(code)
            ? t('labelFirst')
            : found.offline
              ? t('notOffline', { code })
              : first
                ? `${t('noProduct', { code })} ${t('productFirst')}`
                : t('noProduct', { code });
        say('error', [text, dropHeld()].filter(Boolean).join(' '));
      }
    } catch (err) {
      dropHeld();
      feedback.wrong();
      setLookupError(err);
    } finally {
      lookups.current -= 1;
      held.wake();
    }
  }

  /**
   * One scan (the scan field, the camera, a held scan, or a scanner burst typed into a count field). `current` is the
   * mode to judge it in: the move's quantity as it was before a scan landed in its field, when it came from there.
   */
  function onScan(raw: string, current: Mode = mode) {
    if (lookups.current > 0 || (productId !== null && !ready && !failed)) return held.hold(raw);
    const scan = classifyScan(raw, product !== null);
    if (scan.kind === 'invalid') return say('error', t('invalidScan', { scan: raw.slice(0, 40) }));
    if (scan.kind === 'product') {
      if (product && scan.code === product.ean) return;
      return void findProduct(scan.code, product === null);
    }
    if (!product || !canEdit) return;
    if (current.kind === 'transfer') return transferTo(product, current, scan);
    addLocation(product, scan, raw);
  }

  // A label scanned while the move's quantity field has the focus is the move's target, not more digits of the
  // quantity (a wedge scanner types wherever the focus is): the quantity is put back and the scan goes on as a scan.
  const quantityScan = useFieldScan((raw, before) => {
    if (mode.kind !== 'transfer') return;
    const current = { ...mode, quantity: before };
    setMode(current);
    scanInput.current?.focus();
    onScan(raw, current);
  });
  // The same in a location's stock field: the typed stock is put back, the scan is judged as one.
  const stockScan = (raw: string) => {
    scanInput.current?.focus();
    onScan(raw);
  };

  function addLocation(
    p: ShownProduct,
    scan: { kind: 'location_id'; id: string } | { kind: 'location_name'; name: string },
    raw: string,
  ) {
    const existing =
      scan.kind === 'location_id'
        ? p.locations.find((r) => r.locationId === scan.id)
        : p.locations.find((r) => r.name.toLowerCase() === scan.name.toLowerCase());
    if (existing) return say('ok', t('already', { location: existing.name }));
    // The queued row's label (the refused list shows it) names the bin, never its 24-hex id: a label this device does
    // not know yet is an 'onbekend label' (ADR 0142).
    const name = scan.kind === 'location_name' ? scan.name : knownName(scan.id);
    const label = name
      ? t('label_add', { location: name, product: p.name })
      : t('label_add', { product: p.name, context: 'unknown' });
    const shown: Message =
      scan.kind === 'location_name'
        ? { tone: 'ok', text: t('added', { location: scan.name }) }
        : { tone: 'ok', key: 'added', locationId: scan.id };
    void queue(
      scan.kind === 'location_id'
        ? { op: 'assign', product_id: p.id, location_id: scan.id, amount: 0, raw_scan: raw }
        : { op: 'assign_by_name', product_id: p.id, rack_number: scan.name, raw_scan: raw },
      label,
    );
    setMessage(shown);
    feedback.ok();
  }

  function knownName(locationId: string): string | undefined {
    return names?.get(locationId) ?? product?.locations.find((r) => r.locationId === locationId)?.name;
  }

  /** The name the server gave a location (a stored answer), not the id a row waiting for the server shows. */
  function serverName(locationId: string): string | undefined {
    return (
      names?.get(locationId) ??
      product?.locations.find((r) => r.locationId === locationId && !r.provisional)?.name
    );
  }

  /** The name of the location the open product's link `linkId` is on (where a move's pieces lie). */
  function locationOfLink(linkId: string): string | undefined {
    return product?.locations.find((r) => r.link?.id === linkId)?.name;
  }

  /** The server's name of the bin a refused assignment or move names by its id (a label scan), if it does. */
  function heldLocationName(row: HeldRow): string | undefined {
    if (row.body.op === 'assign') return serverName(row.body.location_id);
    if (row.body.op === 'transfer' && 'location_id' in row.body.to)
      return serverName(row.body.to.location_id);
    return undefined;
  }

  /** The message line's words, with a location's name as soon as the server has given it. */
  function messageText(m: NonNullable<Message>): string {
    if ('text' in m) return m.text;
    const name = serverName(m.locationId);
    if (m.key === 'added') return name ? t('added', { location: name }) : t('addedUnnamed');
    return name
      ? t('transferQueued', { count: m.count ?? 0, location: name })
      : t('transferQueuedUnnamed', { count: m.count ?? 0 });
  }

  function transferTo(
    p: ShownProduct,
    m: Extract<Mode, { kind: 'transfer' }>,
    scan: { kind: 'location_id'; id: string } | { kind: 'location_name'; name: string },
  ) {
    const from = m.row;
    if (!from.link) return;
    const same =
      scan.kind === 'location_id'
        ? scan.id === from.locationId
        : scan.name.toLowerCase() === from.name.toLowerCase();
    if (same) return say('error', t('sameLocation'));
    const quantity = parseAmount(m.quantity);
    if (quantity === null || quantity < 1) return say('error', t('badAmount'));
    if (from.stock < 1) return say('error', t('nothingToMove', { location: from.name }));
    if (quantity > from.stock) return say('error', t('tooMany', { count: from.stock, location: from.name }));
    const to = scan.kind === 'location_id' ? { location_id: scan.id } : { rack_number: scan.name };
    const toName = scan.kind === 'location_name' ? scan.name : (knownName(scan.id) ?? t('unknownLabel'));
    void queue(
      {
        op: 'transfer',
        product_id: p.id,
        location_product_id: from.link.id,
        to,
        quantity,
        raw_scan: scan.kind === 'location_id' ? scan.id : scan.name,
      },
      t('label_transfer', { count: quantity, from: from.name, to: toName, product: p.name }),
    );
    setMode({ kind: 'add' });
    setMessage(
      scan.kind === 'location_name'
        ? { tone: 'ok', text: t('transferQueued', { count: quantity, location: scan.name }) }
        : { tone: 'ok', key: 'transferQueued', locationId: scan.id, count: quantity },
    );
    feedback.ok();
  }

  /** Queues a location's counted stock (confirmed, or equal to nothing to confirm) as the outbox row of its kind. */
  function saveAmount(row: ShownLocation, amount: number) {
    if (!product) return;
    const label = t('label_set', {
      location: row.name,
      from: row.stock,
      to: amount,
      product: product.name,
    });
    if (row.link)
      void queue(
        {
          op: 'set',
          product_id: product.id,
          location_product_id: row.link.id,
          amount,
          expected: row.stock,
        },
        label,
      );
    else if (row.locationId)
      void queue(
        { op: 'assign', product_id: product.id, location_id: row.locationId, amount, type: 'set' },
        label,
      );
    setMessage({ tone: 'ok', text: t('amountSaved', { location: row.name, amount }) });
  }

  const actions = {
    setAmount(row: ShownLocation, text: string) {
      if (!product) return;
      const amount = parseAmount(text);
      if (amount === null) return say('error', t('badAmount'));
      if (amount === row.stock) return;
      // A typed stock changes what the system holds: it is asked first, expected against counted (spec 2 §5).
      setAmountCheck({ row, amount });
    },
    move(row: ShownLocation) {
      setMode({ kind: 'transfer', row, quantity: String(row.transferQuantity ?? row.stock) });
      setInputShown(true);
      setMessage(null);
      scanInput.current?.focus();
    },
    remove(row: ShownLocation) {
      if (!product || !row.link || !row.locationId) return;
      if (row.stock !== 0 || row.toTransfer) {
        feedback.wrong();
        setNotEmpty(row);
        return;
      }
      void queue(
        {
          op: 'clear',
          product_id: product.id,
          location_product_id: row.link.id,
          location_id: row.locationId,
        },
        t('label_clear', { location: row.name, product: product.name }),
      );
    },
  };

  function reorder(from: number, to: number) {
    if (!product) return;
    const rows = product.locations.filter((r) => !r.provisional && !r.toTransfer && r.link);
    const names = new Map(rows.map((r) => [r.key, r.name]));
    for (const [a, b] of swapsForMove(
      rows.map((r) => r.key),
      from,
      to,
    ))
      void queue(
        { op: 'switch', product_id: product.id, id_to_switch: a, id_to_be: b },
        t('label_switch', { a: names.get(a), b: names.get(b), product: product.name }),
      );
  }

  const listed = product?.locations.filter((r) => !r.toTransfer) ?? [];
  const toMove = product?.locations.filter((r) => r.toTransfer) ?? [];
  const scanTexts = {
    scanLabel: !product ? t('scanProduct') : mode.kind === 'transfer' ? t('scanTransfer') : t('scanLocation'),
    scanPlaceholder: !product
      ? t('placeholderProduct')
      : mode.kind === 'transfer'
        ? t('placeholderTransfer')
        : t('placeholderLocation'),
    keyboard: t('keyboard'),
    camera: t('camera'),
  };
  const dialogOpen = cameraOpen || notEmpty !== null || recountOpen || amountCheck !== null;

  return (
    <div className="screen locations-screen">
      <StatusBar
        right={<CloseHeaderButton label={t('close')} onClick={() => navigate(FLOOR_PATHS.menu)} />}
      />
      {inputShown ? (
        <ScanBar
          inputRef={scanInput}
          onScan={onScan}
          manual={manual}
          onToggleManual={() => setManual((m) => !m)}
          onCamera={() => setCameraOpen(true)}
          active={!dialogOpen}
          texts={scanTexts}
          onEscape={() => {
            if (mode.kind === 'transfer') setMode({ kind: 'add' });
            else if (product) setInputShown(false);
          }}
        />
      ) : (
        <div className="scan-row">
          <Button size="lg" fullWidth variant="default" onClick={() => setInputShown(true)}>
            + {t('showInput')}
          </Button>
        </div>
      )}
      {message ? (
        <div
          className={`loc-message loc-message-${message.tone}`}
          role="status"
          data-testid="locations-message"
        >
          {messageText(message)}
        </div>
      ) : null}

      <main className="loc-main">
        <RejectedChanges
          rows={rejected}
          onDismiss={(id) => void dismissRejected(db, id)}
          texts={{
            title: t('rejectedTitle', { count: rejected.length }),
            hint: t('rejectedHint'),
            dismiss: t('dismiss'),
          }}
          reason={(row) => {
            const code = row.rejection?.code ?? '';
            if (code === 'location_held') {
              const names = holderNames(row);
              return names.length > 0
                ? t('reason_location_held_by', { names: names.join(', ') })
                : t('reason_location_held');
            }
            // A bin the check-in's location finder reserved for another product (409 `location_reserved`), named.
            if (code === 'location_reserved')
              return t('reason_location_reserved', reservedTextOptions(locationReservation(row.rejection)));
            // A label or name of no location (404 `not_found` on an add): said in words, not the server's English.
            if (
              code === 'not_found' &&
              row.kind === 'stock.change' &&
              (row.body.op === 'assign' || row.body.op === 'assign_by_name')
            )
              return t('reason_location_unknown');
            if (code === 'stock_changed' || code === 'location_not_empty' || code === 'location_inactive')
              return t(`reason_${code}`);
            return rejectionText(row.rejection, t);
          }}
        />
        {product
          ? heldRows.map((row) => (
              <HeldLocation
                key={row.id}
                row={row}
                productName={product.name}
                locationName={heldLocationName(row)}
                moveFrom={
                  row.body.op === 'transfer' ? locationOfLink(row.body.location_product_id) : undefined
                }
                online={online}
                mayClear={canClear && canEdit}
                queue={queue}
                onOpen={open}
                onDismiss={() => void dismissRejected(db, row.id)}
                onQueued={(text) => {
                  void dismissRejected(db, row.id);
                  setMessage({ tone: 'ok', text });
                  feedback.ok();
                }}
                t={t}
              />
            ))
          : null}
        <ErrorBanner error={lookupError ?? (error && !(product && !online) ? error : null)} />

        {mode.kind === 'transfer' && product ? (
          <section className="loc-transfer" data-testid="transfer-panel">
            <h2>{t('transferFrom', { location: mode.row.name })}</h2>
            <label className="loc-transfer-qty">
              <span>{t('transferQty')}</span>
              <input
                type="text"
                inputMode="numeric"
                data-testid="transfer-quantity"
                value={mode.quantity}
                onChange={(e) => setMode({ ...mode, quantity: e.currentTarget.value })}
                onKeyDown={(e) => {
                  if (quantityScan(e)) return;
                  if (e.key === 'Enter') scanInput.current?.focus();
                }}
              />
              <span>/ {mode.row.stock}</span>
            </label>
            <p>{t('scanTransfer')}</p>
            <Button variant="default" size="lg" onClick={() => setMode({ kind: 'add' })}>
              {t('cancel')}
            </Button>
          </section>
        ) : null}

        {!productId ? (
          <ProductPicker
            choices={choices}
            recent={recent.map((r) => ({ id: r.id, name: r.data.product.name, ean: r.ean }))}
            onOpen={open}
            t={t}
          />
        ) : !product ? (
          !failed ? (
            <div className="loading-line">
              <Loader size="sm" />
            </div>
          ) : (
            <p className="loc-hint">
              {online ? t('noProduct', { code: productId }) : t('notOffline', { code: productId })}
            </p>
          )
        ) : (
          <>
            <section className="loc-product" data-testid="location-product" data-pending={product.pending}>
              <h1 className="loc-product-name">{product.name}</h1>
              <div className="loc-product-facts">
                <span data-testid="product-ean">
                  {t('ean')} {product.ean}
                </span>
                <strong data-testid="product-total">{t('total', { count: product.stock })}</strong>
              </div>
              <div className="loc-product-actions">
                {product.needsRecount ? (
                  <Button
                    color="orange"
                    size="lg"
                    onClick={() => setRecountOpen(true)}
                    disabled={!canCount}
                    data-testid="recount-open"
                  >
                    {t('needsRecount')} · {t('recount')}
                  </Button>
                ) : (
                  <Button
                    variant="default"
                    size="lg"
                    disabled={!canCount}
                    onClick={() =>
                      void queue(
                        { op: 'recount', product_id: product.id, recount: true },
                        t('label_recount', { product: product.name }),
                      )
                    }
                  >
                    {t('askRecount')}
                  </Button>
                )}
                <Button variant="subtle" size="lg" onClick={() => setParams({})}>
                  {t('other')}
                </Button>
              </div>
              {choices ? <ProductPicker choices={choices} recent={[]} onOpen={open} t={t} /> : null}
            </section>
            {!inputShown || mode.kind === 'transfer' ? null : (
              <p className="loc-hint">{t('scanLocationHint')}</p>
            )}
            {listed.length === 0 ? (
              <p className="loc-hint" data-testid="no-locations">
                {t('noLocations')}
              </p>
            ) : (
              <LocationList
                rows={listed}
                actions={actions}
                onReorder={reorder}
                onScan={stockScan}
                canEdit={canEdit}
                fieldReset={fieldReset}
                t={t}
              />
            )}
            {toMove.length > 0 ? (
              <section className="loc-open-transfers" data-testid="open-transfers">
                <h2>{t('openTransfers')}</h2>
                <ul>
                  {toMove.map((r) => (
                    <li key={r.key}>
                      <span>
                        {t('openTransfer', { count: r.transferQuantity ?? r.stock, location: r.name })}
                      </span>
                      <Button size="lg" disabled={!canEdit} onClick={() => actions.move(r)}>
                        {t('scanTarget')}
                      </Button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </main>

      <Modal
        opened={notEmpty !== null}
        onClose={() => setNotEmpty(null)}
        title={t('notEmptyTitle')}
        classNames={{ title: 'loc-not-empty-title' }}
        centered
      >
        {/* The spec's title and text stay word for word; the line between says which bin and what lies there. */}
        {notEmpty && notEmpty.stock !== 0 ? (
          <p className="loc-not-empty-stock" data-testid="not-empty-stock">
            {notEmpty.stock < 0
              ? t('notEmptyNegative', { location: notEmpty.name, count: notEmpty.stock })
              : t('notEmptyStock', { location: notEmpty.name, count: notEmpty.stock })}
          </p>
        ) : null}
        <p data-testid="not-empty-text">{t('notEmptyText')}</p>
        <Button fullWidth size="lg" onClick={() => setNotEmpty(null)}>
          {t('ok')}
        </Button>
      </Modal>
      <AmountCheckModal
        check={amountCheck}
        onConfirm={(check) => {
          setAmountCheck(null);
          saveAmount(check.row, check.amount);
          feedback.ok();
        }}
        onCancel={() => {
          setAmountCheck(null);
          setFieldReset((n) => n + 1);
        }}
        t={t}
      />
      {product ? (
        <RecountModal
          opened={recountOpen}
          product={product}
          onClose={() => setRecountOpen(false)}
          onScanned={() => feedback.wrong()}
          onSave={(counts) => {
            setRecountOpen(false);
            if (counts.length === 0)
              void queue(
                { op: 'recount', product_id: product.id, recount: false },
                t('label_recount', { product: product.name }),
              );
            for (const c of counts)
              void queue(
                {
                  op: 'correct',
                  product_id: product.id,
                  org_id: product.orgId,
                  ean: product.ean,
                  location_id: c.row.locationId as string,
                  curr_amount: c.amount,
                  desc: t('recountReason'),
                },
                t('label_correct', { location: c.row.name, amount: c.amount, product: product.name }),
              );
            feedback.ok();
          }}
          t={t}
        />
      ) : null}
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
              torch: t('torch'),
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Products to open: several a scan matched, or the ones opened last on this device (offline too). */
function ProductPicker({
  choices,
  recent,
  onOpen,
  t,
}: {
  choices: { id: string; name: string; ean: string }[] | null;
  recent: { id: string; name: string; ean: string }[];
  onOpen(id: string): void;
  t: T;
}) {
  const list = choices ?? recent;
  return (
    <section className="loc-picker" data-testid={choices ? 'product-choices' : 'recent-products'}>
      {choices ? (
        <h2>{t('choose')}</h2>
      ) : (
        <>
          <h1 className="loc-title">{t('title')}</h1>
          <p className="loc-hint">{t('scanProductHint')}</p>
        </>
      )}
      {!choices && recent.length > 0 ? <h2>{t('recent')}</h2> : null}
      <ul>
        {list.map((p) => (
          <li key={p.id}>
            <UnstyledButton className="loc-picker-item" onClick={() => onOpen(p.id)}>
              <strong>{p.name}</strong>
              <span>{p.ean}</span>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A location's typed stock (`amount`) that differs from the stock the row holds. */
type AmountCheck = { row: ShownLocation; amount: number };

/** One location of a count that differs from the stock held: its name, expected · counted, and the signed difference. */
function DifferenceRow({
  name,
  expected,
  counted,
  testId,
  t,
}: {
  name: string;
  expected: number;
  counted: number;
  testId?: string;
  t: T;
}) {
  const difference = counted - expected;
  return (
    <li data-testid={testId}>
      <strong>{name}</strong>
      <span>
        {t('recountExpected', { count: expected })} · {t('recountCounted', { count: counted })}
      </span>
      <strong className={difference < 0 ? 'loc-diff-minus' : 'loc-diff-plus'}>
        {t('recountDifference', { difference: signedDifference(difference) })}
      </strong>
    </li>
  );
}

/**
 * The question before a location's typed stock is saved (spec 2 §5 Manual location amount; like the recount popup's
 * differences): the location, the stock expected and the count typed, and the difference ('Verschil: −2'). The
 * confirm button has the focus, so a scanner user who typed the count and Enter confirms with Enter again;
 * 'Opnieuw tellen' (or Escape) saves nothing and the field shows the stock held again. A count equal to the stock is
 * no change and never asked.
 */
function AmountCheckModal({
  check,
  onConfirm,
  onCancel,
  t,
}: {
  check: AmountCheck | null;
  onConfirm(check: AmountCheck): void;
  onCancel(): void;
  t: T;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (check) confirmRef.current?.focus();
  }, [check]);
  return (
    <Modal
      opened={check !== null}
      onClose={onCancel}
      title={check ? t('amountCheckTitle', { location: check.row.name }) : ''}
      centered
    >
      {check ? (
        <div data-testid="amount-check">
          <p className="loc-recount-question">{t('amountCheckQuestion')}</p>
          <ul className="loc-recount-diffs">
            <DifferenceRow name={check.row.name} expected={check.row.stock} counted={check.amount} t={t} />
          </ul>
          <Button
            fullWidth
            size="lg"
            mt="md"
            ref={confirmRef}
            data-autofocus
            data-testid="amount-confirm"
            onClick={() => onConfirm(check)}
          >
            {t('recountConfirm')}
          </Button>
          <Button fullWidth size="lg" mt="xs" variant="default" onClick={onCancel}>
            {t('recountAgain')}
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * The recount popup (spec 2 §6 Recount panel, §4: a counted amount replaces the stock and clears the recount flag):
 * one field per location, prefilled with the stock; saving queues one correction per location. Counts equal to the
 * stock save straight away; a count that differs first shows each difference ('Verschil: −3') and asks to confirm,
 * the confirm button focused so a scanner user confirms with Enter (Enter in a count field saves). A bundle gets no
 * fields (its stock is what its parts make; `POST /correct_stock/` refuses it): a text says to count its parts, and
 * 'Parts counted' clears its recount flag.
 */
function RecountModal({
  opened,
  product,
  onClose,
  onSave,
  onScanned,
  t,
}: {
  opened: boolean;
  product: ShownProduct;
  onClose(): void;
  onSave(counts: { row: ShownLocation; amount: number }[]): void;
  /** A scanner burst typed into a count field: not a count (the field keeps its count; the caller says so). */
  onScanned(): void;
  t: T;
}) {
  const rows = product.locations.filter((r) => r.locationId !== null && r.link !== null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState(false);
  const [scanned, setScanned] = useState(false);
  const [review, setReview] = useState<{
    counts: { row: ShownLocation; amount: number }[];
    differences: RecountDifference<ShownLocation>[];
  } | null>(null);
  // The confirm button takes the focus when the differences show (the count field it came from is gone), so the
  // scanner user's next Enter confirms: by this effect in the browser, and `data-autofocus` for the modal's focus
  // trap when it runs again.
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (review) confirmRef.current?.focus();
  }, [review]);
  const countScan = useFieldScan(() => {
    setScanned(true);
    onScanned();
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: prefilled once per opening, not on every new answer
  useEffect(() => {
    if (opened) setValues(Object.fromEntries(rows.map((r) => [r.key, String(r.stock)])));
    setReview(null);
  }, [opened]);
  function save() {
    const counts = rows.map((row) => ({ row, amount: parseAmount(values[row.key] ?? '') }));
    if (counts.some((c) => c.amount === null)) return setInvalid(true);
    setInvalid(false);
    const counted = counts as { row: ShownLocation; amount: number }[];
    const differences = recountDifferences(counted);
    if (differences.length === 0) onSave(counted);
    else setReview({ counts: counted, differences });
  }
  return (
    <Modal opened={opened} onClose={onClose} title={t('recountTitle')} centered>
      {product.isBundle ? (
        <>
          <p data-testid="recount-bundle">{t('recountBundle')}</p>
          <Button fullWidth size="lg" mt="md" data-testid="recount-parts-done" onClick={() => onSave([])}>
            {t('recountPartsDone')}
          </Button>
        </>
      ) : review ? (
        <div data-testid="recount-review">
          <p className="loc-recount-question">{t('recountDiffers')}</p>
          <ul className="loc-recount-diffs">
            {review.differences.map((d) => (
              <DifferenceRow
                key={d.row.key}
                testId="recount-difference"
                name={d.row.name}
                expected={d.expected}
                counted={d.counted}
                t={t}
              />
            ))}
          </ul>
          <Button
            fullWidth
            size="lg"
            mt="md"
            ref={confirmRef}
            data-autofocus
            data-testid="recount-confirm"
            onClick={() => onSave(review.counts)}
          >
            {t('recountConfirm')}
          </Button>
          <Button
            fullWidth
            size="lg"
            mt="xs"
            variant="default"
            data-testid="recount-back"
            onClick={() => setReview(null)}
          >
            {t('recountAgain')}
          </Button>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <p>{t('recountHint')}</p>
          <div className="loc-recount" data-testid="recount-form">
            {rows.map((r) => (
              <label key={r.key} className="loc-recount-row">
                <span>{r.name}</span>
                <input
                  type="text"
                  inputMode="numeric"
                  data-testid="recount-amount"
                  value={values[r.key] ?? ''}
                  onChange={(e) => {
                    setScanned(false);
                    setValues({ ...values, [r.key]: e.currentTarget.value });
                  }}
                  onKeyDown={(e) => {
                    const field = e.currentTarget;
                    if (countScan(e)) setValues((v) => ({ ...v, [r.key]: field.value }));
                  }}
                />
              </label>
            ))}
          </div>
          {scanned ? (
            <p className="loc-message loc-message-error" data-testid="recount-scanned">
              {t('scannedNotCount')}
            </p>
          ) : null}
          {invalid ? <p className="loc-message loc-message-error">{t('badAmount')}</p> : null}
          <Button type="submit" fullWidth size="lg" mt="md" data-testid="recount-save">
            {t('save')}
          </Button>
        </form>
      )}
    </Modal>
  );
}
