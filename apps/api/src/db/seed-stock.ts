import { randomUUID } from 'node:crypto';
import { APP_HEADER, type LocationList, type LocationNode, newId } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { applyStockChange } from '../modules/stock/index.ts';
import type { Db } from './client.ts';
import { DEMO_USERS } from './seed.ts';
import { login } from './seed-orders.ts';

/** What {@link seedLiveStock} made. */
export interface LiveStockResult {
  locations: number;
  locationGroups: number;
  cutOffGroups: number;
  transfersDone: number;
  transfersOpen: number;
  errorLocations: number;
}

/** One call as the apps make it (app header, an Idempotency-Key on changes); throws on a failed answer. */
async function call<T>(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: {
      cookie,
      [APP_HEADER]: 'demo',
      ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 300)
    throw new Error(`demo ${method} ${url} failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as T;
}

/**
 * Moves `quantity` pieces of the product location link `linkId` onto the location `to` through the ledger
 * ({@link applyStockChange}: two `transfer` rows with one transfer id, by the demo picker), without the held check of
 * `POST /product/transfer/{id}` (spec 2 §7): the demo's one bin in error (spec 3 §2), which no call makes any more.
 */
async function moveOntoHeldBin(
  db: Db,
  linkId: string,
  to: { id: string; name: string },
  quantity: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const link = (
      await tx.query<{ org_id: string; product_id: string; location_id: string; user_id: string | null }>(
        `SELECT pl.org_id, pl.product_id, pl.location_id,
                (SELECT u.id FROM users u WHERE u.email = $2) AS user_id
           FROM product_locations pl WHERE pl.id = $1`,
        [linkId, DEMO_USERS.picker.email],
      )
    ).rows[0];
    if (!link) throw new Error(`demo move: link ${linkId} not found`);
    const scope = { db: tx, orgIds: [link.org_id] };
    const base = {
      orgId: link.org_id,
      productId: link.product_id,
      reason: 'transfer' as const,
      userId: link.user_id,
      transferId: newId(),
      rawScan: to.id,
    };
    await applyStockChange(scope, {
      ...base,
      locationId: link.location_id,
      delta: -quantity,
      note: `to ${to.name}`,
    });
    await applyStockChange(scope, { ...base, locationId: to.id, delta: quantity, note: null });
  });
}

/**
 * The warehouse work of the demo (issue 9 §5), made through the same calls the portal and the floor make, after
 * {@link seedDemo} laid out the map: a receiving hall `R` with rack `R-01` and its ten bins (added and bulk-created
 * as provider staff do), two location groups (zones) and two cut-off groups for the pick filters, stock moved from
 * pallet places to the receiving bins (done transfers, two ledger rows each), open transfers waiting on pallet places,
 * and one bin in error (two products holding stock on it), so every screen of the map has something to show.
 * Deterministic; throws when a call fails.
 */
export async function seedLiveStock(app: FastifyInstance, db: Db): Promise<LiveStockResult> {
  const admin = await login(app, 'admin');
  const picker = await login(app, 'picker');

  // The map: a receiving hall with one rack of bins, as the admin screen makes them.
  const hall = await call<LocationNode>(app, admin, 'GET', '/locations/add/R/null');
  const rack = await call<LocationNode>(app, admin, 'GET', `/locations/add/R-01/${hall.id}`);
  const bins = (
    await call<{ created: LocationNode[] }>(app, admin, 'POST', '/locations/bulk', {
      parent_id: rack.id,
      from: 1,
      to: 10,
      type: 'rack-box',
    })
  ).created;

  // Zones and cut-off groups for the pick screen's filters.
  const roots = await call<LocationList>(app, picker, 'GET', '/locations/null?limit=50');
  const hallA = roots.items.find((l) => l.name === 'A');
  const hallP = roots.items.find((l) => l.name === 'P');
  const racksA = hallA
    ? (await call<LocationList>(app, picker, 'GET', `/locations/${hallA.id}?limit=5`)).items
    : [];
  const racksP = hallP
    ? (await call<LocationList>(app, picker, 'GET', `/locations/${hallP.id}?limit=10`)).items
    : [];
  await call(app, admin, 'POST', '/location/groups', {
    name: 'Zone A: kleine artikelen',
    location_ids: racksA.map((r) => r.id),
  });
  await call(app, admin, 'POST', '/location/groups', {
    name: 'Zone P: palletplaatsen',
    location_ids: racksP.map((r) => r.id),
  });
  await call(app, admin, 'POST', '/cut_off_groups', {
    name: 'PostNL 17:00',
    cut_off: '17:00',
    method_codes: ['SMF-POSTNL-NL', 'SMF-POSTNL-BE'],
  });
  await call(app, admin, 'POST', '/cut_off_groups', {
    name: 'Lokale bezorging 14:00',
    cut_off: '14:00',
    method_codes: ['LOCAL-NL'],
  });

  // Reserve stock on pallet places: some moves to the receiving bins, some waits as an open transfer.
  const reserve = (
    await db.query<{ link_id: string; product_id: string; stock: number }>(
      `SELECT pl.id AS link_id, pl.product_id, pl.stock
         FROM product_locations pl JOIN locations l ON l.id = pl.location_id
        WHERE l.name LIKE 'P-%' AND pl.stock >= 20
        ORDER BY l.sequence, pl.id LIMIT 8`,
    )
  ).rows;
  let done = 0;
  let open = 0;
  for (const [i, r] of reserve.entries()) {
    if (i < 4 && bins[i]) {
      await call(app, picker, 'POST', `/product/transfer/${r.link_id}`, {
        location_id: bins[i]?.id,
        quantity: 10,
        raw_scan: bins[i]?.id,
      });
      done++;
    } else {
      await call(app, picker, 'POST', '/product/new_transfer/ass', {
        location_product_id: r.link_id,
        quantity: Math.min(r.stock, 12),
      });
      open++;
    }
  }

  // One bin in error: pieces of a second product moved onto a bin that already holds one (spec 3 §2: more than one
  // product). No call of the apps does that any more (a move or an assignment onto a held bin answers 405
  // location_held), so the demo writes that move straight into the ledger, as the transfer call would have: two
  // `transfer` rows of one transfer id, by the picker. It stands for a bin that went wrong on the floor (pieces put
  // on it without a scan), which the map's error status exists to show.
  let errors = 0;
  const first = reserve[0];
  const second = reserve[4] ?? reserve[1];
  if (first && second && bins[0] && second.product_id !== first.product_id) {
    await moveOntoHeldBin(db, second.link_id, bins[0], 3);
    errors++;
  }
  return {
    locations: 2 + bins.length,
    locationGroups: 2,
    cutOffGroups: 2,
    transfersDone: done,
    transfersOpen: open,
    errorLocations: errors,
  };
}
