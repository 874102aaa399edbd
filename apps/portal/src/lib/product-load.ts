import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * The waits of the product load's retries (spec 3 §4 'Product load: if no products after 500 ms, retry once, and
 * once more after 1 s'; §9 'Product load retries at 500 ms and 1 s'): 500 ms before the first, 1 s before the second.
 */
export const PRODUCT_LOAD_RETRY_MS = [500, 1000] as const;

/**
 * react-query retry options of a product load (the product card, the product table): a failed load is tried again
 * after 500 ms and 1 s, not when the answer is 403 or 404 (asking again cannot change those).
 */
export const productLoadRetry = {
  retry: (failures: number, err: unknown) =>
    failures < PRODUCT_LOAD_RETRY_MS.length &&
    !(err && typeof err === 'object' && 'status' in err && (err.status === 404 || err.status === 403)),
  retryDelay: (attempt: number) =>
    PRODUCT_LOAD_RETRY_MS[Math.min(attempt, PRODUCT_LOAD_RETRY_MS.length - 1)] ?? 1000,
};

/**
 * The other half of spec 3 §4's product load rule: when a load that should show products answers none (`empty`, e.g.
 * right after sign-in while the shop's products are still arriving from an import or a sync), the query `queryKey` is
 * asked again after 500 ms and once more after 1 s; a load with products, or a change of `queryKey`, ends it.
 * `answeredAt` is the query's `dataUpdatedAt` (each answer starts the next wait).
 */
export function useEmptyProductLoadRetry(
  queryKey: readonly unknown[],
  empty: boolean,
  answeredAt: number,
): void {
  const qc = useQueryClient();
  const tries = useRef({ key: '', n: 0 });
  const key = JSON.stringify(queryKey);
  if (tries.current.key !== key) tries.current = { key, n: 0 };
  useEffect(() => {
    const wait = PRODUCT_LOAD_RETRY_MS[tries.current.n];
    // No answer yet (answeredAt 0), an answer with products, or both retries used: nothing to wait for. Each new
    // empty answer (a new answeredAt) starts the next wait.
    if (!empty || answeredAt === 0 || wait === undefined) return;
    const timer = setTimeout(() => {
      tries.current.n += 1;
      void qc.refetchQueries({ queryKey: JSON.parse(key) as unknown[], exact: true });
    }, wait);
    return () => clearTimeout(timer);
  }, [empty, key, qc, answeredAt]);
}
