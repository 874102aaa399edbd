/** Products (spec 3 §7 products): list, EAN search, import, stock history. Other code reaches the module only through this file. */
export { registerProductRoutes } from './products.routes.ts';
export { type BundlePartRow, bundlePartsOf } from './bundles.service.ts';
