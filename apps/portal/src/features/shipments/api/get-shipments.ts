import { ApiError, returnSearchEndpoint, shipmentDetailEndpoint } from '@hoppa/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** One shipment with its order (`GET /shipments/:id`, spec 1 §2 Order detail). */
export function useShipment(id: string) {
  return useQuery(endpointQuery(shipmentDetailEndpoint, { params: { id } }));
}

/**
 * The returns of an order (issue 12: the merchant sees the desk's judgement), found by the order's number through
 * `GET /returns/get/{order number}`; none when the search finds no return (404, or only the order itself).
 */
export function useOrderReturns(orderNumber: string) {
  return useQuery({
    queryKey: ['order-returns', orderNumber],
    queryFn: async () => {
      try {
        const found = await call(returnSearchEndpoint, { params: { id: orderNumber } });
        return found.status === 'found' ? found.returns : [];
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
  });
}
