import type { RouteObject } from 'react-router';

/** Routes of the shipments area (spec 1 §2 Shipments, Order detail). */
export const shipmentsRoutes: RouteObject[] = [
  { path: 'shipments', element: <p>Shipments</p> },
  { path: 'shipments/:id', element: <p>Shipment</p> },
];
