/** The route plan of the own drivers (spec 3 §7 'sales/routes'; ADR 0133). Other code reaches the module only through this file. */

export { registerRoutingRoutes } from './routing.routes.ts';
