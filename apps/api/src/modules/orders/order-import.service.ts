import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  newId,
  type OrderImportIssue,
  type OrderImportResult,
  orderImportIssue,
  orderImportProblem,
} from '@hoppa/core';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { orgScope, tenantSql } from '../../db/tenant.ts';
import { HttpProblem } from '../../lib/errors.ts';
import type { OrgContext } from '../../lib/route.ts';
import { runInWorker, warmWorker, workerUrl } from '../../lib/workers.ts';
import { rulesOfProducts } from '../automations/index.ts';
import { bundlePartsOf, orderShippingDefaults, productShippingDefaults } from '../products/index.ts';
import { defaultShipmentMethod } from '../shipping/index.ts';
import { pickLocationsOf } from '../stock/index.ts';
import { applyArrivalRules } from './order-arrival.service.ts';
import type { KeysAnswer, PlanAnswer, PlannedOrders } from './order-import.worker.ts';

/** Orders written per transaction; each chunk is two multi-row INSERTs (orders, lines), then other requests get a turn. */
const ORDER_CHUNK = 250;

const WORKER = workerUrl('order-import', import.meta.url);

/** Names each import's parsed rows on the worker thread between its two phases (ADR 0068). */
let importTokens = 0;

/**
 * Starts the import's worker thread and loads its code (the body schema and row rules of core), so the first
 * `POST /orders/import` after start-up does not pay for it; the thread then stays (ADR 0066). Call once when the
 * server starts; resolves when the thread is ready, rejects if it cannot start.
 */
export function warmOrderImport(): Promise<void> {
  return warmWorker(WORKER, { phase: 'warm' });
}

/**
 * The shop's order item behind one row of an import (the bol intake's rows, issue 14): bol's orderItemId, kept on the
 * line as `shop_order_item_id`, and whether the customer asked to cancel it, written on the line as
 * `cancellation_request` in the import's own transaction (spec 1 §3 Order product line `cancellationRequest`).
 */
interface ImportRowItem {
  shopOrderItemId: string;
  cancellationRequest: boolean;
}

interface ImportProduct {
  id: string;
  ean: string;
  bsku: string | null;
  name: string;
}

/**
 * Imports orders for one organisation from mapped spreadsheet rows, the raw JSON body of `POST /orders/import`
 * (spec 1 §2 Import, §3 Import fields, §5; issue 3 §1; issue 7 item 3). Nothing heavy runs on the event loop
 * (docs/decisions/0012-imports-off-the-event-loop.md): parsing, the body schema and the pure rules of core
 * (`planOrderImport`) run on a worker thread (`order-import.worker.ts`, which parses the body once and keeps the rows
 * between its two phases, ADR 0068); this function adds the database part:
 * - two batched lookups between the phases: the organisation's products by EAN or SKU, and the order ids it
 *   already has;
 * - each order gets its destination country's default shipment method (`defaultShipmentMethod` of the
 *   shipping module: the local carrier's when it serves the country), so the packing station ships it at
 *   the second scan (spec 1 §4); none when no method serves the country. A product's own default method and
 *   box (set on its card, spec 3 §7 assign_shipping / assign_box) win: the first line whose product has one
 *   gives the order's method, the first with a box its box (ADR 0048);
 * - each order line gets its pick location: the product's first active product_location by position
 *   with stock above 0 (one query for all products); a line without one is imported with a warning;
 * - orders are written in chunks of {@link ORDER_CHUNK}, one transaction per chunk with one multi-row INSERT for
 *   the orders and one for their lines, and other requests get a turn between chunks. `ON CONFLICT (org_id,
 *   order_id) DO NOTHING` skips an order another upload wrote meanwhile (its lines are not written; it is reported
 *   as skipped, like an order imported before). If a chunk fails for another reason, its orders are retried one transaction each, so an order
 *   is always written whole or not at all and one faulty order never takes the others down.
 * - then the automation rules of the orders' products run and bundle lines become lines of their parts
 *   (`applyArrivalRules`, ADR 0049), in the chunk's transaction, for the orders with a line of a bundle or of a
 *   product with an active rule (looked up once per import; the other orders have nothing to change);
 * - each line is written with its order's placed_at and whether its order has more than one line (`order_multi`),
 *   so the order-line triggers (migrations 0310, 0330, 0350) have nothing to correct (ADR 0066), and each order with
 *   its line count, so the line-count trigger (migration 0365) rewrites no order (ADR 0068).
 * - `options.itemOfRow` (the bol intake's, by row index from 0) gives a row's shop order item: its line is written
 *   with that item's id (`shop_order_item_id`) and, when the customer asked to cancel it, already flagged
 *   (`cancellation_request`, kept by the parts of a bundle), so no reader ever sees the line unflagged (ADR 0129).
 * Orders get status open, platform 'import' (or `options.platform`: the bol order intake passes 'bol' or 'bol_be',
 * issue 14), type manual_order and placed_at now, plus one microsecond per order of the chunk, so the orders of one
 * file keep their file order on the open list.
 * Returns `{ created, orders: [{order_id, id}], errors: [{row, order_id, code, values, rejected_by_row, reason}],
 * skipped, skipped_rows, warnings }`: each issue's reason as a code with the values it names (core
 * `ORDER_IMPORT_REASON_CODES`), which the apps translate, and in English as `reason`. An order whose number the
 * organisation has already (imported before, or written by another upload meanwhile) is not an error to fix: it is
 * skipped, counted in `skipped` (orders) and its rows listed in `skipped_rows` (code `duplicate`), so a re-upload of
 * the same file reports its orders as already imported (spec 1 §7: re-uploading creates no duplicates).
 * Errors: 400 `validation` when the body is not a list of 1–50,000 rows of text cells.
 */
