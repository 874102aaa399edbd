import {
  type AssignLocationBodySchema,
  type AssignLocationByNameBodySchema,
  assignLocationByNameEndpoint,
  assignLocationEndpoint,
  type ClearLocationParamsSchema,
  type CorrectStockBody,
  type CorrectStockResultSchema,
  clearableLink,
  clearLocationEndpoint,
  LOCATION_NOT_EMPTY_TEXT,
  LOCATION_NOT_EMPTY_TITLE,
  type ProductLocations,
  type RecountResultSchema,
  STOCK_CORRECTED,
  type StockUpdateParamsSchema,
  type StockUpdateQuerySchema,
  type SwitchLocationBodySchema,
  stockUpdateEndpoint,
  type transferEndpoint,
} from '@hoppa/core';
import { sql } from 'kysely';
import type { z } from 'zod';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem, refusal } from '../../lib/errors.ts';
import { placeInbound, refuseReservedLocation } from './inbound-checkin.ts';
import { applyStockChange, lockLink, writeMutation } from './ledger.ts';
import { loadOpenShelfReports, newestReportPerPlace, placeKey } from './shelf-reports.ts';

/** What the product location calls need: the transaction-bound scope and who acts. */
export interface StockContext extends TenantScope {
  userId: string;
}

/** The product (of the caller's organisations) or 404; locked `FOR UPDATE` when `lock`, so its changes queue up. */
export async function productOf(ctx: TenantScope, productId: string, lock = false) {
  const q = tenantSql(ctx)
    .selectFrom('products as p')
    .select(['p.id', 'p.org_id', 'p.name', 'p.ean', 'p.needs_recount', 'p.return_instruction'])
    .where('p.id', '=', productId)
    .where(orgScope(ctx, 'p'));
  const row = await (lock ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw notFound(`Product ${productId} not found`);
  return row;
}

/**
 * A location of the warehouse or 404 (`by`: id, or name in any case). With `lock` its row is locked `FOR NO KEY
 * UPDATE` for the rest of the transaction: every call that may put a product on a location it does not lie on yet
 * takes it before {@link refuseHeldLocation}, so two products put on one empty bin at once queue there and the second
 * sees the first's link (405) instead of both passing the check. Take it after the product's lock and before any of
 * the product's places (the ledger's order, docs/decisions/0106-*.md). NO KEY so that the foreign key checks of other
 * writers' ledger rows and places on this location (`FOR KEY SHARE`) do not wait on it.
 */
export async function locationOf(ctx: TenantScope, by: { id: string } | { name: string }, lock = false) {
  const q = tenantSql(ctx)
    .selectFrom('locations as l')
    .select(['l.id', 'l.name', 'l.active', 'l.level', 'l.quarantine'])
    .$if('id' in by, (w) => w.where('l.id', '=', (by as { id: string }).id))
    .$if('name' in by, (w) => w.where(sql`lower(l.name)`, '=', (by as { name: string }).name.toLowerCase()));
  const row = await (lock ? q.forNoKeyUpdate() : q).executeTakeFirst();
  if (!row) throw notFound('id' in by ? `Location ${by.id} not found` : `Location ${by.name} does not exist`);
  return row;
}

/**
 * Whether the product of `orgId` is a bundle: it has parts (`product_bundle_items`), so its stock is the whole bundles
 * they make (migration 0445). One probe of the parts' (org_id, bundle_id) index.
 */
async function isBundle(ctx: TenantScope, orgId: string, productId: string): Promise<boolean> {
  const part = await tenantSql(ctx)
    .selectFrom('product_bundle_items as bi')
    .select('bi.id')
    .where(orgScope(ctx, 'bi'))
    .where('bi.org_id', '=', orgId)
    .where('bi.bundle_id', '=', productId)
    .limit(1)
    .executeTakeFirst();
  return part !== undefined;
}

/**
 * A product with its locations in their order (spec 2 §7 `GET /product/locations/{id}`): each link with its
 * location (name, parent's name, type, active), stock, transfer mark, position and open shelf report (`shelf_problem`,
 * until the place is counted; migration 0464); the product's total stock,
 * recount flag and whether it is a bundle (`is_bundle`: the apps' recount then counts its parts instead). 404 when
 * the product is not one of `orgIds`'.
 */
export async function getProductLocations(ctx: TenantScope, productId: string): Promise<ProductLocations> {
  const product = await productOf(ctx, productId);
  // Both at once: side by side on the pool for `GET /product/locations` (outside a transaction); inside a writer's
  // transaction the connection's serial runner sends them one after the other, as before.
  const [bundle, reports, links] = await Promise.all([
    isBundle(ctx, product.org_id, product.id),
    // The open shelf reports of the product, newest first.
    loadOpenShelfReports(ctx, product.id),
    tenantSql(ctx)
      .selectFrom('product_locations as pl')
      .innerJoin('locations as l', 'l.id', 'pl.location_id')
      .leftJoin('locations as parent', 'parent.id', 'l.parent_id')
      .select([
        'pl.id',
        'pl.stock',
        'pl.active',
        'pl.to_transfer',
        'pl.transfer_quantity',
        'pl.position',
        'l.id as location_id',
        'l.name as location_name',
        'l.type as location_type',
        'l.active as location_active',
        'l.quarantine as location_quarantine',
        'parent.name as parent_name',
      ])
      .where('pl.product_id', '=', product.id)
      .where(orgScope(ctx, 'pl'))
      .orderBy('pl.position')
      .orderBy('l.name')
      .execute(),
  ]);
  const reportAt = newestReportPerPlace(reports);
  return {
    product: {
      id: product.id,
      org_id: product.org_id,
      name: product.name,
      ean: product.ean,
      needs_recount: product.needs_recount,
      stock: links.reduce((n, l) => n + l.stock, 0),
      return_instruction: product.return_instruction,
      is_bundle: bundle,
    },
    locations: links.map((l) => {
      const report = reportAt.get(placeKey(product.id, l.location_id));
      return {
        id: l.id,
        location: {
          id: l.location_id,
          name: l.location_name,
          parent_name: l.parent_name,
          type: l.location_type as ProductLocations['locations'][number]['location']['type'],
          active: l.location_active,
          quarantine: l.location_quarantine,
        },
        stock: l.stock,
        active: l.active,
        to_transfer: l.to_transfer,
        transfer_quantity: l.transfer_quantity,
        position: l.position,
        ...(report
          ? { shelf_problem: { kind: report.kind, reported_at: new Date(report.created_at).toISOString() } }
          : {}),
      };
    }),
  };
}

/**
 * Refuses to put product `productId` on `location` while other products (of any shop the caller works for) lie
 * there: 405 `location_held` of `endpoint` (spec 2 §4, spec 3 §4: '202 or 405 means other products hold the location
 * (offer to clear)'), whose issues name each holder as `location_products.<link id>.<product id>` with its name, EAN,
 * shop and pieces (core `locationHolders` reads them for `DELETE /locations/clear/…`). Every link counts, 0 pieces
 * too, since any makes the bin hold several products; the warehouse's location types are not told apart (a bin of
 * any type with several products is in error, spec 3 §2). Nothing is refused when the product lies on the location
 * already (it only gets pieces there). Call it with the location locked ({@link locationOf} with `lock`), so a
 * concurrent call cannot add a holder unseen. Used by
 * `POST /product/assign_location`, `POST /locations/assign` and the move `POST /product/transfer/{id}`.
 */
export async function refuseHeldLocation(
  ctx: TenantScope,
  endpoint: typeof assignLocationByNameEndpoint | typeof assignLocationEndpoint | typeof transferEndpoint,
  productId: string,
  location: { id: string; name: string },
): Promise<void> {
  const others = await tenantSql(ctx)
    .selectFrom('product_locations as pl')
    .innerJoin('products as p', 'p.id', 'pl.product_id')
    .innerJoin('organisations as o', 'o.id', 'pl.org_id')
    .select(['pl.id', 'pl.product_id', 'pl.stock', 'p.name', 'p.ean', 'o.name as shop'])
    .where('pl.location_id', '=', location.id)
    .where('pl.product_id', '<>', productId)
    .where(orgScope(ctx, 'pl'))
    .where(orgScope(ctx, 'p'))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('product_locations as own')
            .select('own.id')
            .where('own.location_id', '=', location.id)
            .where('own.product_id', '=', productId)
            .where(orgScope(ctx, 'own')),
        ),
      ),
    )
    .orderBy('p.name')
    .execute();
  if (others.length)
    throw problem(
      endpoint,
      'location_held',
      `Location ${location.name} holds other products (${others.map((o) => o.name).join(', ')}): clear it first`,
      others.map((o) => ({
        path: `location_products.${o.id}.${o.product_id}`,
        message: `${o.name} (${o.ean}, ${o.shop}): ${o.stock} in stock`,
      })),
    );
}

