import type { PickItem } from '@hoppa/core';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createFloorDb, type FloorDb } from '../offline/db.ts';

/** A fresh, isolated database on its own fake IndexedDB; `reopen()` simulates a page reload. */
export function testDb(name = 'floor-test'): { db: FloorDb; reopen(): FloorDb } {
  const indexedDB = new IDBFactory();
  const db = createFloorDb(name, { indexedDB, IDBKeyRange });
  return {
    db,
    reopen() {
      db.close();
      return createFloorDb(name, { indexedDB, IDBKeyRange });
    },
  };
}

let n = 0;
/** 24-hex id from a number, readable in failures. */
export function hexId(i: number): string {
  return i.toString(16).padStart(24, '0');
}

/** A pick list item with `orders` order lines of `qtyEach` pieces on one located product. */
export function pickItem(overrides: Partial<PickItem> & { lines?: number[] } = {}): PickItem {
  n += 1;
  const { lines = [1], ...rest } = overrides;
  const productId = hexId(0x1000 + n);
  const locId = hexId(0x2000 + n);
  return {
    id: `${productId}:${locId}`,
    product__id: productId,
    product__name: `Product ${n}`,
    product__stock: 10,
    product__note: null,
    pick_note: null,
    needs_recount: false,
    rack: `A-0${n}`,
    rack_parent: 'Hal 1',
    loc_number: n,
    loc_id: locId,
    prod__loc_id: hexId(0x3000 + n),
    qty: lines.reduce((a, b) => a + b, 0),
    more_orders: 0,
    more_qty: 0,
    ean: `87100000${String(n).padStart(5, '0')}`,
    image: null,
    org_id: hexId(0x4000),
    org_name: 'Bakkerij Bol',
    order_id: `BOL-${n}`,
    orders: lines.map((qty, i) => ({
      order_line_id: hexId(0x5000 + n * 100 + i),
      order_id: hexId(0x6000 + n * 100 + i),
      shop_order_id: `BOL-${n}-${i}`,
      qty,
    })),
    other_locations: [],
    ...rest,
  } as PickItem;
}

/** Stores items as open picks in list order. */
export async function seedPicks(db: FloorDb, items: PickItem[]): Promise<void> {
  await db.picks.bulkPut(
    items.map((item, seq) => ({
      id: item.id,
      seq,
      item,
      status: 'open' as const,
      pickedAt: null,
      scanned: null,
    })),
  );
}
