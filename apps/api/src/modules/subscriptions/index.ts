/**
 * Plans, subscriptions and the terms of service (spec 3 §2 pricing and terms, §7 billing; issue 16). Other code
 * reaches the module only through this file.
 */
export { registerSubscriptionRoutes } from './subscriptions.routes.ts';
