import {
  automationCreateEndpoint,
  automationDeleteEndpoint,
  automationImportEndpoint,
  automationListEndpoint,
  automationUpdateEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { countImport } from '../../lib/rate-limit.ts';
import { route } from '../../lib/route.ts';
import {
  createAutomation,
  deleteAutomation,
  importAutomations,
  listAutomations,
  updateAutomation,
} from './automations.service.ts';

/**
 * Registers the automation calls (issue 15 item 2; spec 3 §7 Automations and `POST /products/import-automations`):
 * list, create, change and delete a product's rules, and the rule import.
 */
export function registerAutomationRoutes(app: FastifyInstance): void {
  route(app, automationListEndpoint, async ({ params, query }, ctx) =>
    listAutomations(ctx, params.product_id, query),
  );
  route(app, automationCreateEndpoint, async ({ body }, ctx) =>
    ctx.db.transaction((tx) => createAutomation({ db: tx, orgIds: ctx.orgIds }, ctx.user.id, body)),
  );
  route(app, automationUpdateEndpoint, async ({ body }, ctx) =>
    ctx.db.transaction((tx) => updateAutomation({ db: tx, orgIds: ctx.orgIds }, body)),
  );
  route(app, automationDeleteEndpoint, async ({ params }, ctx) => deleteAutomation(ctx, params.id));
  route(app, automationImportEndpoint, async ({ body }, ctx, req) => {
    await countImport(ctx.db, 'automations', { userId: ctx.user.id, orgId: ctx.currOrgId, ip: req.ip });
    return importAutomations({ db: ctx.db, orgId: ctx.currOrgId, userId: ctx.user.id }, body);
  });
}
