/**
 * Every screen of the admin area in one lazily loaded module: the router's table then carries one dynamic import
 * (with its list of chunks) for the nine admin routes instead of one per route, which keeps the first load as it
 * was (ADR 0033).
 */
export { AdminIndexPage } from './admin-index-page.tsx';
export { SearchOrderPage } from './search-order-page.tsx';
export { ShipmentBoxAddPage, ShipmentBoxesPage } from './shipment-boxes-page.tsx';
export { ShipmentMethodAddPage, ShipmentMethodsPage } from './shipment-methods-page.tsx';
export { SurchargeAddPage, SurchargesPage } from './surcharges-page.tsx';
export { UsersPage } from './users-page.tsx';
