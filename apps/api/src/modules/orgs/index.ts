/** Organisations (spec 3 §7 orgs): current organisation, list, switch, create. Other code reaches the module only through this file. */

export { registerOrgRoutes } from './orgs.routes.ts';
export { setCurrentOrg } from './orgs.service.ts';
