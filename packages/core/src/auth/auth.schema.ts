import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { phoneField } from '../common/phone.ts';
import { boundedText } from '../common/text.ts';
import { GrantSchema } from '../permissions/permission.schema.ts';

/** Minimum password length at sign-up (spec 2 §5, §9). */
export const SIGNUP_PASSWORD_MIN = 9;
/** Minimum password length when resetting by token (spec 2 §5, §9). */
export const RESET_PASSWORD_MIN = 6;
/** Languages a user can choose (spec 2 §3). */
export const USER_LANGS = ['nl', 'en', 'fr', 'es'] as const;

/** A required single-line text of at most `max` characters without control characters (core common/text.ts). */
const required = (what: string, max: number) => boundedText(what, max, { min: 1 });
const EmailSchema = required('Email', 254).pipe(z.email('Invalid email address!'));

/**
 * The sign-up's phone (spec 2 §5 sign-up: required; spec 3 §5 the one phone rule, core `phoneField`): a national
 * number is read in nl and stored in the international form the phone field sends.
 */
export const PhoneSchema = phoneField('Phone is required');

/** POST /login body (spec 2 §5: email and password required). */
export const LoginBodySchema = z.object({
  email: required('Email', 254),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** POST /signup body, the sign-up model of spec 2 §3 (all fields required, password ≥ 9 characters). */
export const SignupBodySchema = z.object({
  first_name: required('First name', 100),
  family_name: required('Last name', 100),
  email: EmailSchema,
  phone: PhoneSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(SIGNUP_PASSWORD_MIN, `Password must be at least ${SIGNUP_PASSWORD_MIN} characters`)
    .max(1024, 'Password is too long'),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

/** POST /signup/confirm/:token params: the token from the mailed `/signup?token=…` link. */
export const SignupConfirmParamsSchema = z.object({
  token: z.string().min(20, 'Invalid or expired sign-up link').max(200, 'Invalid or expired sign-up link'),
});

/**
 * The one answer of POST /signup, for a new address and for one that has an account alike (issue 7: sign-up
 * does not tell who has an account).
 */
export const SIGNUP_MAIL_MESSAGE =
  'Check your e-mail: we have sent a link to confirm your address and finish signing up.';

/** POST /users/password_reset/email body. */
export const PasswordResetEmailBodySchema = z.object({ email: EmailSchema });
export type PasswordResetEmailBody = z.infer<typeof PasswordResetEmailBodySchema>;

/** POST /users/password_reset/:token params: the token from the mailed `/reset?token=…` link. */
export const PasswordResetParamsSchema = z.object({
  token: z.string().min(20, 'Invalid or expired reset link').max(200, 'Invalid or expired reset link'),
});

/** POST /users/password_reset/:token body (spec 2 §5: new password, minimum 6 characters). */
export const PasswordResetBodySchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(RESET_PASSWORD_MIN, 'Minimum 6 characters')
    .max(1024, 'Password is too long'),
});
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

/**
 * A user's current role as the apps receive it: its stable `key` (provider_admin, warehouse_staff,
 * merchant_owner, merchant_user, …), display name, grants for `can()` and whether it sees all
 * organisations (docs/roles.md).
 */
export const CurrentRoleSchema = z.object({
  key: z.string(),
  name: z.string(),
  grants: z.array(GrantSchema),
  all_orgs: z.boolean(),
});
export type CurrentRole = z.infer<typeof CurrentRoleSchema>;

/** An organisation as summarised on the current user (spec 3 §3 current_user.curr_org). */
export const CurrentOrgSummarySchema = z.object({
  id: IdSchema,
  name: z.string(),
  kind: z.enum(['provider', 'merchant']),
  licences: z.array(z.object({ name: z.string(), used: z.number().int(), count: z.number().int() })),
});

/** GET /current_user answer (spec 2 §3 User, spec 3 §3 User); also the answer of login and sign-up. */
export const CurrentUserSchema = z.object({
  id: IdSchema,
  first_name: z.string(),
  family_name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The language the user chose (settings → User), or null: the apps follow the browser (issue 16). */
  lang: z.enum(USER_LANGS).nullable(),
  is_admin: z.boolean(),
  confirmed: z.boolean(),
  curr_role: CurrentRoleSchema,
  curr_org: CurrentOrgSummarySchema.nullable(),
  licences: z.array(z.object({ organization_id: IdSchema, licence_id: z.string().nullable() })),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** Answer of the reset and sign-up calls: always the same text, whether or not the address exists. */
export const MessageSchema = z.object({ ok: z.literal(true), message: z.string() });
