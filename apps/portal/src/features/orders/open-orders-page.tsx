import {
  type OpenOrdersQuery,
  type Order,
  type Org,
  type PackScanState,
  packScanAfterShip,
  type ShipmentBox,
  type ShipmentMethod,
} from '@hoppa/core';
import { errorDisplay, errorText } from '@hoppa/web';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { type OpenOrdersFilter, useOpenOrders } from './api/get-open-orders.ts';
import { usePackingSlip } from './api/get-packing-slip.ts';
import { useShipmentBoxes, useShipmentMethods } from './api/get-shipment-options.ts';
import { useVisibleOrgs } from './api/get-visible-orgs.ts';
import { useShipOrder } from './api/ship-order.ts';
import { skippedWhenNothingShipped, useShipSingleOrders } from './api/ship-single-orders.ts';
import {
  DocumentViewerModal,
  type DocumentViewerState,
  type ViewerDoc,
} from './components/document-viewer-modal.tsx';
import { OrderBoard } from './components/order-board.tsx';
import { OrderCard } from './components/order-card.tsx';
import { OrderFilters, type OrderFilterValues } from './components/order-filters.tsx';
import {
  PrintSinglesModal,
  PrintSinglesNotice,
  type PrintSinglesOutcome,
  type PrintSinglesState,
} from './components/print-singles-modal.tsx';
import { type ScanFeedback, ScanPanel } from './components/scan-panel.tsx';
import { ShipConfirmModal, type ShipConfirmState } from './components/ship-confirm-modal.tsx';
import {
  DEFAULT_ORDER_LIMIT,
  defaultOrderRange,
  findPackCandidate,
  localInputToIso,
  openOrdersScan,
  ordersInListOrder,
} from './open-orders.rules.ts';
import { useOrderPermissions } from './use-order-permissions.ts';
import { useScanListener } from './use-scan-listener.ts';

interface ShipChoice {
  methodCode: string | null;
  boxId: string | null;
  labelQuantity: number;
}

// Stable empties while methods and boxes load, so the memoised cards keep their props.
const NO_METHODS: readonly ShipmentMethod[] = [];
const NO_BOXES: readonly ShipmentBox[] = [];

/** A stable empty list, so the memoised filter bar does not re-render while the organisations load. */
const NO_ORGS: readonly Org[] = [];

function initialFilters(): OrderFilterValues {
  return {
    ...defaultOrderRange(),
    packSize: 'all',
    locations: [],
    methods: [],
    limit: DEFAULT_ORDER_LIMIT,
    red: false,
    b2b: false,
    org: null,
  };
}

/**
 * The open orders list and packing station (/orders; spec 1 §2 Open orders list, Order card, §4).
 * Orders come grouped per pick location. A barcode scanner drives it (spec 1 §4 Open orders screen
 * barcode scan): the first scan of an EAN selects it and filters the list; the same EAN again ships
 * the first order containing it (through a confirmation when its quantity is above 1 or it has a pack
 * note); a location label filters by picked location. After a scan-ship without confirmation the
 * selection stays, so a run of identical single-item orders ships scan after scan; a confirmed ship
 * clears it, as the spec says. The label opens in an embedded viewer for printing; 'print single
 * orders' on a group header ships its single-line orders at once and opens all their labels there.
 */
