import { loadConfig } from '../config.ts';
import { openDb } from './client.ts';
import { migrate } from './migrate.ts';
import { syncDefaultRoles } from './roles.ts';
import { DEMO_USERS, isEmpty, seedDemo } from './seed.ts';

// `npm run seed`: migrates, then loads the demo warehouse into an empty database (DATA_DIR or DATABASE_URL).
const config = loadConfig();
const db = await openDb(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await migrate(db);
  await syncDefaultRoles(db);
  if (!(await isEmpty(db))) {
    console.error('The database already has organisations; the demo seed runs only on an empty database.');
    process.exitCode = 1;
  } else {
    const limit = process.env.SEED_PRODUCTS ? Number(process.env.SEED_PRODUCTS) : undefined;
    const r = await seedDemo(db, { products: limit });
    console.log(`Seeded ${r.products} products, ${r.bins} bins, ${r.shipmentMethods} shipment methods.`);
    for (const u of Object.values(DEMO_USERS)) console.log(`  ${u.email} / ${u.password} (${u.role})`);
  }
} finally {
  await db.close();
}
