import type { FloorDb, OutboxRecord, PickRecord } from '../../offline/db.ts';
import { newOutboxId, outboxLabel, pendingFields } from '../../offline/outbox.ts';

/**
 * Records a pick of an item without a pick location (spec 2 §4 Pick flow: the product was scanned, then the location
 * it is taken from): in ONE Dexie transaction a `pick.link` row (`POST /pick_list`: the location becomes the pick
 * location of the item's order lines), then a confirm row per order line from that location, and the pick becomes
 * `queued` on that location. Returns the rows, or null when the pick was not open or has a location already.
 */
export async function enqueueLinkedPick(
  db: FloorDb,
  pickId: string,
  location: { id: string; name: string },
  scanned: string,
  now: number = Date.now(),
  newId: () => string = newOutboxId,
): Promise<OutboxRecord[] | null> {
  return db.transaction('rw', db.picks, db.outbox, async () => {
    const pick = await db.picks.get(pickId);
    if (pick?.status !== 'open' || pick.item.loc_id) return null;
    const located: PickRecord = { ...pick, item: { ...pick.item, loc_id: location.id, rack: location.name } };
    const orders = pick.item.orders.filter((o) => o.qty > 0);
    const rows: OutboxRecord[] = [
      {
        ...pendingFields(pickId, `${location.name} · ${pick.item.product__name.slice(0, 80)}`, now, newId),
        kind: 'pick.link',
        body: {
          link_location: location.id,
          order_ids: [...new Set(orders.map((o) => o.order_id))],
          product_id: pick.item.product__id,
          quantity: orders.reduce((sum, o) => sum + o.qty, 0),
        },
      },
      ...orders.map(
        (o): OutboxRecord => ({
          ...pendingFields(pickId, outboxLabel(located, o.shop_order_id, o.qty), now, newId),
          kind: 'pick.confirm',
          body: { order_line_id: o.order_line_id, quantity: o.qty, location_id: location.id, scanned },
        }),
      ),
    ];
    await db.picks.put({ ...located, status: 'queued', pickedAt: now, scanned });
    await db.outbox.bulkAdd(rows);
    return rows;
  });
}
