import { randomUUID } from 'node:crypto';
import {
  APP_HEADER,
  type AvailablePickCarts,
  type GroupItem,
  type GroupProduct,
  type LocationNode,
  type SetDestinationResult,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { login } from './seed-orders.ts';

/** What {@link seedLiveGrouping} made. */
export interface LiveGroupingResult {
  /** Cart locations made (hall `KARREN`, carts `KAR-01` …). */
  carts: number;
  /** Order lines moved to a cart. */
  grouped: number;
  /** Picked lines still waiting on their pick location for the grouping screen. */
  waiting: number;
}

/** One call as the apps make it (app header, an Idempotency-Key); throws on a failed answer. */
async function call<T>(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'demo', 'idempotency-key': randomUUID() },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 300)
    throw new Error(`demo ${method} ${url} failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as T;
}

/**
 * The order grouping demo (issue 11 item 3; spec 2 §2 Order grouping), through the routes the portal and the floor
 * call: a hall `KARREN` with three carts, then one line of an order with two waiting lines (else the first waiting
 * line) moved to `KAR-01`, so its order has grouped products (only `KAR-01` is accepted for the rest) and the other
 * picked lines wait for the grouping screen. Needs the live demo orders' picked orders; without them it only makes the carts.
 */
export async function seedLiveGrouping(app: FastifyInstance): Promise<LiveGroupingResult> {
  const admin = await login(app, 'admin');
  const picker = await login(app, 'picker');
  const hall = await call<LocationNode>(app, admin, 'GET', '/locations/add/KARREN/null?sequence=900000');
  const carts: LocationNode[] = [];
  for (const n of [1, 2, 3])
    carts.push(
      await call<LocationNode>(
        app,
        admin,
        'GET',
        `/locations/add/KAR-0${n}/${hall.id}?sequence=${900000 + n}`,
      ),
    );
  // An order with two waiting lines, so one goes to KAR-01 and the other is then accepted only there.
  const seen = new Map<string, { item: GroupItem; line: GroupProduct }>();
  let pick: { item: GroupItem; line: GroupProduct } | null = null;
  let first: { item: GroupItem; line: GroupProduct } | null = null;
  for (let skip = 0; skip < 60 && !pick; skip++) {
    const page = await call<AvailablePickCarts>(app, picker, 'POST', '/available-pick-carts', {
      skip,
      capacity: 30,
    });
    const item = page.items[0];
    if (!item) break;
    for (const line of item.products) {
      first ??= { item, line };
      if (seen.has(line.order_id)) {
        pick = seen.get(line.order_id) ?? null;
        break;
      }
      seen.set(line.order_id, { item, line });
    }
  }
  const chosen = pick ?? first;
  let grouped = 0;
  if (chosen && carts[0]) {
    const { item, line } = chosen;
    await call<SetDestinationResult>(app, picker, 'POST', '/process-product-scan', {
      _id: line._id,
      orderId: line.order_id,
      sourceLocationId: item.location_id,
      productEan: line.ean,
      destinationLocationId: carts[0].id,
      quantity: line.quantity,
      product_id: line.product_id,
    });
    grouped++;
  }
  const after = await call<AvailablePickCarts>(app, picker, 'POST', '/available-pick-carts', {
    skip: 0,
    capacity: 30,
  });
  return { carts: carts.length, grouped, waiting: after.total };
}
