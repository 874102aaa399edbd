import type { AutomationImportRow, BundleImport } from '@hoppa/core';
import { automationImportEndpoint, bundleImportEndpoint } from '@hoppa/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { productKeys } from './get-products.ts';

/**
 * `POST /products/import-bundles` (spec 3 §7 Import): saves the transformed bundles; answers success, new parent
 * products and the refused bundles. The product lists are refetched afterwards (a new parent is a new product).
 */
export function useImportBundles() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (bundles: BundleImport[]) => call(bundleImportEndpoint, { body: bundles }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** `POST /products/import-automations` (spec 3 §7 Import): saves the rules; answers success, unchanged and errors. */
export function useImportAutomations() {
  return useMutation({
    mutationFn: (rows: AutomationImportRow[]) => call(automationImportEndpoint, { body: rows }),
  });
}
