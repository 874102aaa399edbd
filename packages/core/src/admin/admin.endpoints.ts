import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  AdminOrderSearchSchema,
  AdminRoleSchema,
  AdminShipmentBoxSchema,
  AdminShipmentMethodSchema,
  AdminSurchargeListQuerySchema,
  AdminSurchargeListSchema,
  AdminSurchargeSchema,
  DeleteOrderQuerySchema,
  DeleteOrderResultSchema,
  MembershipListQuerySchema,
  MembershipListSchema,
  MembershipSchema,
  MembershipUpdateBodySchema,
  RoleCreateBodySchema,
  RoleListQuerySchema,
  RoleListSchema,
  RolePreviewBodySchema,
  RolePreviewSchema,
  RoleUpdateBodySchema,
  SearchOrderParamsSchema,
  ShipmentBoxBodySchema,
  ShipmentBoxListQuerySchema,
  ShipmentBoxListSchema,
  ShipmentMethodBodySchema,
  ShipmentMethodGroupSchema,
  ShipmentMethodListQuerySchema,
  ShipmentMethodListSchema,
  SurchargeBodySchema,
  SurchargePatchSchema,
} from './admin.schema.ts';

const byId = z.object({ id: IdSchema });

/**
 * `GET /shipment_methods/list` (spec 3 §7 Admin): a page of every shipment method (inactive ones too unless
 * `inactive=false`) by group, name and code, with purchase prices: the provider's own figures, so provider staff only.
 */
export const shipmentMethodListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/shipment_methods/list',
  summary: 'Page the shipment methods (admin)',
  query: ShipmentMethodListQuerySchema,
  response: ShipmentMethodListSchema,
  scope: 'provider',
  tags: ['admin'],
});

/** `GET /shipment_methods/groups` (spec 3 §7 Admin): the groups the methods are listed under, with their counts. */
export const shipmentMethodGroupsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/shipment_methods/groups',
  summary: 'The shipment method groups',
  response: z.array(ShipmentMethodGroupSchema),
  scope: 'provider',
  tags: ['admin'],
});

/** `POST /shipment_methods/add` (spec 3 §7 Admin, §5 form rules): a new shipment method. 409 `code_taken`. */
export const shipmentMethodAddEndpoint = defineEndpoint({
  method: 'POST',
  path: '/shipment_methods/add',
  summary: 'Add a shipment method',
  body: ShipmentMethodBodySchema,
  response: AdminShipmentMethodSchema,
  status: 201,
  problems: ['code_taken'],
  scope: 'provider',
  tags: ['admin'],
});

/**
 * `PUT /shipment_methods/:id` (issue 16; no path in the spec): edits a shipment method, the same fields as the add
 * form. 404 for an unknown id, 409 `code_taken`. A code change does not touch shipped orders (they keep the code they
 * shipped with).
 */
export const shipmentMethodUpdateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/shipment_methods/:id',
  summary: 'Edit a shipment method',
  params: byId,
  body: ShipmentMethodBodySchema,
  response: AdminShipmentMethodSchema,
  problems: ['code_taken'],
  scope: 'provider',
  tags: ['admin'],
});

/** `GET /shipment_boxes/list` (spec 3 §7 Admin): a page of the shipment boxes by name, with their costs and sizes. */
export const shipmentBoxListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/shipment_boxes/list',
  summary: 'Page the shipment boxes (admin)',
  query: ShipmentBoxListQuerySchema,
  response: ShipmentBoxListSchema,
  scope: 'provider',
  tags: ['admin'],
});

/** `POST /shipment_boxes/add` (spec 3 §7 Admin): a new shipment box. 409 `code_taken` for a name in use. */
export const shipmentBoxAddEndpoint = defineEndpoint({
  method: 'POST',
  path: '/shipment_boxes/add',
  summary: 'Add a shipment box',
  body: ShipmentBoxBodySchema,
  response: AdminShipmentBoxSchema,
  status: 201,
  problems: ['code_taken'],
  scope: 'provider',
  tags: ['admin'],
});

/** `PUT /shipment_boxes/:id` (issue 16; no path in the spec): edits a shipment box. 404, 409 `code_taken`. */
export const shipmentBoxUpdateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/shipment_boxes/:id',
  summary: 'Edit a shipment box',
  params: byId,
  body: ShipmentBoxBodySchema,
  response: AdminShipmentBoxSchema,
  problems: ['code_taken'],
  scope: 'provider',
  tags: ['admin'],
});

/** `GET /surcharges/list` (spec 3 §7 Admin, §2 Surcharge list): every surcharge by name, paged. */
export const surchargeListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/surcharges/list',
  summary: 'Page the surcharges (admin)',
  query: AdminSurchargeListQuerySchema,
  response: AdminSurchargeListSchema,
  scope: 'provider',
  tags: ['admin'],
});

