import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';

/** The shipping defaults of one order (ADR 0048): the shipment method and box its products ask for, or null. */
export interface OrderShippingDefaults {
  methodId: string | null;
  boxId: string | null;
}

/**
 * The products' default shipment method and box (spec 3 §2 card selectors, §7 `POST /product/assign_shipping`,
 * `/product/assign_box`), one query for all: only products with a default appear, and a method only while it is
 * active. Used by every way an order arrives (order import, bol intake, `POST /orders`) through
 * {@link orderShippingDefaults}.
 */
export async function productShippingDefaults(
  scope: TenantScope,
  productIds: readonly string[],
): Promise<Map<string, OrderShippingDefaults>> {
  if (productIds.length === 0) return new Map();
  const rows = await tenantSql(scope)
    .selectFrom('products as p')
    .leftJoin('shipment_methods as m', (j) =>
      j.onRef('m.id', '=', 'p.def_shipping_id').on('m.active', '=', true),
    )
    .where(orgScope(scope, 'p'))
    .where('p.id', 'in', [...productIds])
    .where((eb) => eb.or([eb('p.def_shipping_id', 'is not', null), eb('p.ship_box_id', 'is not', null)]))
    .select(['p.id', 'm.id as method_id', 'p.ship_box_id'])
    .execute();
  return new Map(rows.map((r) => [r.id, { methodId: r.method_id, boxId: r.ship_box_id }]));
}

/**
 * The shipping defaults of an order from its lines' products, in line order (ADR 0048): the first line whose product
 * has a default method gives the method, the first with a default box gives the box; null where none has one (the
 * country's default method then stays).
 */
export function orderShippingDefaults(
  productIdsInLineOrder: readonly string[],
  defaults: ReadonlyMap<string, OrderShippingDefaults>,
): OrderShippingDefaults {
  let methodId: string | null = null;
  let boxId: string | null = null;
  for (const id of productIdsInLineOrder) {
    const d = defaults.get(id);
    if (!d) continue;
    methodId ??= d.methodId;
    boxId ??= d.boxId;
    if (methodId && boxId) break;
  }
  return { methodId, boxId };
}
