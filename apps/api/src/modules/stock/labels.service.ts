import { LABELS_MAX, type LabelFormat } from '@hoppa/core';
import { sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, refusal } from '../../lib/errors.ts';
import { buildEanLabelsPdf, buildLocationLabelsPdf } from '../../lib/pdf/stock-labels.pdf.ts';

/**
 * Labels of every bin under `locationId` (or of the bin itself) in walking order (spec 3 §7 `POST
 * /location/labels/{id}`). 404 for an unknown location; 400 for a hall or rack without bins or with more than
 * {@link LABELS_MAX}. Resolves with the PDF and a file name.
 */
export async function locationLabels(
  ctx: TenantScope,
  locationId: string,
  format: LabelFormat,
): Promise<{ pdf: Buffer; fileName: string }> {
  const root = await systemSql(ctx.db)
    .selectFrom('locations')
    .select(['id', 'name'])
    .where('id', '=', locationId)
    .executeTakeFirst();
  if (!root) throw notFound(`Location ${locationId} not found`);
  const bins = await sql<{ id: string; name: string; type: string | null; parent_name: string | null }>`
    WITH RECURSIVE tree AS (
      SELECT l.id FROM locations l WHERE l.id = ${locationId}
      UNION ALL SELECT c.id FROM locations c JOIN tree t ON c.parent_id = t.id
    )
    SELECT l.id, l.name, l.type, p.name AS parent_name
      FROM tree JOIN locations l ON l.id = tree.id LEFT JOIN locations p ON p.id = l.parent_id
     WHERE l.level = 'bin'
     ORDER BY l.sequence, l.name
     LIMIT ${LABELS_MAX + 1}`.execute(systemSql(ctx.db));
  if (bins.rows.length === 0)
    throw refusal(`${root.name} holds no bins to label`, 'no_bins', { value: root.name });
  if (bins.rows.length > LABELS_MAX)
    throw refusal(
      `${root.name} holds more than ${LABELS_MAX} bins: print its racks one by one`,
      'too_many_bins',
      {
        value: root.name,
        limit: LABELS_MAX,
      },
    );
  const pdf = await buildLocationLabelsPdf(
    bins.rows.map((b) => ({ id: b.id, name: b.name, parentName: b.parent_name, type: b.type })),
    format,
  );
  return { pdf, fileName: `labels-${root.name}.pdf` };
}

/** The label of one location, whatever its level (spec 3 §7 `POST /location/label`). 404 for an unknown location. */
export async function locationLabel(
  ctx: TenantScope,
  locationId: string,
  format: LabelFormat,
): Promise<{ pdf: Buffer; fileName: string }> {
  const l = await systemSql(ctx.db)
    .selectFrom('locations as l')
    .leftJoin('locations as p', 'p.id', 'l.parent_id')
    .select(['l.id', 'l.name', 'l.type', 'p.name as parent_name'])
    .where('l.id', '=', locationId)
    .executeTakeFirst();
  if (!l) throw notFound(`Location ${locationId} not found`);
  const pdf = await buildLocationLabelsPdf(
    [{ id: l.id, name: l.name, parentName: l.parent_name, type: l.type }],
    format,
  );
  return { pdf, fileName: `label-${l.name}.pdf` };
}

/**
 * `amount` EAN labels of the product with `ean` among `orgIds` (spec 3 §7 `POST /product/label/{ean}/{amount}`);
 * `orgId` chooses when several organisations have that EAN (else the first by name). 404 for an unknown EAN.
 */
export async function eanLabels(
  ctx: TenantScope,
  input: { ean: string; amount: number; format: LabelFormat; orgId?: string | undefined },
): Promise<{ pdf: Buffer; fileName: string }> {
  const product = await tenantSql(ctx)
    .selectFrom('products as p')
    .select(['p.name', 'p.ean', 'p.bsku'])
    .where('p.ean', '=', input.ean)
    .where(orgScope(ctx, 'p'))
    .$if(Boolean(input.orgId), (w) => w.where('p.org_id', '=', input.orgId as string))
    .orderBy('p.name')
    .limit(1)
    .executeTakeFirst();
  if (!product) throw notFound(`Product ${input.ean} not found`);
  const pdf = await buildEanLabelsPdf(
    { name: product.name, ean: product.ean, sku: product.bsku },
    input.amount,
    input.format,
  );
  return { pdf, fileName: `ean-${product.ean}-${input.amount}.pdf` };
}
