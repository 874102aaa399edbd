/**
 * Open orders for UI tests, shaped like `GET /orders/open` answers (core `OpenOrder`, `OpenOrderLine`; spec 1 §4 Open
 * orders screen): one import order of Bakkerij Bol, picked whole, its lines on A-01, ready to ship by local delivery.
 * Each test file overrides what its case is about.
 */
import type { OpenOrder, OpenOrderLine } from '@hoppa/core';

/** A 24-character hex id from a number (`hexId(1)` = '000…001'), for ids tests compare. */
export const hexId = (n: number) => n.toString(16).padStart(24, '0');

/** Line `n` (id `hexId(100 + n)`) of product `ean`: 1 piece, picked, on A-01, no pack note or cancellation. */
export function openLine(n: number, ean: string, over: Partial<OpenOrderLine> = {}): OpenOrderLine {
  return {
    id: hexId(100 + n),
    ean,
    title: `Product ${ean}`,
    quantity: 1,
    picked_quantity: 1,
    pick_location: { id: hexId(300), name: 'A-01' },
    pack_note: null,
    cancellationRequest: false,
    ...over,
  };
}

/** Order `n` (id `hexId(n)`, shop number `orderId`) of Bakkerij Bol with `products`: open, imported, not shipped. */
export function openOrder(
  n: number,
  orderId: string,
  products: OpenOrderLine[],
  over: Partial<OpenOrder> = {},
): OpenOrder {
  return {
    id: hexId(n),
    orderId,
    org: hexId(9),
    org_name: 'Bakkerij Bol',
    platform: 'import',
    status: 'open',
    orderPlacedDateTime: '2026-03-02T09:00:00.000Z',
    deliveryDateTime: null,
    shipmentDetails: { firstName: 'Jan', surname: 'Jansen', countryCode: 'NL', city: 'Utrecht' },
    notes_text: null,
    notes_color: null,
    notes_notify: false,
    selected_ship_option: 'LOCAL-NL',
    selected_packaging_option: null,
    label_quantity: 1,
    label: false,
    shipped: false,
    isFulfilledBySF: true,
    products,
    ...over,
  };
}
