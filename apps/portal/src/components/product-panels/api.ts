import {
  type AutomationBody,
  type AutomationUpdateBody,
  automationCreateEndpoint,
  automationDeleteEndpoint,
  automationListEndpoint,
  automationUpdateEndpoint,
  PRODUCT_SEARCH_MIN,
  productBundleEndpoint,
  productsOfOrgEndpoint,
  shipmentBoxesEndpoint,
  shipmentMethodsEndpoint,
} from '@hoppa/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

const keys = {
  automations: (productId: string) => ['automations', productId] as const,
  bundle: (productId: string) => ['product-bundle', productId] as const,
};

/** `GET /automations/{product_id}` (spec 3 §7): the product's rules, oldest first (the order they run in). */
export function useAutomations(productId: string) {
  return useQuery({
    queryKey: keys.automations(productId),
    queryFn: () =>
      call(automationListEndpoint, { params: { product_id: productId }, query: { skip: 0, limit: 100 } }),
  });
}

/** `POST /automation/` or, with `_id`, `PUT /automation/` (spec 3 §7); refreshes the list. */
export function useSaveAutomation(productId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AutomationBody | AutomationUpdateBody) =>
      '_id' in body ? call(automationUpdateEndpoint, { body }) : call(automationCreateEndpoint, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.automations(productId) }),
  });
}

/** `DELETE /automation/{id}` (spec 3 §7); refreshes the list. */
export function useDeleteAutomation(productId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(automationDeleteEndpoint, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.automations(productId) }),
  });
}

/** Active shipment methods and the boxes, for a change action's value. */
export function useShippingChoices() {
  const methods = useQuery({
    queryKey: ['shipment-methods'],
    queryFn: () => call(shipmentMethodsEndpoint, {}),
    staleTime: 60_000,
  });
  const boxes = useQuery({
    queryKey: ['shipment-boxes'],
    queryFn: () => call(shipmentBoxesEndpoint, {}),
    staleTime: 60_000,
  });
  return { methods: methods.data ?? [], boxes: boxes.data ?? [] };
}

/** How many products the rule editor's product search lists. */
const PRODUCT_SEARCH_HITS = 20;

/**
 * The products of shop `orgId` (the rule's product's shop: an added product must be one of its products) whose name,
 * EAN or SKU contains `text`, from 3 characters (spec 3 §2 panel: search from 3 characters), through the product
 * table's search (`GET /products/org/{id}?search&limit`, which a merchant may ask of their own shops and the
 * provider's staff of any client); `{ products: [{ id, ean, name }] }`, at most {@link PRODUCT_SEARCH_HITS}.
 */
export function useProductSearch(text: string, orgId: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['product-search', orgId, q],
    queryFn: async () => {
      const page = await call(productsOfOrgEndpoint, {
        params: { id: orgId },
        query: { search: q, limit: PRODUCT_SEARCH_HITS },
      });
      return { products: page.items.map((p) => ({ id: p.id, ean: p.ean, name: p.name })) };
    },
    enabled: q.length >= PRODUCT_SEARCH_MIN && !!orgId,
    staleTime: 30_000,
  });
}

/**
 * `GET /product/bundle/{product_id}`: the bundle's parts, derived stock, and the bundles the product is part of.
 * `enabled` false (a role without the call) reads nothing.
 */
export function useProductBundle(productId: string, enabled = true) {
  return useQuery({
    queryKey: keys.bundle(productId),
    queryFn: () => call(productBundleEndpoint, { params: { product_id: productId } }),
    enabled,
  });
}
