/** Issue 13's order detail module: edit, notes, events, delivery performance, order documents (ADR 0041). */
export { registerDeliveryRoutes } from './delivery.routes.ts';
