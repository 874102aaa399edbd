import {
  availablePickCartsEndpoint,
  ordersByPickedLocationEndpoint,
  processProductScanEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { route } from '../../lib/route.ts';
import { availablePickCarts, ordersByPickedLocation, setDestination } from './grouping.service.ts';

/**
 * Registers the order grouping calls (issue 11 item 3; spec 2 §7 Pick and grouping): the group items, the orders by
 * picked location and the set-destination scan, which is idempotent with an `Idempotency-Key` like every floor change.
 */
export function registerGroupingRoutes(app: FastifyInstance): void {
  route(app, availablePickCartsEndpoint, async ({ body }, ctx) => availablePickCarts(ctx, body));
  route(app, ordersByPickedLocationEndpoint, async ({ params }, ctx) =>
    ordersByPickedLocation(ctx, params.id),
  );
  route(app, processProductScanEndpoint, async ({ body }, ctx, req) => {
    const run = (tx: Db) => setDestination({ db: tx, orgIds: ctx.orgIds, userId: ctx.user.id }, body);
    return ctx.idempotencyKey ? withIdempotency(ctx, req, run) : ctx.db.transaction(run);
  });
}
