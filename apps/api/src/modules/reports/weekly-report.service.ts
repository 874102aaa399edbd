import {
  amsterdamDay,
  amsterdamDayOf,
  amsterdamWeekStart,
  formatDate,
  WAREHOUSE_TZ,
  type WeeklyReport,
} from '@hoppa/core';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { type DocLang, requesterLang } from '../../lib/lang.ts';
import type { MailTransport } from '../../lib/mail.ts';
import { startScheduled } from '../../lib/scheduled.ts';
import { dayOf, lastDays, placedAndShippedPerDay } from './dashboard.service.ts';

/**
 * The weekly report of the 7 Amsterdam days ending yesterday (spec 2 §7 `GET /orders/weekly_report`, "weekly
 * e-mail of 7 days"): orders placed, orders shipped and pieces picked per day and in total. Placed and shipped come
 * from the counts kept per day and hour (migration 0415, {@link placedAndShippedPerDay}), the pieces picked from a
 * grouped sum of the week's pick mutations on their moment index (migration 0210). `sent_to` is filled by the caller.
 */
export async function weeklyReport(
  ctx: TenantScope,
  now = new Date(),
): Promise<Omit<WeeklyReport, 'sent_to'>> {
  const span = lastDays(7, now, 1);
  const [{ placed, shipped }, picked] = await Promise.all([
    placedAndShippedPerDay(ctx, span),
    tenantSql(ctx)
      .selectFrom('stock_mutations as m')
      .where(orgScope(ctx, 'm'))
      .where('m.reason', '=', 'pick')
      .where('m.created_at', '>=', span.start)
      .where('m.created_at', '<=', span.end)
      .select([dayOf('m.created_at').as('day'), sql<number>`(-sum(m.quantity))::int`.as('n')])
      .groupBy(sql`1`)
      .execute(),
  ]);
  const k = new Map(picked.map((r) => [r.day, r.n]));
  const days = span.days.map((day) => ({
    day,
    orders: placed.get(day) ?? 0,
    shipped: shipped.get(day) ?? 0,
    picked: k.get(day) ?? 0,
  }));
  const sum = (key: 'orders' | 'shipped' | 'picked') => days.reduce((n, d) => n + d[key], 0);
  return {
    start: span.start.toISOString(),
    end: span.end.toISOString(),
    days,
    totals: { orders: sum('orders'), shipped: sum('shipped'), picked: sum('picked') },
  };
}

/** The short weekday names of the mail's days: 'ma', 'di' … in Dutch, 'Mon', 'Tue' … in English. */
const WEEKDAY: Record<DocLang, Intl.DateTimeFormat> = {
  nl: new Intl.DateTimeFormat('nl-NL', { weekday: 'short', timeZone: WAREHOUSE_TZ }),
  en: new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: WAREHOUSE_TZ }),
};

/**
 * A day of the weekly report ('yyyy-MM-dd', an Amsterdam calendar day) as a merchant reads it (spec 2 §7 weekly
 * e-mail; dates DD-MM-YYYY as the apps show them, core `formatDate`): 'ma 30-11-2026' in Dutch, 'Mon 30-11-2026' in
 * English.
 */
export function weeklyReportDay(day: string, lang: DocLang): string {
  const start = amsterdamDayOf(day).start;
  return `${WEEKDAY[lang].format(new Date(start))} ${formatDate(start)}`;
}

/**
 * The weekly report as a plain-text e-mail, Dutch first then English (the mail goes to Dutch webshops; spec 2 §7
 * `GET /orders/weekly_report`, "weekly e-mail of 7 days"). The table's days read as a merchant reads them
 * ({@link weeklyReportDay}) in `lang`, the recipient's language (Dutch unless the recipient is an English user).
 */
