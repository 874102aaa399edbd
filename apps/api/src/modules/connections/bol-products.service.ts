import type { BolOffer, Page } from '@hoppa/core';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { HttpProblem, notFound } from '../../lib/errors.ts';
import type { BolClient } from '../../lib/outside/bol.ts';
import { OutsideServiceError } from '../../lib/outside/http-client.ts';
import type { ConnectionRow } from './connections.service.ts';

/** The active connection of the organisation for bol or bol_be (the oldest when there are several); 404 without one. */
export async function activeBolConnection(
  ctx: TenantScope,
  platform: 'bol' | 'bol_be',
): Promise<ConnectionRow> {
  const row = await tenantSql(ctx)
    .selectFrom('api_connections as c')
    .selectAll('c')
    .where(orgScope(ctx, 'c'))
    .where('c.platform', '=', platform)
    .where('c.active', '=', true)
    .orderBy('c.created_at')
    .executeTakeFirst();
  if (!row)
    throw notFound(`There is no active ${platform === 'bol' ? 'bol.com' : 'bol.com België'} connection`);
  return row as unknown as ConnectionRow;
}

/** A failure of an outside service as the API's 502 `outside_service` problem (its message says which and why). */
export function outsideProblem(err: unknown): never {
  if (err instanceof OutsideServiceError) throw new HttpProblem(502, 'outside_service', err.message);
  throw err;
}

/**
 * The bol product list of a connection (spec 3 §7 `GET /bol/products/get/{api_name}`): bol's offer export, each offer
 * with our product of the same EAN; matched products get the offer's id and the connection's platform as `offer_id` /
 * `api_name` (the sync). One page of the export in its order: `{ items, total, skip, limit }`.
 * Errors: 502 `outside_service` when bol refuses, does not answer or answers something unreadable.
 */
export async function bolProducts(
  ctx: TenantScope,
  conn: ConnectionRow,
  bol: BolClient,
  page: { skip: number; limit: number },
): Promise<Page<BolOffer>> {
  const offers = await bol.exportOffers().catch(outsideProblem);
  const eans = [...new Set(offers.map((o) => o.ean).filter(Boolean))];
  const q = tenantSql(ctx);
  const scope = { ...ctx, orgIds: [conn.org_id] };
  const products = eans.length
    ? await q
        .selectFrom('products as p')
        .select(['p.id', 'p.ean', 'p.name', 'p.bol_confirm'])
        .where(orgScope(scope, 'p'))
        .where('p.ean', 'in', eans)
        .execute()
    : [];
  const byEan = new Map(products.map((p) => [p.ean, p]));
  await ctx.db.transaction(async (tx) => {
    for (const o of offers) {
      const p = byEan.get(o.ean);
      if (!p) continue;
      await tenantSql({ db: tx, orgIds: scope.orgIds })
        .updateTable('products as p')
        .set({ offer_id: o.offerId, api_name: conn.platform })
        .where(orgScope(scope, 'p'))
        .where('p.id', '=', p.id)
        .execute();
    }
  });
  const items = offers.slice(page.skip, page.skip + page.limit).map((o) => {
    const p = byEan.get(o.ean);
    return {
      offer_id: o.offerId,
      ean: o.ean,
      reference: o.referenceCode,
      stock: o.stockAmount,
      fulfilment: o.fulfilmentType,
      product_id: p?.id ?? null,
      product_name: p?.name ?? null,
      bol_confirm: p ? p.bol_confirm : null,
    };
  });
  return { items, total: offers.length, skip: page.skip, limit: page.limit };
}

/** Sets a product's `bol_confirm` (spec 3 §7 `PUT /product/bol_confirm`); 404 for a product of another organisation. */
export async function setBolConfirm(
  ctx: TenantScope,
  body: { product_id: string; bol_confirm: boolean },
): Promise<{ ok: true }> {
  const r = await tenantSql(ctx)
    .updateTable('products as p')
    .set({ bol_confirm: body.bol_confirm, updated_at: new Date() })
    .where(orgScope(ctx, 'p'))
    .where('p.id', '=', body.product_id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound('Product not found');
  return { ok: true };
}
