import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_USERS } from './db/seed.ts';
import { seedLiveAdmin } from './db/seed-admin.ts';
import { seedLiveAutomations } from './db/seed-automations.ts';
import { seedBolCancellationRequest, seedLiveConnections } from './db/seed-connections.ts';
import { seedLiveDashboard } from './db/seed-dashboard.ts';
import { seedLiveDelivery } from './db/seed-delivery.ts';
import { seedLiveDrive } from './db/seed-drive.ts';
import { seedLiveGrouping } from './db/seed-grouping.ts';
import { seedLiveInbound } from './db/seed-inbound.ts';
import { seedLiveInvoices } from './db/seed-invoices.ts';
import { seedLiveNewOrders } from './db/seed-new-orders.ts';
import { DEMO_SALES_HISTORY, seedLiveOrders } from './db/seed-orders.ts';
import { seedLiveOrgs } from './db/seed-orgs.ts';
import { seedLiveProductCards } from './db/seed-product-card.ts';
import { seedLiveReturns } from './db/seed-returns.ts';
import { seedLiveSalesLeads } from './db/seed-sales-leads.ts';
import { seedLiveStock } from './db/seed-stock.ts';
import { seedLiveSubscriptions } from './db/seed-subscriptions.ts';
import { seedLiveTracking } from './db/seed-tracking.ts';
import { openPreparedDb } from './db/startup.ts';
import { startHousekeeping } from './lib/housekeeping.ts';
import { closeWorkers } from './lib/workers.ts';
import { warmOrderImport } from './modules/orders/index.ts';
import { startSalesWindowRoller, startStockCountsFolder } from './modules/products/index.ts';
import { startWeeklyReportScheduler } from './modules/reports/index.ts';

// Starts the server: configuration, database (migrated; demo seed on first start), then listen.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

if (!config.databaseUrl) console.log(`Opening PGlite in ${config.dataDir} …`);
const { db, migration, seed } = await openPreparedDb(config);
if (migration.applied.length) {
  console.log(`Database migrated to version ${migration.version} (${migration.applied.join(', ')})`);
}
if (seed) console.log(`First start: demo warehouse loaded (${seed.products} products on ${seed.bins} bins).`);
const seeded = seed !== null;

