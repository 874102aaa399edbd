import {
  type OpenOrder,
  type PackScanState,
  type PrintFrame,
  packScanAfterShip,
  shipVariant,
} from '@hoppa/core';
import { errorDisplay, errorText } from '@hoppa/web';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePackingSlip } from './api/get-packing-slip.ts';
import { useShipmentMethods } from './api/get-shipment-options.ts';
import { useShipOrder } from './api/ship-order.ts';
import { skippedWhenNothingShipped, useShipSingleOrders } from './api/ship-single-orders.ts';
import type { DocumentViewerState, ViewerDoc } from './components/document-viewer-modal.tsx';
import type { PrintSinglesOutcome, PrintSinglesState } from './components/print-singles-modal.tsx';
import type { ScanFeedback } from './components/scan-panel.tsx';
import type { ShipConfirmState } from './components/ship-confirm-modal.tsx';
import { findPackCandidate, openOrdersScan, sameEan } from './open-orders.rules.ts';
import type { OrderPermissions } from './use-order-permissions.ts';

/** How an order is shipped: its method, box, number of labels and, for PostNL, where the labels print. */
export interface ShipChoice {
  methodCode: string | null;
  boxId: string | null;
  labelQuantity: number;
  /** PostNL's print frame (spec 1 §4): null or absent one A6 label per page, 1–4 an A4 sheet from that frame. */
  printFrame?: PrintFrame | null;
}

/** The HTTP statuses whose server message the packer sees on a failed ship (spec 1 §8 rule, plus the carrier's 502 and the 409s). */
const SHIP_MESSAGE_STATUSES = [409, 502];

/** A copy of `map` without `key` (the same map when it has none). */
function withoutKey<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  if (!map.has(key)) return map;
  const next = new Map(map);
  next.delete(key);
  return next;
}

/** The order's own choices, as its card shows them. */
export function choiceOf(order: OpenOrder): ShipChoice {
  return {
    methodCode: order.selected_ship_option,
    boxId: order.selected_packaging_option,
    labelQuantity: order.label_quantity || 1,
  };
}

/**
 * What the scanner narrows the list to (spec 1 §4): the selected EAN and a scanned picked location. Held by the page,
 * because the list query needs it before the station gets the listed orders.
 */
export function useScanNarrowing() {
  const [scanState, setScanState] = useState<PackScanState>({ selectedEan: null });
  const [pickedLocation, setPickedLocation] = useState<string | null>(null);
  return { scanState, setScanState, pickedLocation, setPickedLocation };
}

/** The scanner's narrowing with its setters ({@link useScanNarrowing}). */
export type ScanNarrowingState = ReturnType<typeof useScanNarrowing>;

/**
 * The packing station's work on the open orders (spec 1 §2, §4): the scanner's state and what each scan does
 * (select an EAN, ship the next order holding it, confirm first when its quantity is above 1, it has a pack
 * note or the order holds other products to pack, filter by a picked location), shipping one order, 'print single orders' of a group, the label and
 * packing-slip viewer, and the feedback line. `orders` are the orders in list order; shipped or shipping orders
 * are remembered so a quick next scan never picks them again before the list has reloaded.
 */
