import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';
import { productsI18n } from './products.i18n.ts';

/** The product list and the bulk import (spec 3 §2 Product management, Bulk import screen). */
export const productsArea = defineArea({
  id: 'products',
  i18n: { ns: 'products', texts: productsI18n },
  routes: [
    {
      path: 'products',
      screens: ['Product management table'],
      note: 'partial: paged list with EAN/name search; filters, panels and actions come with the products issue',
      lazy: () => import('./products-page.tsx').then((m) => ({ Component: m.ProductsPage })),
    },
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
