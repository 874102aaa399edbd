import {
  ApiError,
  type CreateOrderBody,
  countriesEuropeEndpoint,
  createOrderEndpoint,
  orderGetEndpoint,
  productsSearchEndpoint,
  request,
  shipmentDetailEndpoint,
  shipmentMethodsEndpoint,
  validateAddressEndpoint,
} from '@hoppa/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { uploadAttachments } from '../../../components/order-attachments/api.ts';
import { api, call } from '../../../lib/api.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { productSearchRuns } from '../new-order.rules.ts';

/** How many products the search lists (spec 1 §9: 10 results). */
const SEARCH_LIMIT = 10;

/**
 * The current organisation's products matching `text` by name, EAN or SKU (`GET /products/search`; spec 1 §5 Product
 * selection: asked for 3 to 20 characters, an empty input lists the first ones).
 */
export function useProductSearch(text: string) {
  const term = text.trim();
  return useQuery({
    ...endpointQuery(productsSearchEndpoint, { query: { search: term, limit: SEARCH_LIMIT } }),
    enabled: productSearchRuns(term),
    placeholderData: keepPreviousData,
  });
}

/** The active shipment methods (`GET /shipment_methods`), filtered per country by core's `shipmentMethodChoices`. */
export function useShipmentMethods() {
  return useQuery({ ...endpointQuery(shipmentMethodsEndpoint, {}), staleTime: 5 * 60_000 });
}

/** The European countries with Dutch and English names (`GET /countries/europe`, spec 2 §7). */
export function useCountries() {
  return useQuery({ ...endpointQuery(countriesEuropeEndpoint, {}), staleTime: Number.POSITIVE_INFINITY });
}

/**
 * The address check (`GET /o/validate_address`, spec 1 §5 'after the house number changes, the address is validated
 * with country, postal code and house number'); asked once all three are filled in.
 */
export function useAddressCheck(country: string, postalCode: string, houseNumber: string) {
  const ready = country.trim() !== '' && postalCode.trim().length >= 2 && houseNumber.trim() !== '';
  return useQuery({
    ...endpointQuery(validateAddressEndpoint, {
      query: { country: country.trim(), postalCode: postalCode.trim(), houseNumber: houseNumber.trim() },
    }),
    enabled: ready,
    staleTime: 60_000,
  });
}

/**
 * The order a resend starts from (`GET /order/get/{id}`): `id` is the order's id (the shipment detail's Resend links
 * with its order's id). A shipment's id, as older links carried it, answers 404 there; then `GET /shipments/{id}`
 * names its order. Off without a well-formed id.
 */
export function useResendSource(id: string | null) {
  return useQuery({
    queryKey: ['resend-source', id],
    enabled: Boolean(id && /^[0-9a-f]{24}$/.test(id)),
    retry: false,
    queryFn: async () => {
      const orderId = id as string;
      try {
        return await call(orderGetEndpoint, { params: { id: orderId } });
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 404) throw err;
        const shipment = await call(shipmentDetailEndpoint, { params: { id: orderId } });
        return call(orderGetEndpoint, { params: { id: shipment.order__id } });
      }
    },
  });
}

/**
 * Creates the order and then uploads its attachments (spec 1 §7 `POST /orders`, `POST /order_attachments/{id}`): one
 * Idempotency-Key per confirmation, so a double click makes one order. When the upload fails after the order exists,
 * the answer says so (`uploadError`) and the success screen offers the upload again.
 */
export function useCreateOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, files, key }: { body: CreateOrderBody; files: File[]; key: string }) => {
      const made = await request(api, createOrderEndpoint, { body }, { headers: { 'idempotency-key': key } });
      let uploadError: unknown = null;
      if (files.length > 0) {
        try {
          await uploadAttachments(made.order_id, files, body.attachments?.instructions ?? '');
        } catch (err) {
          uploadError = err;
        }
      }
      return { ...made, uploadError };
    },
    onSuccess: () =>
      Promise.all(
        ['/orders/open/:start/:end/:pack_size', '/order_attachments/:id'].map((path) =>
          qc.invalidateQueries({ queryKey: ['GET', path] }),
        ),
      ),
  });
}
