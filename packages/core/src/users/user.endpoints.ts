import { CurrentUserSchema } from '../auth/auth.schema.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { pageOf, pageQuery } from '../http/page.ts';
import {
  AddUsersBodySchema,
  AddUsersResultSchema,
  ProfileBodySchema,
  ShopUserSchema,
  UserLicenceBodySchema,
  UserListQuerySchema,
} from './user.schema.ts';

const tags = ['users'];

/**
 * GET /users: the users of the current shop (or, with `orgs=all`, of every shop the caller may see: provider staff
 * every shop), one row per user and shop, searchable and server-paged (spec 3 §2 Users, §7).
 */
export const listUsersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/users',
  summary: "A shop's users with their licences",
  query: pageQuery(25).extend(UserListQuerySchema.shape),
  response: pageOf(ShopUserSchema),
  tags,
});

/**
 * POST /users: mapped rows (spec 3 §7; the add form sends one, the import many) become users of the current shop.
 * A new address gets an unconfirmed account and an invitation mail with a link to set a password; an existing
 * account is given the shop. Each refused row is reported with its reason; the accepted ones are written in one
 * transaction.
 */
export const addUsersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/users',
  summary: 'Invite users to the current shop (add form or import)',
  body: AddUsersBodySchema,
  response: AddUsersResultSchema,
  status: 201,
  scope: 'org',
  changesSession: true,
  tags,
});

/**
 * PUT /users/licence {user_id, licence_id}: gives a user of the current shop another licence, and with it the
 * licence's role (spec 3 §7; ADR 0050). 404 for a user not in the current shop; 409 `no_licence_left`, `last_owner`;
 * 400 `unknown_plan`.
 */
export const userLicenceEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/users/licence',
  summary: "Change a user's licence",
  body: UserLicenceBodySchema,
  response: ShopUserSchema,
  scope: 'org',
  changesSession: true,
  problems: ['no_licence_left', 'last_owner', 'unknown_plan'],
  tags,
});

/** PUT /current_user: the caller's own names, phone and language (settings → User; our path). */
export const updateProfileEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/current_user',
  summary: 'Change your own name, phone and language',
  body: ProfileBodySchema,
  response: CurrentUserSchema,
  changesSession: true,
  tags,
});
