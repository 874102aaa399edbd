/**
 * Counts of the home dashboard's order tiles (spec 1 §2 Home dashboard), from real calls only:
 * - open orders today: GET /orders/open/{start}/{end}/all?limit=1 for today's Amsterdam day → `matching` (the
 *   count of every match up to the API's cap, `capped` beyond it; only one order travels);
 * - processed today: GET /shipments?start&end for today → `total` up to the API's cap, `total_capped` beyond it
 *   (limit 1: only the count is read).
 */
import { amsterdamDayRange, openOrdersEndpoint, shipmentListEndpoint } from '@hoppa/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** A tile's count; `capped` means "at least `count`" (shown as 10000+). */
export interface TileCount {
  count: number;
  capped: boolean;
}

export function useOpenOrdersToday(enabled: boolean) {
  const { start, end } = amsterdamDayRange();
  return useQuery({
    queryKey: ['home', 'open-orders-today', start],
    queryFn: async () => {
      const res = await call(openOrdersEndpoint, {
        params: { start, end, pack_size: 'all' },
        query: { limit: 1 },
      });
      return { count: res.matching, capped: res.matching_capped } satisfies TileCount;
    },
    enabled,
  });
}

export function useProcessedToday(enabled: boolean) {
  const { start, end } = amsterdamDayRange();
  return useQuery({
    queryKey: ['home', 'processed-today', start],
    queryFn: async (): Promise<TileCount> => {
      const res = await call(shipmentListEndpoint, { query: { start, end, limit: 1 } });
      return { count: res.total, capped: res.total_capped };
    },
    enabled,
  });
}
