import type { ProductImportRow } from '@hoppa/core';
import { productImportEndpoint } from '@hoppa/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { productKeys } from './get-products.ts';

/**
 * `POST /products/import` (spec 3 §7 Import): creates or updates products by EAN; answers the created
 * and updated counts and the rejected rows. The product lists are refetched afterwards.
 */
export function useImportProducts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rows: ProductImportRow[]) => call(productImportEndpoint, { body: rows }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }),
  });
}
