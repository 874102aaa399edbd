/**
 * Every area of the portal, one line each: adding a screen is a folder under features/ with an index.ts, plus one
 * line here (docs/architecture.md, "How to add a screen"). The router, the menu, the i18n resources and the
 * spec-coverage manifest are built from this list.
 */
import { adminArea } from '../features/admin/index.ts';
import { apiConnectionsArea } from '../features/api-connections/index.ts';
import { authArea } from '../features/auth/index.ts';
import { dashboardArea } from '../features/dashboard/index.ts';
import { directCheckinArea } from '../features/direct-checkin/index.ts';
import { homeArea } from '../features/home/index.ts';
import { inboundArea } from '../features/inbound/index.ts';
import { inboundCalendarArea } from '../features/inbound-calendar/index.ts';
import { inboundItemArea } from '../features/inbound-item/index.ts';
import { invoicesArea } from '../features/invoices/index.ts';
import { locationsArea } from '../features/locations/index.ts';
import { newOrderArea } from '../features/new-order/index.ts';
import { orderEditArea } from '../features/order-edit/index.ts';
import { ordersArea } from '../features/orders/index.ts';
import { orgsArea } from '../features/orgs/index.ts';
import { planningArea } from '../features/planning/index.ts';
import { productCardArea } from '../features/product-card/index.ts';
import { productsArea, productTableArea } from '../features/products/index.ts';
import { returnsArea } from '../features/returns/index.ts';
import { salesArea } from '../features/sales/index.ts';
import { shipmentsArea } from '../features/shipments/index.ts';
import { subscriptionsArea } from '../features/subscriptions/index.ts';
import { usersArea } from '../features/users/index.ts';
import type { Area } from './area.ts';
import { plannedArea, settingsArea } from './planned.ts';

export const AREAS: readonly Area[] = [
  authArea,
  homeArea,
  ordersArea,
  shipmentsArea,
  productsArea,
  productTableArea,
  productCardArea,
  returnsArea,
  inboundArea,
  inboundCalendarArea,
  inboundItemArea,
  directCheckinArea,
  orgsArea,
  locationsArea,
  newOrderArea,
  dashboardArea,
  apiConnectionsArea,
  invoicesArea,
  plannedArea,
  settingsArea,
  orderEditArea,
  adminArea,
  usersArea,
  subscriptionsArea,
  planningArea,
  salesArea,
];
