import { randomUUID } from 'node:crypto';
import { APP_HEADER, type Inbound, type InboundItem } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from './client.ts';
import { login } from './seed-orders.ts';

/** What {@link seedLiveInbound} made, summed over the demo merchants. */
export interface LiveInboundResult {
  expected: number;
  partly: number;
  checkedIn: number;
}

async function call<T>(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) {
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

/** The Amsterdam date `days` from today, YYYY-MM-DD. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', {
    timeZone: 'Europe/Amsterdam',
  });
}

/**
 * The demo inbounds (issue 10 §6; spec 2 §2 inbound lists, calendar), made through the same calls the portal and the
 * floor make: per demo merchant a pallet expected today, two packages later this week, one package partly checked
 * in (one item placed on a location the finder reserved, not submitted) and two inbounds checked in last week
 * (placed and submitted, their check-in moved to their expected day at 14:00, with their items' submission and their
 * `checkin` ledger rows: the stock arrived then, not when the seed ran). Throws when a call fails.
 */
export async function seedLiveInbound(app: FastifyInstance, db: Db): Promise<LiveInboundResult> {
  const picker = await login(app, 'picker');
  const result: LiveInboundResult = { expected: 0, partly: 0, checkedIn: 0 };
  for (const key of ['bolOwner', 'stroopOwner'] as const) {
    const owner = await login(app, key);
    const org = await call<{ id: string; name: string; contact_person: string | null }>(
      app,
      owner,
      'GET',
      '/current_org',
    );
    const products = (
      await db.query<{ id: string }>(
        'SELECT id FROM products WHERE org_id = $1 AND active ORDER BY created_at, id LIMIT 4',
        [org.id],
      )
    ).rows;
    if (products.length < 2) continue;
    const info = (expected: number, n: number) => ({
      contact_person: org.contact_person ?? org.name,
      contact_person_email: `magazijn+${n}@${key === 'bolOwner' ? 'bakkerijbol.nl' : 'stroopwafel.nl'}`,
      phone: '+31 20 555 0100',
      shipping_address: 'Hoppa Fulfilment, Havenweg 12, 1041 AA Amsterdam',
      track_trace: `3SDEMO${key === 'bolOwner' ? 'B' : 'S'}${String(n).padStart(6, '0')}`,
      expected_delivery: day(expected),
    });
    const items = (n: number) =>
      products.slice(0, n).map((p, i) => ({ product_id: p.id, units: 2 + i, packed_per: 6 * (i + 1) }));
    const announce = (type: string, expected: number, n: number, count: number) =>
      call<Inbound>(app, owner, 'POST', '/inbound', {
        type,
        items: items(count),
        information: info(expected, n),
      });

    await announce('pallet', 0, 1, Math.min(4, products.length));
    await announce('package', 1, 2, 2);
    await announce('package', 2, 3, 1);
    result.expected += 3;

    const place = async (item: InboundItem, amount: number) => {
      const found = await call<InboundItem>(app, picker, 'POST', `/inbound_item/locations/find/${item.id}`, {
        amount: 1,
      });
      const loc = found.reserved_locations[0];
      if (!loc) throw new Error('demo inbound: no free location');
      await call(app, picker, 'POST', `/inbound_item/place/${item.id}`, {
        location_id: loc.location_id,
        amount,
        raw_scan: loc.name,
      });
    };
    const partly = await announce('package', 0, 4, 2);
    await place(partly.items[0] as InboundItem, (partly.items[0] as InboundItem).pieces_expected);
    result.partly++;

    for (const [n, ago] of [
      [5, -7],
      [6, -5],
    ] as const) {
      const ib = await announce(n === 5 ? 'pallet' : 'package', ago, n, 2);
      for (const it of ib.items) {
        await place(it, it.pieces_expected - (n === 6 ? it.packed_per : 0));
        await call(app, picker, 'PUT', `/inbound_item/submitInboundItem/${it.id}`);
      }
      // The calls stamp "now"; as the other demo parts do, SQL moves the moments afterwards to the story's: checked
      // in on its expected day at 14:00 on the warehouse's clock, announced three days before. Its items were
      // submitted then and their pieces placed then, so the items and their `checkin` rows in the stock ledger (by
      // the note placeInbound writes) carry the check-in time, not the moment the seed ran.
      await db.query(
        `UPDATE inbounds SET checked_in_at = (expected_delivery + time '14:00') AT TIME ZONE 'Europe/Amsterdam',
                created_at = expected_delivery - 3
          WHERE id = $1`,
        [ib.id],
      );
      await db.query(
        `UPDATE inbound_items it SET submitted_at = b.checked_in_at, created_at = b.created_at
           FROM inbounds b WHERE b.id = it.inbound_id AND b.id = $1`,
        [ib.id],
      );
      await db.query(
        `UPDATE stock_mutations m SET created_at = b.checked_in_at
           FROM inbound_items it JOIN inbounds b ON b.id = it.inbound_id
          WHERE b.id = $1 AND m.reason = 'checkin' AND m.note = 'inbound item ' || it.id`,
        [ib.id],
      );
      result.checkedIn++;
    }
  }
  return result;
}
