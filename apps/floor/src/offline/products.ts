/**
 * The products this device knows (Dexie `products`, v2): a product's locations as the server last answered
 * (`GET /product/locations/{id}`), and the lookup of a scanned or typed code, online or offline. Used by the tasks
 * that scan products onto locations (Locations, Direct check-in).
 */
import {
  ApiError,
  PRODUCT_SEARCH_MAX,
  type Product,
  type ProductLocations,
  productEanSearchEndpoint,
  productLocationsEndpoint,
  request,
} from '@hoppa/core';
import { api } from '../app/api.ts';
import type { FloorDb } from './db.ts';
import { stockKey } from './outbox.ts';

/** Stores a server answer for a product (the Locations task's offline copy). */
export async function storeProduct(db: FloorDb, data: ProductLocations): Promise<void> {
  await db.products.put({ id: data.product.id, ean: data.product.ean, data, fetchedAt: Date.now() });
}

/**
 * Fetches the product's locations (`GET /product/locations/{id}`) and stores them, unless a change of it waits in
 * the outbox: then the stored answer (which the queued changes are drawn over) stays, and the answer of the last
 * change replaces it when it is sent (outbox.ts `markSent`). A change's answer stored since the read was sent
 * (`answeredAt`) stays too: the server read the product before that change, so its copy is older. Returns what the
 * server answered either way. Throws the API error (status 0 offline).
 */
export async function refreshProduct(db: FloorDb, productId: string): Promise<ProductLocations> {
  const startedAt = Date.now();
  const data = await request(api, productLocationsEndpoint, { params: { id: productId } });
  await db.transaction('rw', db.outbox, db.products, async () => {
    const waiting = await db.outbox
      .where('pickId')
      .equals(stockKey(productId))
      .filter((r) => r.status === 'pending')
      .count();
    const stored = await db.products.get(productId);
    const answeredSince = (stored?.answeredAt ?? Number.NEGATIVE_INFINITY) >= startedAt;
    if (!stored || (waiting === 0 && !answeredSince)) await storeProduct(db, data);
  });
  return data;
}

/** What a product scan found: one product to open, several to choose from, or none (and why). */
export type ProductLookup =
  | { kind: 'one'; id: string }
  | { kind: 'many'; products: Pick<Product, 'id' | 'name' | 'ean'>[] }
  | { kind: 'none'; offline: boolean };

/**
 * Finds the product behind a scanned or typed code (spec 2 §5 Product EAN search): online through
 * `GET /products/ean/{text}` (EAN or SKU; an exact EAN match wins), offline among the products stored on this
 * device. Codes shorter than 3 characters find nothing, and so do codes longer than the search takes
 * ({@link PRODUCT_SEARCH_MAX}, e.g. a location label's 24-hex id): the server would refuse them with a 400.
 */
export async function lookupProduct(db: FloorDb, code: string): Promise<ProductLookup> {
  const local = await db.products.where('ean').equals(code).first();
  if (code.length < 3 || code.length > PRODUCT_SEARCH_MAX) return { kind: 'none', offline: false };
  try {
    const { products } = await request(api, productEanSearchEndpoint, { params: { text: code } });
    const exact = products.filter((p) => p.ean === code || p.bsku === code);
    if (exact.length === 1 && exact[0]) return { kind: 'one', id: exact[0].id };
    const found = exact.length > 1 ? exact : products;
    if (found.length === 1 && found[0]) return { kind: 'one', id: found[0].id };
    if (found.length > 1)
      return { kind: 'many', products: found.map((p) => ({ id: p.id, name: p.name, ean: p.ean })) };
    return { kind: 'none', offline: false };
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) {
      return local ? { kind: 'one', id: local.id } : { kind: 'none', offline: true };
    }
    throw err;
  }
}
