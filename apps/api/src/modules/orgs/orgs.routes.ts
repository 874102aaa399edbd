import {
  createOrgEndpoint,
  currentOrgAuthEndpoint,
  currentOrgEndpoint,
  listOrgsEndpoint,
  setCurrOrgEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { AUTH_LIMITS, assertUnderLimits, hit } from '../../lib/rate-limit.ts';
import { route } from '../../lib/route.ts';
import { createOrg, currentOrgAuth, getCurrentOrg, listVisibleOrgs, setCurrentOrg } from './orgs.service.ts';

/** Current organisation, organisation list, switching and creation (spec 2 §7, spec 3 §7 Organisations). */
export async function registerOrgRoutes(app: FastifyInstance): Promise<void> {
  route(app, currentOrgAuthEndpoint, async (_input, ctx) => currentOrgAuth(ctx));
  route(app, currentOrgEndpoint, async (_input, ctx) => getCurrentOrg(ctx));
  route(app, listOrgsEndpoint, async (input, ctx) => listVisibleOrgs(ctx, input));
  route(app, setCurrOrgEndpoint, async (input, ctx) =>
    currentOrgAuth({ ...ctx, user: await setCurrentOrg(ctx, input) }),
  );
  route(app, createOrgEndpoint, async ({ body }, ctx, req) => {
    // Shop creation is open to every signed-up user: limited per address and per user (issue 7).
    const keys = [
      { key: `org-create:ip:${req.ip}`, limit: AUTH_LIMITS.orgCreatePerAddress },
      { key: `org-create:user:${ctx.user.id}`, limit: AUTH_LIMITS.orgCreatePerUser },
    ];
    await assertUnderLimits(ctx.db, keys);
    for (const k of keys) await hit(ctx.db, k.key);
    return createOrg(ctx, { body });
  });
}