export function weeklyReportMail(
  orgName: string,
  report: Omit<WeeklyReport, 'sent_to'>,
  lang: DocLang = 'nl',
) {
  const period = `${formatDate(report.start)} – ${formatDate(report.end)}`;
  const days = report.days.map((d) => weeklyReportDay(d.day, lang));
  const width = Math.max('totaal/total'.length, ...days.map((d) => d.length)) + 1;
  const row = (label: string, n: { orders: number; shipped: number; picked: number }) =>
    `${label.padEnd(width)}${String(n.orders).padStart(6)} ${String(n.shipped).padStart(9)} ${String(n.picked).padStart(9)}`;
  const table = [
    `${'dag/day'.padEnd(width)}orders verzonden   gepickt`,
    ...report.days.map((d, i) => row(days[i] as string, d)),
    row('totaal/total', report.totals),
  ].join('\n');
  return {
    subject: `Weekrapport ${orgName}: ${period}`,
    text:
      `Weekrapport van ${orgName} over ${period}: ${report.totals.orders} orders binnengekomen, ` +
      `${report.totals.shipped} verzonden, ${report.totals.picked} stuks gepickt.\n\n` +
      `Weekly report of ${orgName} for ${period}: ${report.totals.orders} orders received, ` +
      `${report.totals.shipped} shipped, ${report.totals.picked} pieces picked.\n\n${table}\n`,
  };
}

/**
 * Sends the weekly report of every active merchant with a contact e-mail once per ISO week (docs/decisions/
 * 0042-dashboard-reports-and-print-runs.md): each API process may call it; the row of `weekly_report_sends`
 * (organisation, Monday of this week) is inserted first with ON CONFLICT DO NOTHING, so exactly one process
 * wins each week's row and sends. A failed send deletes its row again so a later run retries. Returns how many
 * reports went out.
 */
export async function sendDueWeeklyReports(db: Db, mail: MailTransport, now = new Date()): Promise<number> {
  const weekStart = amsterdamDay(amsterdamWeekStart(now));
  const orgs = await systemSql(db)
    .selectFrom('organisations')
    .where('kind', '=', 'merchant')
    .where('active', '=', true)
    .where('contact_person_email', 'is not', null)
    .select([
      'id',
      'name',
      'contact_person_email',
      // The language of the user the contact address belongs to, when it is one: the mail's days in that language.
      sql<string | null>`(SELECT u.lang FROM users u WHERE lower(u.email) = lower(contact_person_email)
                           ORDER BY u.id LIMIT 1)`.as('lang'),
    ])
    .execute();
  let sent = 0;
  for (const org of orgs) {
    const to = org.contact_person_email as string;
    const scope = { db, orgIds: [org.id] };
    const claimed = await tenantSql(scope)
      .insertInto('weekly_report_sends')
      .values({ org_id: org.id, week_start: sql`${weekStart}::date`, sent_to: to })
      .onConflict((oc) => oc.doNothing())
      .returning('org_id')
      .executeTakeFirst();
    if (!claimed) continue;
    try {
      await mail.send({
        to,
        ...weeklyReportMail(org.name, await weeklyReport(scope, now), requesterLang(org.lang, undefined)),
      });
      sent++;
    } catch (err) {
      await tenantSql(scope)
        .deleteFrom('weekly_report_sends as w')
        .where(orgScope(scope, 'w'))
        .where('w.week_start', '=', sql<Date>`${weekStart}::date`)
        .execute();
      throw err;
    }
  }
  return sent;
}

/**
 * Runs {@link sendDueWeeklyReports} a minute after start and then every hour, in this process (main.ts only;
 * safe with several processes, see there). Returns the stop function.
 */
export function startWeeklyReportScheduler(
  db: Db,
  mail: MailTransport,
  log: (msg: string) => void,
): () => Promise<void> {
  return startScheduled({
    name: 'Weekly reports',
    intervalMs: 3_600_000,
    firstAfterMs: 60_000,
    round: () => sendDueWeeklyReports(db, mail),
    log,
    onDone: (n) => {
      if (n > 0) log(`Weekly reports sent: ${n}`);
    },
  });
}
