import {
  type ApiConnection,
  getApisEndpoint,
  isShopPlatform,
  SHOP_SYNC_ENDPOINTS,
  type ShopConnectionPlatform,
  type ShopSyncResult,
} from '@hoppa/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { productKeys } from './get-products.ts';

/** A shop connection the product table's Sync menu offers. */
export type ShopConnection = ApiConnection & { platform: ShopConnectionPlatform };

/**
 * The organisation's active shop connections (WooCommerce, Shopify, …) for the Sync menu, oldest first, from
 * `GET /get-apis` (the first 100 connections; a shop has a handful). Not asked when `enabled` is false (a role without
 * the connections list).
 */
export function useShopConnections(enabled: boolean) {
  return useQuery({
    queryKey: ['products', 'shop-connections'] as const,
    queryFn: async (): Promise<ShopConnection[]> => {
      const page = await call(getApisEndpoint, { query: { skip: 0, limit: 100 } });
      return page.items.filter((c): c is ShopConnection => c.active && isShopPlatform(c.platform));
    },
    enabled,
  });
}

/**
 * Runs the product sync of one shop connection (`GET /products/sync/{platform}?api_id=`, spec 3 §7 Sync) and, when it
 * has run, refreshes the product list and counts (linked or created products show at once).
 */
export function useShopSync() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: ShopConnection): Promise<ShopSyncResult> =>
      call(SHOP_SYNC_ENDPOINTS[c.platform], { query: { api_id: c._id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: productKeys.all }),
  });
}
