import {
  deleteOrderEndpoint,
  membershipListEndpoint,
  membershipUpdateEndpoint,
  newId,
  roleCreateEndpoint,
  roleListEndpoint,
  rolePreviewEndpoint,
  roleResetEndpoint,
  roleUpdateEndpoint,
  searchOrderIdEndpoint,
  shipmentBoxAddEndpoint,
  shipmentBoxListEndpoint,
  shipmentBoxUpdateEndpoint,
  shipmentMethodAddEndpoint,
  shipmentMethodGroupsEndpoint,
  shipmentMethodListEndpoint,
  shipmentMethodUpdateEndpoint,
  surchargeAddEndpoint,
  surchargeListEndpoint,
  surchargeUpdateEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { deleteOrder, searchOrderId } from './order-admin.service.ts';
import {
  createRole,
  listMemberships,
  listRoles,
  previewGrants,
  resetRole,
  updateMembership,
  updateRole,
} from './roles-admin.service.ts';
import { addShipmentBox, listAdminShipmentBoxes, updateShipmentBox } from './shipment-boxes-admin.service.ts';
import {
  addShipmentMethod,
  listAdminShipmentMethods,
  shipmentMethodGroups,
  updateShipmentMethod,
} from './shipment-methods-admin.service.ts';
import { addSurcharge, listAdminSurcharges, updateSurcharge } from './surcharges-admin.service.ts';

/**
 * Registers the admin area (issue 16 item 5; spec 3 §7 Admin): shipment methods, boxes and surcharges, the order
 * search and soft delete, and the role editor with the users' roles per shop (ADR 0053). Every endpoint is
 * `scope: 'provider'`. A role or membership change drops this process's session cache before answering, so the
 * next request of any user sees it (other processes through the `roles`/`memberships` triggers; ADR 0019).
 */
export function registerAdminRoutes(app: FastifyInstance): void {
  const sessions = app.hoppa.sessions;
  const editor = (ctx: { user: { id: string; role: { id?: string | null } } }) => ({
    userId: ctx.user.id,
    roleId: ctx.user.role.id ?? null,
  });

  route(app, shipmentMethodListEndpoint, ({ query }, ctx) => listAdminShipmentMethods(ctx, query));
  route(app, shipmentMethodGroupsEndpoint, (_input, ctx) => shipmentMethodGroups(ctx.db));
  route(app, shipmentMethodAddEndpoint, ({ body }, ctx) => addShipmentMethod(ctx.db, newId(), body));
  route(app, shipmentMethodUpdateEndpoint, ({ params, body }, ctx) =>
    ctx.db.transaction((tx) => updateShipmentMethod({ db: tx, orgIds: ctx.orgIds }, params.id, body)),
  );

  route(app, shipmentBoxListEndpoint, ({ query }, ctx) => listAdminShipmentBoxes(ctx.db, query));
  route(app, shipmentBoxAddEndpoint, ({ body }, ctx) => addShipmentBox(ctx.db, newId(), body));
  route(app, shipmentBoxUpdateEndpoint, ({ params, body }, ctx) =>
    updateShipmentBox(ctx.db, params.id, body),
  );

  route(app, surchargeListEndpoint, ({ query }, ctx) => listAdminSurcharges(ctx, query));
  route(app, surchargeAddEndpoint, ({ body }, ctx) => addSurcharge(ctx, newId(), body));
  route(app, surchargeUpdateEndpoint, ({ params, body }, ctx) => updateSurcharge(ctx, params.id, body));

  route(app, searchOrderIdEndpoint, ({ params }, ctx) => searchOrderId(ctx, params.orderId));
  route(app, deleteOrderEndpoint, ({ params, query }, ctx) =>
    ctx.db.transaction((tx) =>
      deleteOrder({ db: tx, orgIds: ctx.orgIds }, ctx.user.id, params.orderId, query.org_id),
    ),
  );

  route(app, roleListEndpoint, ({ query }, ctx) => listRoles(ctx.db, query));
  route(app, roleCreateEndpoint, ({ body }, ctx) => createRole(ctx.db, editor(ctx), newId(), body));
  route(app, roleUpdateEndpoint, async ({ params, body }, ctx) => {
    const role = await ctx.db.transaction((tx) => updateRole(tx, editor(ctx), params.id, body));
    sessions.clear();
    return role;
  });
  route(app, roleResetEndpoint, async ({ params }, ctx) => {
    const role = await ctx.db.transaction((tx) => resetRole(tx, editor(ctx), params.id));
    sessions.clear();
    return role;
  });
  route(app, rolePreviewEndpoint, async ({ body }) => previewGrants(app.routeTable, body.grants));
  route(app, membershipListEndpoint, ({ query }, ctx) => listMemberships(ctx.db, query));
  route(app, membershipUpdateEndpoint, async ({ body }, ctx) => {
    const membership = await ctx.db.transaction((tx) => updateMembership(tx, body));
    sessions.forgetUser(body.user_id);
    return membership;
  });
}
