import {
  type addTransferEndpoint,
  type assignLocationByNameEndpoint,
  assignLocationEndpoint,
  type directCheckinEndpoint,
  type placeInboundItemEndpoint,
  type transferEndpoint,
} from '@hoppa/core';
import { type RawBuilder, sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem, refusal } from '../../lib/errors.ts';
import { applyStockChange } from './ledger.ts';

/**
 * The English message of a 409 `location_quarantine` (issue 12; ADR 0130): fresh inbound stock is refused on a
 * quarantine location, where returned goods wait and nothing is ever picked, so it would lie there unseen. The apps
 * word the code in the user's language with the location's name.
 */
export function quarantineRefusal(name: string): string {
  return `Location ${name} is a quarantine location: nothing on it is ever picked. Put inbound stock on another location`;
}

/** The calls that put a product on a location and so must keep off a bin reserved for another product. */
type PuttingEndpoint =
  | typeof assignLocationEndpoint
  | typeof assignLocationByNameEndpoint
  | typeof transferEndpoint
  | typeof placeInboundItemEndpoint
  | typeof directCheckinEndpoint
  | typeof addTransferEndpoint;

/**
 * The condition on inbound item alias `item` that it holds location `locationId` (an id value or a column) reserved
 * for a product other than `put`'s while pending (migration 0465's partial index answers it): what
 * {@link refuseReservedLocation} refuses and the location finder passes over. `exceptItemId`: an item left out.
 */
export function reservedForOtherProduct(
  item: string,
  locationId: RawBuilder<unknown>,
  put: { orgId: string | RawBuilder<unknown>; productId: string | RawBuilder<unknown> },
  exceptItemId?: string,
): RawBuilder<boolean> {
  const r = (column: string) => sql.ref(`${item}.${column}`);
  return sql<boolean>`(${r('status')} = 'pending' AND ${r('reserved_locations')} @> jsonb_build_array(${locationId}::text)
    AND NOT (${r('product_id')} = ${put.productId} AND ${r('org_id')} = ${put.orgId})
    ${exceptItemId === undefined ? sql`` : sql`AND ${r('id')} <> ${exceptItemId}`})`;
}

/**
 * Refuses to put product `productId` (of `orgId`) on `location` while the location finder holds it reserved for a
 * pending inbound item of another product (spec 2 §4 Inbound: the finder reserves locations for an item and the
 * pieces are placed on them; spec 2 §2 Inbound item detail): 409 `location_reserved` of `endpoint`. Its one issue
 * (code `location_reserved`, ADR 0142) carries the values the apps word in the user's language (core
 * `locationReservation`): the `location`'s name, and, only when the caller works for that shop, the `inbound`
 * (`IN-` and the last 8 characters of its id), the `product`'s name and its `sku` (when it has one); a reservation of
 * another shop names nothing of that shop. The English message says the same. A reservation lasts until it is
 * dropped (one or all) or its item is submitted; the same product (of another item too) may still go there.
 * Reservations of every shop count, as bins are shared. `exceptItemId`: the item being placed, whose own
 * reservations never refuse it.
 */
export async function refuseReservedLocation(
  ctx: TenantScope,
  endpoint: PuttingEndpoint,
  put: { orgId: string; productId: string },
  location: { id: string; name: string },
  exceptItemId?: string,
): Promise<void> {
  const q = systemSql(ctx.db)
    .selectFrom('inbound_items as it')
    .innerJoin('inbounds as ib', 'ib.id', 'it.inbound_id')
    .innerJoin('products as p', 'p.id', 'it.product_id')
    .select(['it.id', 'it.org_id', 'ib.id as inbound_id', 'p.name', 'p.bsku'])
    .where(reservedForOtherProduct('it', sql`${location.id}`, put, exceptItemId));
  const holder = await q.orderBy('it.id').limit(1).executeTakeFirst();
  if (!holder) return;
  const visible = ctx.orgIds.includes(holder.org_id);
  const inbound = `IN-${holder.inbound_id.slice(-8).toUpperCase()}`;
  const message = visible
    ? `Location ${location.name} is reserved for ${holder.name}${holder.bsku ? ` (SKU ${holder.bsku})` : ''} of inbound ${inbound}: choose another location, or drop that reservation first`
    : `Location ${location.name} is reserved for an inbound of another shop: choose another location`;
  const values = visible
    ? { location: location.name, inbound, product: holder.name, ...(holder.bsku ? { sku: holder.bsku } : {}) }
    : { location: location.name };
  throw problem(endpoint, 'location_reserved', message, [
    { path: 'location', message, code: 'location_reserved', values },
  ]);
}

