import { storeCarrierEvents } from '../modules/tracking/index.ts';
import type { Db } from './client.ts';

/** What {@link seedLiveTracking} added: parcels with a sorting scan and parcels out for delivery. */
export interface LiveTrackingResult {
  sorted: number;
  outForDelivery: number;
}

const HOUR = 3_600_000;

/**
 * The carrier scans of the demo's parcels (issue 14; ADR 0046), stored through the tracking job's own service
 * (`storeCarrierEvents`, as if PostNL had answered the job): every parcel handed to PostNL by {@link seedLiveDelivery}
 * gets its sorting scan (J01 'Zending is gesorteerd', two hours after handing over), a delivered one also the
 * delivery round (J05 'Bezorger is onderweg', three hours before delivery), and every other parcel still on the way is
 * out for delivery now — so the shipments page and the order detail show every icon. Nothing lies in the future.
 */
export async function seedLiveTracking(db: Db, now = new Date()): Promise<LiveTrackingResult> {
  const made: LiveTrackingResult = { sorted: 0, outForDelivery: 0 };
  const parcels = await db.query<{
    id: string;
    org_id: string;
    order_id: string;
    handed_over_at: Date;
    delivered_at: Date | null;
    has_round: boolean;
  }>(
    // has_round: the parcel already has its delivery round (J05), so a later run does not add a second one.
    `SELECT s.id, s.org_id, s.order_id, s.handed_over_at, s.delivered_at,
            EXISTS (SELECT 1 FROM order_events e WHERE e.shipment_id = s.id AND e.code = 'J05') AS has_round
       FROM shipments s JOIN shipment_methods m ON m.code = s.method_code
      WHERE m.carrier = 'postnl' AND s.handed_over_at IS NOT NULL
      ORDER BY s.created_at, s.id`,
  );
  for (const [i, p] of parcels.rows.entries()) {
    const handed = new Date(p.handed_over_at).getTime();
    const events = [];
    const sortedAt = new Date(handed + 2 * HOUR);
    if (sortedAt < now) events.push({ code: 'J01', description: 'Zending is gesorteerd', at: sortedAt });
    const outAt = p.delivered_at
      ? new Date(new Date(p.delivered_at).getTime() - 3 * HOUR)
      : i % 2 === 0
        ? new Date(Math.min(now.getTime() - 5 * 60_000, handed + 20 * HOUR))
        : null;
    // A parcel on the way gets its round 'now' (5 minutes ago): once, so a later run does not add a second round.
    if (outAt && outAt > sortedAt && outAt < now && !p.has_round)
      events.push({ code: 'J05', description: 'Bezorger is onderweg', at: outAt });
    const r = await storeCarrierEvents(db, p, events, now);
    if (r.stored === 0) continue;
    if (events.some((e) => e.code === 'J01')) made.sorted++;
    if (events.some((e) => e.code === 'J05')) made.outForDelivery++;
  }
  return made;
}
