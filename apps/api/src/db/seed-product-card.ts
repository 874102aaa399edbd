import { deflateSync } from 'node:zlib';
import { APP_HEADER, newId } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from './client.ts';
import { DEMO_USERS } from './seed.ts';
import { login } from './seed-orders.ts';

/** CRC-32 of a PNG chunk (type and data), as the PNG format wants it. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A 240 × 240 product photo for the demo (PNG, drawn here so the demo needs no file or network): a biscuit tin on a
 * light background — a rounded dark-red box with a gold band and a lid line.
 */
export function demoProductPng(): Buffer {
  const size = 240;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inTin = x >= 40 && x < 200 && y >= 50 && y < 210;
      const corner = (cx: number, cy: number) => (x - cx) ** 2 + (y - cy) ** 2 > 16 ** 2;
      const cut =
        (x < 56 && y < 66 && corner(56, 66)) ||
        (x >= 184 && y < 66 && corner(183, 66)) ||
        (x < 56 && y >= 194 && corner(56, 193)) ||
        (x >= 184 && y >= 194 && corner(183, 193));
      let rgb: [number, number, number] = [246, 243, 236];
      if (inTin && !cut) {
        rgb = [150, 32, 38];
        if (y >= 120 && y < 146) rgb = [214, 170, 60];
        if (y >= 78 && y < 82) rgb = [110, 20, 26];
      }
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The provider's surcharges of the demo (spec 3 §3 Surcharge): made by the admin area's demo through
 * `POST /surcharge/add` (db/seed-admin.ts, run first); written here only when the list is still empty (that demo
 * failed); then chosen for a product through the card's call.
 */
export const DEMO_SURCHARGES = [
  {
    code: 'FRAGILE',
    name: 'Breekbaar inpakken',
    price_cents: 75,
    type: 'order-line',
    note: 'Extra noppenfolie',
  },
  { code: 'GIFT', name: 'Cadeauverpakking', price_cents: 150, type: 'order-line', note: null },
  { code: 'COOL', name: 'Koelelement', price_cents: 120, type: 'order', note: 'Per zending' },
  { code: 'STORE-SPECIAL', name: 'Opslag speciale goederen', price_cents: 500, type: 'store', note: null },
] as const;

async function ensureDemoSurcharges(db: Db): Promise<string[]> {
  const have = await db.query<{ id: string }>('SELECT id FROM surcharges ORDER BY name');
  if (have.rows.length > 0) return have.rows.map((r) => r.id);
  const ids: string[] = [];
  for (const s of DEMO_SURCHARGES) {
    const id = newId();
    ids.push(id);
    await db.query(
      'INSERT INTO surcharges (id, code, name, price_cents, type, note) VALUES ($1, $2, $3, $4, $5, $6)',
      [id, s.code, s.name, s.price_cents, s.type, s.note],
    );
  }
  return ids;
}

/**
 * The product card's demo (issue 15; ADR 0048), through the card's own calls as Bakkerij Bol's owner: one product
 * gets a pick note, a pack note, a note, customs data, a default box and shipment method, a lead time, an uploaded
 * photo, a surcharge and a linked child product, so the card shows every panel filled on a fresh start. Returns the two product
 * ids; throws when a call fails.
 */
export async function seedLiveProductCards(
  app: FastifyInstance,
  db: Db,
): Promise<{ parent: string; child: string } | null> {
  const cookie = await login(app, 'bolOwner');
  const orgs = await db.query<{ id: string }>(
    `SELECT o.id FROM organisations o JOIN memberships m ON m.org_id = o.id JOIN users u ON u.id = m.user_id
      WHERE u.email = $1 AND o.kind = 'merchant' ORDER BY o.name LIMIT 1`,
    [DEMO_USERS.bolOwner.email],
  );
  const org = orgs.rows[0]?.id;
  if (!org) return null;
  // A product without a photo gets one (the upload); the next one becomes its child; from the end of the
  // alphabet, away from the bundles demo (ADR 0049), which takes the first products by name.
  const products = await db.query<{ id: string; ean: string }>(
    `SELECT p.id, p.ean FROM products p
      WHERE p.org_id = $1 AND p.active AND p.parent_ean IS NULL
        AND NOT EXISTS (SELECT 1 FROM product_bundle_items b WHERE b.bundle_id = p.id OR b.product_id = p.id)
      ORDER BY (p.img_url IS NULL) DESC, p.name DESC LIMIT 2`,
    [org],
  );
  const [parent, child] = products.rows;
  if (!parent || !child) return null;
  const box = await db.query<{ id: string }>(
    'SELECT id FROM shipment_boxes ORDER BY price_cents, name LIMIT 1',
  );
  const method = await db.query<{ id: string }>(
    `SELECT id FROM shipment_methods WHERE active AND is_default LIMIT 1`,
  );
  const headers = { cookie, [APP_HEADER]: 'demo' };
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, extra = {}) => {
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: { ...headers, ...extra },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (res.statusCode >= 300)
      throw new Error(`demo ${method} ${url} failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
  const id = parent.id;
  await call('POST', '/product/pick_note', {
    product_id: id,
    pick_note: 'Pak twee per keer: ze zitten per paar in de doos.',
  });
  await call('POST', '/product/pack_note', {
    product_id: id,
    pack_note: 'Breekbaar: bovenin de doos, met noppenfolie.',
  });
  await call('POST', '/product/note', {
    product_id: id,
    note: 'Seizoensproduct; bijbestellen vóór 1 oktober.',
  });
  await call('POST', `/product/customs/${id}`, { hs: '1905.90.30', value: 4.95, weight_kg: 0.45 });
  if (box.rows[0]) await call('POST', '/product/assign_box', { product_id: id, box_id: box.rows[0].id });
  if (method.rows[0])
    await call('POST', '/product/assign_shipping', { product_id: id, shipment_method_id: method.rows[0].id });
  await call('POST', '/product/set_lead_time', { product_id: id, lead_time_days: 5 });
  await call('POST', `/product/stock/min/${id}`, { value: 10 });
  await call('POST', `/product/upload_image/${id}`, demoProductPng(), {
    'content-type': 'image/png',
    'x-file-name': 'koektrommel.png',
  });
  await call('GET', `/product/link/${id}/${child.id}`);
  const [fragile] = await ensureDemoSurcharges(db);
  if (fragile) await call('POST', '/surcharges/select', { product_id: id, surcharge_ids: [fragile] });
  return { parent: id, child: child.id };
}
