import { canCall, listOrgsEndpoint } from '@hoppa/core';
import { useQuery } from '@tanstack/react-query';
import { roleInForce, useSession } from '../../../app/session.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * The organisations the user may see (`GET /orgs`), for the packing station's organisation choice; empty for a role
 * that may not list them (a merchant sees only its own orders anyway).
 */
export function useVisibleOrgs() {
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  return useQuery({
    ...endpointQuery(listOrgsEndpoint, {}),
    enabled: canCall(role, listOrgsEndpoint),
    staleTime: 5 * 60_000,
  });
}
