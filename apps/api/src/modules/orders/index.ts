/** Orders (spec 1 §2, §7): open orders, order card calls, order import. Other code reaches the module only through this file. */

export { importOrders } from './order-import.service.ts';
export { registerOrderRoutes } from './orders.routes.ts';
