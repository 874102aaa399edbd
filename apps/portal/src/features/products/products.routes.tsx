import type { RouteObject } from 'react-router';
import { ProductImportPage } from './product-import-page.tsx';
import { ProductsPage } from './products-page.tsx';

/** Routes of the products area (spec 3 §2): product list and bulk import. */
export const productsRoutes: RouteObject[] = [
  { path: 'products', element: <ProductsPage /> },
  { path: 'products/import', element: <ProductImportPage /> },
];
