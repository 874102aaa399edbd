import type { RouteObject } from 'react-router';

/** Routes of the products area (spec 3 §2): product list and bulk import. */
export const productsRoutes: RouteObject[] = [
  { path: 'products', element: <p>Products</p> },
  { path: 'products/import', element: <p>Product import</p> },
];
