import type { RouteObject } from 'react-router';
import type { LayoutHandle } from '../../app/layout/main-layout.tsx';
import { OpenOrdersPage } from './open-orders-page.tsx';
import { OrderImportPage } from './order-import-page.tsx';

/**
 * Routes of the orders area (spec 1 §2): open orders list (packing station, full width for its board)
 * and order import.
 */
export const ordersRoutes: RouteObject[] = [
  { path: 'orders', element: <OpenOrdersPage />, handle: { fullWidth: true } satisfies LayoutHandle },
  { path: 'orders/import', element: <OrderImportPage /> },
];
