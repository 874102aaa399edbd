/** Dashboard, reports, scoreboard and label print runs (issue 13 items 4–6). Other code reaches the module only here. */

export { shipmentsOfRange } from './pick-pack-report.service.ts';
export { registerReportRoutes } from './reports.routes.ts';
export { startWeeklyReportScheduler } from './weekly-report.service.ts';
