import {
  deleteOrderEndpoint,
  type Grant,
  membershipListEndpoint,
  membershipUpdateEndpoint,
  roleListEndpoint,
  rolePreviewEndpoint,
  roleResetEndpoint,
  roleUpdateEndpoint,
  type SearchOrderParamsSchema,
  type ShipmentBoxBody,
  type ShipmentMethodBody,
  type SurchargeBody,
  type SurchargePatch,
  searchOrderIdEndpoint,
  shipmentBoxAddEndpoint,
  shipmentBoxListEndpoint,
  shipmentBoxUpdateEndpoint,
  shipmentMethodAddEndpoint,
  shipmentMethodGroupsEndpoint,
  shipmentMethodListEndpoint,
  shipmentMethodUpdateEndpoint,
  surchargeAddEndpoint,
  surchargeListEndpoint,
  surchargeUpdateEndpoint,
} from '@hoppa/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-query.ts';

/** Rows per page of the admin lists. */
export const ADMIN_PAGE_SIZE = 25;

const paging = (page: number) => ({ skip: (page - 1) * ADMIN_PAGE_SIZE, limit: ADMIN_PAGE_SIZE });

/** `GET /shipment_methods/list`: a page, optionally of one group or matching a search. */
export function useShipmentMethods(page: number, search: string, group: string) {
  return useQuery({
    ...endpointQuery(shipmentMethodListEndpoint, {
      query: {
        ...paging(page),
        ...(search ? { search } : {}),
        ...(group ? { group } : {}),
        inactive: 'true',
      },
    }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /shipment_methods/groups`. */
export function useShipmentMethodGroups() {
  return useQuery(endpointQuery(shipmentMethodGroupsEndpoint, {}));
}

function useRefresh(...endpoints: { method: string; path: string }[]) {
  const qc = useQueryClient();
  return () => Promise.all(endpoints.map((e) => qc.invalidateQueries({ queryKey: endpointKey(e as never) })));
}

/** `POST /shipment_methods/add` or, with an id, `PUT /shipment_methods/:id`. */
export function useSaveShipmentMethod() {
  const refresh = useRefresh(shipmentMethodListEndpoint, shipmentMethodGroupsEndpoint);
  return useMutation({
    mutationFn: (v: { id: string | null; body: ShipmentMethodBody }) =>
      v.id
        ? call(shipmentMethodUpdateEndpoint, { params: { id: v.id }, body: v.body })
        : call(shipmentMethodAddEndpoint, { body: v.body }),
    onSuccess: refresh,
  });
}

/** `GET /shipment_boxes/list`. */
export function useShipmentBoxes(page: number, search: string) {
  return useQuery({
    ...endpointQuery(shipmentBoxListEndpoint, { query: { ...paging(page), ...(search ? { search } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /shipment_boxes/add` or, with an id, `PUT /shipment_boxes/:id`. */
export function useSaveShipmentBox() {
  const refresh = useRefresh(shipmentBoxListEndpoint);
  return useMutation({
    mutationFn: (v: { id: string | null; body: ShipmentBoxBody }) =>
      v.id
        ? call(shipmentBoxUpdateEndpoint, { params: { id: v.id }, body: v.body })
        : call(shipmentBoxAddEndpoint, { body: v.body }),
    onSuccess: refresh,
  });
}

/** `GET /surcharges/list`. */
export function useAdminSurcharges(page: number) {
  return useQuery({
    ...endpointQuery(surchargeListEndpoint, { query: paging(page) }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /surcharge/add`. */
export function useAddSurcharge() {
  const refresh = useRefresh(surchargeListEndpoint);
  return useMutation({
    mutationFn: (body: SurchargeBody) => call(surchargeAddEndpoint, { body }),
    onSuccess: refresh,
  });
}

/** `PUT /surcharges/:id`: one field changed in place. */
export function useUpdateSurcharge() {
  const refresh = useRefresh(surchargeListEndpoint);
  return useMutation({
    mutationFn: (v: { id: string; patch: SurchargePatch }) =>
      call(surchargeUpdateEndpoint, { params: { id: v.id }, body: v.patch }),
    onSuccess: refresh,
  });
}

/** `GET /orders/searchOrderId/:orderId` for the submitted number (nothing while it is empty). */
export function useSearchOrder(orderId: z.input<typeof SearchOrderParamsSchema>['orderId']) {
  return useQuery({
    ...endpointQuery(searchOrderIdEndpoint, { params: { orderId } }),
    enabled: orderId.trim() !== '',
    retry: false,
  });
}

/** `DELETE /orders/searchOrderId/:orderId` with the shop, then the search again. */
export function useDeleteOrder() {
  const refresh = useRefresh(searchOrderIdEndpoint);
  return useMutation({
    mutationFn: (v: { id: string; orgId: string }) =>
      call(deleteOrderEndpoint, { params: { orderId: v.id }, query: { org_id: v.orgId } }),
    onSuccess: refresh,
  });
}

/** `GET /roles`: every role (one page of 100). */
export function useRoles() {
  return useQuery(endpointQuery(roleListEndpoint, { query: { skip: 0, limit: 100 } }));
}

/** `PUT /roles/:id`. */
export function useSaveRole() {
  const refresh = useRefresh(roleListEndpoint, membershipListEndpoint);
  return useMutation({
    mutationFn: (v: { id: string; name: string; grants: Grant[] }) =>
      call(roleUpdateEndpoint, { params: { id: v.id }, body: { name: v.name, grants: v.grants as never } }),
    onSuccess: refresh,
  });
}

/** `POST /roles/:id/reset`. */
export function useResetRole() {
  const refresh = useRefresh(roleListEndpoint);
  return useMutation({
    mutationFn: (id: string) => call(roleResetEndpoint, { params: { id } }),
    onSuccess: refresh,
  });
}

/** `POST /roles/preview`: the API calls a draft of grants allows. */
export function usePreviewRole() {
  return useMutation({
    mutationFn: (grants: Grant[]) => call(rolePreviewEndpoint, { body: { grants: grants as never } }),
  });
}

/** `GET /roles/memberships`: users with their role per shop. */
export function useMemberships(page: number, search: string) {
  return useQuery({
    ...endpointQuery(membershipListEndpoint, { query: { ...paging(page), ...(search ? { search } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

/** `PUT /roles/memberships`. */
export function useSetMembershipRole() {
  const refresh = useRefresh(membershipListEndpoint, roleListEndpoint);
  return useMutation({
    mutationFn: (body: { user_id: string; org_id: string; role_id: string }) =>
      call(membershipUpdateEndpoint, { body }),
    onSuccess: refresh,
  });
}
