/** Picking (spec 2 §7 pick): the pick list and pick confirmations. Other code reaches the module only through this file. */
export { registerPickRoutes } from './pick.routes.ts';
