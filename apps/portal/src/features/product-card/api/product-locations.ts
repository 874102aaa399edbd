import {
  assignLocationByNameEndpoint,
  cancelTransferEndpoint,
  clearLocationEndpoint,
  correctStockEndpoint,
  eanLabelEndpoint,
  type LabelFormat,
  newTransferEndpoint,
  type ProductCard,
  type ProductLocations,
  productCardEndpoint,
  productHistoryEndpoint,
  productLocationsEndpoint,
  recountEndpoint,
  returnInstructionEndpoint,
  stockUpdateEndpoint,
  switchLocationEndpoint,
  transferEndpoint,
} from '@hoppa/core';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-query.ts';

/** A product's locations and stock (`GET /product/locations/:id`). */
export function useProductLocations(id: string) {
  return useQuery(endpointQuery(productLocationsEndpoint, { params: { id } }));
}

/** The newest `limit` rows of a product's stock ledger (`GET /product/history_locations/:product_id`). */
export function useProductHistory(id: string, limit: number) {
  return useQuery(endpointQuery(productHistoryEndpoint, { params: { product_id: id }, query: { limit } }));
}

/**
 * After a change of the product's stock: its locations (the answer, when there is one) replace the cached list at
 * once, and the history (the change wrote to it) and the card (its header's total stock, the recount panel's current
 * stock and flag) are asked again.
 */
function useStockChanged(id: string) {
  const qc = useQueryClient();
  return (after?: ProductLocations) => {
    const locations = endpointQuery(productLocationsEndpoint, { params: { id } }).queryKey;
    if (after) qc.setQueryData(locations, after);
    else void qc.invalidateQueries({ queryKey: locations });
    void qc.invalidateQueries({ queryKey: endpointKey(productHistoryEndpoint) });
    void qc.invalidateQueries({ queryKey: endpointQuery(productCardEndpoint, { params: { id } }).queryKey });
  };
}

/** A change of the product's locations, answered by the product's locations after it (see `useStockChanged`). */
function useLocationChange<V>(id: string, fn: (v: V) => Promise<ProductLocations>) {
  const changed = useStockChanged(id);
  return useMutation({ mutationFn: fn, onSuccess: (after) => changed(after) });
}

/**
 * Moves `quantity` pieces (all, or the open transfer's, without it) of the link `linkId` to the location named `to`
 * as typed or scanned (`POST /product/transfer/{id}`, spec 2 §7): the product's locations after it. 405
 * `location_held` when other products hold `to`.
 */
function transferTo(linkId: string, to: string, quantity?: number): Promise<ProductLocations> {
  return call(transferEndpoint, {
    params: { id: linkId },
    body: { rack_number: to, raw_scan: to, ...(quantity ? { quantity } : {}) },
  });
}

/** The widget's calls (spec 2 §7 Locations), each answering the product's locations. */
export function useLocationActions(id: string) {
  const changed = useStockChanged(id);
  return {
    add: useLocationChange(id, (v: { name: string }) =>
      call(assignLocationByNameEndpoint, { body: { product_id: id, rack_number: v.name, raw_scan: v.name } }),
    ),
    setStock: useLocationChange(id, (v: { linkId: string; amount: number; expected: number }) =>
      call(stockUpdateEndpoint, {
        params: { product_id: id, location_product_id: v.linkId, amount: v.amount },
        query: { expected: v.expected },
      }),
    ),
    transfer: useLocationChange(id, (v: { linkId: string; to: string; quantity?: number }) =>
      transferTo(v.linkId, v.to, v.quantity),
    ),
    markTransfer: useLocationChange(id, (v: { linkId: string; quantity: number }) =>
      call(newTransferEndpoint, { body: { location_product_id: v.linkId, quantity: v.quantity } }),
    ),
    cancelTransfer: useLocationChange(id, (v: { linkId: string }) =>
      call(cancelTransferEndpoint, { params: { loc_prod_id: v.linkId } }),
    ),
    clear: useLocationChange(id, (v: { linkId: string; locationId: string }) =>
      call(clearLocationEndpoint, {
        params: { location_product_id: v.linkId, product_id: id, location_id: v.locationId },
      }),
    ),
    move: useLocationChange(id, (v: { from: string; to: string }) =>
      call(switchLocationEndpoint, { body: { product_id: id, id_to_switch: v.from, id_to_be: v.to } }),
    ),
    recount: useMutation({
      mutationFn: (recount: boolean) => call(recountEndpoint, { params: { id }, body: { recount } }),
      onSuccess: () => changed(),
    }),
    correct: useMutation({
      mutationFn: (v: {
        orgId: string;
        ean: string;
        amount: number;
        reason: string;
        language: 'nl' | 'en';
      }) =>
        call(correctStockEndpoint, {
          body: { org_id: v.orgId, ean: v.ean, curr_amount: v.amount, desc: v.reason, language: v.language },
        }),
      onSuccess: (r) => changed(r.result),
    }),
  };
}

