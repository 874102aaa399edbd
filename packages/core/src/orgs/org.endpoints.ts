import { z } from 'zod';
import { defineEndpoint, PdfResponseSchema } from '../http/endpoint.ts';
import {
  CurrentOrgAuthSchema,
  OrgIdParamsSchema,
  OrgListHeadersSchema,
  OrgListQuerySchema,
  OrgSchema,
  SetCurrOrgBodySchema,
} from './org.schema.ts';
import {
  EditOrgApisBodySchema,
  OrgApisSchema,
  OrgDetailSchema,
  OrgWizardBodySchema,
  VatLookupQuerySchema,
  VatLookupSchema,
} from './org-wizard.schema.ts';

const tags = ['organisations'];

/** GET /current_org_auth: current organisation and role; `org` null means "go to /orgs/add" (spec 2 §2). */
export const currentOrgAuthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/current_org_auth',
  summary: 'Current organisation authorisation',
  response: CurrentOrgAuthSchema,
  tags,
});

/** GET /current_org: the current organisation with its wizard answers (and platform keys for editors); 404 when none. */
export const currentOrgEndpoint = defineEndpoint({
  method: 'GET',
  path: '/current_org',
  summary: 'The current organisation',
  response: OrgDetailSchema,
  tags,
});

/**
 * GET /orgs: the active organisations the user may switch to (all for provider staff, memberships otherwise; the
 * current one also when it is deactivated), provider first, then by name; searched on name or contact person and
 * paged (`x-total-count` carries the number matching). Deactivated shops are `GET /orgs/deactive` (spec 3 §4).
 */
export const listOrgsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orgs',
  summary: 'Active organisations the user may see',
  query: OrgListQuerySchema,
  response: z.array(OrgSchema),
  responseHeaders: OrgListHeadersSchema,
  tags,
});

/** GET /orgs/deactive: the deactivated organisations (spec 3 §6: needs DELETE on /orgs/delete/*), like GET /orgs. */
export const listDeactivatedOrgsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orgs/deactive',
  summary: 'Deactivated organisations',
  scope: 'provider',
  query: OrgListQuerySchema,
  response: z.array(OrgSchema),
  responseHeaders: OrgListHeadersSchema,
  tags,
});

/**
 * DELETE /orgs/delete/{id}: deactivates a shop (spec 3 §4 'deactivation uses the delete action'); nothing is deleted.
 * It leaves the pickers' and packers' organisation filters; its members keep reading their data. 409 `provider_org`
 * for the provider's own organisation.
 */
export const deactivateOrgEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/orgs/delete/:id',
  summary: 'Deactivate an organisation',
  scope: 'provider',
  params: OrgIdParamsSchema,
  response: OrgSchema,
  problems: ['provider_org'],
  tags,
});

/** PUT /orgs/activate/{id}: activates a deactivated shop again (spec 3 §4 'Activeren'). */
export const activateOrgEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/orgs/activate/:id',
  summary: 'Activate an organisation',
  scope: 'provider',
  params: OrgIdParamsSchema,
  response: OrgSchema,
  tags,
});

/** PUT /orgs: saves the wizard's answers for the current organisation (spec 3 §7; /settings/org). */
export const updateOrgEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/orgs',
  summary: 'Edit the current organisation',
  scope: 'org',
  body: OrgWizardBodySchema,
  response: OrgDetailSchema,
  problems: ['invalid_upload'],
  bodyLimit: 12 * 2 ** 20,
  tags,
});

/** PUT /orgs/editapis: the current organisation's platform keys (spec 3 §3 Organisation apis, §7). */
export const editOrgApisEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/orgs/editapis',
  summary: 'Edit the platform keys of the current organisation',
  scope: 'org',
  body: EditOrgApisBodySchema,
  response: OrgApisSchema,
  tags,
});

/** GET /orgs/logo/{id}: the stored logo of a visible organisation (PNG, JPEG or sanitised SVG). */
export const orgLogoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orgs/logo/:id',
  summary: 'Logo of an organisation',
  params: OrgIdParamsSchema,
  response: PdfResponseSchema.describe('image/png, image/jpeg or image/svg+xml'),
  binary: true,
  tags,
});

/** GET /orgs/vat_exemption/{id}: the stored VAT exemption PDF of a visible organisation. */
export const orgVatDocEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orgs/vat_exemption/:id',
  summary: 'VAT exemption document of an organisation',
  params: OrgIdParamsSchema,
  response: PdfResponseSchema,
  binary: true,
  tags,
});

/**
 * GET /vat_lookup?vatNumber=: the EU VAT lookup (VIES, spec 3 §7) through the API, so the browser needs no access to
 * VIES. A VIES failure is logged by the API and answered `available: false`: the wizard goes on (spec 3 §8).
 */
export const vatLookupEndpoint = defineEndpoint({
  method: 'GET',
  path: '/vat_lookup',
  summary: 'EU VAT number lookup (VIES)',
  catalogue: 'EU VAT lookup (vatNumber)',
  query: VatLookupQuerySchema,
  response: VatLookupSchema,
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

/**
 * POST /orgs: creates a merchant organisation from the wizard's answers (spec 3 §2 /orgs/add) and switches to it; a
 * merchant becomes its owner, provider staff keep their role. 400 `invalid_upload` for a logo or PDF that is not one.
 */
export const createOrgEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orgs',
  summary: 'Create an organisation (shop)',
  changesSession: true,
  body: OrgWizardBodySchema,
  response: OrgSchema,
  problems: ['invalid_upload'],
  bodyLimit: 12 * 2 ** 20,
  status: 201,
  tags,
});
