import { setImmediate as nextTurn } from 'node:timers/promises';
import { newId, type ProductImportResult, type ValidProductImportRow } from '@hoppa/core';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScopeSql } from '../../db/tenant.ts';
import { HttpProblem } from '../../lib/errors.ts';
import type { OrgContext } from '../../lib/route.ts';
import { runInWorker, workerUrl } from '../../lib/workers.ts';
import type { ProductPlan } from './product-import.worker.ts';

/** Products written per transaction; other requests get a turn between chunks. */
const IMPORT_CHUNK = 500;

const WORKER = workerUrl('product-import', import.meta.url);

/**
 * Inserts the rows whose EAN is new to organisation `orgId` (spec 3 §2 Bulk import; also the shop product sync, ADR
 * 0107), one statement inside the caller's transaction: `fulfilled_by_sf` defaults to true, the image URL is stored as
 * given. Rows whose EAN the organisation has already are left alone (`ON CONFLICT DO NOTHING`). Returns the EANs
 * inserted. Only changes the database, so the caller's transaction may run it twice.
 */
export async function insertNewProducts(
  tx: Db,
  orgId: string,
  rows: readonly ValidProductImportRow[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const col = <K extends keyof ValidProductImportRow>(k: K) => rows.map((p) => p[k]);
  const inserted = await tx.query<{ ean: string }>(
    `INSERT INTO products (id, org_id, name, ean, parent_ean, fulfilled_by_sf, length_cm, height_cm, width_cm,
                             weight_kg, note, customs_hs, customs_value, img_url)
       SELECT u.id, $1, u.name, u.ean, u.parent_ean, COALESCE(u.fbs, true), u.l, u.h, u.w, u.kg, u.note, u.hs, u.val,
              u.img
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::numeric[], $8::numeric[],
                     $9::numeric[], $10::numeric[], $11::text[], $12::text[], $13::numeric[], $14::text[])
              AS u(id, name, ean, parent_ean, fbs, l, h, w, kg, note, hs, val, img)
       ON CONFLICT (org_id, ean) DO NOTHING
       RETURNING ean`,
    [
      orgId,
      rows.map(() => newId()),
      col('name'),
      col('ean'),
      col('parentEan'),
      col('fulfilledBySf'),
      col('lengthCm'),
      col('heightCm'),
      col('widthCm'),
      col('weightKg'),
      col('note'),
      col('hs'),
      col('customsValue'),
      col('imgUrl'),
    ],
  );
  return new Set(inserted.rows.map((r) => r.ean));
}

/**
 * Imports product rows for one organisation, the raw JSON body of `POST /products/import` (spec 3 §2 Bulk import,
 * §7; issue 7 item 2–3): the rows are parsed and checked one by one on a worker thread
 * (`product-import.worker.ts`, {@link parseProductImportRow} with bounded numbers and text), so a bad row is a
 * reported row with its reason and never fails the others. Products whose EAN is new to the organisation are
 * created, the others updated (EAN is the key, unique per organisation), so importing a file twice updates instead
 * of duplicating; a known product the row changes nothing of is left alone and counted as unchanged. The image URL (`img_url`) is stored as given, never fetched. Empty cells keep the stored value on
 * update. A second row with the same EAN in one file is rejected. Written in chunks of {@link IMPORT_CHUNK}, one
 * transaction each, with other requests let in between. Row numbers are 1-based data rows.
 * Returns `{ products: { created, updated, unchanged, errors } }`. Errors: 400 `validation` for a body that is not a list of
 * 1–50,000 rows of text cells.
 */
export async function importProducts(
  ctx: Pick<OrgContext, 'db' | 'currOrgId'>,
  { body }: { body: Uint8Array },
): Promise<ProductImportResult> {
  const { db, currOrgId: orgId } = ctx;
  const scope = { orgIds: [orgId] };
  const bytes = new Uint8Array(body);
  const plan = await runInWorker<ProductPlan>(WORKER, { body: bytes }, [bytes.buffer as ArrayBuffer]);
  if (!plan.ok) throw new HttpProblem(400, 'validation', plan.message || 'Invalid request', plan.issues);
  const { good, errors } = plan;
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  for (let start = 0; start < good.length; start += IMPORT_CHUNK) {
    const chunk = good.slice(start, start + IMPORT_CHUNK);
    // Let waiting requests (a scanner, /api/health) in before the next chunk takes the database.
    if (start > 0) await nextTurn();
    // The chunk's counts are added once its transaction holds: after a deadlock it runs again (db/client.ts).
    const counted = await db.transaction(async (tx) => {
      const insertedEans = await insertNewProducts(tx, orgId, chunk);
      const rest = chunk.filter((p) => !insertedEans.has(p.ean));
      if (rest.length === 0) return { created: insertedEans.size, updated: 0, unchanged: 0 };
      const rcol = <K extends keyof ValidProductImportRow>(k: K) => rest.map((p) => p[k]);
      const upd = await sql`
        UPDATE products p
            SET name = u.name,
                parent_ean = COALESCE(u.parent_ean, p.parent_ean),
                fulfilled_by_sf = COALESCE(u.fbs, p.fulfilled_by_sf),
                length_cm = COALESCE(u.l, p.length_cm),
                height_cm = COALESCE(u.h, p.height_cm),
                width_cm = COALESCE(u.w, p.width_cm),
                weight_kg = COALESCE(u.kg, p.weight_kg),
                note = COALESCE(u.note, p.note),
                customs_hs = COALESCE(u.hs, p.customs_hs),
                customs_value = COALESCE(u.val, p.customs_value),
                img_url = COALESCE(u.img, p.img_url),
                updated_at = now()
           FROM unnest(${rcol('name')}::text[], ${rcol('ean')}::text[], ${rcol('parentEan')}::text[],
                       ${rcol('fulfilledBySf')}::boolean[], ${rcol('lengthCm')}::numeric[], ${rcol('heightCm')}::numeric[],
                       ${rcol('widthCm')}::numeric[], ${rcol('weightKg')}::numeric[], ${rcol('note')}::text[],
                       ${rcol('hs')}::text[], ${rcol('customsValue')}::numeric[], ${rcol('imgUrl')}::text[])
                AS u(name, ean, parent_ean, fbs, l, h, w, kg, note, hs, val, img)
          WHERE ${orgScopeSql(scope, 'p')} AND p.ean = u.ean
            -- A row that changes nothing leaves the product (and its updated_at) alone: it counts as unchanged.
            AND (p.name, p.parent_ean, p.fulfilled_by_sf, p.length_cm, p.height_cm, p.width_cm, p.weight_kg, p.note,
                 p.customs_hs, p.customs_value, p.img_url)
                IS DISTINCT FROM
                (u.name, COALESCE(u.parent_ean, p.parent_ean), COALESCE(u.fbs, p.fulfilled_by_sf),
                 COALESCE(u.l, p.length_cm), COALESCE(u.h, p.height_cm), COALESCE(u.w, p.width_cm),
                 COALESCE(u.kg, p.weight_kg), COALESCE(u.note, p.note), COALESCE(u.hs, p.customs_hs),
                 COALESCE(u.val, p.customs_value), COALESCE(u.img, p.img_url))`.execute(systemSql(tx));
      const changed = Number(upd.numAffectedRows ?? 0);
      return { created: insertedEans.size, updated: changed, unchanged: rest.length - changed };
    });
    created += counted.created;
    updated += counted.updated;
    unchanged += counted.unchanged;
  }
  errors.sort((a, b) => a.row - b.row);
  return { products: { created, updated, unchanged, errors } };
}
