/** Products (spec 3 §7 products): list, EAN search, import, stock history. Other code reaches the module only through this file. */

export { bundlePartsOf } from './bundles.service.ts';
export { registerProductRoutes } from './products.routes.ts';
