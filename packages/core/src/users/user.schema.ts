import { z } from 'zod';
import { USER_LANGS } from '../auth/auth.schema.ts';
import { IdSchema } from '../common/common.schema.ts';
import { phoneField } from '../common/phone.ts';
import { boundedText, searchText } from '../common/text.ts';
import { sortQuery } from '../http/page.ts';

/** Most rows one `POST /users` takes (an add form sends one, an import many). */
export const MAX_USER_ROWS = 2000;

/** The users import's fields in screen order (spec 3 §7 `POST /users` mapped rows). */
export const USER_IMPORT_FIELDS = [
  'first_name',
  'family_name',
  'email',
  'stakeholders_group',
  'licence',
] as const;
/** A field of the users import. */
export type UserImportField = (typeof USER_IMPORT_FIELDS)[number];
/** The fields a row must have (spec 3 §5 Add user: first_name and family_name required; the e-mail to invite). */
export const USER_IMPORT_REQUIRED = [
  'first_name',
  'family_name',
  'email',
] as const satisfies readonly UserImportField[];

/**
 * A phone number as the shared phone field gives it (spec 3 §5): empty, or an optional `+` and 2–15 digits
 * starting 1–9 after stripping spaces, brackets and dashes.
 */
export const OptionalPhoneSchema = phoneField();

/**
 * One mapped row of `POST /users` (spec 3 §7: first_name, family_name, email, stakeholders_group, licence). Rows are
 * checked one by one by the service so a bad row is reported with its reason and the others go in; here only the
 * shape (strings, bounded) is fixed. `licence` is a plan id or a plan name (an import's column holds names).
 */
export const UserRowSchema = z.object({
  first_name: z.string().max(200).optional(),
  family_name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  stakeholders_group: z.string().max(200).optional(),
  licence: z.string().max(200).optional(),
});
export type UserRow = z.infer<typeof UserRowSchema>;

/**
 * POST /users body: the mapped rows, and for the add form an optional personal message (raw HTML, sanitised by core's
 * rich-text rule before it goes into the invitation mail; spec 3 §2 Custom form fields).
 */
export const AddUsersBodySchema = z.union([
  z.array(UserRowSchema).min(1).max(MAX_USER_ROWS),
  z.object({
    rows: z.array(UserRowSchema).min(1).max(MAX_USER_ROWS),
    message: z.string().max(10_000).optional(),
  }),
]);
export type AddUsersBody = z.infer<typeof AddUsersBodySchema>;

/** The result of POST /users: invited (new accounts), added (existing accounts given the shop), rejected rows. */
export const AddUsersResultSchema = z.object({
  invited: z.number().int(),
  added: z.number().int(),
  /**
   * 1-based data row numbers with the reason in English, e.g. 'e-mail address is missing'; `code` for the refusals the
   * apps word in the user’s language (`already_member`: already a user of the shop; `no_free_licence`: no free licence of the
   * plan named `licence` left).
   */
  errors: z.array(
    z.object({
      row: z.number().int(),
      email: z.string(),
      reason: z.string(),
      code: z.enum(['already_member', 'no_free_licence']).optional(),
      licence: z.string().optional(),
    }),
  ),
  /** Ids of the users invited or added, in row order. */
  user_ids: z.array(IdSchema),
});
export type AddUsersResult = z.infer<typeof AddUsersResultSchema>;

/** One user of a shop as the users list shows it (spec 3 §2 Users: names, e-mail, licence, verified tick). */
export const ShopUserSchema = z.object({
  _id: IdSchema,
  first_name: z.string(),
  family_name: z.string(),
  email: z.string(),
  phone: z.string(),
  lang: z.enum(USER_LANGS).nullable(),
  /** The verified tick (spec 3 §4): true once the user set a password from the invitation (or signed up). */
  confirmed: z.boolean(),
  org_id: IdSchema,
  org_name: z.string(),
  licence_id: IdSchema.nullable(),
  licence_name: z.string().nullable(),
  role: z.string(),
  stakeholders_group: z.string().nullable(),
  /** The caller's own row (its licence cannot be lowered by the caller: {@link PROBLEMS} `last_owner`). */
  is_me: z.boolean(),
});
export type ShopUser = z.infer<typeof ShopUserSchema>;

/** Sortable columns of the users list. */
export const USER_SORT_FIELDS = ['family_name', 'first_name', 'email', 'created_at'] as const;

/**
 * GET /users query: paging, search over names and e-mail (case-insensitive), sort, and `orgs`: `current` (default)
 * lists the current shop's users, `all` every shop's the caller may see (provider staff: every shop).
 */
export const UserListQuerySchema = z.object({
  search: searchText().optional(),
  orgs: z.enum(['current', 'all']).default('current'),
  ...sortQuery(USER_SORT_FIELDS, 'family_name').shape,
});

/** PUT /users/licence body (spec 3 §7): the user and the plan id of the licence to give them in the current shop. */
export const UserLicenceBodySchema = z.object({ user_id: IdSchema, licence_id: IdSchema });
export type UserLicenceBody = z.infer<typeof UserLicenceBodySchema>;

/** PUT /current_user body: the caller's own names, phone and language (the settings area's User page; spec 3 §2). */
export const ProfileBodySchema = z.object({
  first_name: boundedText('First name', 100, { min: 1 }),
  family_name: boundedText('Last name', 100, { min: 1 }),
  phone: OptionalPhoneSchema,
  lang: z.enum(USER_LANGS),
});
export type ProfileBody = z.infer<typeof ProfileBodySchema>;
