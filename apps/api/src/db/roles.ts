import { type Grant, newId } from '@hoppa/core';
import type { Db } from './client.ts';

/** A default role: stable key, display name, grants and whether its users act for every organisation. */
export interface RoleDefinition {
  key: string;
  name: string;
  allOrgs: boolean;
  grants: Grant[];
}

const ALL = ['*'];
const GET = ['GET'];

/** The admin area's lists of methods and boxes, with purchase prices: the provider administrator's (issue 16). */
const ADMIN_LISTS = ['/shipment_methods/list', '/shipment_methods/groups', '/shipment_boxes/list'];

/** What every logged-in role needs to load the apps and switch shops (docs/roles.md "Session"). */
const SESSION: Grant[] = [
  { methods: GET, path: '/current_user' },
  // One's own name, phone and language (settings → User; issue 16): warehouse staff choose their language too.
  { methods: ['PUT'], path: '/current_user' },
  { methods: GET, path: '/current_org_auth' },
  { methods: GET, path: '/current_org' },
  { methods: GET, path: '/orgs' },
  // The shops' logos beside their names (the shops list, the switcher; ADR 0051).
  { methods: GET, path: '/orgs/logo/*' },
  { methods: ['POST'], path: '/orgs/set_curr' },
  { methods: GET, path: '/countries/*' },
  // The address check of every address form (spec 2 §7): reads nothing of anyone's.
  { methods: GET, path: '/o/validate_address*' },
];

/**
 * Reading orders, shipments and products of one's own organisations — without the state-changing
 * GETs of the catalogue in those areas (link/unlink, platform sync, the weekly report mail).
 */
const READ_MERCHANT: Grant[] = [
  // The order search by number answers a merchant their own orders (tenant-scoped; deleting is the admin's).
  { methods: GET, path: '/orders*', except: ['/orders/weekly_report*'] },
  { methods: GET, path: '/order/*' },
  { methods: GET, path: '/shipments*' },
  { methods: GET, path: '/products*', except: ['/products/sync/*'] },
  { methods: GET, path: '/product/*', except: ['/product/link/*', '/product/unlink/*'] },
  { methods: GET, path: '/products_org/*' },
  { methods: GET, path: '/shipment_methods*', except: ADMIN_LISTS },
  { methods: GET, path: '/shipment_boxes*', except: ADMIN_LISTS },
  // The surcharges a product may carry (the product card's selector; issue 15).
  { methods: GET, path: '/surcharges' },
  { methods: GET, path: '/report/*' },
  { methods: GET, path: '/user/orders/fulfilled' },
  { methods: GET, path: '/order_attachments/*' },
  { methods: GET, path: '/returns/*' },
  { methods: GET, path: '/inbound*' },
  { methods: GET, path: '/inbound_item/*' },
  { methods: GET, path: '/inventory/org/checked_in' },
  { methods: GET, path: '/pending-items-report' },
  { methods: GET, path: '/automations/*' },
  { methods: GET, path: '/most_sold_product' },
  { methods: GET, path: '/stock/*' },
  // The BATCH link of a shipment (spec 1 §7 direct call; issue 13).
  { methods: GET, path: '/test/batch/*' },
];

/**
 * The default roles (docs/roles.md explains every grant). Grants use `*` per area so routes added to an
 * area later are covered; `except` keeps admin-only or state-changing GETs out of read-only grants.
 */