/** `POST /surcharge/add` (spec 3 §7 Admin, §5): a new surcharge. 409 `code_taken` (codes are unique, any case). */
export const surchargeAddEndpoint = defineEndpoint({
  method: 'POST',
  path: '/surcharge/add',
  summary: 'Add a surcharge',
  body: SurchargeBodySchema,
  response: AdminSurchargeSchema,
  status: 201,
  problems: ['code_taken'],
  scope: 'provider',
  tags: ['admin'],
});

/**
 * `PUT /surcharges/:id` (issue 16; no path in the spec): the surcharge list's in-place edit of name, code, price or
 * note (also type and active). 404, 409 `code_taken`.
 */
export const surchargeUpdateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/surcharges/:id',
  summary: 'Edit a surcharge in place',
  params: byId,
  body: SurchargePatchSchema,
  response: AdminSurchargeSchema,
  problems: ['code_taken'],
  scope: 'provider',
  tags: ['admin'],
});

/**
 * `GET /orders/searchOrderId/:orderId` (spec 3 §7 Admin, §2 Search order): the orders with that order number (or that
 * id) among the organisations the caller acts for — provider staff every shop, a merchant their own (ADR 0053) —
 * deleted ones included, as the admin view of spec 3 §3. 404 when there is none.
 */
export const searchOrderIdEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/searchOrderId/:orderId',
  summary: 'Find an order by number or id',
  params: SearchOrderParamsSchema,
  response: AdminOrderSearchSchema,
  tags: ['admin'],
});

/**
 * `DELETE /orders/searchOrderId/:orderId` (spec 3 §7 Admin; 'this cannot be undone'; ADR 0053): deletes an open or
 * cancelled order softly, in one transaction: picked pieces go back to the locations they were picked from (a ledger
 * row `unpick` each), the lines count as unpicked, the order becomes cancelled and deleted, so it leaves the open
 * orders, the pick list and its aggregate. 409 `order_shipped` for a shipped order (its pieces left the warehouse and
 * it is invoiced), 409 `conflict` for a deleted one, 409 `ambiguous_order` when several shops use the number and no
 * `org_id` says which.
 */
export const deleteOrderEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/orders/searchOrderId/:orderId',
  summary: 'Delete an order (admin, soft)',
  params: SearchOrderParamsSchema,
  query: DeleteOrderQuerySchema,
  response: DeleteOrderResultSchema,
  problems: ['order_shipped', 'conflict', 'ambiguous_order'],
  scope: 'provider',
  tags: ['admin'],
});

/** `GET /roles` (issue 16, Admin: users and groups; no path in the spec): every role with its grants. */
export const roleListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/roles',
  summary: 'The roles and their grants',
  query: RoleListQuerySchema,
  response: RoleListSchema,
  scope: 'provider',
  tags: ['admin'],
});

/** `POST /roles` (issue 16): a new role. 409 `code_taken` for a key in use. */
export const roleCreateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/roles',
  summary: 'Add a role',
  body: RoleCreateBodySchema,
  response: AdminRoleSchema,
  status: 201,
  problems: ['code_taken'],
  scope: 'provider',
  tags: ['admin'],
});

/**
 * `PUT /roles/:id` (issue 16): renames a role and replaces its grants; its users may open what the new grants allow
 * on their next request (the session cache is dropped; ADR 0019, 0053). An edited default role keeps the edit across
 * restarts. 409 `role_locks_out` when the caller's own current role would lose this call.
 */
export const roleUpdateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/roles/:id',
  summary: 'Edit a role',
  params: byId,
  body: RoleUpdateBodySchema,
  response: AdminRoleSchema,
  problems: ['role_locks_out'],
  scope: 'provider',
  tags: ['admin'],
});

/** `POST /roles/:id/reset` (issue 16): a default role back to the grants the application ships. 409 `conflict` for another role. */
export const roleResetEndpoint = defineEndpoint({
  method: 'POST',
  path: '/roles/:id/reset',
  summary: 'Reset a default role',
  params: byId,
  response: AdminRoleSchema,
  problems: ['conflict', 'role_locks_out'],
  scope: 'provider',
  tags: ['admin'],
});

/** `POST /roles/preview` (issue 16): which API calls a list of grants would allow, decided by core's `can()`. */
export const rolePreviewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/roles/preview',
  summary: 'Preview what grants allow',
  body: RolePreviewBodySchema,
  response: RolePreviewSchema,
  scope: 'provider',
  tags: ['admin'],
});

/** `GET /roles/memberships` (issue 16, Admin: users and groups): users with their role per shop, paged. */
export const membershipListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/roles/memberships',
  summary: 'Users and their role per shop',
  query: MembershipListQuerySchema,
  response: MembershipListSchema,
  scope: 'provider',
  tags: ['admin'],
});

/**
 * `PUT /roles/memberships` (issue 16): a user's role in a shop; when it is the user's current shop, the current role
 * changes with it. 404 for a user or shop without that membership or an unknown role.
 */
export const membershipUpdateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/roles/memberships',
  summary: "Change a user's role in a shop",
  body: MembershipUpdateBodySchema,
  response: MembershipSchema,
  scope: 'provider',
  tags: ['admin'],
});
