import { type PickConfirmLine, pickConfirmEndpoint, pickListEndpoint } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { withIdempotency } from '../../lib/idempotency.ts';
import { route } from '../../lib/route.ts';
import { confirmPicks, getPickList } from './pick.service.ts';

/** Registers the pick calls (spec 2 §7 Pick and grouping): the pick list and the idempotent pick confirm. */
export function registerPickRoutes(app: FastifyInstance): void {
  route(app, pickListEndpoint, async (input, ctx) => getPickList(ctx, input));

  route(app, pickConfirmEndpoint, async ({ body }, ctx, req) => {
    const picks: PickConfirmLine[] = 'picks' in body ? body.picks : [body];
    return withIdempotency(ctx, req, (tx) =>
      confirmPicks({ db: tx, userId: ctx.user.id, orgIds: ctx.orgIds }, { picks }),
    );
  });
}
