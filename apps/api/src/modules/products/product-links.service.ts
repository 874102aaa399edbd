import type { ProductCard } from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, refusal } from '../../lib/errors.ts';
import { getProductCard } from './product-card.service.ts';

/** The two products of a link, both locked, in one organisation; 404 when the scope may not see one of them. */
async function pair(scope: TenantScope, parentId: string, childId: string) {
  if (parentId === childId) throw refusal('A product cannot be linked to itself', 'link_itself');
  const rows = await tenantSql(scope)
    .selectFrom('products as p')
    .select(['p.id', 'p.org_id', 'p.ean', 'p.parent_ean', 'p.name'])
    .where('p.id', 'in', [parentId, childId])
    .where(orgScope(scope, 'p'))
    .orderBy('p.id')
    .forUpdate()
    .execute();
  const parent = rows.find((r) => r.id === parentId);
  const child = rows.find((r) => r.id === childId);
  if (!parent) throw notFound(`Product ${parentId} not found`);
  if (!child) throw notFound(`Product ${childId} not found`);
  if (parent.org_id !== child.org_id)
    throw refusal('Linked products must belong to the same shop', 'not_of_shop', {
      field: 'child',
      value: child.name,
    });
  return { parent, child };
}

/**
 * Links `childId` under `parentId` (spec 3 §7 `GET /product/link/{p1}/{p2}`; spec 3 §3 parent, childeren): the child's
 * `parent_ean` becomes the parent's EAN. One level only: 400 when the parent is itself a child, when the child has
 * children of its own, or for the product itself; linking a child that has another parent moves it. Answers the
 * parent's card; 404 when the scope may not see one of them.
 */
export async function linkProducts(
  scope: TenantScope,
  parentId: string,
  childId: string,
): Promise<ProductCard> {
  const { parent, child } = await pair(scope, parentId, childId);
  if (parent.parent_ean)
    throw refusal(`${parent.name} is itself linked under another product`, 'link_parent_linked', {
      value: parent.name,
    });
  const grandChildren = await tenantSql(scope)
    .selectFrom('products as p')
    .select('p.id')
    .where(orgScope(scope, 'p'))
    .where('p.org_id', '=', child.org_id)
    .where('p.parent_ean', '=', child.ean)
    .limit(1)
    .execute();
  if (grandChildren.length > 0)
    throw refusal(
      `${child.name} has linked products of its own: unlink those first`,
      'link_child_has_links',
      {
        value: child.name,
      },
    );
  await tenantSql(scope)
    .updateTable('products as p')
    .set({ parent_ean: parent.ean, updated_at: sql`now()` })
    .where('p.id', '=', child.id)
    .where(orgScope(scope, 'p'))
    .execute();
  return getProductCard(scope, parent.id);
}

/**
 * Unlinks `childId` from `parentId` (spec 3 §7 `GET /product/unlink/{parent}/{child}`): clears the child's
 * `parent_ean` when it points at that parent; unlinking a product that is not linked there changes nothing. Answers
 * the parent's card; 404 when the scope may not see one of them.
 */
export async function unlinkProducts(
  scope: TenantScope,
  parentId: string,
  childId: string,
): Promise<ProductCard> {
  const { parent, child } = await pair(scope, parentId, childId);
  await tenantSql(scope)
    .updateTable('products as p')
    .set({ parent_ean: null, updated_at: sql`now()` })
    .where('p.id', '=', child.id)
    .where(orgScope(scope, 'p'))
    .where('p.parent_ean', '=', parent.ean)
    .execute();
  return getProductCard(scope, parent.id);
}
