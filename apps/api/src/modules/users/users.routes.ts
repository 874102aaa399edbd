import { addUsersEndpoint, listUsersEndpoint, userLicenceEndpoint } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { addUsersToShop, rowsOf } from './invite.service.ts';
import { setUserLicence } from './licence.service.ts';
import { listUsers } from './user-list.service.ts';

/** The users of a shop and their licences (spec 3 §2 Users, §7 users; issue 16). */
export function registerUserRoutes(app: FastifyInstance): void {
  const { config, mail } = app.hoppa;
  route(app, listUsersEndpoint, async ({ query }, ctx) => listUsers(ctx, query));
  route(app, addUsersEndpoint, async ({ body }, ctx) =>
    addUsersToShop(
      { db: ctx.db, config, mail },
      { orgId: ctx.currOrgId, invitedBy: inviter(ctx.user) },
      rowsOf(body),
    ),
  );
  route(app, userLicenceEndpoint, async ({ body }, ctx) => setUserLicence(ctx, body));
}

const inviter = (u: { id: string; firstName: string; familyName: string }) => ({
  id: u.id,
  first_name: u.firstName,
  family_name: u.familyName,
});
