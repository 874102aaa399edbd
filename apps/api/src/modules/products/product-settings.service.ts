import {
  assignShippingEndpoint,
  type CustomsBody,
  type Page,
  type ProductCard,
  type ProductImageUploadSchema,
  type SurchargeOption,
} from '@hoppa/core';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Products } from '../../db/schema.generated.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem, refusal } from '../../lib/errors.ts';
import { storeImage } from '../../lib/images.ts';
import { getProductCard } from './product-card.service.ts';

/** The product columns a settings call of the card may change (spec 3 §7 product settings). */
export type ProductSettingsPatch = Pick<
  Updateable<Products>,
  | 'def_shipping_id'
  | 'ship_box_id'
  | 'track_trace_email'
  | 'share_track_trace'
  | 'sync_stock'
  | 'fake_stock'
  | 'note'
  | 'pick_note'
  | 'pack_note'
  | 'lead_time_days'
  | 'ship_time_days'
  | 'stock_min'
  | 'stock_max'
  | 'confirm_as'
  | 'customs_hs'
  | 'customs_value'
  | 'weight_kg'
>;

/** Empty text is no text: a cleared note is stored as null. */
export const textOrNull = (s: string | null | undefined): string | null => s?.trim() || null;

/**
 * Sets settings of one product (spec 3 §7 product settings: assign_shipping, assign_box, track_trace_email,
 * share_track_trace, sync_stock, fake_stock, note, pick_note, pack_note, set_lead_time, set_ship_time, stock min/max,
 * customs, confirm_as), in the caller's transaction, and answers the product card. A default shipment method must be
 * an active one (400 `unknown_shipment_method`) and a box an existing one (400 `unknown_shipment_box`). 404 when the
 * scope may not see the product.
 */
export async function setProductSettings(
  scope: TenantScope,
  productId: string,
  patch: ProductSettingsPatch,
): Promise<ProductCard> {
  const q = tenantSql(scope);
  if (patch.def_shipping_id) {
    const m = await q
      .selectFrom('shipment_methods')
      .select('id')
      .where('id', '=', patch.def_shipping_id)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!m)
      throw problem(assignShippingEndpoint, 'unknown_shipment_method', 'Unknown or inactive shipment method');
  }
  if (patch.ship_box_id) {
    const b = await q
      .selectFrom('shipment_boxes')
      .select('id')
      .where('id', '=', patch.ship_box_id)
      .executeTakeFirst();
    if (!b) throw problem(assignShippingEndpoint, 'unknown_shipment_box', 'Unknown shipment box');
  }
  const row = await q
    .updateTable('products as p')
    .set({ ...patch, updated_at: sql`now()` })
    .where('p.id', '=', productId)
    .where(orgScope(scope, 'p'))
    .returning('p.id')
    .executeTakeFirst();
  if (!row) throw notFound(`Product ${productId} not found`);
  return getProductCard(scope, productId);
}

/**
 * Sets a product's minimum or maximum stock (spec 3 §7 `POST /product/stock/min|max/{product_id} {value}`; null
 * clears it) and answers the card. A minimum above the stored maximum, or a maximum below the stored minimum, is
 * refused with 400 `out_of_range` at `body.value` (the other limit as `limit` or `min`): the reorder advice would
 * ask for more than the most the product may have. 404 as {@link setProductSettings}. The row is read `FOR UPDATE` in
 * the caller's transaction, so a minimum and a maximum set at the same moment are checked one after the other: of two
 * calls that would cross, the second sees the first's limit and is refused (before session 42 both could pass and
 * leave minimum > maximum on PostgreSQL; `stock-limits-race.test.ts`).
 */
export async function setStockLimit(
  scope: TenantScope,
  productId: string,
  limit: 'stock_min' | 'stock_max',
  value: number | null,
): Promise<ProductCard> {
  if (value !== null) {
    const row = await tenantSql(scope)
      .selectFrom('products as p')
      .select(['p.stock_min', 'p.stock_max'])
      .where('p.id', '=', productId)
      .where(orgScope(scope, 'p'))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(`Product ${productId} not found`);
    if (limit === 'stock_min' && row.stock_max !== null && value > row.stock_max)
      throw refusal(
        `The minimum stock (${value}) must not be more than the maximum stock (${row.stock_max})`,
        'out_of_range',
        { field: 'value', limit: row.stock_max, value: String(value) },
        'body.value',
      );
    if (limit === 'stock_max' && row.stock_min !== null && value < row.stock_min)
      throw refusal(
        `The maximum stock (${value}) must not be less than the minimum stock (${row.stock_min})`,
        'out_of_range',
        { field: 'value', min: row.stock_min, value: String(value) },
        'body.value',
      );
  }
  return setProductSettings(scope, productId, { [limit]: value });
}

/**
 * The customs panel's change (spec 3 §7 `POST /product/customs/{id} {hs, value, weight_kg}`): the HS code without
 * dots or spaces, the value in euro and the weight in kg; null or empty clears a field.
 */
