import type { RouteObject } from 'react-router';
import { OpenOrdersPage } from './open-orders-page.tsx';
import { OrderImportPage } from './order-import-page.tsx';

/** Routes of the orders area (spec 1 §2): open orders list (packing station) and order import. */
export const ordersRoutes: RouteObject[] = [
  { path: 'orders', element: <OpenOrdersPage /> },
  { path: 'orders/import', element: <OrderImportPage /> },
];
