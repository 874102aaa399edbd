/** Orders (spec 1 §2, §7): open orders, order card calls, order import, new orders. Other code reaches the module only through this file. */
export { registerNewOrderRoutes } from './new-order.routes.ts';
export { markOrderShipped } from './order-events.service.ts';
export { importOrders, warmOrderImport } from './order-import.service.ts';
export { registerOrderRoutes } from './orders.routes.ts';
export { getOrder } from './orders.service.ts';
export { bookPickedPiecesBack } from './picked-pieces.service.ts';
export { addProductImage } from './product-image.service.ts';