/**
 * Puts the product on the location named `rack_number` with no pieces (spec 2 §7 `POST /product/assign_location`;
 * the widget's scan of a location label): an `assign` ledger row of 0 with the raw scan; nothing when it already
 * lies there. 404 for an unknown product or location name; 409 `location_inactive`. When other products (of any
 * shop the caller works for) lie on the location it answers 405 `location_held` and changes nothing (spec 2 §4, spec
 * 3 §4: '202 or 405 means other products hold the location (offer to clear)'), so a bin no longer goes to error
 * (several products) without a word; the issues name each product, its link and its id (`location_products.<link>.<product>`) for
 * `DELETE /locations/clear/…`.
 */
export async function assignLocationByName(
  ctx: StockContext,
  body: z.output<typeof AssignLocationByNameBodySchema>,
): Promise<ProductLocations> {
  const product = await productOf(ctx, body.product_id, true);
  const location = await locationOf(ctx, { name: body.rack_number }, true);
  if (!location.active)
    throw problem(
      assignLocationByNameEndpoint,
      'location_inactive',
      `Location ${location.name} is not active`,
    );
  const existing = await tenantSql(ctx)
    .selectFrom('product_locations as pl')
    .select('pl.id')
    .where('pl.product_id', '=', product.id)
    .where('pl.location_id', '=', location.id)
    .where(orgScope(ctx, 'pl'))
    .executeTakeFirst();
  if (!existing) {
    await refuseHeldLocation(ctx, assignLocationByNameEndpoint, product.id, location);
    await refuseReservedLocation(
      ctx,
      assignLocationByNameEndpoint,
      { orgId: product.org_id, productId: product.id },
      location,
    );
    await applyStockChange(ctx, {
      orgId: product.org_id,
      productId: product.id,
      locationId: location.id,
      delta: 0,
      reason: 'assign',
      userId: ctx.userId,
      rawScan: body.raw_scan ?? null,
    });
  }
  return getProductLocations(ctx, product.id);
}