export const DEFAULT_ROLES: RoleDefinition[] = [
  {
    key: 'provider_admin',
    name: 'Provider administrator',
    allOrgs: true,
    grants: [{ methods: ALL, path: '/*' }],
  },
  {
    key: 'warehouse_staff',
    name: 'Warehouse staff',
    allOrgs: true,
    grants: [
      ...SESSION,
      // Picking and grouping (spec 2 §7 Pick and grouping).
      { methods: ALL, path: '/pick_list*' },
      { methods: GET, path: '/picking_locations' },
      { methods: GET, path: '/cut_off_groups' },
      { methods: ['POST'], path: '/available-pick-carts' },
      { methods: GET, path: '/orders-by-picked-location/*' },
      { methods: ['POST'], path: '/process-product-scan' },
      // Locations and stock on the floor (spec 2 §7 Locations).
      { methods: ALL, path: '/locations/*' },
      { methods: ALL, path: '/location/*' },
      { methods: GET, path: '/transfers/*' },
      { methods: ['POST'], path: '/correct_stock*' },
      { methods: GET, path: '/stock/*' },
      // Products: read, plus the floor's product actions (recount, transfers, locations, labels).
      { methods: GET, path: '/products*', except: ['/products/sync/*'] },
      { methods: GET, path: '/products_org/*' },
      { methods: GET, path: '/product/*', except: ['/product/link/*', '/product/unlink/*'] },
      { methods: ['POST'], path: '/product/recount/*' },
      { methods: ['POST', 'DELETE'], path: '/product/transfer/*' },
      { methods: ['POST'], path: '/product/new_transfer/*' },
      { methods: ['POST'], path: '/product/assign_location' },
      { methods: ['PUT'], path: '/product/switch_loc_position' },
      { methods: ['POST'], path: '/product/label/*' },
      // Packing station: open orders, shipping, labels and packing slips (spec 1 §4, §7).
      { methods: GET, path: '/orders' },
      { methods: GET, path: '/orders/open/*' },
      { methods: GET, path: '/orders/search/*' },
      { methods: GET, path: '/order/get/*' },
      { methods: ['POST'], path: '/orders/ship*' },
      // The bol shipment list of a day with each parcel's confirmation to bol (spec 1 §7; ADR 0045).
      { methods: ['POST'], path: '/orders/bol/shipmentlist' },
      { methods: ['POST'], path: '/dhl/ship' },
      { methods: ['POST'], path: '/orders/packing_slip' },
      { methods: ['POST'], path: '/order/labels/*' },
      { methods: ['POST'], path: '/order/shipment_method/*' },
      { methods: ['POST'], path: '/order/shipment_package/*' },
      { methods: ['POST'], path: '/order/shipped/*' },
      { methods: ['PUT'], path: '/order/notes' },
      { methods: GET, path: '/order_attachments/*' },
      { methods: GET, path: '/shipments*' },
      { methods: GET, path: '/shipment_methods*', except: ADMIN_LISTS },
      { methods: GET, path: '/shipment_boxes*', except: ADMIN_LISTS },
      { methods: GET, path: '/surcharges' },
      { methods: GET, path: '/report/*' },
      // Shipments with delivery performance and the order documents (issue 13; spec 1 §2 Shipments, Order card).
      { methods: GET, path: '/orders/*', except: ['/orders/weekly_report*', '/orders/searchOrderId/*'] },
      { methods: GET, path: '/order/packing_list/*' },
      { methods: GET, path: '/order/order_list/*' },
      { methods: GET, path: '/test/batch/*' },
      // Returns desk and inbound check-in (spec 2 §7 Returns, Inbound).
      { methods: ALL, path: '/returns*' },
      { methods: GET, path: '/inbound*' },
      { methods: ['GET', 'PUT', 'POST'], path: '/inbound_item/*' },
      // Check-in: surcharges and reserved locations are dropped with DELETE; items are not (merchants' own).
      { methods: ['DELETE'], path: '/inbound_item/surcharge/*' },
      { methods: ['DELETE'], path: '/inbound_item/reserved_locations/*' },
      { methods: GET, path: '/pending-items-report' },
      { methods: ['GET', 'POST', 'PUT'], path: '/inventory/*' },
      { methods: ['POST'], path: '/labels*' },
      { methods: ['POST'], path: '/checkaddress*' },
      // The route plan of the own drivers (spec 3 §7 sales/routes; GET /orders/drive is under '/orders/*' above).
      { methods: ['POST'], path: '/route_plan' },
      { methods: ['POST'], path: '/routing/*' },
    ],
  },
  {
    key: 'merchant_owner',
    name: 'Merchant owner',
    allOrgs: false,
    grants: [
      ...SESSION,
      ...READ_MERCHANT,
      // Orders: create, import, edit, notes, attachments, restore (spec 1 §7); not shipping (warehouse work).
      { methods: ['POST'], path: '/orders' },
      // The address check with the address in the body (spec 2 §7): a POST that changes nothing, for those who
      // fill address forms (a read-only user may not post at all).
      { methods: ['POST'], path: '/checkaddress*' },
      { methods: ['POST'], path: '/orders/import' },
      { methods: ['POST'], path: '/orders/packing_slip' },
      // Their bol shipments of a day and whether bol took each confirmation (spec 1 §7; ADR 0045).
      { methods: ['POST'], path: '/orders/bol/shipmentlist' },
      { methods: GET, path: '/orders/weekly_report*' },
      { methods: ['PUT'], path: '/order/edit/*' },
      { methods: ['PUT'], path: '/order/notes' },
      { methods: ['POST'], path: '/order/restore' },
      // Accepting a bol customer's cancellation request (ADR 0128): the merchant's decision, not the warehouse's.
      { methods: ['POST'], path: '/order/bol/cancellation/*' },
      { methods: ['POST'], path: '/order/labels/*' },
      { methods: ['POST'], path: '/order/shipment_method/*' },
      { methods: ['POST'], path: '/order/shipment_package/*' },
      { methods: ['POST'], path: '/order_attachments/*' },
      // Products: everything on their own products, imports and automations (spec 3 §7 Products).
      { methods: GET, path: '/products/sync/*' },
      { methods: ['POST'], path: '/products*' },
      // Not where stock lies: putting products on locations, reordering and moving them is warehouse work (issue 9).
      {
        methods: ALL,
        path: '/product/*',
        except: [
          '/product/assign_location',
          '/product/switch_loc_position',
          '/product/transfer/*',
          '/product/new_transfer/*',
        ],
      },
      { methods: ALL, path: '/automation*' },
      // Which of the provider's surcharges apply to their products (the product card; issue 15).
      { methods: ['POST'], path: '/surcharges/select' },
      { methods: ['POST'], path: '/correct_stock*' },
      // Returns and inbound announcements of their own stock (spec 2 §7).
      { methods: ['POST'], path: '/returns/create' },
      { methods: ['POST'], path: '/returns/upload/*' },
      // Not '/inbound*': that would cover /inbound_item/* too, past the exceptions below (counting is warehouse work).
      { methods: ['POST', 'PUT'], path: '/inbound' },
      { methods: ['POST', 'PUT'], path: '/inbound/*' },
      // Their items while pending; counting, placing and surcharges are the warehouse's (issue 10).
      {
        methods: ['POST', 'PUT', 'DELETE'],
        path: '/inbound_item/*',
        except: [
          '/inbound_item/place/*',
          '/inbound_item/submitInboundItem/*',
          '/inbound_item/locations/*',
          '/inbound_item/surcharge/*',
          '/inbound_item/edit/checkin*',
          '/inbound_item/deleteLocation/*',
          '/inbound_item/reserved_locations/*',
          '/inbound_item/addTransfer/*',
        ],
      },
      {
        methods: ['GET', 'POST'],
        path: '/inventory/*',
        // Checking in (announced or direct) puts stock on the warehouse's locations: warehouse work.
        except: ['/inventory/checkin', '/inventory/checkin/*', '/inventory/direct_checkin'],
      },
      // Settings: organisation, users, API connections, subscription and invoices (spec 3 §7).
      { methods: ['POST', 'PUT'], path: '/orgs' },
      // The organisation wizard's EU VAT lookup and the stored VAT exemption PDF (issue 16; ADR 0051).
      { methods: GET, path: '/vat_lookup' },
      { methods: GET, path: '/orgs/vat_exemption/*' },
      { methods: ['PUT'], path: '/orgs/editapis' },
      { methods: GET, path: '/accept_terms' },
      { methods: ['GET', 'POST'], path: '/users' },
      { methods: ['PUT'], path: '/users/licence' },
      { methods: ['POST'], path: '/store-api' },
      { methods: GET, path: '/get-api*' },
      { methods: ['PUT'], path: '/update-api*' },
      // The bol product list of their bol / bol_be connection (a state-changing GET: links offers to products).
      { methods: GET, path: '/bol/products/get/*' },
      { methods: GET, path: '/current_subscr' },
      { methods: ['GET', 'POST', 'PUT'], path: '/subscriptions*' },
      { methods: GET, path: '/plans' },
      // The terms of service PDF of the terms page (issue 16; our path).
      { methods: GET, path: '/terms/*' },
      { methods: GET, path: '/invoice/*' },
    ],
  },
  {
    key: 'merchant_user',
    name: 'Merchant user',
    allOrgs: false,
    grants: [...SESSION, ...READ_MERCHANT],
  },
];