/**
 * Places checked-in pieces of an inbound item on a location (issue 10; spec 2 §2 Inbound item detail, §7
 * `POST /locations/assign` with `inbound_item_id`, "link barcode to location (inbound)"): in the caller's
 * transaction, locks the item, writes the `checkin` ledger row through {@link applyStockChange} and adds the pieces
 * to the item's `pieces_checked_in`, so the two never disagree. A scan that does not name the location (`rawScan`
 * neither its name nor its id), or a location that is not one of the item's reserved ones (when it has any),
 * answers 409 `wrong_location` and changes nothing; a submitted item 409 `inbound_item_submitted`; a quarantine
 * location 409 `location_quarantine` ({@link quarantineRefusal}); a location reserved for another item's other
 * product 409 `location_reserved` ({@link refuseReservedLocation}).
 */
export async function placeInbound(
  ctx: TenantScope & { userId: string },
  input: {
    itemId: string;
    productId: string | null;
    location: { id: string; name: string; active: boolean; quarantine: boolean };
    amount: number;
    rawScan: string | null;
  },
): Promise<{ pieces_checked_in: number }> {
  const item = await tenantSql(ctx)
    .selectFrom('inbound_items as it')
    .select(['it.id', 'it.org_id', 'it.product_id', 'it.status', 'it.reserved_locations'])
    .where('it.id', '=', input.itemId)
    .where(orgScope(ctx, 'it'))
    .forUpdate()
    .executeTakeFirst();
  if (!item) throw notFound(`Geen inbound item gevonden: inbound item ${input.itemId} bestaat niet`);
  if (input.productId && input.productId !== item.product_id)
    throw refusal('This product is not the product of the inbound item', 'wrong_product');
  if (item.status !== 'pending')
    throw problem(assignLocationEndpoint, 'inbound_item_submitted', 'Dit item is al ingecheckt');
  if (!input.location.active)
    throw problem(
      assignLocationEndpoint,
      'location_inactive',
      `Location ${input.location.name} is not active`,
    );
  if (input.location.quarantine)
    throw problem(assignLocationEndpoint, 'location_quarantine', quarantineRefusal(input.location.name));
  const scan = input.rawScan?.trim().toLowerCase();
  const reserved = item.reserved_locations as string[];
  if (
    (scan && scan !== input.location.name.toLowerCase() && scan !== input.location.id) ||
    (reserved.length > 0 && !reserved.includes(input.location.id))
  ) {
    throw problem(
      assignLocationEndpoint,
      'wrong_location',
      `Verkeerde locatie: scan het label van de gereserveerde locatie (niet ${input.rawScan ?? input.location.name})`,
    );
  }
  await refuseReservedLocation(
    ctx,
    assignLocationEndpoint,
    { orgId: item.org_id, productId: item.product_id },
    input.location,
    item.id,
  );
  await applyStockChange(ctx, {
    orgId: item.org_id,
    productId: item.product_id,
    locationId: input.location.id,
    delta: input.amount,
    reason: 'checkin',
    userId: ctx.userId,
    note: `inbound item ${item.id}`,
    rawScan: input.rawScan,
  });
  const after = await tenantSql(ctx)
    .updateTable('inbound_items as it')
    .set({ pieces_checked_in: sql<number>`it.pieces_checked_in + ${input.amount}::int` })
    .where('it.id', '=', item.id)
    .where(orgScope(ctx, 'it'))
    .returning('it.pieces_checked_in')
    .executeTakeFirstOrThrow();
  return { pieces_checked_in: after.pieces_checked_in };
}
