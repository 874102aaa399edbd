import { PassThrough, type Readable } from 'node:stream';
import { amsterdamWallTime, INVOICE_SHEETS, type Invoice, STORAGE_TYPES } from '@hoppa/core';
import { type InvoiceScope, invoice, invoiceOrders } from './invoice.service.ts';
import { type Period, productStorageSummary, storageLocations } from './storage.service.ts';

/** Orders read per query while the export writes them. */
const EXPORT_PAGE = 1000;

/** The euro format of money cells (Dutch notation in Excel's nl-NL locale). */
const EURO_FORMAT = '€ #,##0.00';

/** Integer cents as the euro value of a cell: the one division, at the very end. */
const euro = (cents: number) => cents / 100;

/** The format of a moment's cell (Dutch day order, 24-hour clock). */
const DATE_TIME_FORMAT = 'dd-mm-yyyy hh:mm';

/** The format of a day's cell. */
const DATE_FORMAT = 'dd-mm-yyyy';

/**
 * An instant as an Excel date cell showing its Amsterdam wall-clock time: Excel's dates have no zone (exceljs writes
 * a Date's UTC fields), so the cell gets the Date whose UTC fields are Amsterdam's clock at that instant — an order
 * shipped at 00:30 in Amsterdam shows that day, not the day before (UTC).
 */
function excelAmsterdamMoment(instant: string | Date): Date {
  return new Date(`${amsterdamWallTime(instant).replace(' ', 'T')}Z`);
}

/** An Amsterdam calendar day `YYYY-MM-DD` as an Excel date cell (midnight of that day, no zone). */
function excelDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/**
 * The invoice as an XLSX workbook (spec 3 §7 billing "sheets Orders, Storage, Product Locations and Product Storage
 * Summary"; docs/decisions/0052-invoices.md, 0058-invoice-aggregates.md), made on the server with exceljs's streaming
 * writer from the same queries as `GET /invoice/get`: every shipped order of the period, read {@link EXPORT_PAGE} at a
 * time by keyset from `order_charges`, each row committed (written out) as soon as it is added, so memory stays flat
 * and a month of 100,000 orders is one download. Orders ends with the invoice's totals; money cells are euro with two
 * decimals. Resolves once the invoice's head is read (its errors, e.g. 404, are still an ordinary answer) to the
 * stream of the file; a failure after that ends the stream with the error (the download breaks off).
 */
