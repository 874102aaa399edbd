import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  CreateOrgBodySchema,
  CurrentOrgAuthSchema,
  OrgListQuerySchema,
  OrgSchema,
  SetCurrOrgBodySchema,
} from './org.schema.ts';

const tags = ['organisations'];

/** GET /current_org_auth: current organisation and role; `org` null means "go to /orgs/add" (spec 2 §2). */
export const currentOrgAuthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/current_org_auth',
  summary: 'Current organisation authorisation',
  response: CurrentOrgAuthSchema,
  tags,
});

/** GET /current_org: the current organisation; 404 when none is set. */
export const currentOrgEndpoint = defineEndpoint({
  method: 'GET',
  path: '/current_org',
  summary: 'The current organisation',
  response: OrgSchema,
  tags,
});

/** GET /orgs: the organisations the user may switch to (all for provider staff, memberships otherwise). */
export const listOrgsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orgs',
  summary: 'Organisations the user may see',
  query: OrgListQuerySchema,
  response: z.array(OrgSchema),
  tags,
});

/** POST /orgs/set_curr {customer_id}: switches the current organisation; 404 for one the user may not see. */
export const setCurrOrgEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orgs/set_curr',
  summary: 'Switch the current organisation',
  changesSession: true,
  body: SetCurrOrgBodySchema,
  response: CurrentOrgAuthSchema,
  tags,
});

/** POST /orgs: creates a merchant organisation, makes the caller its owner and switches to it. */
export const createOrgEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orgs',
  summary: 'Create an organisation (shop)',
  changesSession: true,
  body: CreateOrgBodySchema,
  response: OrgSchema,
  status: 201,
  tags,
});
