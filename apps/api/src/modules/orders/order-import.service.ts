import {
  collectImportKeys,
  newId,
  type OrderImportIssue,
  type OrderImportResult,
  type OrderImportRow,
  planOrderImport,
  type ValidImportOrder,
} from '@hoppa/core';
import type { Db } from '../../db/client.ts';
import { defaultShipmentMethod } from '../shipping/index.ts';

/** Orders written per transaction; each chunk is two multi-row INSERTs (orders, lines). */
const ORDER_CHUNK = 500;

interface ImportProduct {
  id: string;
  ean: string;
  bsku: string | null;
  name: string;
}

interface PickPlace {
  product_id: string;
  location_id: string;
}

/**
 * Imports orders for one organisation from mapped spreadsheet rows (spec 1 §2 Import, §3 Import
 * fields, §5; issue 3 §1). The checks are the pure rules of core (`planOrderImport`); this function
 * adds the database part:
 * - two batched lookups: the organisation's products by EAN or SKU, and the order ids it already has;
 * - each order gets its destination country's default shipment method (`defaultShipmentMethod` of the
 *   shipping module: the local carrier's when it serves the country), so the packing station ships it at
 *   the second scan (spec 1 §4); none when no method serves the country;
 * - each order line gets its pick location: the product's first active product_location by position
 *   with stock above 0 (one query for all products); a line without one is imported with a warning;
 * - orders are written in chunks of {@link ORDER_CHUNK}, one transaction per chunk with one multi-row
 *   INSERT for the orders and one for their lines. `ON CONFLICT (org_id, order_id) DO NOTHING` skips an
 *   order another upload wrote meanwhile (its lines are not written; it is reported as a duplicate).
 *   If a chunk fails for another reason, its orders are retried one transaction each, so an order is
 *   always written whole or not at all and one faulty order never takes the others down.
 * Orders get status open, platform 'import', type manual_order and placed_at now, plus one microsecond
 * per order of the chunk, so the orders of one file keep their file order on the open list.
 * Returns `{ created, orders: [{order_id, id}], errors: [{row, order_id, reason}], warnings }`.
 */
