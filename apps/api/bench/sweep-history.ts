/**
 * A year of inbounds and a backlog of returns written onto the database of the route sweep (route-sweep.bench.ts),
 * so the sweep also times the inbound and returns lists at a growing merchant's scale (issue 8: "every list is paged
 * on the server and stays within its budget at 100,000 orders"; hot-reads.bench.ts seeds orders and shipments only).
 *
 * For Bakkerij Bol of the hot-reads seed it adds, once (the marker is inbound number `HIST-IN-1`):
 * - {@link INBOUNDS_PER_DAY} inbounds a day over the last 365 days, {@link ITEMS_PER_INBOUND} items each: those of the
 *   last {@link PENDING_DAYS} days announced (pending), the older ones checked in;
 * - a return for every {@link RETURN_EVERY}th shipped order (10,000 of the seed's 100,000), one item each (its first
 *   line), registered a day after the order was placed; those of the last {@link OPEN_RETURN_DAYS} days still open.
 *
 * Written by SQL through the tables' own triggers, as hot-reads.bench.ts writes its orders. Run after seeding:
 *
 *   TEST_DATABASE_URL=postgres://hoppa:hoppa@127.0.0.1:5432/hoppa_test ROUTE_SWEEP_DB=hoppa_sweep \
 *     npx tsx apps/api/bench/sweep-history.ts
 *
 * then sweep with `ROUTE_SWEEP_ONLY='return|inbound|inventory'`. Not part of `npm run bench`.
 */
import pg from 'pg';

const INBOUNDS_PER_DAY = 20;
const ITEMS_PER_INBOUND = 8;
const PENDING_DAYS = 7;
const RETURN_EVERY = 10;
const OPEN_RETURN_DAYS = 4;

