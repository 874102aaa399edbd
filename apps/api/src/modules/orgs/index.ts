/** Organisations (spec 3 §7 orgs): current organisation, list, switch, create. Other code reaches the module only through this file. */

/**
 * The contacts whose invitation as a user the wizard requested (spec 3 §3 invite_user), and how to record one sent:
 * the users module's `inviteUser` is called with each after `POST /orgs` / `PUT /orgs` (ADR 0051).
 */
export { markContactInvited, pendingContactInvites } from './org-wizard.service.ts';
export { registerOrgRoutes } from './orgs.routes.ts';
export { setCurrentOrg } from './orgs.service.ts';
