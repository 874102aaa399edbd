/**
 * Users of a shop and their licences (spec 3 §2 Users, §7 users; issue 16): the list, inviting (add form, import, and
 * {@link inviteUser} for the organisation wizard's contacts), licence changes, and the plans and licence counts the
 * other modules read. Other code reaches the module only through this file.
 */
export { inviteUser } from './invite.service.ts';
export { activePlans, licenceUsage, STANDARD_PLANS } from './licences.ts';
export { registerUserRoutes } from './users.routes.ts';
