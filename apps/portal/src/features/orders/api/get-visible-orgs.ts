import { canCall, listOrgsEndpoint } from '@hoppa/core';
import { useQuery } from '@tanstack/react-query';
import { roleInForce, useSession } from '../../../app/session.ts';
import { call } from '../../../lib/api.ts';

/**
 * The organisations the user may see (`GET /orgs`), for the packing station's organisation choice; empty for a role
 * that may not list them (a merchant sees only its own orders anyway).
 */
export function useVisibleOrgs() {
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  return useQuery({
    queryKey: [listOrgsEndpoint.method, listOrgsEndpoint.path],
    queryFn: () => call(listOrgsEndpoint, {}),
    enabled: canCall(role, listOrgsEndpoint),
    staleTime: 5 * 60_000,
  });
}
