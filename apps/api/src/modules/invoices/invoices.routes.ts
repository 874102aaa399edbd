import {
  invoiceEndpoint,
  invoiceExportEndpoint,
  storageLocationsEndpoint,
  storageLocationsPricedEndpoint,
  storagePricesEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { type OrgContext, route } from '../../lib/route.ts';
import { type InvoiceScope, invoice } from './invoice.service.ts';
import { invoiceWorkbook } from './invoice-export.service.ts';
import { storageLocations, storagePrices } from './storage.service.ts';

/** The invoice's scope: the current organisation only (a provider's staff switch shop to see a client's invoice). */
const currentOrg = (ctx: OrgContext): InvoiceScope => ({ db: ctx.db, orgIds: [ctx.currOrgId] });

/** Registers the invoice calls (issue 16 item 4; spec 3 §7 billing; docs/decisions/0052-invoices.md). */
export function registerInvoiceRoutes(app: FastifyInstance): void {
  route(app, invoiceEndpoint, async ({ params, query }, ctx) => invoice(currentOrg(ctx), params, query));
  route(app, storagePricesEndpoint, async (_input, ctx) => storagePrices(ctx));
  route(app, storageLocationsPricedEndpoint, async ({ query }, ctx) =>
    storageLocations(currentOrg(ctx), query, query, true),
  );
  route(app, storageLocationsEndpoint, async ({ query }, ctx) =>
    storageLocations(currentOrg(ctx), query, query, false),
  );
  route(app, invoiceExportEndpoint, async ({ params }, ctx, _req, reply) => {
    const file = await invoiceWorkbook(currentOrg(ctx), params);
    reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="invoice-${params.start}-${params.end}.xlsx"`);
    return file;
  });
}
