import type { RouteObject } from 'react-router';
import { ShipmentDetailPage } from './shipment-detail-page.tsx';
import { ShipmentsPage } from './shipments-page.tsx';

/** Routes of the shipments area (spec 1 §2 Shipments, Order detail). */
export const shipmentsRoutes: RouteObject[] = [
  { path: 'shipments', element: <ShipmentsPage /> },
  { path: 'shipments/:id', element: <ShipmentDetailPage /> },
];
