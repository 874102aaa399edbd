import {
  type CurrentOrgAuth,
  listOrgsEndpoint,
  logoutEndpoint,
  type Org,
  setCurrOrgEndpoint,
} from '@hoppa/core';
import { call } from '../lib/api.ts';

/**
 * The calls the main layout and the routing guard make on every page (spec 2 §7 Auth, spec 3 §7 Shops), checked
 * against their contracts. session.ts and the organisation switcher load this module on first use, so the contracts'
 * schemas (and zod) stay out of the portal's first load (ADR 0033). Each throws core's `ApiError` like `call`.
 */
export const sessionCalls = {
  /** `GET /logout`: ends the session. */
  logout: async (): Promise<void> => {
    await call(logoutEndpoint, {});
  },
  /** `GET /orgs`: the organisations the user may switch to. */
  listOrgs: (): Promise<Org[]> => call(listOrgsEndpoint, {}),
  /** `POST /orgs/set_curr {customer_id}`: switch the current organisation. */
  setCurrOrg: (customer_id: string): Promise<CurrentOrgAuth> =>
    call(setCurrOrgEndpoint, { body: { customer_id } }),
};
