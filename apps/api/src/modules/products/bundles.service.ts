import {
  type BundleImport,
  type BundleImportResult,
  bundleImportProblem,
  bundleStock,
  newId,
  type ProductBundle,
  parseBundleImport,
  type ValidBundleImport,
} from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound } from '../../lib/errors.ts';
import { lockProducts } from '../stock/index.ts';
import { expandOpenBundleLines } from './bundle-lines.service.ts';

/**
 * A product's bundle view (`GET /product/bundle/{product_id}`; issue 15 item 1): its parts with their stock (sum over
 * their locations) and its derived stock (core's `bundleStock`: min over parts of floor(stock / quantity)), and the
 * bundles it is a part of. Errors: 404 when the product is not visible to the request.
 */
export async function getProductBundle(ctx: TenantScope, productId: string): Promise<ProductBundle> {
  const q = tenantSql(ctx);
  const product = await q
    .selectFrom('products as p')
    .select(['p.id', 'p.bundle_description'])
    .where(orgScope(ctx, 'p'))
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!product) throw notFound('Product not found');
  const [parts, partOf] = await Promise.all([
    q
      .selectFrom('product_bundle_items as bi')
      .innerJoin('products as p', 'p.id', 'bi.product_id')
      .select([
        'bi.product_id',
        'p.ean',
        'p.name',
        'bi.quantity',
        (eb) =>
          eb
            .selectFrom('product_locations as pl')
            .select(sql<number>`coalesce(sum(pl.stock), 0)::int`.as('s'))
            .whereRef('pl.product_id', '=', 'bi.product_id')
            .where(orgScope(ctx, 'pl'))
            .as('stock'),
      ])
      .where(orgScope(ctx, 'bi'))
      .where(orgScope(ctx, 'p'))
      .where('bi.bundle_id', '=', productId)
      .orderBy('bi.position')
      .orderBy('bi.id')
      .limit(200)
      .execute(),
    q
      .selectFrom('product_bundle_items as bi')
      .innerJoin('products as p', 'p.id', 'bi.bundle_id')
      .select(['bi.bundle_id as product_id', 'p.ean', 'p.name', 'bi.quantity'])
      .where(orgScope(ctx, 'bi'))
      .where(orgScope(ctx, 'p'))
      .where('bi.product_id', '=', productId)
      .orderBy('p.name')
      .limit(200)
      .execute(),
  ]);
  const withStock = parts.map((p) => ({ ...p, stock: Number(p.stock ?? 0) }));
  return {
    product_id: product.id,
    is_bundle: parts.length > 0,
    description: product.bundle_description,
    parts: withStock,
    stock: bundleStock(withStock),
    part_of: partOf,
  };
}

/**
 * Imports bundles for the current organisation (spec 3 §7 `POST /products/import-bundles`; §3 transformed bundle; §5
 * row rules; issue 15 item 1). Each bundle is checked by core's `parseBundleImport`, then against the organisation's
 * products: every part must exist and not be a bundle itself, the parent must not be a part of another bundle (no
 * nesting: an order line expands one level). A parent EAN the organisation does not have yet becomes a new product
 * (name from bundle_name, not fulfilled by the warehouse's own stock: it is made of parts). An accepted bundle gets
 * exactly the parts of the file (a re-import replaces them) and its description. All accepted bundles are written in
 * one transaction. The report's `row` is the bundle's spreadsheet row when the portal sent one, else its number in
 * the body; each refused bundle has its reason as a code with values and in English (core
 * `BUNDLE_IMPORT_REASON_CODES`; a repeat also `first_row`). Unpicked lines of open orders that hold a saved bundle's
 * product are replaced by its parts in the same transaction (ADR 0122). Returns `{ success, created, errors,
 * lines_expanded }`.
 */