export function usePackStation(
  orders: readonly OpenOrder[],
  allowed: OrderPermissions,
  narrowing: ScanNarrowingState,
  /**
   * The list shows the answer for the current filters and narrowing (not the previous one's while a new one loads).
   * Scans arriving before that wait, in order, and are handled once it is: a second scan of a just-selected EAN
   * looks for its order in the narrowed list, not in the list of the previous selection.
   */
  listSettled = true,
) {
  const { t } = useTranslation('orders');
  const { pathname } = useLocation();
  const { scanState, setScanState, pickedLocation, setPickedLocation } = narrowing;
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);
  const [confirm, setConfirm] = useState<ShipConfirmState | null>(null);
  const [viewer, setViewer] = useState<DocumentViewerState | null>(null);
  const [singles, setSingles] = useState<PrintSinglesState | null>(null);
  const [singlesOutcome, setSinglesOutcome] = useState<PrintSinglesOutcome | null>(null);
  const [printingGroup, setPrintingGroup] = useState<string | null>(null);
  const [shippingIds, setShippingIds] = useState<ReadonlySet<string>>(new Set());
  // Why the last ship of an order failed (the carrier's message), shown on its card until it ships or is tried again.
  const [shipErrors, setShipErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const methods = useShipmentMethods();
  const doneIds = useRef(new Set<string>());
  const seq = useRef(0);
  const shipOrder = useShipOrder();
  const shipSingles = useShipSingleOrders();
  const packingSlip = usePackingSlip();

  const nextToShip = scanState.selectedEan
    ? findPackCandidate(orders, scanState.selectedEan, doneIds.current)?.order.id
    : undefined;

  function say(raw: string, text: string, tone: ScanFeedback['tone']) {
    seq.current += 1;
    setFeedback({ raw, text, tone, seq: seq.current });
  }

  /**
   * Ships `order`; `raw` is the scan that led here, shown as the last scan beside the outcome. A card's ship button has
   * none: the outcome then shows without a scanned code (it showed the order number as if scanned; ADR 0142).
   */
  async function ship(order: OpenOrder, choice: ShipChoice, opts: { clearSelection: boolean; raw?: string }) {
    doneIds.current.add(order.id);
    setShippingIds((s) => new Set(s).add(order.id));
    setShipErrors((m) => withoutKey(m, order.id));
    const method = methods.data?.find((m) => m.code === choice.methodCode);
    const variant = method ? shipVariant(method) : 'standard';
    try {
      const res = await shipOrder.mutateAsync({
        variant,
        printFrame: choice.printFrame ?? null,
        order_id: order.id,
        ...(choice.methodCode ? { method_code: choice.methodCode } : {}),
        ...(choice.boxId ? { box_id: choice.boxId } : {}),
        label_quantity: choice.labelQuantity,
      });
      say(
        opts.raw ?? '',
        t('scan.feedback.shipped', { order: order.orderId, tracking: res.trackingNumber ?? '—' }),
        'success',
      );
      // An own shipment has no label: the answer is its packing slip, which goes into the parcel.
      setViewer({
        orderNumber: order.orderId,
        orderId: order.id,
        trackingNumber: res.trackingNumber,
        label: variant === 'own' ? null : res.label,
        slip: variant === 'own' ? res.label : null,
        show: variant === 'own' ? 'slip' : 'label',
        ...(variant === 'own' ? { title: t('label.ownTitle', { order: order.orderId }) } : {}),
      });
      if (opts.clearSelection) setScanState(packScanAfterShip());
    } catch (err) {
      doneIds.current.delete(order.id);
      // The error rule of spec 1 §8: the server's message for 400/406 (and here the carrier's 502 and the 409s, which
      // name the carrier and its reason), else the generic text.
      const message = errorText(errorDisplay(err, pathname, SHIP_MESSAGE_STATUSES), t) ?? '';
      setShipErrors((m) => new Map(m).set(order.id, message));
      say(opts.raw ?? '', t('scan.feedback.shipFailed', { order: order.orderId, message }), 'error');
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

  // A selected EAN waiting for its narrowed list (spec 1 §4): when that list holds no order with it, the packer hears
  // so at once, not only after scanning it a second time ('selected, scan again to ship' was all it said).
  const awaitingList = useRef<string | null>(null);
  useEffect(() => {
    const ean = awaitingList.current;
    if (!ean || !listSettled) return;
    awaitingList.current = null;
    if (scanState.selectedEan !== ean) return;
    if (orders.some((o) => o.products.some((l) => sameEan(l.ean, ean)))) return;
    say(ean, t('scan.feedback.noOrder', { ean }), 'warning');
  });

  // Scans that came while the list was not settled, oldest first; handled one per render once it is.
  const waiting = useRef<string[]>([]);
  const [waitingCount, setWaitingCount] = useState(0);
  useEffect(() => {
    if (!listSettled || waitingCount === 0) return;
    const next = waiting.current.shift();
    setWaitingCount(waiting.current.length);
    if (next !== undefined) handleScan(next);
  });

  /** A scan from the scanner: handled at once when the list is settled and no earlier scan waits, else queued. */
  function onScan(raw: string) {
    if (!listSettled || waiting.current.length > 0) {
      waiting.current.push(raw);
      setWaitingCount(waiting.current.length);
      return;
    }
    handleScan(raw);
  }

  /** What a scan on the station does (spec 1 §4 Open orders screen barcode scan). */
  function handleScan(raw: string) {
    const { state, action, order, blocked } = openOrdersScan(scanState, raw, orders, doneIds.current);
    setScanState(state);
    switch (action.type) {
      case 'filter-location':
        setPickedLocation(action.locationId);
        say(raw, t('scan.feedback.location', { id: action.locationId }), 'info');
        break;
      case 'select':
        awaitingList.current = action.ean;
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
              otherLines: action.order.otherLines,
            });
            say(
              raw,
              t(action.order.otherLines > 0 ? 'scan.feedback.confirmLines' : 'scan.feedback.confirm', {
                order: order.orderId,
              }),
              'warning',
            );
          }
          break;
        }
        if (order) {
          say(raw, t('scan.feedback.ship', { order: order.orderId }), 'info');
          void ship(order, choiceOf(order), { clearSelection: false, raw });
        }
        break;
      case 'no-order':
        if (blocked) say(raw, t('scan.feedback.cancellation', { order: blocked.orderId }), 'warning');
        else say(raw, t('scan.feedback.noOrder', { ean: action.ean }), 'warning');
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

  /** Switches the viewer between label and packing slip, fetching the slip the first time. */
  async function showDoc(doc: ViewerDoc) {
    if (!viewer) return;
    if (doc === 'slip' && !viewer.slip) {
      const slip = await packingSlip.mutateAsync(viewer.orderId);
      setViewer((v) => (v ? { ...v, slip, show: 'slip' } : v));
      return;
    }
    setViewer({ ...viewer, show: doc });
  }

  /** Opens the packing slip of an order from its card. */
  async function openPackingSlip(order: OpenOrder) {
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

  /** Ships the order of the open confirmation (a confirmed ship clears the selection, spec 1 §4). */
  function confirmShip() {
    if (!confirm) return;
    const { order, ean } = confirm;
    setConfirm(null);
    // The popup came from a scan of `ean`: that stays the last scan (it read the order number before; ADR 0142).
    void ship(order, choiceOf(order), { clearSelection: true, raw: ean });
  }

  /** Ships the single-line orders of the group awaiting confirmation. */
  function confirmSingles() {
    if (!singles) return;
    setSingles(null);
    void printSingles(singles);
  }

  return {
    scan: {
      selectedEan: scanState.selectedEan,
      pickedLocation,
      nextToShip,
      feedback,
      onScan,
      clearEan: () => setScanState({ selectedEan: null }),
      clearLocation: () => setPickedLocation(null),
    },
    shipping: { shippingIds, shipErrors, ship, openPackingSlip },
    confirm: { state: confirm, cancel: () => setConfirm(null), accept: confirmShip },
    singles: {
      state: singles,
      ask: setSingles,
      cancel: () => setSingles(null),
      accept: confirmSingles,
      outcome: singlesOutcome,
      clearOutcome: () => setSinglesOutcome(null),
      printingGroup,
    },
    viewer: { state: viewer, close: () => setViewer(null), show: showDoc, slip: packingSlip },
  };
}
