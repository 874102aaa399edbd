import {
  newId,
  type OpenTransferList,
  type ProductLocations,
  type TransferBody,
  transferEndpoint,
} from '@hoppa/core';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem, refusal } from '../../lib/errors.ts';
import { refuseReservedLocation } from './inbound-checkin.ts';
import { applyStockChange, lockLink } from './ledger.ts';
import {
  getProductLocations,
  locationOf,
  productOf,
  refuseHeldLocation,
  type StockContext,
} from './product-locations.service.ts';

/** Locks the product of the link `linkId` (the first lock every stock change takes) and answers its id, or 404. */
async function lockLinkProduct(ctx: TenantScope, linkId: string): Promise<string> {
  const peek = await tenantSql(ctx)
    .selectFrom('product_locations as pl')
    .select('pl.product_id')
    .where('pl.id', '=', linkId)
    .where(orgScope(ctx, 'pl'))
    .executeTakeFirst();
  if (!peek) throw notFound(`Location link ${linkId} not found`);
  await productOf(ctx, peek.product_id, true);
  return peek.product_id;
}

/** The link `linkId` with its product locked first (the order every stock change locks in), or 404. */
async function lockedLink(ctx: TenantScope, linkId: string) {
  await lockLinkProduct(ctx, linkId);
  const link = await lockLink(ctx, linkId);
  if (!link) throw notFound(`Location link ${linkId} not found`);
  return link;
}

/**
 * Moves pieces from the link `linkId` to another location (spec 2 §7 `POST /product/transfer/{id}`, the widget's
 * transfer by scanning the new location): `quantity`, else the open transfer's quantity, else everything there.
 * Two `transfer` ledger rows sharing a `transfer_id` (−n at the source, +n at the destination, which gets a link when
 * it had none), and the source's open transfer is done (or lowered by what moved). 404 unknown link or location;
 * 400 same location, nothing there or more than lies there; 409 `location_inactive` for the destination; 405
 * `location_held` when other products lie on a destination the product is not on yet, with the holders as
 * `POST /product/assign_location` names them (spec 2 §4, spec 3 §2: a bin with several products is in error), and
 * nothing moves; 409 `location_reserved` onto a bin the location finder reserved for another product (spec 2 §4). A
 * destination the product already lies on takes the pieces. The destination's row is locked after the product and
 * before the product's places (as `locationOf(…, true)` does for an assignment), so a move and an
 * assignment of another product onto one empty bin at once cannot both pass the check.
 */
export async function transferStock(
  ctx: StockContext,
  linkId: string,
  body: TransferBody,
): Promise<ProductLocations> {
  const productId = await lockLinkProduct(ctx, linkId);
  // Exactly one of the two is given (core's TransferBodySchema); locked as an assignment locks it.
  const dest = await locationOf(
    ctx,
    body.location_id ? { id: body.location_id } : { name: body.rack_number as string },
    true,
  );
  const link = await lockLink(ctx, linkId);
  if (!link) throw notFound(`Location link ${linkId} not found`);
  if (!dest.active)
    throw problem(transferEndpoint, 'location_inactive', `Location ${dest.name} is not active`);
  if (dest.id === link.location_id)
    throw refusal('The stock is on that location already: scan another one', 'same_location', {
      field: 'location_id',
    });
  const quantity = body.quantity ?? link.transfer_quantity ?? link.stock;
  if (quantity < 1) throw refusal('There is nothing on this location to move', 'nothing_to_move');
  if (quantity > link.stock)
    throw refusal(`Only ${link.stock} pieces lie here; ${quantity} cannot move`, 'not_enough_stock', {
      field: 'quantity',
      limit: link.stock,
      value: String(quantity),
    });
  await refuseHeldLocation(ctx, transferEndpoint, productId, dest);
  await refuseReservedLocation(ctx, transferEndpoint, { orgId: link.org_id, productId }, dest);

  const transferId = newId();
  const base = {
    orgId: link.org_id,
    productId: link.product_id,
    reason: 'transfer' as const,
    userId: ctx.userId,
    transferId,
    rawScan: body.raw_scan ?? null,
  };
  await applyStockChange(ctx, {
    ...base,
    locationId: link.location_id,
    delta: -quantity,
    note: `to ${dest.name}`,
  });
  await applyStockChange(ctx, { ...base, locationId: dest.id, delta: quantity, note: null });
  const left = link.transfer_quantity === null ? null : link.transfer_quantity - quantity;
  await tenantSql(ctx)
    .updateTable('product_locations as pl')
    .set(
      left !== null && left > 0
        ? { to_transfer: true, transfer_quantity: left }
        : { to_transfer: false, transfer_quantity: null },
    )
    .where('pl.id', '=', link.id)
    .where(orgScope(ctx, 'pl'))
    .execute();
  return getProductLocations(ctx, link.product_id);
}