const app = await buildApp({ config, db });
if (seed && config.demoOrders) {
  // The week of live orders goes through the app's own routes, as users would make them.
  const started = Date.now();
  try {
    const live = await seedLiveOrders(app, db, seed, { salesHistory: DEMO_SALES_HISTORY });
    const s = live.byState;
    console.log(
      `Demo orders: ${live.orders} (${s.open} open, ${s.partly_picked} partly picked, ${s.picked} picked, ` +
        `${s.shipped} shipped, ${s.cancelled} cancelled) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } catch (err) {
    console.error(`The demo orders could not be made: ${(err as Error).message}`);
  }
}
if (seed) {
  // The warehouse's map work and stock moves, through the same routes (zones, cut-off groups, transfers).
  try {
    const stock = await seedLiveStock(app, db);
    console.log(
      `Demo stock: ${stock.transfersDone} transfers done, ${stock.transfersOpen} open, ${stock.locationGroups} zones, ` +
        `${stock.cutOffGroups} cut-off groups.`,
    );
  } catch (err) {
    console.error(`The demo stock moves could not be made: ${(err as Error).message}`);
  }
  // Inbounds per merchant: expected this week, one partly and two checked in last week (issue 10).
  try {
    const ib = await seedLiveInbound(app, db);
    console.log(
      `Demo inbounds: ${ib.expected} expected, ${ib.partly} partly checked in, ${ib.checkedIn} checked in.`,
    );
  } catch (err) {
    console.error(`The demo inbounds could not be made: ${(err as Error).message}`);
  }
}
if (seed && config.demoOrders) {
  // Returns of shipped demo orders in each state, through the returns routes (announced, open, closed).
  try {
    const r = await seedLiveReturns(app, db);
    console.log(`Demo returns: ${r.announced} announced, ${r.open} open, ${r.closed} closed.`);
  } catch (err) {
    console.error(`The demo returns could not be made: ${(err as Error).message}`);
  }
}
if (seed && config.demoOrders) {
  // Order grouping (issue 11 item 3): carts and one grouped order line, through the grouping routes.
  try {
    const g = await seedLiveGrouping(app);
    console.log(
      `Demo grouping: ${g.carts} carts, ${g.grouped} line grouped, ${g.waiting} pick locations to group.`,
    );
  } catch (err) {
    console.error(`The demo grouping could not be made: ${(err as Error).message}`);
  }
  // Orders made by the new order wizard's calls (issue 13): manual ones, one with a PDF attachment, and a B2B pallet.
  try {
    const n = await seedLiveNewOrders(app, db);
    console.log(`Demo wizard orders: ${n.manual} manual, ${n.b2b} B2B, ${n.attachments} with an attachment.`);
  } catch (err) {
    console.error(`The demo wizard orders could not be made: ${(err as Error).message}`);
  }
  // The route plan (spec 3 §7 sales/routes; ADR 0133): the own drivers' method and open orders across the country.
  try {
    const n = await seedLiveDrive(app, db);
    console.log(`Demo route plan: ${n} open orders for the own drivers.`);
  } catch (err) {
    console.error(`The demo drive orders could not be made: ${(err as Error).message}`);
  }
}
if (seed && config.demoOrders) {
  // Delivery performance, notes and editable orders (issue 13): parcels handed over and delivered, red/yellow notes.
  try {
    const d = await seedLiveDelivery(app, db);
    console.log(
      `Demo delivery: ${d.delivered24h} delivered within 24 h, ${d.delivered48h} in 2 days, ${d.late} late, ` +
        `${d.onTheWay} on the way, ${d.notSorted} not sorted; ${d.notes} notes, ${d.editable} merchant-shipped products.`,
    );
  } catch (err) {
    console.error(`The demo deliveries could not be made: ${(err as Error).message}`);
  }
  // The carriers' sorting and delivery-round scans of those parcels, through the tracking job's service (issue 14).
  try {
    const tr = await seedLiveTracking(db);
    console.log(`Demo tracking: ${tr.sorted} parcels sorted, ${tr.outForDelivery} out for delivery.`);
  } catch (err) {
    console.error(`The demo tracking events could not be made: ${(err as Error).message}`);
  }
}
if (seed && config.demoOrders) {
  // The dashboard's second person at work this hour, this hour's labels and two red notes (issue 13 item 4).
  try {
    const d = await seedLiveDashboard(app, db);
    console.log(
      `Demo dashboard: ${d.picks} pieces picked and ${d.shipped} orders shipped by the admin, ${d.redNotes} red notes.`,
    );
  } catch (err) {
    console.error(`The demo dashboard could not be made: ${(err as Error).message}`);
  }
}
if (seed) {
  // The shops' organisation wizard data and one deactivated shop (issue 16), through PUT/POST/DELETE /orgs.
  try {
    await seedLiveOrgs(app, db);
    console.log('Demo shops: wizard data for both merchants, one deactivated shop.');
  } catch (err) {
    console.error(`The demo shops could not be made: ${(err as Error).message}`);
  }
  // Plans, subscriptions, terms and colleagues (issue 16): accepted terms, a subscription and invited users per shop.
  try {
    const n = await seedLiveSubscriptions(app);
    console.log(`Demo subscriptions: ${n} shops subscribed, colleagues invited.`);
  } catch (err) {
    console.error(`The demo subscriptions could not be made: ${(err as Error).message}`);
  }
  // API connections (issue 14): one disabled example bol.com connection per merchant, through POST /store-api.
  try {
    const n = await seedLiveConnections(app, db);
    console.log(`Demo API connections: ${n} disabled examples.`);
  } catch (err) {
    console.error(`The demo API connections could not be made: ${(err as Error).message}`);
  }
  // A bol order whose customer asked to cancel a line (ADR 0128), taken in by the bol intake through that connection.
  if (config.demoOrders)
    try {
      const n = await seedBolCancellationRequest(db);
      console.log(`Demo bol cancellation request: ${n} order taken in.`);
    } catch (err) {
      console.error(`The demo bol cancellation request could not be made: ${(err as Error).message}`);
    }
  // The admin area (issue 16): method groups and costs, box sizes, an XL box, surcharges of every type, via its calls.
  try {
    const a = await seedLiveAdmin(app);
    console.log(
      `Demo admin area: ${a.methods} shipment methods, ${a.boxes} boxes, ${a.surcharges} surcharges.`,
    );
  } catch (err) {
    console.error(`The demo admin area could not be made: ${(err as Error).message}`);
  }
  // The sales dashboard (beta; spec 3 §2): 120 Dutch webshops as leads, three of them ticked 'contacted' via PUT /sales.
  try {
    const s = await seedLiveSalesLeads(app, db);
    console.log(`Demo sales leads: ${s.leads} webshops, ${s.contacted} contacted.`);
  } catch (err) {
    console.error(`The demo sales leads could not be made: ${(err as Error).message}`);
  }
  // The product card (issue 15): notes, customs, default box and method, a photo and a linked child, via its calls.
  try {
    const c = await seedLiveProductCards(app, db);
    console.log(
      c ? `Demo product card: product ${c.parent} with a linked child.` : 'Demo product card: skipped.',
    );
  } catch (err) {
    console.error(`The demo product card could not be made: ${(err as Error).message}`);
  }
}
if (seed && config.demoOrders) {
  // Bundles and automation rules (issue 15): a gift box and a tasting set, two rules, an order each applies to.
  try {
    const m = await seedLiveAutomations(app, db);
    console.log(
      `Demo bundles and rules: ${m.bundles} bundles, ${m.rules} automation rules, ${m.orders} orders.`,
    );
  } catch (err) {
    console.error(`The demo bundles and rules could not be made: ${(err as Error).message}`);
  }
  // Last month's finished work for its invoice (issue 16 item 4): shipped orders, surcharges, an inbound, storage.
  try {
    const inv = await seedLiveInvoices(app, db);
    console.log(
      `Demo invoice ${inv.start} – ${inv.end}: ${inv.shipped} orders shipped, ${inv.surchargedProducts} products ` +
        `with surcharges, ${inv.inboundSurcharges} inbound surcharges.`,
    );
  } catch (err) {
    console.error(`The demo invoice month could not be made: ${(err as Error).message}`);
  }
}
await app.listen({ port: config.port, host: config.host });
// The order import's worker thread starts now and stays, so no import pays its start-up (ADR 0066).
warmOrderImport().catch((err) =>
  app.log.warn(`The import worker could not start: ${(err as Error).message}`),
);
// The weekly report e-mail, once per organisation and week whatever the number of processes (ADR 0042).
if (config.weeklyReportMail) startWeeklyReportScheduler(db, app.hoppa.mail, (msg) => app.log.info(msg));
// The best sellers' kept 30-day window moves to each new warehouse day before the first read of it (ADR 0103).
startSalesWindowRoller(db, (msg) => app.log.info(msg));
// The product counts' rows are folded every minute, so the count read sums a few rows and writes nothing (ADR 0104).
startStockCountsFolder(db, (msg) => app.log.info(msg));
// Stored idempotency keys past their use and long-expired sessions go, a batch an hour (ADR 0130).
startHousekeeping(db, (msg) => app.log.info(msg));

const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const base = `http://${shown}:${config.port}`;
console.log(
  [
    '',
    `Hoppa is running (${db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}${seeded ? ', demo data loaded' : ''})`,
    `  Portal:   ${base}/`,
    `  Floor:    ${base}/floor/`,
    `  API:      ${base}/api`,
    `  API docs: ${base}/api/docs`,
    '',
    'Demo logins:',
    ...Object.values(DEMO_USERS).map((u) => `  ${u.email.padEnd(24)} ${u.password.padEnd(24)} ${u.role}`),
    '',
  ].join('\n'),
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app
      .close()
      .then(() => closeWorkers())
      .then(() => db.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