const testUrl = process.env.TEST_DATABASE_URL;
const dbName = process.env.ROUTE_SWEEP_DB;
if (!testUrl || !dbName || !/^[a-z_][a-z0-9_]*$/.test(dbName)) {
  console.error('sweep-history: needs TEST_DATABASE_URL and ROUTE_SWEEP_DB (a plain database name)');
  process.exit(2);
}
const url = new URL(testUrl);
url.pathname = `/${dbName}`;
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
try {
  const bol = (await db.query<{ org_id: string }>(`SELECT org_id FROM orders WHERE order_id = 'HOT-1'`))
    .rows[0]?.org_id;
  if (!bol) throw new Error(`${dbName} holds no seed of hot-reads.bench.ts (no order HOT-1)`);
  const done = await db.query(`SELECT 1 FROM inbounds WHERE inbound_number = 'HIST-IN-1'`);
  if (done.rowCount) {
    console.log(`sweep-history: ${dbName} already has its history`);
  } else {
    const began = performance.now();
    await db.query('BEGIN');
    // Ids: 24 hex digits, 'c'/'d' first so they never meet the seed's ('b…') or the API's.
    await db.query(
      `INSERT INTO inbounds (id, org_id, inbound_number, type, status, contact_person, contact_person_email, phone,
                             shipping_address, track_trace, expected_delivery, created_at, checked_in_at)
       SELECT 'c' || lpad(to_hex(g), 23, '0'), $1, 'HIST-IN-' || g, (ARRAY['package','pallet','container_other'])[g % 3 + 1],
              CASE WHEN d < $4 THEN 'pending' ELSE 'checked_in' END, 'Inkoop Bakkerij Bol', 'inkoop@bakkerijbol.nl',
              '0612345678', 'Industrieweg 1, Gouda', 'TT' || g, (now() - make_interval(days => d))::date,
              now() - make_interval(days => d + 2, secs => g % 86400),
              CASE WHEN d < $4 THEN NULL ELSE now() - make_interval(days => d, secs => g % 86400) END
       FROM generate_series(1, $2::int * $3::int) g, LATERAL (SELECT (g - 1) / $3::int AS d) x`,
      [bol, 365, INBOUNDS_PER_DAY, PENDING_DAYS],
    );
    await db.query(
      `WITH p AS (SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM products WHERE org_id = $1),
            np AS (SELECT count(*) AS n FROM p)
       INSERT INTO inbound_items (id, inbound_id, org_id, product_id, units, packed_per, pieces_expected,
                                  pieces_checked_in, status, position, created_at, submitted_at)
       SELECT 'd' || lpad(to_hex(i.n * $2::int + k), 23, '0'), i.id, $1, p.id, 4 + k, 6, (4 + k) * 6,
              CASE WHEN i.status = 'checked_in' THEN (4 + k) * 6 ELSE 0 END, i.status, k, i.created_at,
              i.checked_in_at
       FROM (SELECT id, status, created_at, checked_in_at, substr(inbound_number, 9)::int AS n
               FROM inbounds WHERE inbound_number LIKE 'HIST-IN-%') i
       CROSS JOIN generate_series(0, $2::int - 1) k
       JOIN p ON p.n = (i.n * 7 + k * 13) % (SELECT n FROM np)`,
      [bol, ITEMS_PER_INBOUND],
    );
    const admin = (await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@demo.hoppa.nl'`))
      .rows[0]?.id;
    await db.query(
      `INSERT INTO returns (id, org_id, order_id, return_number, tracking_number, carrier, reason, customer_comments,
                            sender, created_by, registered_at, closed_at)
       SELECT 'e' || lpad(to_hex(row_number() OVER (ORDER BY o.id)), 23, '0'), o.org_id, o.id, 'HIST-RT-' || o.order_id, 'HISTRT' || o.order_id, 'postnl',
              (ARRAY['DAMAGED','WRONG_ITEM','NOT_AS_DESCRIBED','REFUSED'])[abs(hashtext(o.id)) % 4 + 1],
              NULL, o.shipment_details, $2, o.placed_at + interval '1 day',
              CASE WHEN o.placed_at + interval '1 day' > now() - make_interval(days => $3) THEN NULL
                   ELSE o.placed_at + interval '3 days' END
       FROM orders o
       WHERE o.org_id = $1 AND o.status = 'shipped' AND o.order_id ~ '^(SHIP|HOT)-[0-9]+$'
         AND split_part(o.order_id, '-', 2)::int % $4 = 0`,
      [bol, admin ?? null, OPEN_RETURN_DAYS, RETURN_EVERY],
    );
    await db.query(
      `INSERT INTO return_items (id, return_id, org_id, order_line_id, product_id, ean, title, expected_quantity,
                                 received_quantity, return_action, fulfilled_at)
       SELECT 'f' || substr(r.id, 2), r.id, r.org_id, l.id, l.product_id, p.ean, p.name, l.quantity,
              CASE WHEN r.closed_at IS NULL THEN NULL ELSE l.quantity END, 'RETURN_RECEIVED', r.closed_at
       FROM returns r
       CROSS JOIN LATERAL (SELECT id, product_id, quantity FROM order_lines WHERE order_id = r.order_id
                             AND product_id IS NOT NULL ORDER BY id LIMIT 1) l
       JOIN products p ON p.id = l.product_id
       WHERE r.return_number LIKE 'HIST-RT-%'`,
    );
    await db.query('COMMIT');
    await db.query('ANALYZE inbounds; ANALYZE inbound_items; ANALYZE returns; ANALYZE return_items');
    console.log(
      `sweep-history: wrote the history onto ${dbName} in ${((performance.now() - began) / 1000).toFixed(1)} s`,
    );
  }
  const counts = await db.query(
    `SELECT (SELECT count(*) FROM inbounds)::int AS inbounds, (SELECT count(*) FROM inbound_items)::int AS inbound_items,
            (SELECT count(*) FROM returns)::int AS returns, (SELECT count(*) FROM returns WHERE closed_at IS NULL)::int AS open_returns`,
  );
  console.log(counts.rows[0]);
} finally {
  await db.end();
}