export function setCustoms(scope: TenantScope, productId: string, body: CustomsBody): Promise<ProductCard> {
  const hs = textOrNull(body.hs)?.replace(/[.\s]/g, '') ?? null;
  return setProductSettings(scope, productId, {
    customs_hs: hs,
    customs_value: body.value === null ? null : body.value.toFixed(2),
    weight_kg: body.weight_kg === null ? null : body.weight_kg.toFixed(3),
  });
}

/**
 * Flips whether the provider fulfils the product (spec 3 §7 `POST /product/fulfilment/toggle {id}`, §4 fullfilled_bysf
 * true/false) in one statement, so two quick clicks flip twice; answers the card. 404 as above.
 */
export async function toggleFulfilment(scope: TenantScope, productId: string): Promise<ProductCard> {
  const row = await tenantSql(scope)
    .updateTable('products as p')
    .set({ fulfilled_by_sf: sql`NOT p.fulfilled_by_sf`, updated_at: sql`now()` })
    .where('p.id', '=', productId)
    .where(orgScope(scope, 'p'))
    .returning('p.id')
    .executeTakeFirst();
  if (!row) throw notFound(`Product ${productId} not found`);
  return getProductCard(scope, productId);
}

/**
 * Stores an uploaded image as the product's first image (spec 3 §2 the card's image; our `POST
 * /product/upload_image/{id}`): checked by `storeImage` (JPEG, PNG, WebP by the bytes, 5 MB; 400 with the spec's
 * messages), the product's other images moved one place down. 404 when the scope may not see the product.
 */
export async function uploadProductImage(
  scope: TenantScope & { db: Db },
  dataDir: string,
  productId: string,
  bytes: unknown,
  fileName: string,
): Promise<typeof ProductImageUploadSchema._output> {
  const q = tenantSql(scope);
  const product = await q
    .selectFrom('products as p')
    .select(['p.id', 'p.org_id'])
    .where('p.id', '=', productId)
    .where(orgScope(scope, 'p'))
    .executeTakeFirst();
  if (!product) throw notFound(`Product ${productId} not found`);
  const stored = await storeImage(dataDir, 'products', productId, bytes, fileName);
  await q
    .updateTable('product_images as i')
    .set({ position: sql`i.position + 1` })
    .where(orgScope(scope, 'i'))
    .where('i.product_id', '=', productId)
    .execute();
  await q
    .insertInto('product_images')
    .values({
      id: stored.id,
      product_id: productId,
      org_id: product.org_id,
      mime: stored.mime,
      size: stored.size,
      position: 0,
    })
    .execute();
  return stored;
}

/**
 * The active surcharges by name, one page (spec 3 §7 `GET /surcharges`; the provider's list, shared by every
 * organisation like shipment boxes). Prices in euro and cents.
 */
export async function listSurcharges(
  scope: TenantScope,
  query: { skip: number; limit: number },
): Promise<Page<SurchargeOption>> {
  const q = tenantSql(scope).selectFrom('surcharges').where('active', '=', true);
  const [rows, count] = await Promise.all([
    q
      .select(['id', 'name', 'code', 'price_cents', 'note', 'type'])
      .orderBy('name')
      .orderBy('id')
      .offset(query.skip)
      .limit(query.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return {
    items: rows.map((r) => ({ ...r, price: r.price_cents / 100, type: r.type as SurchargeOption['type'] })),
    total: Number(count?.n ?? 0),
    skip: query.skip,
    limit: query.limit,
  };
}

/**
 * Replaces the surcharges that apply to a product (spec 3 §7 `POST /surcharges/select`; ADR 0048), in the caller's
 * transaction: every id must name an active surcharge (400 otherwise); answers the card. 404 for a product the scope
 * may not see.
 */
export async function selectSurcharges(
  scope: TenantScope,
  body: { product_id: string; surcharge_ids: string[] },
): Promise<ProductCard> {
  const q = tenantSql(scope);
  const product = await q
    .selectFrom('products as p')
    .select(['p.id', 'p.org_id'])
    .where('p.id', '=', body.product_id)
    .where(orgScope(scope, 'p'))
    .forUpdate()
    .executeTakeFirst();
  if (!product) throw notFound(`Product ${body.product_id} not found`);
  const ids = [...new Set(body.surcharge_ids)];
  if (ids.length > 0) {
    const known = await q
      .selectFrom('surcharges')
      .select('id')
      .where('id', 'in', ids)
      .where('active', '=', true)
      .execute();
    if (known.length !== ids.length) {
      const found = new Set(known.map((k) => k.id));
      throw refusal('Unknown or inactive surcharge', 'unknown_value', {
        field: 'surcharge_ids',
        value: ids.filter((id) => !found.has(id)).join(', '),
      });
    }
  }
  await q
    .deleteFrom('product_surcharges as ps')
    .where(orgScope(scope, 'ps'))
    .where('ps.product_id', '=', product.id)
    .execute();
  if (ids.length > 0)
    await q
      .insertInto('product_surcharges')
      .values(ids.map((id) => ({ product_id: product.id, surcharge_id: id, org_id: product.org_id })))
      .execute();
  return getProductCard(scope, product.id);
}
