/** The admin area (issue 16 item 5; spec 3 §2 Admin area). Other code reaches the module only through this file. */

export { registerAdminRoutes } from './admin.routes.ts';
