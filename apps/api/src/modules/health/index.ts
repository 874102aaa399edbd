/** Health (GET /api/health): database kind and migration version. Other code reaches the module only through this file. */
export { registerHealthRoutes } from './health.routes.ts';
