import {
  activateOrgEndpoint,
  type CurrentOrgAuth,
  createOrgEndpoint,
  currentOrgEndpoint,
  deactivateOrgEndpoint,
  type EditOrgApisBody,
  editOrgApisEndpoint,
  listDeactivatedOrgsEndpoint,
  listOrgsEndpoint,
  type OrgWizardInput,
  requestWithHeaders,
  setCurrOrgEndpoint,
  updateOrgEndpoint,
  vatLookupEndpoint,
} from '@hoppa/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_ORG_AUTH_KEY, CURRENT_USER_KEY } from '../../../app/session.ts';
import { api, call } from '../../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-query.ts';

/** Rows per page of the shops list. */
export const SHOPS_PAGE_SIZE = 25;

/**
 * One page (1-based) of the shops list (spec 3 §2 Shops): the active shops (`GET /orgs`) or the deactivated ones
 * (`GET /orgs/deactive`), searched on the server on name or contact person; the total from `x-total-count`.
 */
export function useShops(tab: 'active' | 'deactivated', search: string, page: number) {
  const endpoint = tab === 'active' ? listOrgsEndpoint : listDeactivatedOrgsEndpoint;
  const query = {
    ...(search ? { search } : {}),
    skip: (page - 1) * SHOPS_PAGE_SIZE,
    limit: SHOPS_PAGE_SIZE,
  };
  return useQuery({
    queryKey: [...endpointKey(endpoint), { query }] as const,
    queryFn: async () => {
      const { data, headers } = await requestWithHeaders(api, endpoint, { query });
      return { items: data, total: headers['x-total-count'] ?? query.skip + data.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** Everything that lists or shows shops: refetched after a change of one (the switcher, the filters, the lists). */
async function refreshShops(qc: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: endpointKey(listOrgsEndpoint) }),
    qc.invalidateQueries({ queryKey: endpointKey(listDeactivatedOrgsEndpoint) }),
    qc.invalidateQueries({ queryKey: CURRENT_ORG_AUTH_KEY }),
  ]);
}

/** Deactivates (`DELETE /orgs/delete/{id}`) or activates (`PUT /orgs/activate/{id}`) a shop (spec 3 §4). */
export function useSetShopActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      active
        ? call(activateOrgEndpoint, { params: { id } })
        : call(deactivateOrgEndpoint, { params: { id } }),
    onSuccess: () => refreshShops(qc),
  });
}

/** Makes a shop the current one (`POST /orgs/set_curr`); everything cached belongs to the old one, so all refetches. */
export function useSwitchShop() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (customer_id: string) => call(setCurrOrgEndpoint, { body: { customer_id } }),
    onSuccess: async (auth: CurrentOrgAuth) => {
      qc.setQueryData(CURRENT_ORG_AUTH_KEY, auth);
      await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_ORG_AUTH_KEY[0] });
    },
  });
}

/** The current shop with its wizard answers (`GET /current_org`), for /settings/org. */
export function useCurrentOrgDetail() {
  return useQuery({ ...endpointQuery(currentOrgEndpoint, {}), staleTime: 60_000 });
}

/** Creates a shop from the wizard (`POST /orgs`); afterwards the session (current shop and role) is read again. */
export function useCreateOrg() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgWizardInput) => call(createOrgEndpoint, { body: body as never }),
    onSuccess: async () => {
      await Promise.all([refreshShops(qc), qc.invalidateQueries({ queryKey: CURRENT_USER_KEY })]);
    },
  });
}

/** Saves the current shop's answers (`PUT /orgs`). */
export function useUpdateOrg() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgWizardInput) => call(updateOrgEndpoint, { body: body as never }),
    onSuccess: async (org) => {
      qc.setQueryData(endpointQuery(currentOrgEndpoint, {}).queryKey, org);
      await refreshShops(qc);
    },
  });
}

/** Saves the current shop's platform keys (`PUT /orgs/editapis`). */
export function useEditOrgApis() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EditOrgApisBody) => call(editOrgApisEndpoint, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointKey(currentOrgEndpoint) }),
  });
}

/**
 * The EU VAT lookup (`GET /vat_lookup`, spec 3 §7). A failure is only logged (spec 3 §8): the answer is then null and
 * the wizard goes on.
 */
export async function lookUpVat(vatNumber: string) {
  try {
    const answer = await call(vatLookupEndpoint, { query: { vatNumber } });
    if (!answer.available) console.warn('EU VAT lookup not available', vatNumber);
    return answer;
  } catch (err) {
    console.warn('EU VAT lookup failed', err);
    return null;
  }
}