/**
 * Opens a transfer (spec 2 §7 `POST /product/new_transfer/ass`): marks `quantity` pieces of the link to be moved;
 * they stay there until the new location is scanned ({@link transferStock}). 400 for more than lie there.
 */
export async function openTransfer(
  ctx: StockContext,
  body: { location_product_id: string; quantity: number },
): Promise<ProductLocations> {
  const link = await lockedLink(ctx, body.location_product_id);
  if (body.quantity > link.stock)
    throw refusal(
      `Only ${link.stock} pieces lie here; ${body.quantity} cannot be moved`,
      'not_enough_stock',
      {
        field: 'quantity',
        limit: link.stock,
        value: String(body.quantity),
      },
    );
  await tenantSql(ctx)
    .updateTable('product_locations as pl')
    .set({ to_transfer: true, transfer_quantity: body.quantity })
    .where('pl.id', '=', link.id)
    .where(orgScope(ctx, 'pl'))
    .execute();
  return getProductLocations(ctx, link.product_id);
}

/** Cancels the link's open transfer (spec 2 §7 `DELETE /product/transfer/{loc_prod_id}`); nothing moves. */
export async function cancelTransfer(ctx: StockContext, linkId: string): Promise<ProductLocations> {
  const link = await lockedLink(ctx, linkId);
  await tenantSql(ctx)
    .updateTable('product_locations as pl')
    .set({ to_transfer: false, transfer_quantity: null })
    .where('pl.id', '=', link.id)
    .where(orgScope(ctx, 'pl'))
    .execute();
  return getProductLocations(ctx, link.product_id);
}

/**
 * Open transfers (spec 2 §7 `GET /product/transfers/open/{product_id}`, `GET /transfers/open/all`; spec 3 §2 Admin:
 * all open transfers): of one product, or of every product of `orgIds`, by location name, paged. 404 for a product
 * that is not one of `orgIds`'.
 */
export async function listOpenTransfers(
  ctx: TenantScope,
  productId: string | null,
  page: { skip: number; limit: number },
): Promise<OpenTransferList> {
  if (productId !== null) {
    const visible = await tenantSql(ctx)
      .selectFrom('products as p')
      .select('p.id')
      .where('p.id', '=', productId)
      .where(orgScope(ctx, 'p'))
      .executeTakeFirst();
    if (!visible) throw notFound(`Product ${productId} not found`);
  }
  const rows = await tenantSql(ctx)
    .selectFrom('product_locations as pl')
    .innerJoin('products as p', 'p.id', 'pl.product_id')
    .innerJoin('locations as l', 'l.id', 'pl.location_id')
    .innerJoin('organisations as o', 'o.id', 'p.org_id')
    .select((eb) => [
      'pl.id',
      'pl.stock',
      'pl.transfer_quantity',
      'p.id as product_id',
      'p.name as product_name',
      'p.ean',
      'p.org_id',
      'o.name as org_name',
      'l.id as location_id',
      'l.name as location_name',
      eb.fn.countAll<string>().over().as('total'),
    ])
    .where('pl.to_transfer', '=', true)
    .where(orgScope(ctx, 'pl'))
    .where(orgScope(ctx, 'p'))
    .$if(productId !== null, (w) => w.where('pl.product_id', '=', productId as string))
    .orderBy('l.name')
    .orderBy('pl.id')
    .limit(page.limit)
    .offset(page.skip)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      product: { id: r.product_id, name: r.product_name, ean: r.ean, org_id: r.org_id, org_name: r.org_name },
      location: { id: r.location_id, name: r.location_name },
      stock: r.stock,
      quantity: r.transfer_quantity ?? r.stock,
    })),
    total: Number(rows[0]?.total ?? 0),
    skip: page.skip,
    limit: page.limit,
  };
}
