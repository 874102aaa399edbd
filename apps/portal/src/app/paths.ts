/**
 * Every path of the portal, once (spec 2 §2 route table, spec 1 §2 dashboard links). Areas declare their routes
 * with the relative form ({@link RoutePath}: a route path outside this list does not compile), menus and tiles
 * link with {@link AppPath}, and screens build links with {@link pathTo}, whose parameters are checked against the
 * path (`pathTo('shipment', { id })`). Plain data, so Node can read it (scripts/spec-coverage.mjs).
 */
import type { PathParam } from 'react-router';

export const PATHS = {
  home: '/home',
  login: '/login',
  signup: '/signup',
  reset: '/reset',
  inboundsReport: '/inbounds-report',
  inboundsReportToken: '/inbounds-report/:token',
  orders: '/orders',
  ordersImport: '/orders/import',
  shipments: '/shipments',
  shipment: '/shipments/:id',
  returnCreate: '/returns/create/:id',
  products: '/products',
  productsImport: '/products/import',
  productsNew: '/products/new',
  productsNewProduct: '/products/new_product',
  product: '/products/:id',
  orgs: '/orgs',
  orgsAdd: '/orgs/add',
  settingsOrg: '/settings/org',
  settingsUsers: '/settings/users',
  settingsUser: '/settings/user',
  settingsInvoices: '/settings/invoices',
  subscriptionsAdd: '/subscriptions/add',
  settingsApis: '/settings/apis',
  settingsApisAdd: '/settings/apis/add',
  settingsBolProducts: '/settings/apis/bol/:api_name',
  settingsUsersAdd: '/settings/users/add',
  settingsUsersImport: '/settings/users/import',
  settingsSubscription: '/settings/subscription',
  subscriptionsTerms: '/subscriptions/terms',
  scanner: '/scanner',
  admin: '/admin',
  adminLocations: '/admin/locations',
  adminTransfers: '/admin/transfers',
  adminShipmentMethod: '/admin/shipment_method',
  adminShipmentMethodAdd: '/admin/shipment_method/add',
  adminShipmentBox: '/admin/shipment_box',
  adminShipmentBoxAdd: '/admin/shipment_box/add',
  adminSurcharge: '/admin/surcharge',
  adminSurchargeAdd: '/admin/surcharge/add',
  adminSearchOrder: '/admin/search_order',
  adminUsers: '/admin/users',
  inboundItem: '/inbound/item',
  inboundItemDetail: '/inbound/item/:id',
  newOrder: '/new_order',
  preNotify: '/pre_notify',
  addInventory: '/add_inventory',
  addInventoryExcel: '/add_inventory_excel',
  checkinInventory: '/checkin_inventory',
  checkinInventoryDetail: '/checkin_inventory/:id',
  inboundDetails: '/inbound_details/:id',
  inventoryTicket: '/products/inventory_ticket',
  overviewCheckin: '/overview_checkin/:id',
  inboundCalendar: '/inbound/calendar',
  checkin: '/checkin',
  orderEdit: '/order/edit/:id',
  scoreboard: '/scoreboard',
  adminLabels: '/admin/labels',
  planning: '/planning',
  sales: '/sales',
} as const;

/** The name of a portal path. */
export type PathKey = keyof typeof PATHS;
/** A portal path as a link or menu entry takes it ('/shipments/:id'). */
export type AppPath = (typeof PATHS)[PathKey];
/** A portal path as an area's route declares it: relative to the root ('shipments/:id'). */
export type RoutePath = AppPath extends infer P ? (P extends `/${infer R}` ? R : never) : never;

type ParamArgs<P extends string> = [PathParam<P>] extends [never]
  ? []
  : [params: Record<PathParam<P>, string>];

/**
 * The URL of path `key` with its parameters filled in (each URL-encoded): `pathTo('shipment', { id: 'ab12' })` →
 * '/shipments/ab12'; a path without parameters takes none; a splat (`*`) takes the rest of the path.
 */
export function pathTo<K extends PathKey>(key: K, ...args: ParamArgs<(typeof PATHS)[K]>): string {
  const params = (args[0] ?? {}) as Record<string, string>;
  return PATHS[key]
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
    .replace(/\/\*$/, params['*'] ? `/${params['*'].split('/').map(encodeURIComponent).join('/')}` : '');
}
