import type { RouteObject } from 'react-router';

/** Routes of the orders area (spec 1 §2): open orders list and order import. */
export const ordersRoutes: RouteObject[] = [
  { path: 'orders', element: <p>Orders</p> },
  { path: 'orders/import', element: <p>Order import</p> },
];
