import { z } from 'zod';
import { CurrentRoleSchema } from '../auth/auth.schema.ts';
import { IdSchema } from '../common/common.schema.ts';
import { addressLine, searchText } from '../common/text.ts';
import { pageQuery } from '../http/page.ts';

/** Kind of organisation: the fulfilment provider (owns the warehouse) or a merchant (a client webshop). */
export const OrgKindSchema = z.enum(['provider', 'merchant']);

/**
 * Postal address of an organisation as answered (spec 3 §3 organisation wizard address; all optional). Plain
 * strings, so an address stored before the input bounds still answers; new ones pass {@link OrgAddressInputSchema}.
 */
export const OrgAddressSchema = z.object({
  line1: z.string().optional(),
  street: z.string().optional(),
  houseNumber: z.string().optional(),
  postalCode: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  email: z.string().optional(),
});

/** The address as a shop is created with it: every field a bounded single line (core common/text.ts, issue 7). */
export const OrgAddressInputSchema = z.object({
  line1: addressLine('Address line').optional(),
  street: addressLine('Street').optional(),
  houseNumber: addressLine('House number').optional(),
  postalCode: addressLine('Postal code').optional(),
  city: addressLine('City').optional(),
  country: addressLine('Country').optional(),
  email: addressLine('Email').optional(),
});

/** An organisation (shop) as listed and as GET /current_org answers (spec 3 §3 Organisation). */
export const OrgSchema = z.object({
  id: IdSchema,
  name: z.string(),
  kind: OrgKindSchema,
  active: z.boolean(),
  contact_person: z.string().nullable(),
  contact_person_email: z.string().nullable(),
  phone: z.string().nullable(),
  address: OrgAddressSchema,
  /** True for the user's current organisation (highlighted in the shops list, spec 3 §2). */
  current: z.boolean(),
  /** When it was deactivated (spec 3 §4; `DELETE /orgs/delete/{id}`), null while active. */
  deactivated_at: z.string().nullable().optional(),
  /** Whether a logo is stored (`GET /orgs/logo/{id}` serves it). */
  has_logo: z.boolean().optional(),
  vat_id: z.string().nullable().optional(),
});
export type Org = z.infer<typeof OrgSchema>;

/**
 * The header of the shops lists that carries how many organisations match (the body stays the catalogue's array);
 * optional, so a caller of the plain array (or an older server) is not refused.
 */
export const OrgListHeadersSchema = z.object({ 'x-total-count': z.coerce.number().int().optional() });

/**
 * GET /current_org_auth answer: the current organisation (null when the user has none yet, the apps
 * then go to /orgs/add, spec 2 §2 routing guard), the role in force there and the admin flag.
 */
export const CurrentOrgAuthSchema = z.object({
  org: z.object({ id: IdSchema, name: z.string(), kind: OrgKindSchema }).nullable(),
  role: CurrentRoleSchema,
  is_admin: z.boolean(),
  /** How many organisations the user may switch to. */
  org_count: z.number().int(),
});
export type CurrentOrgAuth = z.infer<typeof CurrentOrgAuthSchema>;

/**
 * GET /orgs and GET /orgs/deactive query: optional case-insensitive search on name or contact person (spec 3 §2
 * Shops) and a page (`skip`, `limit`; GET /orgs answers up to 1,000 by default, so the pickers' and packers' filters
 * get every active shop in one call).
 */
export const OrgListQuerySchema = z.object({ search: searchText().optional() }).extend(pageQuery(1000).shape);
export type OrgListQuery = z.input<typeof OrgListQuerySchema>;

/** `DELETE /orgs/delete/{id}` and `PUT /orgs/activate/{id}` params. */
export const OrgIdParamsSchema = z.object({ id: IdSchema });

/** POST /orgs/set_curr body: the organisation to switch to (spec 3 §7 Organisations). */
export const SetCurrOrgBodySchema = z.object({ customer_id: IdSchema });
