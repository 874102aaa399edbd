/** Inbound (issue 10; spec 2 §7 Inbound). Other code reaches the module only through this file. */

export { registerInboundRoutes } from './inbound.routes.ts';