/**
 * Puts `amount` pieces of the product on a location (spec 2 §7 `POST /locations/assign`: the floor's label scan, a
 * count on a location added by its label, the location editor): `add` adds them, `set` makes it the amount there; an
 * `assign` ledger row. A product already on the location just gets its pieces. Onto a location other products hold it
 * answers 405 `location_held` like `POST /product/assign_location` and changes nothing (spec 2 §4: '202 or 405 means
 * other products hold the location (offer to clear)'). With `inbound_item_id` it places the item's checked-in pieces
 * ({@link placeInbound}: a `checkin` row, the item's reserved locations decide), without that refusal: the location
 * finder reserves bins holding the product or no other product's pieces. A bin the finder reserved for a pending item
 * of another product answers 409 `location_reserved` (spec 2 §4 Inbound location finder;
 * {@link refuseReservedLocation}). 404 for an unknown product or location; 409 `location_inactive`.
 */
export async function assignLocation(
  ctx: StockContext,
  body: z.output<typeof AssignLocationBodySchema>,
): Promise<ProductLocations> {
  const product = await productOf(ctx, body.product_id, true);
  // Locked unless it places an inbound item (not refused, see above): the held check below must see every link.
  const location = await locationOf(ctx, { id: body.location_id }, !body.inbound_item_id);
  if (!location.active)
    throw problem(assignLocationEndpoint, 'location_inactive', `Location ${location.name} is not active`);
  if (body.inbound_item_id) {
    return placeInbound(ctx, {
      itemId: body.inbound_item_id,
      productId: product.id,
      location,
      amount: body.amount,
      rawScan: body.raw_scan ?? null,
    }).then(() => getProductLocations(ctx, product.id));
  }
  // Its place there, if any: locked for `set` (the amount there decides the change), only read for `add`.
  const place = tenantSql(ctx)
    .selectFrom('product_locations as pl')
    .select('pl.stock')
    .where('pl.product_id', '=', product.id)
    .where('pl.location_id', '=', location.id)
    .where(orgScope(ctx, 'pl'));
  const current = await (body.type === 'set' ? place.forUpdate() : place).executeTakeFirst();
  if (!current) await refuseHeldLocation(ctx, assignLocationEndpoint, product.id, location);
  const delta = body.type === 'set' ? body.amount - (current?.stock ?? 0) : body.amount;
  // Onto a bin reserved for another product nothing goes; fewer pieces of a product already there may be counted.
  if (!current || delta > 0)
    await refuseReservedLocation(
      ctx,
      assignLocationEndpoint,
      { orgId: product.org_id, productId: product.id },
      location,
    );
  await applyStockChange(ctx, {
    orgId: product.org_id,
    productId: product.id,
    locationId: location.id,
    delta,
    reason: 'assign',
    userId: ctx.userId,
    rawScan: body.raw_scan ?? null,
  });
  return getProductLocations(ctx, product.id);
}

