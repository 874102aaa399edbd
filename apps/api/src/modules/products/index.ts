/** Products (spec 3 §7 products): list, EAN search, import, stock history, the product card and its settings. Other code reaches the module only through this file. */
export { orderShippingDefaults, productShippingDefaults } from './product-defaults.service.ts';
export { registerProductRoutes } from './products.routes.ts';
