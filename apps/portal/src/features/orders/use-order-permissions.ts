import {
  acceptBolCancellationEndpoint,
  batchShipSingleEndpoint,
  canCall,
  createOrderEndpoint,
  orderAttachmentsEndpoint,
  orderAttachmentUploadEndpoint,
  orderEditEndpoint,
  orderImportEndpoint,
  orderLabelQuantityEndpoint,
  orderListDocumentEndpoint,
  orderNotesEndpoint,
  orderShipmentMethodEndpoint,
  orderShipmentPackageEndpoint,
  packingSlipEndpoint,
  pickListEndpoint,
  returnUpdateEndpoint,
  shipOrderEndpoint,
} from '@hoppa/core';
import { useMemo } from 'react';
import { roleInForce, useSession } from '../../app/session.ts';

/** What the current role may do on the open orders screen (spec 1 §6), by the endpoint each action calls. */
export interface OrderPermissions {
  ship: boolean;
  /** Ship a pick location's single-line orders at once ('print single orders', spec 1 §2). */
  shipSingles: boolean;
  selectMethod: boolean;
  selectBox: boolean;
  labelQuantity: boolean;
  packingSlip: boolean;
  /** Create an order by wizard ('add order', spec 1 §2 Open orders list; `POST /orders`). */
  create: boolean;
  /**
   * The floor app's pick list and order grouping (`GET /pick_list/pick/…`, what the floor gates both on) and returns
   * desk (`POST /returns`): the orders screen's entry points to them (spec 1 §2).
   */
  pickList: boolean;
  returnsDesk: boolean;
  /** Import orders from a spreadsheet (`POST /orders/import`). */
  importOrders: boolean;
  /** The order list (O) PDF, the note editor and edit order (issue 13). */
  orderList: boolean;
  notes: boolean;
  edit: boolean;
  /** The order's attachments: read them (`GET /order_attachments/{id}`) and add some (`POST`). */
  attachments: boolean;
  attach: boolean;
  /** Accept a bol customer's cancellation request (`POST /order/bol/cancellation/{id}`; the merchant's decision). */
  acceptCancellation: boolean;
}

/**
 * The order-card actions the role in force allows. Shipping is warehouse work: a merchant owner may
 * choose method, box and label count but not print the label, so the Ship button and scan-to-ship
 * are left out for that role rather than failing with a 403.
 */
export function useOrderPermissions(): OrderPermissions {
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  // One object per role, so the memoised order cards do not all re-render on every page render.
  return useMemo(
    () => ({
      ship: canCall(role, shipOrderEndpoint),
      shipSingles: canCall(role, batchShipSingleEndpoint),
      selectMethod: canCall(role, orderShipmentMethodEndpoint),
      selectBox: canCall(role, orderShipmentPackageEndpoint),
      labelQuantity: canCall(role, orderLabelQuantityEndpoint),
      packingSlip: canCall(role, packingSlipEndpoint),
      create: canCall(role, createOrderEndpoint),
      importOrders: canCall(role, orderImportEndpoint),
      pickList: canCall(role, pickListEndpoint),
      returnsDesk: canCall(role, returnUpdateEndpoint),
      orderList: canCall(role, orderListDocumentEndpoint),
      notes: canCall(role, orderNotesEndpoint),
      edit: canCall(role, orderEditEndpoint),
      attachments: canCall(role, orderAttachmentsEndpoint),
      attach: canCall(role, orderAttachmentUploadEndpoint),
      acceptCancellation: canCall(role, acceptBolCancellationEndpoint),
    }),
    [role],
  );
}
