import { evaluateAutomations, finalChanges, newId, type ShipmentDetails } from '@hoppa/core';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, tenantSql } from '../../db/tenant.ts';
import { rulesOfProducts } from '../automations/index.ts';
import { BUNDLE_LINE_COLUMNS, type BundleLineCandidate, expandBundleLines } from '../products/index.ts';
import { pickLocationsOf } from '../stock/index.ts';

/** An order line as the arrival rules read it (the products module's bundle-line shape). */
type ArrivedLine = BundleLineCandidate;

/** What the arrival rules did: orders changed by a rule, lines added by rules, bundle lines expanded. */
export interface ArrivalResult {
  ordersChanged: number;
  linesAdded: number;
  bundlesExpanded: number;
}

/**
 * Runs what happens to an order when it arrives (issue 15 items 1–2; ADR 0049), in the caller's transaction, right
 * after its lines are written — by the spreadsheet import and the bol intake (`importOrders`) and by the wizard
 * (`createOrder`):
 * 1. **Automation rules** of the order's products (oldest first; core's `evaluateAutomations` against the customer's
 *    lines and the destination country): a change sets the order's shipment method (an active method code) or its
 *    packaging (a box); an add writes a line of the rule's product, factor × the pieces of the rule's product, marked
 *    with the rule. Each rule that fired is recorded in `order_automations` (shown on the order detail).
 * 2. **Bundles**: every line of a bundle (a product with parts, also one a rule added) is replaced by one line per
 *    part, `quantity` = line quantity × part quantity, with the part's pick location, carrying the bundle's id, EAN,
 *    title and pieces, so the pick list, stock and packing work on real products unchanged and the packing station
 *    still shows what the customer bought.
 * Orders that are not open or lines of other organisations are not touched. Returns counts.
 */
export async function applyArrivalRules(
  db: Db,
  orgId: string,
  orderIds: readonly string[],
): Promise<ArrivalResult> {
  const result: ArrivalResult = { ordersChanged: 0, linesAdded: 0, bundlesExpanded: 0 };
  if (orderIds.length === 0) return result;
  const scope = { db, orgIds: [orgId] };
  const q = tenantSql(scope);
  const loadLines = () =>
    q
      .selectFrom('order_lines as l')
      .select(BUNDLE_LINE_COLUMNS)
      .where(orgScope(scope, 'l'))
      .where('l.order_id', 'in', [...orderIds])
      .where('l.bundle_product_id', 'is', null)
      .orderBy('l.order_id')
      .orderBy('l.position')
      .execute() as Promise<ArrivedLine[]>;
  let lines = await loadLines();
  if (lines.length === 0) return result;

  // 1. Automation rules.
  const rules = await rulesOfProducts(scope, [...new Set(lines.map((l) => l.product_id))]);
  if (rules.length > 0) {
    const orders = await q
      .selectFrom('orders as o')
      .select(['o.id', 'o.shipment_details'])
      .where(orgScope(scope, 'o'))
      .where('o.id', 'in', [...orderIds])
      .where('o.status', '=', 'open')
      .execute();
    const linesOf = new Map<string, ArrivedLine[]>();
    for (const l of lines) linesOf.set(l.order_id, [...(linesOf.get(l.order_id) ?? []), l]);
    const methods = await systemSql(db)
      .selectFrom('shipment_methods')
      .select(['id', 'code'])
      .where('active', '=', true)
      .execute();
    const methodOf = new Map(methods.map((m) => [m.code, m.id]));
    const added: ArrivedLine[] = [];
    const records: { order: string; automation: string; description: string }[] = [];
    for (const o of orders) {
      const own = linesOf.get(o.id) ?? [];
      const country = ((o.shipment_details ?? {}) as ShipmentDetails).countryCode ?? '';
      const effects = evaluateAutomations({ countryCode: country, lines: own }, rules);
      if (effects.length === 0) continue;
      result.ordersChanged++;
      const changes = finalChanges(effects);
      const methodId = changes.selected_ship_option ? methodOf.get(changes.selected_ship_option) : undefined;
      if (methodId || changes.selected_packaging_option) {
        await q
          .updateTable('orders as o')
          .set({
            ...(methodId ? { selected_ship_method_id: methodId } : {}),
            ...(changes.selected_packaging_option
              ? { selected_box_id: changes.selected_packaging_option }
              : {}),
          })
          .where(orgScope(scope, 'o'))
          .where('o.id', '=', o.id)
          .execute();
      }
      let position = Math.max(-1, ...own.map((l) => l.position));
      for (const e of effects) {
        records.push({ order: o.id, automation: e.automation_id, description: e.description });
        for (const a of e.adds) {
          if (a.quantity < 1) continue;
          added.push({
            id: newId(),
            order_id: o.id,
            product_id: a.product_id,
            ean: a.ean,
            title: '',
            quantity: a.quantity,
            position: ++position,
            placed_at: own[0]?.placed_at ?? new Date().toISOString(),
            automation_id: e.automation_id,
          });
        }
      }
    }
    if (records.length) {
      // One millisecond apart, so the order detail lists them in the order they ran.
      const base = Date.now();
      await q
        .insertInto('order_automations')
        .values(
          records.map((r, i) => ({
            id: newId(),
            org_id: orgId,
            order_id: r.order,
            automation_id: r.automation,
            description: r.description,
            applied_at: new Date(base + i),
          })),
        )
        .execute();
    }
    if (added.length) {
      const ids = [...new Set(added.map((a) => a.product_id))];
      const names = await q
        .selectFrom('products as p')
        .select(['p.id', 'p.name', 'p.ean'])
        .where(orgScope(scope, 'p'))
        .where('p.id', 'in', ids)
        .execute();
      const productOf = new Map(names.map((p) => [p.id, p]));
      const locationOf = await pickLocationsOf(scope, ids);
      const rows = added.filter((a) => productOf.has(a.product_id));
      if (rows.length) {
        await q
          .insertInto('order_lines')
          .values(
            rows.map((a) => {
              const p = productOf.get(a.product_id) as { name: string; ean: string };
              return {
                id: a.id,
                order_id: a.order_id,
                org_id: orgId,
                product_id: a.product_id,
                ean: p.ean,
                title: p.name,
                quantity: a.quantity,
                pick_location_id: locationOf.get(a.product_id) ?? null,
                position: a.position,
                // Sent as text and cast by the server: exact to the microsecond on PGlite too (ADR 0074).
                placed_at: sql<string>`${a.placed_at}::text::timestamptz`,
                automation_id: a.automation_id,
              };
            }),
          )
          .execute();
        result.linesAdded += rows.length;
        lines = await loadLines();
      }
    }
  }

  // 2. Bundles.
  result.bundlesExpanded += await expandBundleLines(db, orgId, lines);
  return result;
}