export async function importOrders(
  db: Db,
  orgId: string,
  rows: OrderImportRow[],
): Promise<OrderImportResult> {
  const { eans, orderIds } = collectImportKeys(rows);
  const [productRows, existingRows] = await Promise.all([
    eans.length
      ? db.query<ImportProduct>(
          'SELECT id, ean, bsku, name FROM products WHERE org_id = $1 AND (ean = ANY($2::text[]) OR bsku = ANY($2::text[]))',
          [orgId, eans],
        )
      : Promise.resolve({ rows: [] as ImportProduct[] }),
    orderIds.length
      ? db.query<{ order_id: string }>(
          'SELECT order_id FROM orders WHERE org_id = $1 AND order_id = ANY($2::text[])',
          [orgId, orderIds],
        )
      : Promise.resolve({ rows: [] as { order_id: string }[] }),
  ]);

  // An EAN match wins over a SKU match with the same text.
  const productByKey = new Map<string, ImportProduct>();
  for (const p of productRows.rows) if (p.bsku && !productByKey.has(p.bsku)) productByKey.set(p.bsku, p);
  for (const p of productRows.rows) productByKey.set(p.ean, p);
  const imported = new Set(existingRows.rows.map((r) => r.order_id));

  const plan = planOrderImport(rows, {
    isKnownProduct: (ean) => productByKey.has(ean),
    isImportedOrderId: (id) => imported.has(id),
  });

  const usedProductIds = [
    ...new Set(plan.orders.flatMap((o) => o.lines.map((l) => productByKey.get(l.ean)?.id ?? ''))),
  ];
  const pickPlaces = usedProductIds.length
    ? await db.query<PickPlace>(
        `SELECT DISTINCT ON (pl.product_id) pl.product_id, pl.location_id
           FROM product_locations pl
          WHERE pl.product_id = ANY($1::text[]) AND pl.active AND pl.stock > 0
          ORDER BY pl.product_id, pl.position, pl.created_at`,
        [usedProductIds],
      )
    : { rows: [] as PickPlace[] };
  const pickLocationOf = new Map(pickPlaces.rows.map((r) => [r.product_id, r.location_id]));

  // One lookup per destination country, so every order arrives with the method a scan ships it with.
  const countries = [...new Set(plan.orders.map((o) => o.shipmentDetails.countryCode ?? 'NL'))];
  const defaultMethodOf = new Map(
    await Promise.all(
      countries.map(async (c) => [c, (await defaultShipmentMethod(db, c))?.id ?? null] as const),
    ),
  );

  const errors: OrderImportIssue[] = [...plan.errors];
  const warnings: OrderImportIssue[] = [];
  const created: { order_id: string; id: string }[] = [];

  const write = async (tx: Db, orders: ValidImportOrder[]) => {
    const ids = orders.map(() => newId());
    const inserted = await tx.query<{ id: string; order_id: string }>(
      `INSERT INTO orders (id, org_id, order_id, platform, order_type, status, placed_at, shipment_details, reason, notes_text,
                           selected_ship_method_id)
       SELECT u.id, $1, u.order_id, 'import', 'manual_order', 'open', now() + (u.n - 1) * interval '1 microsecond',
              u.details::jsonb, u.reason, u.notes, u.method
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY
              AS u(id, order_id, details, reason, notes, method, n)
       ON CONFLICT (org_id, order_id) DO NOTHING
       RETURNING id, order_id`,
      [
        orgId,
        ids,
        orders.map((o) => o.orderId),
        orders.map((o) => JSON.stringify(o.shipmentDetails)),
        orders.map((o) => o.reason),
        orders.map((o) => o.notesText),
        orders.map((o) => defaultMethodOf.get(o.shipmentDetails.countryCode ?? 'NL') ?? null),
      ],
    );
    const idOf = new Map(inserted.rows.map((r) => [r.order_id, r.id]));
    const line = {
      id: [] as string[],
      order: [] as string[],
      product: [] as string[],
      ean: [] as string[],
      title: [] as string[],
      qty: [] as number[],
      loc: [] as (string | null)[],
      pos: [] as number[],
    };
    const chunkWarnings: OrderImportIssue[] = [];
    const chunkDuplicates: OrderImportIssue[] = [];
    for (const o of orders) {
      const id = idOf.get(o.orderId);
      if (!id) {
        for (const row of o.rows)
          chunkDuplicates.push({ row, order_id: o.orderId, reason: 'duplicate order id already imported' });
        continue;
      }
      o.lines.forEach((l, position) => {
        const product = productByKey.get(l.ean) as ImportProduct;
        const loc = pickLocationOf.get(product.id) ?? null;
        line.id.push(newId());
        line.order.push(id);
        line.product.push(product.id);
        line.ean.push(product.ean);
        line.title.push(product.name);
        line.qty.push(l.quantity);
        line.loc.push(loc);
        line.pos.push(position);
        if (!loc) {
          chunkWarnings.push({
            row: l.row,
            order_id: o.orderId,
            reason: `no pick location: EAN ${product.ean} has no stock on an active location`,
          });
        }
      });
    }
    if (line.id.length) {
      await tx.query(
        `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, pick_location_id, position)
         SELECT u.id, u.order_id, $1, u.product_id, u.ean, u.title, u.qty, u.loc, u.pos
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[], $9::int[])
                AS u(id, order_id, product_id, ean, title, qty, loc, pos)`,
        [orgId, line.id, line.order, line.product, line.ean, line.title, line.qty, line.loc, line.pos],
      );
    }
    // Reported only once the transaction holds, so a retried chunk does not report twice.
    return { inserted: inserted.rows, chunkWarnings, chunkDuplicates };
  };

  const record = (r: Awaited<ReturnType<typeof write>>) => {
    for (const row of r.inserted) created.push({ order_id: row.order_id, id: row.id });
    warnings.push(...r.chunkWarnings);
    errors.push(...r.chunkDuplicates);
  };

  for (let start = 0; start < plan.orders.length; start += ORDER_CHUNK) {
    const chunk = plan.orders.slice(start, start + ORDER_CHUNK);
    try {
      record(await db.transaction((tx) => write(tx, chunk)));
    } catch {
      for (const order of chunk) {
        try {
          record(await db.transaction((tx) => write(tx, [order])));
        } catch (err) {
          for (const row of order.rows) {
            errors.push({
              row,
              order_id: order.orderId,
              reason: `could not be saved: ${(err as Error).message}`,
            });
          }
        }
      }
    }
  }

  // Keep the answer in file order of the orders created.
  const fileOrder = new Map(plan.orders.map((o, i) => [o.orderId, i]));
  created.sort((a, b) => (fileOrder.get(a.order_id) ?? 0) - (fileOrder.get(b.order_id) ?? 0));
  errors.sort((a, b) => a.row - b.row);
  warnings.sort((a, b) => a.row - b.row);
  return { created: created.length, orders: created, errors, warnings };
}
