/** Accounts (spec 2 §7 auth): login, sign-up, logout, current user, password reset. Other code reaches the module only through this file. */

export { settleBackgroundWork } from './auth.deps.ts';
export { registerAuthRoutes } from './auth.routes.ts';
