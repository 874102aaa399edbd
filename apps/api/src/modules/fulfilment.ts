import type { FastifyInstance } from 'fastify';
import { registerAddressRoutes } from './address/index.ts';
import { registerAdminRoutes } from './admin/index.ts';
import { registerAutomationRoutes } from './automations/index.ts';
import { registerConnectionRoutes } from './connections/index.ts';
import { registerDeliveryRoutes } from './delivery/index.ts';
import { registerGroupingRoutes } from './grouping/index.ts';
import { registerInboundRoutes } from './inbound/index.ts';
import { registerInvoiceRoutes } from './invoices/index.ts';
import { registerNewOrderRoutes, registerOrderRoutes } from './orders/index.ts';
import { registerPickRoutes } from './pick/index.ts';
import { registerProductRoutes } from './products/index.ts';
import { registerReportRoutes } from './reports/index.ts';
import { registerReturnRoutes } from './returns/index.ts';
import { registerRoutingRoutes } from './routing/index.ts';
import { registerSalesRoutes } from './sales/index.ts';
import { registerBolShipRoutes, registerShippingRoutes } from './shipping/index.ts';
import { registerStockRoutes } from './stock/index.ts';
import { registerTracking } from './tracking/index.ts';

/**
 * Registers the fulfilment modules (products, orders, imports, pick, shipping with shipments, locations and stock). Owned by the
 * fulfilment engineers; buildApp calls it after the auth, users, orgs and health modules.
 */
export async function registerFulfilmentModules(app: FastifyInstance): Promise<void> {
  // The products/orders and pick/shipping engineers register their routes here.
  registerProductRoutes(app);
  registerOrderRoutes(app);
  registerPickRoutes(app);
  registerGroupingRoutes(app);
  registerShippingRoutes(app);
  registerStockRoutes(app);
  registerReturnRoutes(app);
  registerInboundRoutes(app);
  registerNewOrderRoutes(app);
  registerAddressRoutes(app);
  registerDeliveryRoutes(app);
  registerReportRoutes(app);
  registerConnectionRoutes(app);
  registerAutomationRoutes(app);
  registerBolShipRoutes(app);
  registerTracking(app);
  registerAdminRoutes(app);
  registerInvoiceRoutes(app);
  registerRoutingRoutes(app);
  registerSalesRoutes(app);
}
