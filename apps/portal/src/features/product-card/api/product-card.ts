import {
  type Endpoint,
  type EndpointInput,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  type ProductCard,
  productCardEndpoint,
  productDeleteEndpoint,
  productLinkEndpoint,
  productOpenTransfersEndpoint,
  productUnlinkEndpoint,
  shipmentBoxesEndpoint,
  shipmentMethodsEndpoint,
  stockAnalysisEndpoint,
  surchargesEndpoint,
} from '@hoppa/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-query.ts';
import { productLoadRetry } from '../../../lib/product-load.ts';

/** The product card (`GET /product/:id`), retried twice on failure after 500 ms and 1 s (spec 3 §4). */
export function useProductCard(id: string) {
  return useQuery({ ...endpointQuery(productCardEndpoint, { params: { id } }), ...productLoadRetry });
}

/**
 * A change of the card: the answer (the card after it) replaces the cached card at once. `also` names other cached
 * answers the change shows in (a linked product's card, the product's locations).
 */
export function useCardChange<E extends Endpoint>(id: string, endpoint: E, also: Endpoint[] = []) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<E>) => call(endpoint, input) as Promise<ProductCard>,
    onSuccess: (card) => {
      qc.setQueryData(endpointQuery(productCardEndpoint, { params: { id } }).queryKey, card);
      for (const e of also) void qc.invalidateQueries({ queryKey: endpointKey(e) });
    },
  });
}

/** Links (`GET /product/link/:p1/:p2`) or unlinks a child; every cached card is read again (the child's changed). */
export function useChildLinks(id: string) {
  const qc = useQueryClient();
  const done = (card: ProductCard) => {
    qc.setQueryData(endpointQuery(productCardEndpoint, { params: { id } }).queryKey, card);
    void qc.invalidateQueries({
      queryKey: endpointKey(productCardEndpoint),
      predicate: (q) => JSON.stringify(q.queryKey).includes(id) === false,
    });
  };
  return {
    link: useMutation({
      mutationFn: (child: string) => call(productLinkEndpoint, { params: { p1: id, p2: child } }),
      onSuccess: done,
    }),
    unlink: useMutation({
      mutationFn: (child: string) => call(productUnlinkEndpoint, { params: { parent: id, child } }),
      onSuccess: done,
    }),
  };
}

/** Deletes the product (`DELETE /product/:id`, spec 3 §5); the answer says whether it went or was kept inactive. */
export function useDeleteProduct(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(productDeleteEndpoint, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointKey(productCardEndpoint) }),
  });
}

/** The problem of a chosen image file (spec 2 §5 image upload rules: jpeg, png, webp; 5 MB), or null when it may go. */
export function imageFileProblem(file: File): 'badFormat' | 'tooBig' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'badFormat';
  if (file.size > IMAGE_MAX_BYTES) return 'tooBig';
  return null;
}

/**
 * Uploads a product image (`POST /product/upload_image/:id`, the bytes as the body): it becomes the first image, so
 * the card is read again and the image shown is fetched anew.
 */
export function useUploadImage(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api
        .post(`product/upload_image/${id}`, {
          body: file,
          headers: { 'content-type': file.type, 'x-file-name': encodeURIComponent(file.name) },
        })
        .json<{ id: string }>(),
    onSuccess: () =>
      qc.invalidateQueries({ queryKey: endpointQuery(productCardEndpoint, { params: { id } }).queryKey }),
  });
}

/** The shipment methods and boxes the selectors offer (`GET /shipment_methods`, `GET /shipment_boxes`). */
export function useShippingChoices() {
  const methods = useQuery({ ...endpointQuery(shipmentMethodsEndpoint, {}), staleTime: 5 * 60_000 });
  const boxes = useQuery({ ...endpointQuery(shipmentBoxesEndpoint, {}), staleTime: 5 * 60_000 });
  return { methods, boxes };
}

/** The provider's active surcharges the selector offers (`GET /surcharges`), when the role may read them. */
export function useSurcharges(enabled: boolean) {
  return useQuery({
    ...endpointQuery(surchargesEndpoint, { query: { limit: 200 } }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The stock analysis of the product (`GET /stock/analysis/:org_id/:ean`), loaded when its panel opens. */
export function useStockAnalysis(orgId: string, ean: string, enabled: boolean) {
  return useQuery({ ...endpointQuery(stockAnalysisEndpoint, { params: { org_id: orgId, ean } }), enabled });
}

/** The product's open transfers (`GET /product/transfers/open/:product_id`), loaded when its panel opens. */
export function useOpenTransfers(id: string, enabled: boolean) {
  return useQuery({
    ...endpointQuery(productOpenTransfersEndpoint, { params: { product_id: id }, query: { limit: 200 } }),
    enabled,
  });
}
