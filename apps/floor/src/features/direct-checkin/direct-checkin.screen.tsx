import {
  ApiError,
  amsterdamDay,
  listOrgsEndpoint,
  locationReservation,
  type ProductLocations,
  request,
  reservedTextOptions,
} from '@hoppa/core';
import { PhoneField } from '@hoppa/web/phone-field';
import { Button, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api.ts';
import { useOnline } from '../../app/outbox-status.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { kickOutbox, useRefusedWhileWaiting, useRejectedRows } from '../../app/sync.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { RejectedChanges, rejectionText } from '../../components/rejected-changes.tsx';
import { ScanBar } from '../../components/scan-bar.tsx';
import { CloseHeaderButton, StatusBar } from '../../components/status-bar.tsx';
import { floorDb, getMeta, setMeta } from '../../offline/db.ts';
import { scannedLocation } from '../../offline/location-names.ts';
import { DIRECT_KEY, dismissRejected, enqueueDirectCheckin } from '../../offline/outbox.ts';
import { lookupProduct, refreshProduct } from '../../offline/products.ts';
import { deviceBeeps } from '../../scan/feedback.ts';
import type { ScanInputHandle } from '../../scan/scan-input.tsx';
import {
  addScanned,
  classifyDirectScan,
  type DirectInfo,
  type DirectRow,
  type DirectType,
  directBody,
  infoFromOrg,
  infoProblem,
  rowsProblem,
  totalPieces,
} from './direct-checkin.rules.ts';
import './direct-checkin.css';

type T = TFunction<'directCheckin', undefined>;
const CameraScanner = lazy(() =>
  import('@hoppa/web/camera-scanner').then((m) => ({ default: m.CameraScanner })),
);
const TYPES: { value: DirectType; key: 'typePackage' | 'typePallet' | 'typeContainer' }[] = [
  { value: 'package', key: 'typePackage' },
  { value: 'pallet', key: 'typePallet' },
  { value: 'container_other', key: 'typeContainer' },
];

/**
 * The floor's direct check-in (issue 10 item 3; spec 2 §2 Direct check-in (beta), §8, §9): scanning a product code of
 * more than 10 characters adds it (again: one piece more) on its first location; scanning a location label sends the
 * selected row's pieces there; amounts with − and + or typed; the contact form filled from the client's organisation
 * (stored on the device for offline use), contact person, address and e-mail required; 'Check in' queues one
 * `POST /inventory/direct_checkin` in the outbox (Idempotency-Key, works offline) naming the client, and the recent
 * list shows it waiting, then checked in with its inbound number.
 */
export function DirectCheckinScreen() {
  const { t } = useTranslation('directCheckin');
  /** A 409 `location_reserved` (a failed call or a refused queued check-in) naming the bin and what it is kept for. */
  const reservedText = (refusal: unknown) =>
    t('reservedRejected', reservedTextOptions(locationReservation(refusal)));
  const navigate = useNavigate();
  const online = useOnline();
  const db = floorDb();
  const [rows, setRows] = useState<DirectRow[]>([]);
  const [known, setKnown] = useState<Record<string, ProductLocations>>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [choices, setChoices] = useState<{ id: string; name: string; ean: string }[] | null>(null);
  const [info, setInfo] = useState<DirectInfo>(() => infoFromOrg(null, amsterdamDay()));
  const [infoFor, setInfoFor] = useState<string | null>(null);
  const [type, setType] = useState<DirectType>('package');
  // `outboxId`: the check-in the notice says is ready to send; once it has been sent (the Recent list says it is
  // checked in) or refused (listed above), 'ready to check in' is no longer true and the notice goes.
  const [notice, setNotice] = useState<{ text: string; bad: boolean; outboxId?: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [manual, setManual] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [tried, setTried] = useState(false);
  const scanInput = useRef<ScanInputHandle>(null);
  // The rows, products and selection as the scans so far left them, ahead of the render: scans are handled one
  // after the other (a product is looked up on the server first), and each must see what the one before it made.
  // Read from the render, two quick scans of one EAN were one piece, and a label scanned at once after a product
  // said 'scan a product first'.
  const scanned = useRef({ rows, known, selected });
  scanned.current = { rows, known, selected };
  const scanQueue = useRef<Promise<void>>(Promise.resolve());
  // The draft kept on the device (meta `directDraft`, ADR 0135): read back once when the screen opens, before any scan
  // is handled (the scan queue waits for it), and written after every change once it has been read.
  const [draftRead, setDraftRead] = useState(false);
  useEffect(() => {
    let live = true;
    const restore = getMeta(db, 'directDraft')
      .then((draft) => {
        if (!live || !draft || draft.rows.length === 0) return;
        scanned.current = { rows: draft.rows, known: draft.known, selected: draft.selected };
        setRows(draft.rows);
        setKnown(draft.known);
        setSelected(draft.selected);
        setInfo(draft.info);
        setInfoFor(draft.infoFor);
        setType(draft.type);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setDraftRead(true);
      });
    scanQueue.current = scanQueue.current.then(() => restore);
    return () => {
      live = false;
    };
  }, [db]);
  useEffect(() => {
    if (!draftRead) return;
    const write =
      rows.length === 0
        ? db.meta.delete('directDraft')
        : setMeta(db, 'directDraft', { rows, known, selected, info, infoFor, type, at: Date.now() });
    write.catch((err: unknown) => setError(err));
  }, [draftRead, db, rows, known, selected, info, infoFor, type]);
  const rejected = useRejectedRows().filter((r) => r.kind === 'inbound.direct');
  const recent = useLiveQuery(async () => {
    const waiting = await db.outbox
      .where('pickId')
      .equals(DIRECT_KEY)
      .filter((r) => r.status === 'pending')
      .toArray();
    return { waiting, done: (await getMeta(db, 'directDone')) ?? [], orgs: await getMeta(db, 'directOrgs') };
  }, [db]);
  const orgs = recent?.orgs?.orgs ?? [];
  // A check-in confirmed with the ok sound when it was queued and refused when it was sent gets the wrong-scan buzz
  // once (ADR 0142): only one this screen saw waiting, so one refused before it opened is listed without a sound.
  useRefusedWhileWaiting(
    recent?.waiting.map((r) => r.id),
    rejected,
    () => deviceBeeps.wrong(),
  );

  // The clients and their contact data, for the form's defaults: read when online, kept for offline use.
  useEffect(() => {
    if (!online) return;
    request(api, listOrgsEndpoint, { query: {} })
      .then((list) => setMeta(db, 'directOrgs', { at: Date.now(), orgs: list }))
      .catch((err) => {
        if (!(err instanceof ApiError && err.status === 0)) setError(err);
      });
  }, [online, db]);

  // The form follows the client of the scanned products (spec 2 §2: defaults from the organisation, date today).
  const orgId = rows[0]?.product.org_id ?? null;
  const org = orgs.find((o) => o.id === orgId) ?? null;
  // Before the paint (a layout effect): the form never shows a frame without the client's defaults (ADR 0056).
  useLayoutEffect(() => {
    if (!orgId || orgId === infoFor) return;
    const found = orgs.find((o) => o.id === orgId);
    if (!found && orgs.length === 0) return;
    setInfo(infoFromOrg(found ?? null, amsterdamDay()));
    setInfoFor(orgId);
  }, [orgId, infoFor, orgs]);

  async function addProduct(productId: string) {
    let data: ProductLocations | undefined;
    try {
      data = await refreshProduct(db, productId);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 0)) throw err;
      data = (await db.products.get(productId))?.data;
    }
    if (!data) {
      deviceBeeps.wrong();
      setNotice({ text: t('unknownOffline', { code: productId }), bad: true });
      return;
    }
    const found = data;
    const next = addScanned(scanned.current.rows, found);
    const row = next[0];
    const knownNext = { ...scanned.current.known, [found.product.id]: found };
    scanned.current = { rows: next, known: knownNext, selected: found.product.id };
    setKnown(knownNext);
    setRows(next);
    setSelected(found.product.id);
    setChoices(null);
    if (row) setNotice({ text: t('added', { name: row.product.name, amount: row.amount }), bad: false });
    deviceBeeps.ok();
  }

  /** Runs `step` once every scan (or choice) before it has been handled: in the order they came. */
  function inOrder(step: () => Promise<void>): Promise<void> {
    const handled = scanQueue.current.then(step);
    scanQueue.current = handled.catch(() => undefined);
    return handled;
  }

  const onScan = (raw: string) => inOrder(() => handleScan(raw));

  async function handleScan(raw: string) {
    setNotice(null);
    setError(null);
    const scan = classifyDirectScan(raw);
    if (scan.kind === 'location') {
      const { rows, known, selected } = scanned.current;
      const target = rows.find((r) => r.product.id === selected) ?? rows[0];
      if (!target) {
        deviceBeeps.wrong();
        setNotice({ text: t('locationFirst'), bad: true });
        return;
      }
      // Named as the check-in names a scanned label (offline/location-names.ts): the product's own locations, the
      // server online, the device's stored locations offline; unknown to all, in words, never by a part of its id.
      const links = known[target.product.id]?.locations ?? [];
      const own = links.find((l) => l.location.id === scan.id)?.location;
      const found = own
        ? { name: own.name, quarantine: own.quarantine ?? false }
        : await scannedLocation(db, scan.id, target.product.id, online);
      if (found === 'unknown') {
        deviceBeeps.wrong();
        setNotice({ text: t('unknownLocation'), bad: true });
        return;
      }
      // A quarantine location (issue 12: returned goods, never picked) takes no fresh stock: refused here, not queued.
      if (found?.quarantine) {
        deviceBeeps.wrong();
        setNotice({ text: t('quarantineLocation', { name: found.name }), bad: true });
        return;
      }
      const name = found?.name ?? null;
      // Read again: the rows may have changed while the server was asked.
      const next = scanned.current.rows.map((x) =>
        x.product.id === target.product.id ? { ...x, location: { id: scan.id, name } } : x,
      );
      scanned.current = { ...scanned.current, rows: next };
      setRows(next);
      deviceBeeps.ok();
      setNotice({
        text: t('locationSet', {
          name: target.product.name,
          location: name ?? t('scannedLocation'),
        }),
        bad: false,
      });
      return;
    }
    if (scan.kind !== 'product') {
      // A short or unreadable scan is only logged and told (spec 2 §9: more than 10 characters).
      console.info('Direct check-in: scan refused', raw);
      deviceBeeps.wrong();
      setNotice({
        text: scan.kind === 'too_short' ? t('tooShort', { code: scan.code }) : t('invalid'),
        bad: true,
      });
      return;
    }
    try {
      const found = await lookupProduct(db, scan.code);
      if (found.kind === 'one') await addProduct(found.id);
      else if (found.kind === 'many') {
        deviceBeeps.ok();
        setChoices(found.products);
        setNotice({ text: t('many', { code: scan.code }), bad: false });
      } else {
        deviceBeeps.wrong();
        setNotice({
          text: found.offline ? t('unknownOffline', { code: scan.code }) : t('unknown', { code: scan.code }),
          bad: true,
        });
      }
    } catch (err) {
      deviceBeeps.wrong();
      setError(err);
    }
  }

  const problem = rowsProblem(rows);
  const formProblem = infoProblem(info);

  async function submit() {
    setTried(true);
    if (problem || formProblem) {
      deviceBeeps.wrong();
      return;
    }
    const body = directBody(
      rows,
      { ...info, expected_delivery: info.expected_delivery || amsterdamDay() },
      type,
    );
    const pieces = totalPieces(rows);
    const client = org?.name ?? '';
    // Queued and the draft removed in one transaction: a reload after it never brings the same rows back to check in.
    const row = await db.transaction('rw', db.outbox, db.meta, async () => {
      const queued = await enqueueDirectCheckin(
        db,
        body,
        `${client} · ${pieces} st. · ${rows.map((r) => r.product.ean).join(', ')}`,
      );
      await db.meta.delete('directDraft');
      return queued;
    });
    kickOutbox();
    deviceBeeps.ok();
    setError(null);
    setNotice({ text: t('queued', { count: pieces, org: client }), bad: false, outboxId: row.id });
    setRows([]);
    setKnown({});
    setSelected(null);
    setTried(false);
    setInfoFor(null);
  }

  const settled =
    notice?.outboxId !== undefined &&
    (recent?.done.some((d) => d.outboxId === notice.outboxId) ||
      rejected.some((r) => r.id === notice.outboxId));
  const shownNotice = settled ? null : notice;
  const shownProblem = tried
    ? problem
      ? t(`problems.${problem.kind}`, { name: 'name' in problem ? problem.name : '' })
      : formProblem
        ? t(`problems.${formProblem}`)
        : null
    : null;

  return (
    <div className="screen direct-screen">
      <StatusBar right={<CloseHeaderButton label={t('back')} onClick={() => navigate(FLOOR_PATHS.menu)} />} />
      <ScanBar
        inputRef={scanInput}
        onScan={(raw) => void onScan(raw)}
        manual={manual}
        onToggleManual={() => setManual((m) => !m)}
        onCamera={() => setCameraOpen(true)}
        active={!cameraOpen}
        onEscape={() => setManual(false)}
        texts={{
          scanLabel: t('scanLabel'),
          scanPlaceholder: t('scanShort'),
          keyboard: t('keyboard'),
          camera: t('camera'),
        }}
      />
      <main className="dc-main">
        <h1 className="dc-title">
          {t('title')} <span className="dc-beta">{t('beta')}</span>
        </h1>
        <p className="dc-muted">{t('intro')}</p>
        {shownNotice ? (
          <p
            className={`dc-notice${shownNotice.bad ? ' dc-notice-bad' : ''}`}
            role="status"
            data-testid="direct-notice"
          >
            {shownNotice.text}
          </p>
        ) : null}
        <ErrorBanner
          error={error}
          messages={{
            location_quarantine: t('quarantineRejected'),
            location_reserved: reservedText(error),
          }}
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
        {choices ? (
          <ul className="dc-choices" data-testid="direct-choices">
            {choices.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="dc-choice"
                  onClick={() => void inOrder(() => addProduct(c.id)).catch(setError)}
                >
                  <strong>{c.name}</strong> <span>{c.ean}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <h2 className="dc-h2">{t('products')}</h2>
        {rows.length === 0 ? <p className="dc-muted">{t('noRows')}</p> : null}
        {rows.map((row) => (
          <RowCard
            key={row.product.id}
            row={row}
            links={known[row.product.id]}
            selected={row.product.id === (selected ?? rows[0]?.product.id)}
            onSelect={() => setSelected(row.product.id)}
            onChange={(next) => setRows((r) => r.map((x) => (x.product.id === row.product.id ? next : x)))}
            onRemove={() => setRows((r) => r.filter((x) => x.product.id !== row.product.id))}
            t={t}
          />
        ))}
        {rows.length > 0 ? (
          <section className="dc-form" aria-labelledby="dc-details">
            <h2 className="dc-h2" id="dc-details">
              {t('details')}
            </h2>
            <p className="dc-client" data-testid="direct-client">
              {t('client')}: <strong>{org?.name ?? '—'}</strong>
            </p>
            {orgId && !org && orgs.length === 0 ? <p className="dc-muted">{t('orgsOffline')}</p> : null}
            <NativeSelect
              size="lg"
              label={t('type')}
              value={type}
              onChange={(e) => setType(e.currentTarget.value as DirectType)}
              data={TYPES.map((x) => ({ value: x.value, label: t(x.key) }))}
            />
            <InfoFields info={info} setInfo={setInfo} problem={tried ? formProblem : null} t={t} />
          </section>
        ) : null}
        {shownProblem ? (
          <p className="dc-notice dc-notice-bad" role="alert" data-testid="direct-problem">
            {shownProblem}
          </p>
        ) : null}
        {rows.length > 0 ? (
          <Button size="xl" fullWidth className="dc-submit" onClick={() => void submit()}>
            {t('submit', { count: totalPieces(rows) })}
          </Button>
        ) : null}
        {(recent?.waiting.length ?? 0) + (recent?.done.length ?? 0) > 0 ? (
          <section className="dc-recent" data-testid="direct-recent">
            <h2 className="dc-h2">{t('recent')}</h2>
            <ul>
              {recent?.waiting.map((w) => (
                <li key={w.id} className="dc-waiting" data-testid="direct-waiting">
                  {t('waiting', { label: w.label })}
                </li>
              ))}
              {recent?.done.map((d) => (
                <li key={d.outboxId} data-testid="direct-done">
                  {t('done', { number: d.inboundNumber, org: d.orgName, pieces: d.pieces })}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </main>
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
              hint: t('scanLabel'),
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

/** One scanned product: pieces with − and +, its location (one of its own, or a scanned label), remove. */
function RowCard({
  row,
  links,
  selected,
  onSelect,
  onChange,
  onRemove,
  t,
}: {
  row: DirectRow;
  links: ProductLocations | undefined;
  selected: boolean;
  onSelect(): void;
  onChange(next: DirectRow): void;
  onRemove(): void;
  t: T;
}) {
  const own = (links?.locations ?? []).filter((l) => l.active && l.location.active && !l.location.quarantine);
  const options = own.map((l) => ({ value: l.location.id, label: `${l.location.name} (${l.stock})` }));
  if (row.location && !own.some((l) => l.location.id === row.location?.id))
    options.unshift({
      value: row.location.id,
      label: row.location.name ?? t('scannedLocation'),
    });
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: location scans go to the chosen row; the keyboard reaches every control inside it.
    <article
      className={`dc-row${selected ? ' dc-row-selected' : ''}`}
      data-testid="direct-row"
      aria-label={row.product.name}
      onClick={onSelect}
    >
      <div className="dc-row-head">
        <div>
          <strong>{row.product.name}</strong>
          <div className="dc-ean">{row.product.ean}</div>
        </div>
        <Button
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('remove', { name: row.product.name })}
          onClick={onRemove}
        >
          ✕
        </Button>
      </div>
      <div className="dc-amount">
        <Button
          size="lg"
          px={0}
          fz={28}
          variant="default"
          aria-label={t('less')}
          onClick={() => onChange({ ...row, amount: Math.max(1, row.amount - 1) })}
        >
          −
        </Button>
        <TextInput
          size="lg"
          inputMode="numeric"
          aria-label={t('pieces', { name: row.product.name })}
          value={String(row.amount)}
          onChange={(e) => {
            const n = Number.parseInt(e.currentTarget.value.replace(/\D/g, ''), 10);
            onChange({ ...row, amount: Number.isNaN(n) ? 0 : n });
          }}
        />
        <Button
          size="lg"
          px={0}
          fz={28}
          variant="default"
          aria-label={t('more')}
          onClick={() => onChange({ ...row, amount: row.amount + 1 })}
        >
          +
        </Button>
      </div>
      {options.length > 0 ? (
        <NativeSelect
          size="lg"
          aria-label={t('location', { name: row.product.name })}
          value={row.location?.id ?? ''}
          data={row.location ? options : [{ value: '', label: t('noLocation') }, ...options]}
          onChange={(e) => {
            const id = e.currentTarget.value;
            const link = own.find((l) => l.location.id === id);
            onChange({ ...row, location: id ? { id, name: link?.location.name ?? null } : null });
          }}
        />
      ) : (
        <p className="dc-nolocation">{t('noLocation')}</p>
      )}
      {selected ? <p className="dc-selected">{t('selected')}</p> : null}
    </article>
  );
}

/** The contact form (spec 2 §2 Direct check-in): required fields marked; the first problem shown on its field. */
function InfoFields({
  info,
  setInfo,
  problem,
  t,
}: {
  info: DirectInfo;
  setInfo(next: DirectInfo): void;
  problem: ReturnType<typeof infoProblem>;
  t: T;
}) {
  const set = (key: keyof DirectInfo) => (e: { currentTarget: { value: string } }) =>
    setInfo({ ...info, [key]: e.currentTarget.value });
  const err = (...keys: NonNullable<typeof problem>[]) =>
    problem && keys.includes(problem) ? t(`problems.${problem}`) : undefined;
  return (
    <>
      <TextInput
        size="lg"
        required
        label={t('contactPerson')}
        value={info.contact_person}
        onChange={set('contact_person')}
        error={err('contact_person')}
      />
      <TextInput
        size="lg"
        required
        type="email"
        label={t('email')}
        value={info.contact_person_email}
        onChange={set('contact_person_email')}
        error={err('contact_person_email', 'email_format')}
      />
      <PhoneField
        size="lg"
        label={t('phone')}
        value={info.phone}
        onChange={(phone) => setInfo({ ...info, phone })}
        error={err('phone')}
      />
      <Textarea
        size="lg"
        required
        rows={2}
        label={t('address')}
        value={info.shipping_address}
        onChange={set('shipping_address')}
        error={err('shipping_address')}
      />
      <TextInput size="lg" label={t('trackTrace')} value={info.track_trace} onChange={set('track_trace')} />
      <TextInput
        size="lg"
        type="date"
        label={t('date')}
        value={info.expected_delivery}
        onChange={set('expected_delivery')}
      />
    </>
  );
}
