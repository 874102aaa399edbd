import {
  ApiError,
  type Product,
  type ProductLocations,
  productEanSearchEndpoint,
  productLocationsEndpoint,
  request,
} from '@hoppa/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../app/api.ts';
import { kickOutbox } from '../../app/sync.ts';
import { type FloorDb, floorDb, type StockOp } from '../../offline/db.ts';
import { enqueueStockChange, stockKey } from '../../offline/outbox.ts';
import { overlayPending, type ShownProduct } from './locations.rules.ts';

/** Stores a server answer for a product (the Locations task's offline copy). */
export async function storeProduct(db: FloorDb, data: ProductLocations): Promise<void> {
  await db.products.put({ id: data.product.id, ean: data.product.ean, data, fetchedAt: Date.now() });
}

/**
 * Fetches the product's locations (`GET /product/locations/{id}`) and stores them, unless a change of it waits in
 * the outbox: then the stored answer (which the queued changes are drawn over) stays, and the answer of the last
 * change replaces it when it is sent (outbox.ts `markSent`). Throws the API error (status 0 offline).
 */
export async function refreshProduct(db: FloorDb, productId: string): Promise<ProductLocations> {
  const data = await request(api, productLocationsEndpoint, { params: { id: productId } });
  await db.transaction('rw', db.outbox, db.products, async () => {
    const waiting = await db.outbox
      .where('pickId')
      .equals(stockKey(productId))
      .filter((r) => r.status === 'pending')
      .count();
    if (waiting === 0 || !(await db.products.get(productId))) await storeProduct(db, data);
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
 * device. Codes shorter than 3 characters find nothing.
 */
export async function lookupProduct(db: FloorDb, code: string): Promise<ProductLookup> {
  const local = await db.products.where('ean').equals(code).first();
  if (code.length < 3) return { kind: 'none', offline: false };
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

/**
 * The open product of the Locations task, read from IndexedDB so it works offline: the stored answer with the
 * product's queued changes drawn over it ({@link overlayPending}), its refused changes, and `queue(op, label)` to
 * make a change (one outbox row with its Idempotency-Key, sent at once when there is a network). On opening, and
 * after a change of it is refused, it asks the server for the product again.
 */
export function useProductLocations(productId: string | null) {
  const db = floorDb();
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  // The stored answer and the product's outbox rows in ONE live query: a sent change deletes its row and stores the
  // answer in one transaction (outbox.ts markSent), and reading both together never shows one without the other.
  const live = useLiveQuery(
    async () =>
      productId
        ? db.transaction('r', db.products, db.outbox, async () => ({
            stored: (await db.products.get(productId)) ?? null,
            rows: (await db.outbox.where('pickId').equals(stockKey(productId)).toArray()).sort(
              (a, b) => (a.seq ?? 0) - (b.seq ?? 0),
            ),
          }))
        : { stored: null, rows: [] },
    [db, productId],
  );
  const stored = live?.stored;
  const rows = live?.rows;
  // Location names this device knows (from every stored product), for a label scanned offline.
  const names = useLiveQuery(async () => {
    const map = new Map<string, string>();
    await db.products.each((p) => {
      for (const l of p.data.locations) map.set(l.location.id, l.location.name);
    });
    return map;
  }, [db]);

  const pendingOps = useMemo(
    () => (rows ?? []).flatMap((r) => (r.kind === 'stock.change' && r.status === 'pending' ? [r.body] : [])),
    [rows],
  );
  const rejectedCount = (rows ?? []).filter((r) => r.status === 'rejected').length;

  const shown: ShownProduct | null = useMemo(
    () => (stored ? overlayPending(stored.data, pendingOps, names) : null),
    [stored, pendingOps, names],
  );

  const reload = useCallback(async () => {
    if (!productId) return;
    setLoading(true);
    try {
      await refreshProduct(db, productId);
      setError(null);
    } catch (err) {
      // Offline with the product stored: keep working from it, the status bar says offline.
      if (!(err instanceof ApiError && err.status === 0 && (await db.products.get(productId)))) setError(err);
    } finally {
      setLoading(false);
    }
  }, [db, productId]);

  // On opening, and when the server refused a change of this product: read what it holds now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rejectedCount is the trigger, not an input
  useEffect(() => {
    void reload();
  }, [reload, rejectedCount]);

  const queue = useCallback(
    async (op: StockOp, label: string) => {
      await enqueueStockChange(db, op, label);
      kickOutbox();
    },
    [db],
  );

  return {
    product: shown,
    /** The product is neither stored nor answered yet. */
    known: live !== undefined,
    loading,
    error,
    reload,
    queue,
    /** Location names known on this device by location id (every stored product's locations). */
    names,
  };
}