/**
 * Writes the default roles on every start, so new grants reach existing installations (docs/roles.md). A default
 * role the provider's admin edited in the role editor (`roles.edited_at`, issue 16; ADR 0053) keeps its name and
 * grants: only `default_grants` (what this release ships, shown beside the edit) and `all_orgs` follow the code.
 * Roles with other keys are left alone.
 */
export async function syncDefaultRoles(db: Db): Promise<void> {
  for (const role of DEFAULT_ROLES) {
    const grants = JSON.stringify(role.grants);
    await db.query(
      `INSERT INTO roles (id, key, name, grants, default_grants, all_orgs) VALUES ($1, $2, $3, $4, $4, $5)
       ON CONFLICT (key) DO UPDATE SET
         name = CASE WHEN roles.edited_at IS NULL THEN EXCLUDED.name ELSE roles.name END,
         grants = CASE WHEN roles.edited_at IS NULL THEN EXCLUDED.grants ELSE roles.grants END,
         default_grants = EXCLUDED.default_grants,
         all_orgs = EXCLUDED.all_orgs
       WHERE roles.name IS DISTINCT FROM EXCLUDED.name AND roles.edited_at IS NULL
          OR roles.grants IS DISTINCT FROM EXCLUDED.grants AND roles.edited_at IS NULL
          OR roles.default_grants IS DISTINCT FROM EXCLUDED.default_grants
          OR roles.all_orgs IS DISTINCT FROM EXCLUDED.all_orgs`,
      [newId(), role.key, role.name, grants, role.allOrgs],
    );
  }
}

/** Ids of the roles by key, after {@link syncDefaultRoles}. */
export async function roleIds(db: Db): Promise<Record<string, string>> {
  const r = await db.query<{ id: string; key: string }>('SELECT id, key FROM roles');
  return Object.fromEntries(r.rows.map((x) => [x.key, x.id]));
}
