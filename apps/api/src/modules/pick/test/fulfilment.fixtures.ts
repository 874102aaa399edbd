import { newId } from '@hoppa/core';
import type { Db } from '../../../db/client.ts';

/**
 * Small SQL fixtures for the pick, shipping and shipments tests: warehouse locations, products with
 * stock, open orders with lines and shipment methods, written straight into the tables so the tests
 * depend on nothing but the schema and the seeded organisations and users.
 */

/** Id of an organisation by name (the demo seed's 'Bakkerij Bol', 'Stroopwafel & Co', 'Hoppa Fulfilment'). */
export async function orgId(db: Db, name: string): Promise<string> {
  const r = await db.query<{ id: string }>('SELECT id FROM organisations WHERE name = $1', [name]);
  if (!r.rows[0]) throw new Error(`No organisation named ${name}`);
  return r.rows[0].id;
}

/** Adds a warehouse location of the provider organisation; returns its id. */
export async function addLocation(
  db: Db,
  opts: { name: string; sequence: number; parentId?: string; level?: 'hall' | 'rack' | 'bin' },
): Promise<string> {
  const provider = await db.query<{ id: string }>(
    `SELECT id FROM organisations WHERE kind = 'provider' LIMIT 1`,
  );
  const id = newId();
  await db.query(
    'INSERT INTO locations (id, org_id, parent_id, name, level, type, sequence) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [
      id,
      provider.rows[0]?.id,
      opts.parentId ?? null,
      opts.name,
      opts.level ?? 'bin',
      opts.level && opts.level !== 'bin' ? null : 'rack-box',
      opts.sequence,
    ],
  );
  return id;
}

let eanCounter = 100_000;

/** Adds a product of an organisation, optionally with stock on locations (in the order given). */
export async function addProduct(
  db: Db,
  org: string,
  opts: {
    name: string;
    ean?: string;
    stock?: { locationId: string; stock: number }[];
    weightKg?: number;
    note?: string;
  },
): Promise<{ id: string; ean: string }> {
  const id = newId();
  const ean = opts.ean ?? `87${String(Date.now()).slice(-6)}${String(eanCounter++).slice(-5)}`;
  await db.query(
    `INSERT INTO products (id, org_id, name, ean, img_url, note, pick_note, weight_kg)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      org,
      opts.name,
      ean,
      `https://images.example/${ean}.jpg`,
      opts.note ?? null,
      null,
      opts.weightKg ?? null,
    ],
  );
  for (const [position, s] of (opts.stock ?? []).entries()) {
    await db.query(
      `INSERT INTO product_locations (id, org_id, product_id, location_id, stock, active, position)
       VALUES ($1, $2, $3, $4, $5, true, $6)`,
      [newId(), org, id, s.locationId, s.stock, position],
    );
  }
  return { id, ean };
}

/** A Dutch delivery address as the import writes it (spec 1 §3 shipmentDetails). */
export const ADDRESS = {
  firstName: 'Sanne',
  surname: 'de Boer',
  streetName: 'Keizersgracht',
  houseNumber: '125',
  houseNumberExtension: 'A',
  zipCode: '1015 CJ',
  city: 'Amsterdam',
  countryCode: 'NL',
  email: 'sanne@example.nl',
  phone: '0612345678',
};

/** Adds an order with lines; each line's pick location is the given one (or none). */
export async function addOrder(
  db: Db,
  org: string,
  opts: {
    orderId: string;
    placedAt: Date;
    status?: 'open' | 'shipped' | 'cancelled';
    lines: {
      productId: string;
      quantity: number;
      locationId?: string | null;
      picked?: number;
      cancellation?: boolean;
    }[];
    address?: Record<string, unknown>;
    methodCode?: string;
  },
): Promise<{ id: string; lineIds: string[] }> {
  const id = newId();
  let methodId: string | null = null;
  if (opts.methodCode) {
    const m = await db.query<{ id: string }>('SELECT id FROM shipment_methods WHERE code = $1', [
      opts.methodCode,
    ]);
    methodId = m.rows[0]?.id ?? null;
  }
  await db.query(
    `INSERT INTO orders (id, org_id, order_id, status, placed_at, shipment_details, selected_ship_method_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      org,
      opts.orderId,
      opts.status ?? 'open',
      opts.placedAt,
      JSON.stringify(opts.address ?? ADDRESS),
      methodId,
    ],
  );
  const lineIds: string[] = [];
  for (const [position, l] of opts.lines.entries()) {
    const p = await db.query<{ ean: string; name: string }>('SELECT ean, name FROM products WHERE id = $1', [
      l.productId,
    ]);
    const lineId = newId();
    await db.query(
      `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, picked_quantity, pick_location_id,
                                position, cancellation_request)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        lineId,
        id,
        org,
        l.productId,
        p.rows[0]?.ean,
        p.rows[0]?.name,
        l.quantity,
        l.picked ?? 0,
        l.locationId ?? null,
        position,
        l.cancellation ?? false,
      ],
    );
    lineIds.push(lineId);
  }
  return { id, lineIds };
}

/** Stock of a product on a location, or null without a link. */
export async function stockAt(db: Db, productId: string, locationId: string): Promise<number | null> {
  const r = await db.query<{ stock: number }>(
    'SELECT stock FROM product_locations WHERE product_id = $1 AND location_id = $2',
    [productId, locationId],
  );
  return r.rows[0]?.stock ?? null;
}

/** A fresh, distinct one-day window per test, far from seeded data, so list assertions see only their own orders. */
// A random base per process keeps runs apart on a shared PostgreSQL test database. 2031 plus at most ~68 years
// (25 000 days and the tests' own steps) stays inside the date inputs' range of 2000–2100 (core common/text.ts).
let windowCounter = Math.floor(Math.random() * 25_000);
export function testWindow(): { start: Date; end: Date; at: (minutes: number) => Date } {
  const start = new Date(Date.UTC(2031, 0, 1) + windowCounter++ * 86_400_000);
  const end = new Date(start.getTime() + 86_400_000 - 1);
  return { start, end, at: (minutes) => new Date(start.getTime() + minutes * 60_000) };
}