/**
 * The products holding a location (`locationHolders` of a 405 `location_held`), each read with
 * `GET /product/locations/:id`: its name, EAN and its link there (pieces, open transfer, the location's id the clear
 * call needs). One query per holder, in the answer's order.
 */
export function useHolderLocations(productIds: readonly string[]) {
  return useQueries({
    queries: productIds.map((pid) => endpointQuery(productLocationsEndpoint, { params: { id: pid } })),
  });
}

/**
 * Clears a held location and sends the refused call again, one step for the user (spec 2 §4, spec 3 §4 '405 means
 * other products hold the location (offer to clear)'; ADR 0118 decision 3): `DELETE /locations/clear/…` for each
 * holder (only empty links: the API refuses one with pieces, 409 `location_not_empty`, and the steps stop there), then
 * `POST /product/assign_location` again, or with `move` (a refused move) `POST /product/transfer/{linkId}` with the
 * same quantity. The answer replaces this product's locations; the holders' are read again.
 */
export function useClearHeldAndRetry(id: string) {
  const changed = useStockChanged(id);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: {
      name: string;
      holders: { location_product_id: string; product_id: string; location_id: string }[];
      move?: { linkId: string; quantity?: number };
    }) => {
      for (const h of v.holders) await call(clearLocationEndpoint, { params: h });
      if (v.move) return transferTo(v.move.linkId, v.name, v.move.quantity);
      return call(assignLocationByNameEndpoint, {
        body: { product_id: id, rack_number: v.name, raw_scan: v.name },
      });
    },
    onSuccess: (after) => changed(after),
    onSettled: (_after, _err, v) => {
      for (const h of v.holders)
        void qc.invalidateQueries({
          queryKey: endpointQuery(productLocationsEndpoint, { params: { id: h.product_id } }).queryKey,
        });
    },
  });
}

/**
 * Saves the product's return instruction (`POST /product/return_instruction`, spec 3 §7; shown at the returns desk):
 * the answer is written into the cached product and card at once.
 */
export function useSaveReturnInstruction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      call(returnInstructionEndpoint, { body: { product_id: id, return_instruction: text.trim() || null } }),
    onSuccess: (saved) => {
      qc.setQueryData(
        endpointQuery(productLocationsEndpoint, { params: { id } }).queryKey,
        (old: ProductLocations | undefined) =>
          old ? { ...old, product: { ...old.product, return_instruction: saved.return_instruction } } : old,
      );
      qc.setQueryData(
        endpointQuery(productCardEndpoint, { params: { id } }).queryKey,
        (old: ProductCard | undefined) =>
          old ? { ...old, return_instruction: saved.return_instruction } : old,
      );
    },
  });
}

/**
 * Prints EAN labels of the product (`POST /product/label/{ean}/{amount}`, spec 3 §7 Locations and labels; spec 2 §2
 * other print actions): `amount` labels (1–500) in `format`, opened in a new tab (opened before the call, so no pop-up
 * blocker stops it) where the browser shows and prints the PDF.
 */
export function usePrintEanLabels(ean: string, orgId: string) {
  return useMutation({
    mutationFn: async ({ amount, format }: { amount: number; format: LabelFormat }) => {
      const tab = window.open('', '_blank');
      try {
        const pdf = await call(eanLabelEndpoint, {
          params: { ean, amount },
          body: { format, org_id: orgId },
        });
        if (tab) tab.location.href = URL.createObjectURL(pdf);
      } catch (err) {
        tab?.close();
        throw err;
      }
    },
  });
}
