import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/** The bulk import (spec 3 §2 Bulk import screen) and the Products menu entry. */
export const productsArea = defineArea({
  id: 'products',
  // Loaded with the import screens (the order and inbound imports name it in `alsoTexts`: ADR 0033).
  i18n: { ns: 'products', load: () => import('./products.i18n.ts').then((m) => m.productsI18n) },
  routes: [
    {
      path: 'products/import',
      screens: ['Bulk import screen'],
      lazy: () => import('./product-import-page.tsx').then((m) => ({ Component: m.ProductImportPage })),
    },
  ],
  nav: [
    {
      key: 'products',
      to: PATHS.products,
      icon: 'products',
      section: 'work',
      order: 40,
      needs: { method: 'GET', path: '/products' },
    },
  ],
});

const newProductPage = () => import('./new-product-page.tsx').then((m) => ({ Component: m.NewProductPage }));

/**
 * The product table, the new-product form and the scanner page (issue 15; spec 3 §2 Product management, New product
 * form, Scanner). Their texts (namespace 'productTable') load with the first of these screens.
 */
export const productTableArea = defineArea({
  id: 'productTable',
  i18n: { ns: 'productTable', load: () => import('./product-table.i18n.ts').then((m) => m.productTableI18n) },
  routes: [
    {
      path: 'products',
      screens: ['Product management table'],
      // The Sync button words a failed sync as the connection page does (ADR 0121 §4: `list.problems.<code>`).
      alsoTexts: ['apiConnections'],
      lazy: () => import('./products-page.tsx').then((m) => ({ Component: m.ProductsPage })),
    },
    {
      path: 'products/new',
      screens: ['New product form'],
      lazy: newProductPage,
    },
    {
      path: 'products/new_product',
      screens: ['New product form'],
      lazy: newProductPage,
    },
    {
      path: 'scanner',
      screens: ['Scanner page'],
      lazy: () => import('./scanner-page.tsx').then((m) => ({ Component: m.ScannerPage })),
    },
  ],
  nav: [
    {
      key: 'scanner',
      to: PATHS.scanner,
      icon: 'scan',
      section: 'work',
      order: 50,
      needs: { method: 'GET', path: '/products/ean/:text' },
    },
  ],
});
