import type { FastifyInstance } from 'fastify';
import { registerOrderRoutes } from './orders/orders.routes.ts';
import { registerPickRoutes } from './pick/pick.routes.ts';
import { registerProductRoutes } from './products/products.routes.ts';
import { registerShipmentsRoutes } from './shipments/shipments.routes.ts';
import { registerShippingRoutes } from './shipping/shipping.routes.ts';

/**
 * Registers the fulfilment modules (products, orders, imports, pick, shipping, shipments). Owned by the
 * fulfilment engineers; buildApp calls it after the auth, users, orgs and health modules.
 */
export async function registerFulfilmentModules(app: FastifyInstance): Promise<void> {
  // The products/orders and pick/shipping engineers register their routes here.
  registerProductRoutes(app);
  registerOrderRoutes(app);
  registerPickRoutes(app);
  registerShippingRoutes(app);
  registerShipmentsRoutes(app);
}