/** The link of `product_id` with id `linkId`, locked, or 404. */
async function linkOf(ctx: TenantScope, productId: string, linkId: string) {
  const link = await lockLink(ctx, linkId);
  if (!link || link.product_id !== productId) throw notFound(`Location link ${linkId} not found`);
  return link;
}

/**
 * Sets the amount on one of the product's locations (spec 2 §7 `GET /locations/stock/update/…`, the widget's stock
 * field): a `count` ledger row with the difference. With `expected` (what the sender saw), a different current
 * amount answers 409 `stock_changed` and changes nothing. 404 for an unknown product or link.
 */
export async function updateStock(
  ctx: StockContext,
  params: z.output<typeof StockUpdateParamsSchema>,
  query: z.output<typeof StockUpdateQuerySchema>,
): Promise<ProductLocations> {
  const product = await productOf(ctx, params.product_id, true);
  const link = await linkOf(ctx, product.id, params.location_product_id);
  if (query.expected !== undefined && query.expected !== link.stock) {
    throw problem(
      stockUpdateEndpoint,
      'stock_changed',
      `The stock here changed to ${link.stock} since you saw ${query.expected}; check and enter it again`,
    );
  }
  await applyStockChange(ctx, {
    orgId: link.org_id,
    productId: product.id,
    locationId: link.location_id,
    delta: params.amount - link.stock,
    reason: 'count',
    userId: ctx.userId,
  });
  return getProductLocations(ctx, product.id);
}

/**
 * Swaps the places of two of the product's locations in its order (spec 2 §7 `PUT /product/switch_loc_position`,
 * drag-reorder in the widget). 404 when either link is not the product's.
 */
export async function switchLocations(
  ctx: StockContext,
  body: z.output<typeof SwitchLocationBodySchema>,
): Promise<ProductLocations> {
  const product = await productOf(ctx, body.product_id, true);
  const a = await linkOf(ctx, product.id, body.id_to_switch);
  const b = await linkOf(ctx, product.id, body.id_to_be);
  if (a.id !== b.id) {
    // Positions can be equal (links made at once); then the moved one goes just before the other.
    const [pa, pb] = a.position === b.position ? [b.position, a.position + 1] : [b.position, a.position];
    const q = tenantSql(ctx);
    await q
      .updateTable('product_locations as pl')
      .set({ position: pa })
      .where('pl.id', '=', a.id)
      .where(orgScope(ctx, 'pl'))
      .execute();
    await q
      .updateTable('product_locations as pl')
      .set({ position: pb })
      .where('pl.id', '=', b.id)
      .where(orgScope(ctx, 'pl'))
      .execute();
  }
  return getProductLocations(ctx, product.id);
}

/**
 * Takes an empty location off the product (spec 3 §7 `DELETE /locations/clear/…`, the widget's delete): deletes the
 * link and writes an `unassign` ledger row of 0. 409 `location_not_empty` with the popup text of spec 2 §2 while it
 * holds stock (or is marked for a transfer). 404 when the link is not the product's at that location.
 */
