import {
  type AdminShipmentBox,
  type Page,
  shipmentBoxAddEndpoint,
  shipmentBoxUpdateEndpoint,
  toCents,
} from '@hoppa/core';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { notFound, problem } from '../../lib/errors.ts';
import { isUniqueViolation } from './unique.ts';

/** What the box form sends, after the core schema's defaults (sizes in mm, euro amounts). */
interface BoxInput {
  name: string;
  label?: string | undefined;
  max_size: { L: number; W: number; H: number };
  fulfillment_cost: number;
  package_cost: number;
  purchase_cost: number;
  package_code: string | null;
  active: boolean;
}

function boxes(db: Db) {
  return systemSql(db)
    .selectFrom('shipment_boxes as b')
    .select([
      'b.id',
      'b.name',
      'b.label',
      'b.max_length_mm',
      'b.max_width_mm',
      'b.max_height_mm',
      'b.price_cents',
      'b.package_cost_cents',
      'b.purchase_cost_cents',
      'b.package_code',
      'b.active',
    ]);
}

type BoxRow = Awaited<ReturnType<ReturnType<typeof boxes>['executeTakeFirstOrThrow']>>;

function toAdminBox(r: BoxRow): AdminShipmentBox {
  const size =
    r.max_length_mm && r.max_width_mm && r.max_height_mm
      ? { L: r.max_length_mm, W: r.max_width_mm, H: r.max_height_mm }
      : null;
  return {
    id: r.id,
    name: r.name,
    label: r.label,
    max_size: size,
    fulfillment_cost: r.price_cents / 100,
    fulfillment_cost_cents: r.price_cents,
    package_cost: r.package_cost_cents / 100,
    package_cost_cents: r.package_cost_cents,
    purchase_cost: r.purchase_cost_cents / 100,
    purchase_cost_cents: r.purchase_cost_cents,
    package_code: r.package_code,
    active: r.active,
  };
}

/**
 * A page of the shipment boxes (spec 3 §7 `GET /shipment_boxes/list`) by name, inactive ones too; `search` matches the
 * name, label or package code (case-insensitive).
 */
export async function listAdminShipmentBoxes(
  db: Db,
  query: { skip: number; limit: number; search?: string | undefined },
): Promise<Page<AdminShipmentBox>> {
  let q = boxes(db);
  if (query.search) {
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(b.name)`, 'like', like),
        eb(sql`lower(b.label)`, 'like', like),
        eb(sql`lower(coalesce(b.package_code, ''))`, 'like', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    q.orderBy(sql`lower(b.name)`).orderBy('b.id').offset(query.skip).limit(query.limit).execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
  ]);
  return { items: rows.map(toAdminBox), total: Number(count?.n ?? 0), skip: query.skip, limit: query.limit };
}

/** The box's columns: `price_cents` is the fulfilment cost (the invoice reads it so), the label defaults to the name. */
function columns(input: BoxInput) {
  return {
    name: input.name,
    label: input.label || input.name,
    max_length_mm: input.max_size.L,
    max_width_mm: input.max_size.W,
    max_height_mm: input.max_size.H,
    price_cents: toCents(input.fulfillment_cost),
    package_cost_cents: toCents(input.package_cost),
    purchase_cost_cents: toCents(input.purchase_cost),
    package_code: input.package_code || null,
    active: input.active,
  };
}

async function nameInUse(db: Db, name: string, exceptId: string | null): Promise<boolean> {
  let q = systemSql(db)
    .selectFrom('shipment_boxes')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Adds a shipment box (spec 3 §7 `POST /shipment_boxes/add`): 409 `code_taken` for a name in use (any case). */
export async function addShipmentBox(db: Db, id: string, input: BoxInput): Promise<AdminShipmentBox> {
  const taken = () =>
    problem(shipmentBoxAddEndpoint, 'code_taken', `There is a box called ${input.name} already`);
  if (await nameInUse(db, input.name, null)) throw taken();
  try {
    await systemSql(db)
      .insertInto('shipment_boxes')
      .values({ id, ...columns(input) })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return toAdminBox(await boxes(db).where('b.id', '=', id).executeTakeFirstOrThrow());
}

/**
 * Edits a shipment box (issue 16 `PUT /shipment_boxes/:id`): 404 for an unknown id, 409 `code_taken`. Shipped
 * orders keep what they were invoiced with; open orders that chose the box pack in the edited one.
 */
export async function updateShipmentBox(db: Db, id: string, input: BoxInput): Promise<AdminShipmentBox> {
  const taken = () =>
    problem(shipmentBoxUpdateEndpoint, 'code_taken', `There is a box called ${input.name} already`);
  if (await nameInUse(db, input.name, id)) throw taken();
  let updated: { numUpdatedRows: bigint };
  try {
    updated = await systemSql(db)
      .updateTable('shipment_boxes')
      .set(columns(input))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  if (updated.numUpdatedRows === 0n) throw notFound('Shipment box not found');
  return toAdminBox(await boxes(db).where('b.id', '=', id).executeTakeFirstOrThrow());
}