export function OpenOrdersPage() {
  const { t } = useTranslation('orders');
  const { pathname } = useLocation();
  const [filters, setFilters] = useState<OrderFilterValues>(initialFilters);
  const [scanState, setScanState] = useState<PackScanState>({ selectedEan: null });
  const [pickedLocation, setPickedLocation] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);
  const [confirm, setConfirm] = useState<ShipConfirmState | null>(null);
  const [viewer, setViewer] = useState<DocumentViewerState | null>(null);
  const [singles, setSingles] = useState<PrintSinglesState | null>(null);
  const [singlesOutcome, setSinglesOutcome] = useState<PrintSinglesOutcome | null>(null);
  const [printingGroup, setPrintingGroup] = useState<string | null>(null);
  const [shippingIds, setShippingIds] = useState<ReadonlySet<string>>(new Set());
  // Orders shipped or being shipped in this session: a quick next scan must not pick them again
  // before the list has reloaded.
  const doneIds = useRef(new Set<string>());
  const seq = useRef(0);
  const lastRange = useRef({ start: '', end: '' });

  const start = localInputToIso(filters.from) ?? lastRange.current.start;
  const end = localInputToIso(filters.until) ?? lastRange.current.end;
  lastRange.current = { start, end };
  const query: OpenOrdersQuery = {
    limit: filters.limit,
    ...(filters.locations.length ? { location: filters.locations.join(',') } : {}),
    ...(filters.methods.length ? { shipment_method: filters.methods.join(',') } : {}),
    ...(pickedLocation ? { picked_location: pickedLocation } : {}),
    ...(scanState.selectedEan ? { ean: scanState.selectedEan } : {}),
    ...(filters.red ? { red_orders: true } : {}),
    ...(filters.b2b ? { b2b_orders: true } : {}),
    ...(filters.org ? { org_id: filters.org } : {}),
  };
  const filter: OpenOrdersFilter = { start, end, packSize: filters.packSize, query };
  const list = useOpenOrders(filter);
  const methods = useShipmentMethods();
  const orgs = useVisibleOrgs();
  const boxes = useShipmentBoxes();
  const shipOrder = useShipOrder();
  const shipSingles = useShipSingleOrders();
  const packingSlip = usePackingSlip();
  const allowed = useOrderPermissions();

  const orders = useMemo(() => ordersInListOrder(list.data), [list.data]);
  const nextToShip = scanState.selectedEan
    ? findPackCandidate(orders, scanState.selectedEan, doneIds.current)?.order.id
    : undefined;
  const locationSuggestions = useMemo(
    () => [...new Set((list.data?.groups ?? []).flatMap((g) => (g.location ? [g.location.name] : [])))],
    [list.data],
  );

  function say(raw: string, text: string, tone: ScanFeedback['tone']) {
    seq.current += 1;
    setFeedback({ raw, text, tone, seq: seq.current });
  }

  async function ship(order: Order, choice: ShipChoice, opts: { clearSelection: boolean; raw?: string }) {
    doneIds.current.add(order.id);
    setShippingIds((s) => new Set(s).add(order.id));
    try {
      const res = await shipOrder.mutateAsync({
        order_id: order.id,
        ...(choice.methodCode ? { method_code: choice.methodCode } : {}),
        ...(choice.boxId ? { box_id: choice.boxId } : {}),
        label_quantity: choice.labelQuantity,
      });
      say(
        opts.raw ?? order.orderId,
        t('scan.feedback.shipped', { order: order.orderId, tracking: res.trackingNumber ?? '—' }),
        'success',
      );
      setViewer({
        orderNumber: order.orderId,
        orderId: order.id,
        trackingNumber: res.trackingNumber,
        label: res.label,
        slip: null,
        show: 'label',
      });
      if (opts.clearSelection) setScanState(packScanAfterShip());
    } catch (err) {
      doneIds.current.delete(order.id);
      // The error rule of spec 1 §8: the server's message for 400/406 only, else the generic text.
      const message = errorText(errorDisplay(err, pathname), t) ?? '';
      say(
        opts.raw ?? order.orderId,
        t('scan.feedback.shipFailed', { order: order.orderId, message }),
        'error',
      );
    } finally {
      setShippingIds((s) => {
        const n = new Set(s);
        n.delete(order.id);
        return n;
      });
    }
  }

  /** Ships the confirmed group's single-line orders and opens their labels (spec 1 §2, §4). */
  async function printSingles({ location, orders: batch }: PrintSinglesState) {
    const numberOf = new Map(batch.map((o) => [o.id, o.orderId]));
    const skippedOf = (s: {
      order_id: string;
      reason: PrintSinglesOutcome['skipped'][number]['reason'];
    }) => ({
      orderNumber: numberOf.get(s.order_id) ?? s.order_id,
      reason: s.reason,
    });
    const orgs = new Set(batch.map((o) => o.org));
    for (const o of batch) doneIds.current.add(o.id);
    setPrintingGroup(location);
    setSinglesOutcome(null);
    try {
      const res = await shipSingles.mutateAsync({
        orderIds: batch.map((o) => o.id),
        ...(orgs.size === 1 ? { orgId: batch[0]?.org } : {}),
      });
      for (const s of res.skipped) doneIds.current.delete(s.order_id);
      setSinglesOutcome({ shipped: res.shipped.length, skipped: res.skipped.map(skippedOf) });
      setViewer({
        orderNumber: location,
        orderId: '',
        trackingNumber: null,
        label: res.labels,
        slip: null,
        show: 'label',
        title: t('singles.labelsTitle', { location }),
        hasSlip: false,
      });
    } catch (err) {
      for (const o of batch) doneIds.current.delete(o.id);
      const skipped = skippedWhenNothingShipped(err);
      setSinglesOutcome(
        skipped
          ? { shipped: 0, skipped: skipped.map(skippedOf) }
          : { shipped: 0, skipped: [], error: errorText(errorDisplay(err, pathname), t) ?? '' },
      );
    } finally {
      setPrintingGroup(null);
    }
  }

  function choiceOf(order: Order): ShipChoice {
    return {
      methodCode: order.selected_ship_option,
      boxId: order.selected_packaging_option,
      labelQuantity: order.label_quantity || 1,
    };
  }

  function onScan(raw: string) {
    const { state, action, order } = openOrdersScan(scanState, raw, orders, doneIds.current);
    setScanState(state);
    switch (action.type) {
      case 'filter-location':
        setPickedLocation(action.locationId);
        say(raw, t('scan.feedback.location', { id: action.locationId }), 'info');
        break;
      case 'select':
        setViewer(null);
        setConfirm(null);
        say(raw, t('scan.feedback.select', { ean: action.ean }), 'info');
        break;
      case 'ship':
      case 'confirm':
        if (!allowed.ship) {
          say(raw, t('scan.feedback.notAllowed'), 'warning');
          break;
        }
        if (action.type === 'confirm') {
          if (order) {
            setConfirm({
              order,
              ean: action.ean,
              quantity: action.order.quantity,
              packNote: action.order.packNote,
            });
            say(raw, t('scan.feedback.confirm', { order: order.orderId }), 'warning');
          }
          break;
        }
        if (order) {
          say(raw, t('scan.feedback.ship', { order: order.orderId }), 'info');
          void ship(order, choiceOf(order), { clearSelection: false, raw });
        }
        break;
      case 'no-order':
        say(raw, t('scan.feedback.noOrder', { ean: action.ean }), 'warning');
        break;
      case 'no-ship-option':
        say(
          raw,
          t('scan.feedback.noShipOption', { order: order?.orderId ?? action.order.orderId }),
          'warning',
        );
        break;
      case 'unknown':
        console.warn(action.message, action.raw);
        say(raw, t('scan.feedback.unknown', { raw: action.raw }), 'error');
        break;
    }
  }

  const { paused } = useScanListener(onScan);

  async function showDoc(doc: ViewerDoc) {
    if (!viewer) return;
    if (doc === 'slip' && !viewer.slip) {
      const slip = await packingSlip.mutateAsync(viewer.orderId);
      setViewer((v) => (v ? { ...v, slip, show: 'slip' } : v));
      return;
    }
    setViewer({ ...viewer, show: doc });
  }

  async function openPackingSlip(order: Order) {
    setViewer({
      orderNumber: order.orderId,
      orderId: order.id,
      trackingNumber: null,
      label: null,
      slip: null,
      show: 'slip',
    });
    try {
      const slip = await packingSlip.mutateAsync(order.id);
      setViewer((v) => (v && v.orderId === order.id ? { ...v, slip } : v));
    } catch {
      setViewer(null);
    }
  }

  // The cards get stable callbacks that call the latest handlers, so a scan's feedback or a
  // shipping flag re-renders the page without re-rendering every order card (OrderCard is memo).
  const latest = useRef({ ship, openPackingSlip });
  latest.current = { ship, openPackingSlip };
  const onCardShip = useCallback(
    (order: Order, choice: ShipChoice) => void latest.current.ship(order, choice, { clearSelection: false }),
    [],
  );
  const onCardPackingSlip = useCallback((order: Order) => void latest.current.openPackingSlip(order), []);
  const onPrintSingles = useCallback(
    (location: string, orders: Order[]) => setSingles({ location, orders }),
    [],
  );
  const methodList = methods.data ?? NO_METHODS;
  const boxList = boxes.data ?? NO_BOXES;
  const renderCard = useCallback(
    (o: Order) => (
      <OrderCard
        key={o.id}
        order={o}
        methods={methodList}
        boxes={boxList}
        selectedEan={scanState.selectedEan}
        nextToShip={o.id === nextToShip}
        shipping={shippingIds.has(o.id)}
        onShip={onCardShip}
        onPackingSlip={onCardPackingSlip}
        allowed={allowed}
      />
    ),
    [
      methodList,
      boxList,
      scanState.selectedEan,
      nextToShip,
      shippingIds,
      onCardShip,
      onCardPackingSlip,
      allowed,
    ],
  );

  const total = list.data?.total ?? 0;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={list.data ? t('count', { count: total }) : undefined}
        actions={
          <>
            <Button
              variant="default"
              onClick={() => list.refetch()}
              loading={list.isFetching}
              leftSection={<Icon name="clock" size={16} />}
            >
              {t('actions.refresh')}
            </Button>
            <Button component={Link} to="/orders/import" leftSection={<Icon name="inbound" size={16} />}>
              {t('actions.import')}
            </Button>
          </>
        }
      />
      <ScanPanel
        canShip={allowed.ship}
        paused={paused}
        feedback={feedback}
        selectedEan={scanState.selectedEan}
        pickedLocation={pickedLocation}
        onClearEan={() => setScanState({ selectedEan: null })}
        onClearLocation={() => setPickedLocation(null)}
      />
      <OrderFilters
        value={filters}
        onChange={setFilters}
        locationSuggestions={locationSuggestions}
        methods={methodList}
        orgs={orgs.data ?? NO_ORGS}
      />
      <ErrorBanner error={packingSlip.error ?? methods.error ?? boxes.error} />
      <PrintSinglesNotice outcome={singlesOutcome} onClose={() => setSinglesOutcome(null)} />
      {list.isError ? (
        <ErrorBanner error={list.error} />
      ) : list.isPending ? (
        <PageLoader />
      ) : total === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text fw={700} c="dimmed" size="lg">
            {t('empty')}
          </Text>
        </Paper>
      ) : (
        <OrderBoard
          groups={list.data.groups}
          renderCard={renderCard}
          onPrintSingles={allowed.shipSingles ? onPrintSingles : undefined}
          printingGroup={printingGroup}
        />
      )}
      <ShipConfirmModal
        state={confirm}
        shipping={confirm ? shippingIds.has(confirm.order.id) : false}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          const { order } = confirm;
          setConfirm(null);
          void ship(order, choiceOf(order), { clearSelection: true });
        }}
      />
      <PrintSinglesModal
        state={singles}
        onCancel={() => setSingles(null)}
        onConfirm={() => {
          if (!singles) return;
          setSingles(null);
          void printSingles(singles);
        }}
      />
      <DocumentViewerModal
        state={viewer}
        onClose={() => setViewer(null)}
        onShow={(d) => void showDoc(d)}
        loadingSlip={packingSlip.isPending}
      />
    </Stack>
  );
}
