/**
 * The shipping module (spec 1 §4 Shipping a card, §2 Shipments and Order detail, §7): shipping an order and a
 * batch of single-line orders, packing slips, the shipments list and detail with their stored PDFs. Other code
 * reaches it only through this file.
 */

export { joinPdfs } from './batch-ship.service.ts';
export { registerBolShipRoutes } from './bol-ship.routes.ts';
export { dhlCarrierOf } from './dhl-ship.service.ts';
export { type ConfirmationDeps, confirmationRound } from './marketplace-confirmations.service.ts';
export { loadOrderForDocuments, packingSlipForOrder } from './order-documents.service.ts';
export { listShipments, type ShipmentFilter, shipmentItems } from './shipment-list.service.ts';
export { defaultShipmentMethod } from './shipment-methods.service.ts';
export { registerShippingRoutes } from './shipping.routes.ts';
