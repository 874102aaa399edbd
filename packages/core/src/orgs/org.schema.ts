import { z } from 'zod';
import { CurrentRoleSchema } from '../auth/auth.schema.ts';
import { IdSchema } from '../common/common.schema.ts';
import { addressLine, boundedText, nameText, searchText } from '../common/text.ts';

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
});
export type Org = z.infer<typeof OrgSchema>;

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

/** GET /orgs query: optional case-insensitive search on name or contact person (spec 3 §2 Shops). */
export const OrgListQuerySchema = z.object({
  search: searchText().optional(),
});

/** POST /orgs/set_curr body: the organisation to switch to (spec 3 §7 Organisations). */
export const SetCurrOrgBodySchema = z.object({ customer_id: IdSchema });

/** POST /orgs body: a new merchant organisation; its creator becomes its merchant owner (spec 3 §2 /orgs/add). */
export const CreateOrgBodySchema = z.object({
  name: nameText('Name', 1),
  contact_person: nameText('Contact person').optional(),
  contact_person_email: z.email('Invalid email address!').optional(),
  phone: boundedText('Phone', 30).optional(),
  address: OrgAddressInputSchema.optional(),
});
export type CreateOrgBody = z.infer<typeof CreateOrgBodySchema>;
