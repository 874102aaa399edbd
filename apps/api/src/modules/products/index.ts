/** Products (spec 3 §7 products): list, EAN search, import, stock history, bundles, the product card and its settings. Other code reaches the module only through this file. */
export {
  BUNDLE_LINE_COLUMNS,
  type BundleLineCandidate,
  bundlePartsOf,
  expandBundleLines,
} from './bundle-lines.service.ts';
export { orderShippingDefaults, productShippingDefaults } from './product-defaults.service.ts';
export { insertNewProducts } from './product-import.service.ts';
export { startStockCountsFolder } from './product-list.service.ts';
export { startSalesWindowRoller } from './product-sales.service.ts';
export { registerProductRoutes } from './products.routes.ts';