export async function clearLocation(
  ctx: StockContext,
  params: z.output<typeof ClearLocationParamsSchema>,
): Promise<ProductLocations> {
  const product = await productOf(ctx, params.product_id, true);
  const link = await linkOf(ctx, product.id, params.location_product_id);
  if (link.location_id !== params.location_id)
    throw notFound(`Location link ${link.id} is not at ${params.location_id}`);
  // One rule with the apps' offer to clear a held location (core clearableLink).
  if (!clearableLink(link)) {
    throw problem(
      clearLocationEndpoint,
      'location_not_empty',
      `${LOCATION_NOT_EMPTY_TITLE}. ${LOCATION_NOT_EMPTY_TEXT}`,
    );
  }
  await tenantSql(ctx)
    .deleteFrom('product_locations as pl')
    .where('pl.id', '=', link.id)
    .where(orgScope(ctx, 'pl'))
    .execute();
  await writeMutation(ctx, {
    orgId: link.org_id,
    productId: product.id,
    locationId: link.location_id,
    delta: 0,
    reason: 'unassign',
    userId: ctx.userId,
  });
  return getProductLocations(ctx, product.id);
}

/** Sets or clears the product's recount flag (spec 3 §7 `POST /product/recount/{id}`). 404 for an unknown product. */
export async function setRecount(
  ctx: TenantScope,
  productId: string,
  recount: boolean,
): Promise<z.output<typeof RecountResultSchema>> {
  const row = await tenantSql(ctx)
    .updateTable('products as p')
    .set({ needs_recount: recount, updated_at: sql`now()` })
    .where('p.id', '=', productId)
    .where(orgScope(ctx, 'p'))
    .returning(['p.id', 'p.needs_recount'])
    .executeTakeFirst();
  if (!row) throw notFound(`Product ${productId} not found`);
  return row;
}

/**
 * Corrects a product's stock to the counted amount with a reason (spec 2 §5 Stock correction, §7 `POST
 * /correct_stock/`; spec 2 §4: the corrected stock clears the recount flag). With `location_id` the amount is what
 * lies on that location; without it the product's total, the difference going to its first location. One
 * `correction` ledger row (also when nothing differed: the count is recorded) with the reason and its language.
 * 404 for an unknown product or link; 400 when the product has no location, or the first location would go below 0.
 */
export async function correctStock(
  ctx: StockContext,
  body: CorrectStockBody,
): Promise<z.output<typeof CorrectStockResultSchema>> {
  if (!ctx.orgIds.includes(body.org_id)) throw notFound(`Product ${body.ean} not found`);
  const found = await tenantSql(ctx)
    .selectFrom('products as p')
    .select('p.id')
    .where('p.org_id', '=', body.org_id)
    .where('p.ean', '=', body.ean)
    .where(orgScope(ctx, 'p'))
    .executeTakeFirst();
  if (!found) throw notFound(`Product ${body.ean} not found`);
  const product = await productOf(ctx, found.id, true);
  // A bundle's stock is the whole bundles its parts make (migration 0445): pieces counted onto a place of the bundle
  // would count nowhere, so its parts are what a count corrects.
  if (await isBundle(ctx, product.org_id, product.id))
    throw refusal(
      `${body.ean} is a bundle: its stock is what its parts make; correct the parts' stock`,
      'bundle_stock',
      { ean: body.ean },
    );
  const links = await tenantSql(ctx)
    .selectFrom('product_locations as pl')
    .select(['pl.id', 'pl.location_id', 'pl.stock'])
    .where('pl.product_id', '=', product.id)
    .where(orgScope(ctx, 'pl'))
    .orderBy('pl.position')
    .orderBy('pl.id')
    .forUpdate()
    .execute();
  const target = body.location_id ? links.find((l) => l.location_id === body.location_id) : links[0];
  if (!target) {
    if (body.location_id) throw notFound(`The product is not on location ${body.location_id}`);
    throw refusal(
      'The product has no location to correct its stock on; put it on a location first',
      'no_location',
      { value: body.ean },
    );
  }
  const delta = body.location_id
    ? body.curr_amount - target.stock
    : body.curr_amount - links.reduce((n, l) => n + l.stock, 0);
  if (target.stock + delta < 0) {
    throw refusal(
      `Correcting the total to ${body.curr_amount} would leave ${target.stock + delta} on the first location; correct each location instead`,
      'correction_too_large',
      { field: 'curr_amount', value: String(body.curr_amount), limit: target.stock + delta },
    );
  }
  await applyStockChange(ctx, {
    orgId: product.org_id,
    productId: product.id,
    locationId: target.location_id,
    delta,
    reason: 'correction',
    userId: ctx.userId,
    note: `${body.desc} (${body.language})`,
  });
  await setRecount(ctx, product.id, false);
  return { message: STOCK_CORRECTED, result: await getProductLocations(ctx, product.id) };
}
