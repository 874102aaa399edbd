import {
  type PickConfirmLine,
  pickClaimEndpoint,
  pickConfirmEndpoint,
  pickItemOrdersEndpoint,
  pickLinkEndpoint,
  pickListEndpoint,
  pickOrgsEndpoint,
  pickProblemEndpoint,
  pickReleaseEndpoint,
} from '@hoppa/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { HOT_READ_COMPRESSION } from '../../lib/compression.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { JsonText } from '../../lib/json-text.ts';
import { type RequestContext, route } from '../../lib/route.ts';
import { confirmPicks, getPickItemOrders, type PickActor, pickListText } from './pick.service.ts';
import {
  claimPickItem,
  linkPickLocation,
  listPickOrgs,
  releasePickItem,
  reportPickProblem,
} from './pick-actions.service.ts';

/** One change in one transaction; with an `Idempotency-Key` (the floor's outbox sends one) replayed safely. */
function change<T>(
  ctx: RequestContext,
  req: FastifyRequest,
  fn: (actor: PickActor) => Promise<T>,
): Promise<T> {
  const run = (tx: Db) => fn({ db: tx, orgIds: ctx.orgIds, userId: ctx.user.id });
  return ctx.idempotencyKey ? withIdempotency(ctx, req, run) : ctx.db.transaction(run);
}

/**
 * Registers the pick calls (spec 2 §7 Pick and grouping): the pick list and the order lines behind its items, the idempotent pick confirm, linking a pick
 * location, the shelf problems of the sub-menu, the organisations of the filter, and claims (several pickers).
 */
export function registerPickRoutes(app: FastifyInstance): void {
  // The floor's large hot reads (~200 KB of JSON a call) compressed with less effort (ADR 0079); the pick list's
  // answer is written as JSON text by its service and the database and sent as it is (ADR 0083).
  route(app, pickListEndpoint, async (input, ctx) => new JsonText(await pickListText(ctx, input)), {
    compress: HOT_READ_COMPRESSION,
  });
  route(app, pickItemOrdersEndpoint, async (input, ctx) => getPickItemOrders(ctx, input), {
    compress: HOT_READ_COMPRESSION,
  });
  route(app, pickOrgsEndpoint, async (_input, ctx) => listPickOrgs(ctx));
  route(app, pickLinkEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (actor) => linkPickLocation(actor, body)),
  );
  route(app, pickProblemEndpoint, async ({ body }, ctx, req) =>
    change(ctx, req, (actor) => reportPickProblem(actor, body)),
  );
  route(app, pickClaimEndpoint, async ({ body }, ctx) =>
    claimPickItem({ db: ctx.db, orgIds: ctx.orgIds, userId: ctx.user.id }, body.item_id),
  );
  route(app, pickReleaseEndpoint, async ({ params }, ctx) =>
    releasePickItem({ db: ctx.db, orgIds: ctx.orgIds, userId: ctx.user.id }, params.item_id),
  );

  route(app, pickConfirmEndpoint, async ({ body }, ctx, req) => {
    const picks: PickConfirmLine[] = 'picks' in body ? body.picks : [body];
    return withIdempotency(ctx, req, (tx) =>
      confirmPicks({ db: tx, userId: ctx.user.id, orgIds: ctx.orgIds }, { picks }),
    );
  });
}
