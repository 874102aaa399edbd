/** The sales dashboard (beta; spec 3 §7 Sales and routes). Other code reaches the module only through this file. */

export { registerSalesRoutes } from './sales.routes.ts';
export { type SaleLeadInput, saveSaleLeads } from './sales.service.ts';
