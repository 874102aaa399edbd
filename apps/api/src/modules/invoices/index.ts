/** Invoices from real work (issue 16 item 4). Other code reaches the module only here. */

export { registerInvoiceRoutes } from './invoices.routes.ts';