export async function invoiceWorkbook(scope: InvoiceScope, p: Period): Promise<Readable> {
  const head = await invoice(scope, p, { skip: 0, limit: 1 });
  const out = new PassThrough();
  writeWorkbook(scope, p, head, out).catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** Writes the four sheets into `out` and ends it. */
async function writeWorkbook(scope: InvoiceScope, p: Period, head: Invoice, out: PassThrough): Promise<void> {
  // exceljs loads on first use: ≈ 0.2–0.5 CPU s of the API's start-up otherwise (docs/decisions/0088-*.md).
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  wb.creator = 'Hoppa';
  wb.created = new Date();

  // Orders: one row per shipped order, then the totals of the invoice.
  const orders = wb.addWorksheet(INVOICE_SHEETS[0]);
  orders.columns = [
    { header: 'Order', key: 'order_id', width: 16 },
    { header: 'Shipped at', key: 'shipped_at', width: 17, style: { numFmt: DATE_TIME_FORMAT } },
    { header: 'Lines', key: 'lines', width: 7 },
    { header: 'Pieces', key: 'pieces', width: 7 },
    { header: 'Box', key: 'box', width: 18 },
    { header: 'Shipment method', key: 'method', width: 22 },
    { header: 'Fulfilment', key: 'fulfilment', width: 12, style: { numFmt: EURO_FORMAT } },
    { header: 'Shipment method cost', key: 'method_cost', width: 14, style: { numFmt: EURO_FORMAT } },
    { header: 'Packaging', key: 'packaging', width: 12, style: { numFmt: EURO_FORMAT } },
    { header: 'Surcharges', key: 'surcharge', width: 12, style: { numFmt: EURO_FORMAT } },
    { header: 'Total', key: 'total', width: 12, style: { numFmt: EURO_FORMAT } },
    { header: 'Surcharge details', key: 'details', width: 40 },
  ];
  orders.getRow(1).font = { bold: true };
  let after: string | undefined;
  do {
    const page = await invoiceOrders(scope, p, { skip: 0, limit: EXPORT_PAGE, after }, head.orders_count);
    after = page.next ?? undefined;
    for (const o of page.items) {
      orders
        .addRow({
          order_id: o.order_id,
          shipped_at: excelAmsterdamMoment(o.shipped_at),
          lines: o.lines,
          pieces: o.pieces,
          box: o.box ?? '',
          method: o.method ?? '',
          fulfilment: euro(o.fulfilment_cents),
          method_cost: euro(o.shipment_method_cents),
          packaging: euro(o.packaging_cents),
          surcharge: euro(o.surcharge_cents),
          total: euro(o.total_cents),
          details: o.surcharges.map((s) => `${s.code} × ${s.quantity}`).join(', '),
        })
        .commit();
    }
  } while (after);
  orders.addRow([]).commit();
  const summary: [string, number][] = [
    ['Total fulfilment', head.total_fulfilment_cents],
    ['Total shipment method', head.total_used_shipment_method_cents],
    ['Total packaging', head.total_used_packaging_cents],
    ...head.surcharges.map((s): [string, number] => [
      `Surcharge ${s.code} (${s.type}) × ${s.quantity}`,
      s.cents,
    ]),
    ['Total surcharges', head.total_used_surcharge_cents],
    ['Total inbound surcharges', head.total_inbound_surcharge_cents],
    ['Total storage', head.total_storage_cents],
    ['Total', head.total_cents],
  ];
  for (const [label, cents] of summary) {
    const row = orders.addRow({ order_id: label, total: euro(cents) });
    if (label === 'Total') row.font = { bold: true };
    row.commit();
  }
  orders.commit();

  // Storage: one row per day, then the total.
  const storage = wb.addWorksheet(INVOICE_SHEETS[1]);
  const types = [
    ...STORAGE_TYPES,
    ...head.storage.by_type.map((t) => t.type).filter((t) => !STORAGE_TYPES.includes(t as never)),
  ];
  storage.columns = [
    { header: 'Date', key: 'date', width: 12, style: { numFmt: DATE_FORMAT } },
    { header: 'Inbounds', key: 'inbounds', width: 10 },
    { header: 'Outbounds', key: 'outbounds', width: 10 },
    { header: 'Transfers', key: 'transfers', width: 10 },
    { header: 'Locations', key: 'total_locations', width: 10 },
    ...types.map((t) => ({ header: t, key: `t:${t}`, width: 11 })),
    { header: 'Product locations', key: 'location_products', width: 12 },
    { header: 'Cost', key: 'cost', width: 12, style: { numFmt: EURO_FORMAT } },
  ];
  storage.getRow(1).font = { bold: true };
  for (const d of head.storage.storage) {
    storage
      .addRow({
        date: excelDay(d.date),
        inbounds: d.inbounds,
        outbounds: d.outbounds,
        transfers: d.transfers,
        total_locations: d.total_locations,
        ...Object.fromEntries(types.map((t) => [`t:${t}`, d.by_type[t] ?? 0])),
        location_products: d.location_products,
        cost: euro(d.price_cents),
      })
      .commit();
  }
  const storageTotal = storage.addRow({ date: 'Total', cost: euro(head.storage.total_cost_cents) });
  storageTotal.font = { bold: true };
  storageTotal.commit();
  storage.commit();

  // Product Locations: per product and location, the days it held stock there and its share of their cost (a
  // location-day shared by several products split between them), so the sheet adds up to the storage total.
  const locations = wb.addWorksheet(INVOICE_SHEETS[2]);
  locations.columns = [
    { header: 'Location', key: 'location', width: 14 },
    { header: 'Type', key: 'type', width: 12 },
    { header: 'EAN', key: 'ean', width: 16 },
    { header: 'Product', key: 'product', width: 36 },
    { header: 'First day', key: 'first_day', width: 12, style: { numFmt: DATE_FORMAT } },
    { header: 'Last day', key: 'last_day', width: 12, style: { numFmt: DATE_FORMAT } },
    { header: 'Days', key: 'days', width: 7 },
    { header: 'Location price per day', key: 'price', width: 14, style: { numFmt: EURO_FORMAT } },
    { header: 'Cost (its share)', key: 'cost', width: 14, style: { numFmt: EURO_FORMAT } },
  ];
  locations.getRow(1).font = { bold: true };
  // One query: at most one row per product and location of the shop (the storage is computed once, not per page).
  {
    const page = await storageLocations(scope, p, { skip: 0, limit: Number.MAX_SAFE_INTEGER }, true);
    for (const r of page.items) {
      locations
        .addRow({
          location: r.location,
          type: r.type ?? '',
          ean: r.ean,
          product: r.product,
          first_day: excelDay(r.first_day),
          last_day: excelDay(r.last_day),
          days: r.days,
          price: euro(r.price_cents ?? 0),
          cost: euro(r.cost_cents ?? 0),
        })
        .commit();
    }
  }
  locations.commit();

  // Product Storage Summary: per product, its locations, location-days per type and its share of their cost.
  const perProduct = wb.addWorksheet(INVOICE_SHEETS[3]);
  perProduct.columns = [
    { header: 'EAN', key: 'ean', width: 16 },
    { header: 'Product', key: 'product', width: 36 },
    { header: 'Locations', key: 'locations', width: 10 },
    { header: 'Location-days', key: 'location_days', width: 13 },
    ...types.map((t) => ({ header: `${t} days`, key: `t:${t}`, width: 13 })),
    { header: 'Cost (its share)', key: 'cost', width: 16, style: { numFmt: EURO_FORMAT } },
  ];
  perProduct.getRow(1).font = { bold: true };
  for (const r of await productStorageSummary(scope, p)) {
    perProduct
      .addRow({
        ean: r.ean,
        product: r.product,
        locations: r.locations,
        location_days: r.location_days,
        ...Object.fromEntries(types.map((t) => [`t:${t}`, r.by_type[t] ?? 0])),
        cost: euro(r.cost_cents),
      })
      .commit();
  }
  perProduct.commit();

  await wb.commit();
}
