/**
 * Users and roles for UI tests, shaped like GET /current_user and GET /current_org_auth answers.
 * The grants mirror the kind of roles the demo data has (a merchant user who may read orders and
 * products, warehouse staff who scan, an owner who may also change settings), not the seed itself.
 */
import type { CurrentOrgAuth, CurrentRole, CurrentUser } from '@hoppa/core';

export const ORG_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

export function role(key: string, grants: CurrentRole['grants']): CurrentRole {
  return { key, name: key, grants, all_orgs: false };
}

export const merchantUser = role('merchant_user', [
  { methods: ['GET'], path: '/orders*' },
  { methods: ['GET'], path: '/products' },
  { methods: ['GET'], path: '/shipments*' },
]);
export const merchantOwner = role('merchant_owner', [
  { methods: ['*'], path: '/orders*' },
  { methods: ['*'], path: '/products*' },
  { methods: ['GET'], path: '/shipments*' },
  { methods: ['GET', 'PUT', 'POST'], path: '/orgs*' },
  { methods: ['GET'], path: '/get-api*' },
]);
export const warehouseStaff = role('warehouse_staff', [{ methods: ['GET'], path: '/products/ean/*' }]);
export const noGrants = role('nothing', []);

export function user(r: CurrentRole, over: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    first_name: 'Anna',
    family_name: 'de Vries',
    email: 'anna@example.nl',
    phone: '0612345678',
    lang: null,
    is_admin: false,
    confirmed: true,
    curr_role: r,
    curr_org: null,
    licences: [],
    ...over,
  } as CurrentUser;
}

export function orgAuth(r: CurrentRole, over: Partial<CurrentOrgAuth> = {}): CurrentOrgAuth {
  return {
    org: { id: ORG_ID, name: 'Bakkerij Bol', kind: 'merchant' },
    role: r,
    is_admin: false,
    org_count: 1,
    ...over,
  } as CurrentOrgAuth;
}

/**
 * A `GET /current_org` answer (OrgDetail, ADR 0051) for an organisation of the tests: the organisation with an empty
 * wizard profile (no contacts, answers or billing address) and no platform keys.
 */
export function orgDetail<O extends object>(org: O) {
  return {
    ...org,
    profile: {
      vat_id: null,
      coc_number: null,
      website: null,
      industry: null,
      has_logo: false,
      vat_exemption_doc: null,
      contacts: [],
      answers: {},
      address: {},
      notSameBilling_email: false,
      notSameBilling: false,
      billingAddress: null,
    },
    apis: null,
  };
}
