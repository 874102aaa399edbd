import {
  fulfilledOrdersEndpoint,
  labelPrintedEndpoint,
  labelRunEndpoint,
  reportAttentionEndpoint,
  reportOrdersPerDayEndpoint,
  reportPackDetailsEndpoint,
  reportPackEndpoint,
  reportPickEndpoint,
  setupStatusEndpoint,
  weeklyReportEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { systemSql } from '../../db/kysely.ts';
import { route } from '../../lib/route.ts';
import { attentionOrders, fulfilledOrders, ordersPerDay } from './dashboard.service.ts';
import { labelRun, markLabelPrinted } from './label-run.service.ts';
import { packDetails, packReport, pickReport } from './pick-pack-report.service.ts';
import { setupStatus } from './setup-status.service.ts';
import { weeklyReport, weeklyReportMail } from './weekly-report.service.ts';

/** Registers the dashboard, report and print-run calls (issue 13 items 4 and 6; spec 1 §7, spec 2 §7). */
export function registerReportRoutes(app: FastifyInstance): void {
  route(app, reportPickEndpoint, async ({ query }, ctx) => pickReport(ctx, query));
  route(app, reportPackEndpoint, async ({ query }, ctx) => packReport(ctx, query));
  route(app, reportPackDetailsEndpoint, async ({ query }, ctx) => packDetails(ctx, query));
  route(app, reportOrdersPerDayEndpoint, async ({ query }, ctx) => ordersPerDay(ctx, query.days));
  route(app, reportAttentionEndpoint, async ({ query }, ctx) => attentionOrders(ctx, query));
  route(app, fulfilledOrdersEndpoint, async ({ query }, ctx) => fulfilledOrders(ctx, query));
  route(app, weeklyReportEndpoint, async (_input, ctx) => {
    const report = await weeklyReport(ctx);
    const org = ctx.currOrgId
      ? await systemSql(ctx.db)
          .selectFrom('organisations')
          .where('id', '=', ctx.currOrgId)
          .select('name')
          .executeTakeFirst()
      : undefined;
    await app.hoppa.mail.send({
      to: ctx.user.email,
      ...weeklyReportMail(org?.name ?? 'Hoppa', report, ctx.lang),
    });
    return { ...report, sent_to: ctx.user.email };
  });
  route(app, setupStatusEndpoint, async (_input, ctx) =>
    setupStatus({ db: ctx.db, orgIds: [ctx.currOrgId] }),
  );
  route(app, labelRunEndpoint, async ({ query, body }, ctx) => labelRun(ctx, body, query));
  route(app, labelPrintedEndpoint, async ({ params }, ctx) =>
    markLabelPrinted({ db: ctx.db, orgIds: ctx.orgIds, userId: ctx.user.id }, params.id),
  );
}
