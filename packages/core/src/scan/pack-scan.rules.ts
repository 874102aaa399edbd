import { classifyPackScan } from './scan.rules.ts';

/** An open order as the packing-station scan handler needs it. */
export interface PackCandidate {
  orderId: string;
  /** Quantity of the scanned EAN on this order. */
  quantity: number;
  packNote: string | null;
  /** A shipment method is chosen for this order (spec 1 §4: ships at once when a ship option is set). */
  hasShipOption: boolean;
  /**
   * Lines of the order still to pack besides the scanned EAN's: lines of other products (or without an EAN), not
   * counting lines cancelled at the customer's request (ADR 0128). Above 0 a scan never ships at once (spec 1 §4: a
   * popup first shows what goes in the box; confirming ships it): two scans of one product must not ship an order
   * whose other products were never packed (order SW-1017 left without its 'Cruesli Fruta' ×2).
   */
  otherLines: number;
}

/** State of the open orders scan handler: the EAN selected by the first scan, if any. */
export interface PackScanState {
  selectedEan: string | null;
}

/** What the open orders screen must do after a scan. */
export type PackScanAction =
  | { type: 'filter-location'; locationId: string }
  | { type: 'select'; ean: string }
  | { type: 'confirm'; ean: string; order: PackCandidate }
  | { type: 'ship'; ean: string; order: PackCandidate }
  | { type: 'no-order'; ean: string }
  | { type: 'no-ship-option'; ean: string; order: PackCandidate }
  | { type: 'unknown'; message: 'Onbekend formaat scan'; raw: string };

/**
 * The open orders screen barcode scan (spec 1 §4), as a pure transition:
 * - 24 or more characters: filter by picked location (selection unchanged);
 * - an EAN (8 to 13 digits) with nothing selected, or a different EAN: select it (the screen filters by it);
 * - the same EAN again: the first matching order (from `findOrder`) is shipped — through a confirmation
 *   popup first when its quantity is above 1, it has a pack note or the order holds other lines to pack
 *   (`otherLines`); confirming ships, reloads and clears the selection (the screen calls {@link packScanAfterShip});
 * - any other format: `unknown` with the message 'Onbekend formaat scan' to log.
 */
export function packScanStep(
  state: PackScanState,
  raw: string,
  findOrder: (ean: string) => PackCandidate | undefined,
): { state: PackScanState; action: PackScanAction } {
  const scan = classifyPackScan(raw);
  if (scan.kind === 'location') return { state, action: { type: 'filter-location', locationId: scan.id } };
  if (scan.kind === 'unknown')
    return { state, action: { type: 'unknown', message: 'Onbekend formaat scan', raw: scan.raw } };
  const ean = scan.ean;
  if (state.selectedEan !== ean) return { state: { selectedEan: ean }, action: { type: 'select', ean } };
  const order = findOrder(ean);
  if (!order) return { state, action: { type: 'no-order', ean } };
  if (order.quantity > 1 || (order.packNote && order.packNote.trim() !== '') || order.otherLines > 0) {
    return { state, action: { type: 'confirm', ean, order } };
  }
  if (!order.hasShipOption) return { state, action: { type: 'no-ship-option', ean, order } };
  return { state, action: { type: 'ship', ean, order } };
}

/** State after an order was shipped from a scan: the selection is cleared (spec 1 §4). */
export function packScanAfterShip(): PackScanState {
  return { selectedEan: null };
}