export async function importOrders(
  ctx: Pick<OrgContext, 'db' | 'currOrgId'>,
  { body }: { body: Uint8Array },
  options: { platform?: string; itemOfRow?: readonly (ImportRowItem | undefined)[] } = {},
): Promise<OrderImportResult> {
  const platform = options.platform ?? 'import';
  const itemOf = (row: number) => options.itemOfRow?.[row - 1];
  const { db, currOrgId: orgId } = ctx;
  const scope = { db, orgIds: [orgId] };
  const refused = (a: { message: string; issues: { path: string; message: string }[] }) =>
    new HttpProblem(400, 'validation', a.message || 'Invalid request', a.issues);
  // The worker gets its own copy of the bytes, handed over without another copy; `body` stays here in case the plan
  // phase finds the parsed rows gone and needs them again.
  const copy = () => {
    const bytes = new Uint8Array(body);
    return { bytes, transfer: [bytes.buffer as ArrayBuffer] };
  };
  const token = ++importTokens;
  const first = copy();
  const keys = await runInWorker<KeysAnswer>(
    WORKER,
    { phase: 'keys', token, body: first.bytes },
    first.transfer,
  );
  if (!keys.ok) throw refused(keys);
  let answer: PlanAnswer;
  let productByKey: Map<string, ImportProduct>;
  try {
    const { eans, orderIds } = keys;
    const q = tenantSql(scope);
    const [productRows, existingRows] = await Promise.all([
      eans.length
        ? q
            .selectFrom('products as p')
            .select(['p.id', 'p.ean', 'p.bsku', 'p.name'])
            .where(orgScope(scope, 'p'))
            // One array parameter each, not one parameter per key (thousands in a big file; ADR 0068).
            .where(sql<boolean>`(p.ean = any(${eans}::text[]) or p.bsku = any(${eans}::text[]))`)
            .execute()
        : Promise.resolve([] as ImportProduct[]),
      orderIds.length
        ? q
            .selectFrom('orders as o')
            .select('o.order_id')
            .where(orgScope(scope, 'o'))
            .where(sql<boolean>`o.order_id = any(${orderIds}::text[])`)
            .execute()
        : Promise.resolve([] as { order_id: string }[]),
    ]);

    // An EAN match wins over a SKU match with the same text.
    productByKey = new Map<string, ImportProduct>();
    for (const p of productRows) if (p.bsku && !productByKey.has(p.bsku)) productByKey.set(p.bsku, p);
    for (const p of productRows) productByKey.set(p.ean, p);

    const task = {
      phase: 'plan' as const,
      token,
      knownKeys: [...productByKey.keys()],
      importedIds: existingRows.map((r) => r.order_id),
    };
    answer = await runInWorker<PlanAnswer>(WORKER, task);
    if (!answer.ok && 'gone' in answer) {
      // The thread that parsed the body was replaced meanwhile: the body once more, parsed with the plan.
      const again = copy();
      answer = await runInWorker<PlanAnswer>(WORKER, { ...task, body: again.bytes }, again.transfer);
    }
  } catch (err) {
    // Let the worker forget the parsed rows; the import failed anyway.
    runInWorker(WORKER, { phase: 'drop', token }).catch(() => undefined);
    throw err;
  }
  if (!answer.ok)
    throw 'gone' in answer ? new Error('the import worker lost the parsed rows') : refused(answer);
  const plan: PlannedOrders = answer.orders;
  const productOfLine = plan.lineKey.map((k) => productByKey.get(k) as ImportProduct);

  const lineProductIds = [...new Set(productOfLine.map((p) => p.id))];
  // Bundles have no stock of their own: their lines become lines of their parts on arrival (ADR 0049).
  const [pickLocationOf, bundles, productDefaults, rules] = await Promise.all([
    pickLocationsOf(scope, lineProductIds),
    bundlePartsOf(scope, lineProductIds),
    productShippingDefaults(scope, lineProductIds),
    rulesOfProducts(scope, lineProductIds),
  ]);
  // Only an order with a line of a bundle or of a product with an automation rule changes on arrival; the others skip
  // applyArrivalRules, which would read their lines back for nothing (ADR 0066).
  const arrivalProducts = new Set([...bundles.keys(), ...rules.map((r) => r.product_id)]);

  // One lookup per destination country, so every order arrives with the method a scan ships it with.
  const countries = [...new Set(plan.country)];
  const defaultMethodOf = new Map(
    await Promise.all(
      countries.map(async (c) => [c, (await defaultShipmentMethod(db, c))?.id ?? null] as const),
    ),
  );

  // The lines of each order, by order index.
  const linesOf: number[][] = plan.orderId.map(() => []);
  plan.lineOrder.forEach((o, li) => {
    linesOf[o]?.push(li);
  });
  const shippingOf = linesOf.map((lines) =>
    orderShippingDefaults(
      lines.map((li) => (productOfLine[li] as ImportProduct).id),
      productDefaults,
    ),
  );

  // The plan's 'duplicate' rows are orders imported before: skipped, not rows to fix.
  const errors: OrderImportIssue[] = answer.errors.filter((e) => e.code !== 'duplicate');
  const skippedRows: OrderImportIssue[] = answer.errors.filter((e) => e.code === 'duplicate');
  const warnings: OrderImportIssue[] = [];
  const created: { order_id: string; id: string; index: number }[] = [];

  const write = async (tx: Db, orders: number[]) => {
    const ids = orders.map(() => newId());
    const inserted = await tx.query<{ id: string; order_id: string; placed_at: string }>(
      `INSERT INTO orders (id, org_id, order_id, platform, order_type, status, placed_at, shipment_details, reason, notes_text,
                           selected_ship_method_id, selected_box_id, line_count)
       SELECT u.id, $1, u.order_id, $8, 'manual_order', 'open', now() + (u.n - 1) * interval '1 microsecond',
              u.details::jsonb, u.reason, u.notes, u.method, u.box, u.lines
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $9::text[], $10::int[])
              WITH ORDINALITY AS u(id, order_id, details, reason, notes, method, box, lines, n)
       ON CONFLICT (org_id, order_id) DO NOTHING
       RETURNING id, order_id, placed_at::text AS placed_at`,
      [
        orgId,
        ids,
        orders.map((i) => plan.orderId[i]),
        orders.map((i) => plan.details[i]),
        orders.map((i) => plan.reason[i]),
        orders.map((i) => plan.notes[i]),
        orders.map((i) => shippingOf[i]?.methodId ?? defaultMethodOf.get(plan.country[i] as string) ?? null),
        platform,
        orders.map((i) => shippingOf[i]?.boxId ?? null),
        // Each order's line count, given with the order: its lines follow in one INSERT statement below, so the
        // trigger of migration 0365 finds the count already right and rewrites no order (ADR 0068).
        orders.map((i) => linesOf[i]?.length ?? 0),
      ],
    );
    const idOf = new Map(inserted.rows.map((r) => [r.order_id, r.id]));
    // placed_at as PostgreSQL's text (microseconds: the orders of a chunk are one microsecond apart), given to the
    // lines so their INSERT does not read the orders back (ADR 0074).
    const placedOf = new Map(inserted.rows.map((r) => [r.id, r.placed_at]));
    const line = {
      id: [] as string[],
      order: [] as string[],
      product: [] as string[],
      ean: [] as string[],
      title: [] as string[],
      qty: [] as number[],
      loc: [] as (string | null)[],
      pos: [] as number[],
      multi: [] as boolean[],
      placed: [] as string[],
      /** The order's shop number, kept on the line for the pick rounds (migration 0390, ADR 0077). */
      shop: [] as string[],
      /** The shop's order item id of the row (bol's orderItemId; migration 0451), or null. */
      item: [] as (string | null)[],
      /** The customer asked to cancel the row's item: the line is written flagged (spec 1 §3). */
      asked: [] as boolean[],
    };
    const chunkWarnings: OrderImportIssue[] = [];
    const chunkDuplicates: OrderImportIssue[] = [];
    const chunkCreated: { order_id: string; id: string; index: number }[] = [];
    for (const i of orders) {
      const orderId = plan.orderId[i] as string;
      const id = idOf.get(orderId);
      if (!id) {
        for (const row of plan.rows[i] ?? [])
          chunkDuplicates.push(orderImportIssue(row, orderId, orderImportProblem('duplicate')));
        continue;
      }
      chunkCreated.push({ order_id: orderId, id, index: i });
      const orderLines = linesOf[i] ?? [];
      for (const li of orderLines) {
        const product = productOfLine[li] as ImportProduct;
        const loc = pickLocationOf.get(product.id) ?? null;
        line.id.push(newId());
        line.order.push(id);
        line.product.push(product.id);
        line.ean.push(product.ean);
        line.title.push(product.name);
        line.qty.push(plan.lineQty[li] as number);
        line.loc.push(loc);
        line.pos.push(plan.linePos[li] as number);
        line.multi.push(orderLines.length > 1);
        line.placed.push(placedOf.get(id) as string);
        line.shop.push(orderId);
        const item = itemOf(plan.lineRow[li] as number);
        line.item.push(item?.shopOrderItemId ?? null);
        line.asked.push(item?.cancellationRequest ?? false);
        if (!loc && !bundles.has(product.id)) {
          chunkWarnings.push(
            orderImportIssue(
              plan.lineRow[li] as number,
              orderId,
              orderImportProblem('no_pick_location', { ean: product.ean }),
            ),
          );
        }
      }
    }
    if (line.id.length) {
      // Each line carries its order's placed_at, shop number and whether the order has more than one line, so the
      // triggers of migrations 0310/0350/0390 have nothing to correct or look up (ADRs 0066, 0077). The placed_at comes from the orders INSERT's
      // RETURNING: a join to orders here compared char(24) ids with text and read every order of the database
      // per chunk (ADR 0074). Passed as text and cast here: PGlite's serializer of a timestamptz[] parameter goes
      // through Date and would drop the microseconds.
      await tx.query(
        `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, pick_location_id, position,
                                  placed_at, order_multi, shop_order_id, shop_order_item_id, cancellation_request)
         SELECT u.id, u.order_id, $1, u.product_id, u.ean, u.title, u.qty, u.loc, u.pos, u.placed_at::timestamptz, u.multi,
                u.shop_order_id, u.item, u.asked
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[], $9::int[],
                       $10::boolean[], $11::text[], $12::text[], $13::text[], $14::boolean[])
                AS u(id, order_id, product_id, ean, title, qty, loc, pos, multi, placed_at, shop_order_id, item, asked)`,
        [
          orgId,
          line.id,
          line.order,
          line.product,
          line.ean,
          line.title,
          line.qty,
          line.loc,
          line.pos,
          line.multi,
          line.placed,
          line.shop,
          line.item,
          line.asked,
        ],
      );
    }
    // Automation rules and bundle expansion, in the same transaction as the orders (ADR 0049), for the orders that
    // have a line they apply to.
    await applyArrivalRules(
      tx,
      orgId,
      chunkCreated
        .filter((c) =>
          (linesOf[c.index] ?? []).some((li) => arrivalProducts.has((productOfLine[li] as ImportProduct).id)),
        )
        .map((c) => c.id),
    );
    // Reported only once the transaction holds, so a retried chunk does not report twice.
    return { chunkCreated, chunkWarnings, chunkDuplicates };
  };

  const record = (r: Awaited<ReturnType<typeof write>>) => {
    created.push(...r.chunkCreated);
    warnings.push(...r.chunkWarnings);
    skippedRows.push(...r.chunkDuplicates);
  };

  const all = plan.orderId.map((_, i) => i);
  for (let start = 0; start < all.length; start += ORDER_CHUNK) {
    const chunk = all.slice(start, start + ORDER_CHUNK);
    // Let waiting requests (a scanner, /api/health) in before the next chunk takes the database.
    if (start > 0) await nextTurn();
    try {
      record(await db.transaction((tx) => write(tx, chunk)));
    } catch {
      for (const order of chunk) {
        try {
          record(await db.transaction((tx) => write(tx, [order])));
        } catch (err) {
          for (const row of plan.rows[order] ?? []) {
            errors.push(
              orderImportIssue(
                row,
                plan.orderId[order] as string,
                orderImportProblem('not_saved', { message: (err as Error).message }),
              ),
            );
          }
        }
      }
    }
  }

  // Keep the answer in file order of the orders created.
  created.sort((a, b) => a.index - b.index);
  errors.sort((a, b) => a.row - b.row);
  warnings.sort((a, b) => a.row - b.row);
  skippedRows.sort((a, b) => a.row - b.row);
  return {
    created: created.length,
    orders: created.map(({ order_id, id }) => ({ order_id, id })),
    errors,
    skipped: new Set(skippedRows.map((e) => e.order_id)).size,
    skipped_rows: skippedRows,
    warnings,
  };
}