export async function importBundles(
  ctx: { db: TenantScope['db']; orgId: string },
  bundles: BundleImport[],
): Promise<BundleImportResult> {
  const errors: BundleImportResult['errors'] = [];
  const good: { row: number; b: ValidBundleImport }[] = [];
  const seen = new Map<string, number>();
  bundles.forEach((raw, i) => {
    const row = raw.row ?? i + 1;
    const r = parseBundleImport(raw);
    if (!r.ok) {
      errors.push({ row, ean: r.ean, code: r.code, values: r.values, reason: r.reason });
      return;
    }
    const earlier = seen.get(r.value.parentEan);
    if (earlier !== undefined) {
      errors.push({
        row,
        ean: r.value.parentEan,
        ...bundleImportProblem('duplicate_bundle'),
        reason: `bundle appears twice in this file (first in row ${earlier})`,
        first_row: earlier,
      });
      return;
    }
    seen.set(r.value.parentEan, row);
    good.push({ row, b: r.value });
  });
  if (good.length === 0)
    return { success: 0, created: 0, errors: errors.sort((a, b) => a.row - b.row), lines_expanded: 0 };

  // Counted and refused inside, taken once the transaction holds: after a deadlock it runs again (db/client.ts).
  const written = await ctx.db.transaction(async (tx) => {
    const scope = { db: tx, orgIds: [ctx.orgId] };
    let success = 0;
    let created = 0;
    const refused: BundleImportResult['errors'] = [];
    const q = tenantSql(scope);
    const eans = new Set<string>();
    for (const { b } of good) {
      eans.add(b.parentEan);
      for (const it of b.items) eans.add(it.ean);
    }
    const products = await q
      .selectFrom('products as p')
      .select(['p.id', 'p.ean'])
      .where(orgScope(scope, 'p'))
      .where('p.ean', 'in', [...eans])
      .execute();
    const idOf = new Map(products.map((p) => [p.ean, p.id]));
    const known = [...idOf.values()];
    // Which of them are bundles already, and which are parts of a bundle (of another parent than this file's).
    const links = known.length
      ? await q
          .selectFrom('product_bundle_items as bi')
          .select(['bi.bundle_id', 'bi.product_id'])
          .where(orgScope(scope, 'bi'))
          .where((eb) => eb.or([eb('bi.bundle_id', 'in', known), eb('bi.product_id', 'in', known)]))
          .execute()
      : [];
    const fileParents = new Set(good.map((g) => idOf.get(g.b.parentEan)).filter(Boolean));
    const filePartEans = new Set(good.flatMap((g) => g.b.items.map((i) => i.ean)));
    const filePartIds = new Set([...filePartEans].map((e) => idOf.get(e)).filter(Boolean));
    // A bundle stays a bundle unless this file re-imports it (its parts are replaced).
    const bundleIds = new Set(links.map((l) => l.bundle_id).filter((id) => !fileParents.has(id)));
    for (const g of good) bundleIds.add(idOf.get(g.b.parentEan) ?? `new:${g.b.parentEan}`);
    // Parts of other bundles; this file's parents lose their old parts.
    const partIds = new Set(links.filter((l) => !fileParents.has(l.bundle_id)).map((l) => l.product_id));
    for (const id of filePartIds) if (id) partIds.add(id);

    const write: { row: number; b: ValidBundleImport }[] = [];
    for (const g of good) {
      const { b } = g;
      const parentId = idOf.get(b.parentEan);
      const nested = b.items.find((it) => bundleIds.has(idOf.get(it.ean) ?? `new:${it.ean}`));
      if (nested) {
        refused.push({
          row: g.row,
          ean: b.parentEan,
          ...bundleImportProblem('part_is_bundle', { field: 'bundle_item_ean', ean: nested.ean }),
        });
        continue;
      }
      const missing = b.items.find((it) => !idOf.has(it.ean));
      if (missing) {
        refused.push({
          row: g.row,
          ean: b.parentEan,
          ...bundleImportProblem('unknown_product', { field: 'bundle_item_ean', ean: missing.ean }),
        });
        continue;
      }
      if (parentId && partIds.has(parentId)) {
        refused.push({ row: g.row, ean: b.parentEan, ...bundleImportProblem('parent_is_part') });
        continue;
      }
      if (!parentId && !b.parentName) {
        refused.push({
          row: g.row,
          ean: b.parentEan,
          ...bundleImportProblem('missing_new_name', { field: 'bundle_name' }),
        });
        continue;
      }
      write.push(g);
    }
    // The parts and the existing parents, before any composition changes (ADR 0106's products level, ascending), so a
    // stock change of a part in flight commits first and the bundles' kept stock (migration 0445) is computed after it.
    await lockProducts(
      scope,
      write.flatMap(({ b }) =>
        [b.parentEan, ...b.items.map((it) => it.ean)].flatMap((e) => idOf.get(e) ?? []),
      ),
    );
    const written: string[] = [];
    for (const { b } of write) {
      let parentId = idOf.get(b.parentEan);
      if (!parentId) {
        parentId = newId();
        await q
          .insertInto('products')
          .values({
            id: parentId,
            org_id: ctx.orgId,
            name: b.parentName as string,
            ean: b.parentEan,
            bundle_description: b.description,
          })
          .execute();
        idOf.set(b.parentEan, parentId);
        created++;
      } else {
        await q
          .updateTable('products as p')
          .set((eb) => ({
            bundle_description: b.description ?? eb.ref('p.bundle_description'),
            name: b.parentName ?? eb.ref('p.name'),
            updated_at: new Date(),
          }))
          .where(orgScope(scope, 'p'))
          .where('p.id', '=', parentId)
          .execute();
        await q
          .deleteFrom('product_bundle_items as bi')
          .where(orgScope(scope, 'bi'))
          .where('bi.bundle_id', '=', parentId)
          .execute();
      }
      const bundleId = parentId;
      await q
        .insertInto('product_bundle_items')
        .values(
          b.items.map((it, position) => ({
            id: newId(),
            org_id: ctx.orgId,
            bundle_id: bundleId,
            product_id: idOf.get(it.ean) as string,
            quantity: it.quantity,
            position,
          })),
        )
        .execute();
      written.push(bundleId);
      success++;
    }
    // Open orders that hold unpicked lines of a product that just got parts list the parts from now on (ADR 0122).
    const expanded = await expandOpenBundleLines(tx, ctx.orgId, written);
    return { success, created, refused, expanded };
  });
  errors.push(...written.refused);
  errors.sort((a, b) => a.row - b.row);
  return { success: written.success, created: written.created, errors, lines_expanded: written.expanded };
}
