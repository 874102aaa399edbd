import { ApiError } from '@hoppa/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { kickOutbox } from '../../app/sync.ts';
import { floorDb, type StockOp } from '../../offline/db.ts';
import { enqueueStockChange, stockKey } from '../../offline/outbox.ts';
import { refreshProduct } from '../../offline/products.ts';
import { overlayPending, type ShownProduct } from './locations.rules.ts';

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
  // The product whose last read failed (not found, refused, offline and not stored): scans held for it are dropped.
  const [failedFor, setFailedFor] = useState<string | null>(null);
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
      setFailedFor(null);
    } catch (err) {
      // Offline with the product stored: keep working from it, the status bar says offline.
      if (!(err instanceof ApiError && err.status === 0 && (await db.products.get(productId)))) {
        setError(err);
        setFailedFor(productId);
      }
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
    loading,
    error,
    /** The product id whose last read failed with `error` (null after a read that succeeded). */
    failedFor,
    reload,
    queue,
    /** Location names known on this device by location id (every stored product's locations). */
    names,
  };
}
