/** Locations and stock (issue 9; spec 2 §7 Locations, spec 3 §7 Locations, Recount). Other code reaches the module only through this file. */

export {
  placeInbound,
  quarantineRefusal,
  refuseReservedLocation,
  reservedForOtherProduct,
} from './inbound-checkin.ts';
export { applyStockChange, lockProducts } from './ledger.ts';
export { pickLocationsOf } from './pick-locations.service.ts';
export { locationOf } from './product-locations.service.ts';
export {
  loadOpenShelfReports,
  newestReportPerPlace,
  type OpenShelfReport,
  placeKey,
} from './shelf-reports.ts';
export { registerStockRoutes } from './stock.routes.ts';
