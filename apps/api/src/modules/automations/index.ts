/** Automation rules of products (spec 3 §7 Automations; ADR 0049). Other code reaches the module only through this file. */
export { registerAutomationRoutes } from './automations.routes.ts';
export { rulesOfProducts } from './automations.service.ts';
