import type { PickItem } from '@hoppa/core';
import { describe, expect, it, vi } from 'vitest';
import { getMeta } from '../../offline/db.ts';
import { enqueuePick, enqueueShelfChange, markRejected, markSent } from '../../offline/outbox.ts';
import { pickItem, seedPicks, testDb } from '../../test/fixtures.ts';
import { defaultPickFilter, moveToNextLocation } from './pick.rules.ts';
import { completeRounds, downloadPickList, STORE_BATCH, storePickList } from './pick-download.ts';

describe('downloadPickList', () => {
  it('pages with skip until total is reached', async () => {
    const all = Array.from({ length: 7 }, () => pickItem());
    const asked: [number, number][] = [];
    const items = await downloadPickList(async (skip, limit) => {
      asked.push([skip, limit]);
      return { items: all.slice(skip, skip + limit), total: all.length };
    }, 3);
    expect(asked).toEqual([
      [0, 3],
      [3, 3],
      [6, 3],
    ]);
    expect(items.map((i) => i.id)).toEqual(all.map((i) => i.id));
  });

  it('keeps at most maxItems (the offline bound) and asks no more than still fits', async () => {
    const all = Array.from({ length: 9 }, () => pickItem());
    const asked: [number, number][] = [];
    const items = await downloadPickList(
      async (skip, limit) => {
        asked.push([skip, limit]);
        return { items: all.slice(skip, skip + limit), total: all.length };
      },
      3,
      5,
    );
    expect(asked).toEqual([
      [0, 3],
      [3, 2],
    ]);
    expect(items.map((i) => i.id)).toEqual(all.slice(0, 5).map((i) => i.id));
  });

  it('asks a smaller first page when told and reports it before asking the rest (ADR 0076)', async () => {
    const all = Array.from({ length: 12 }, () => pickItem());
    const events: string[] = [];
    const items = await downloadPickList(
      async (skip, limit) => {
        events.push(`page ${skip}+${limit}`);
        return { items: all.slice(skip, skip + limit), total: all.length };
      },
      5,
      100,
      {
        firstPage: 2,
        onFirstPage: (first, total) => events.push(`first ${first.length} of ${total}`),
        beforeRest: async () => {
          await new Promise((r) => setTimeout(r, 5));
          events.push('card painted');
        },
      },
    );
    expect(events).toEqual(['page 0+2', 'first 2 of 12', 'card painted', 'page 2+5', 'page 7+5']);
    expect(items.map((i) => i.id)).toEqual(all.map((i) => i.id));
  });

  it('stops on an empty page even when total promised more', async () => {
    const items = await downloadPickList(async () => ({ items: [], total: 10 }), 3);
    expect(items).toEqual([]);
  });
});

describe('completeRounds', () => {
  it('asks the rest of incomplete rounds in batches of 50 and takes the round as the server has it now', async () => {
    // 60 items whose list carries 3 of 5 orders, one complete item, one whose round was picked meanwhile.
    const partial = Array.from({ length: 60 }, () => pickItem({ lines: [1, 2, 1, 2, 1] }));
    const listed = partial.map((i) => ({ ...i, orders: i.orders.slice(0, 3), round_orders: 5 }));
    const complete = pickItem({ lines: [2, 3] });
    const gone = { ...pickItem({ lines: [1, 1, 1, 1] }), round_orders: 4 };
    const goneListed = { ...gone, orders: gone.orders.slice(0, 3) };
    const asked: string[][] = [];
    const items = await completeRounds([complete, ...listed, goneListed], async (ids) => {
      asked.push(ids);
      return ids.map((id) => {
        const full = partial.find((p) => p.id === id);
        // the server now lacks the last order of each round: someone picked it
        return { id, orders: full ? full.orders.slice(0, 4) : [] };
      });
    });
    expect(asked.map((b) => b.length)).toEqual([50, 11]);
    expect(asked.flat()).not.toContain(complete.id);
    expect(items.map((i) => i.id)).toEqual([complete.id, ...partial.map((i) => i.id)]);
    expect(items[0]).toBe(complete);
    const first = items[1];
    expect(first?.orders).toEqual(partial[0]?.orders.slice(0, 4));
    expect({ qty: first?.qty, round: first?.round_orders }).toEqual({ qty: 6, round: 4 });
  });

  it('asks nothing when every round is listed in full', async () => {
    const items = [pickItem({ lines: [1, 2] }), { ...pickItem({ lines: [3] }), round_orders: 1 }];
    const out = await completeRounds(items, async () => {
      throw new Error('no call expected');
    });
    expect(out).toEqual(items);
  });
});

describe('storePickList', () => {
  const filter = defaultPickFilter(new Date(2026, 0, 10));

  it('replaces the list but keeps picks still waiting in the outbox', async () => {
    const { db } = testDb();
    const [a, b, c] = [pickItem(), pickItem(), pickItem()] as [PickItem, PickItem, PickItem];
    await seedPicks(db, [a, b, c]);
    const [rowA] = (await enqueuePick(db, a.id, a.ean)) ?? [];
    await enqueuePick(db, b.id, b.ean);
    if (rowA) await markSent(db, rowA);
    const d = pickItem();
    // the server still lists b (its pick has not arrived yet) and c, and a new item d
    await storePickList(db, [b, c, d], filter, 42);
    const stored = await db.picks.orderBy('seq').toArray();
    expect(stored.map((p) => [p.id, p.status])).toEqual([
      [b.id, 'queued'],
      [c.id, 'open'],
      [d.id, 'open'],
    ]);
    expect(await db.outbox.count()).toBe(1);
    expect(await getMeta(db, 'lastSync')).toEqual({ at: 42, filter, total: 3 });
  });

  it('hands IndexedDB the records in batches (one short task each), all in one transaction (ADR 0076)', async () => {
    const { db } = testDb();
    const items = Array.from({ length: STORE_BATCH * 2 + 7 }, () => pickItem());
    const bulkPut = vi.spyOn(db.picks, 'bulkPut');
    await storePickList(db, items, filter, 5);
    expect(bulkPut.mock.calls.map(([records]) => records.length)).toEqual([STORE_BATCH, STORE_BATCH, 7]);
    expect((await db.picks.orderBy('seq').toArray()).map((p) => p.id)).toEqual(items.map((i) => i.id));
    // A batch that fails undoes the whole store: the old list and its lastSync stay as they were.
    bulkPut.mockImplementation((async (records: readonly unknown[]) => {
      if (records.length < STORE_BATCH) throw new Error('disk full');
      return '';
    }) as unknown as typeof db.picks.bulkPut);
    await expect(storePickList(db, items.slice(0, STORE_BATCH + 1), filter, 6)).rejects.toThrow('disk full');
    expect(await db.picks.count()).toBe(items.length);
    expect((await getMeta(db, 'lastSync'))?.at).toBe(5);
  });

  it('lists a rejected pick again when the server still has it, keeping the rejection to read', async () => {
    const { db } = testDb();
    const a = pickItem();
    await seedPicks(db, [a]);
    const [row] = (await enqueuePick(db, a.id, a.ean)) ?? [];
    if (row) await markRejected(db, row, { status: 409, code: 'over_pick', message: 'Too many' });
    await storePickList(db, [a], filter, 1);
    expect((await db.picks.get(a.id))?.status).toBe('open');
    expect((await db.outbox.toArray()).map((r) => r.status)).toEqual(['rejected']);
  });

  it('keeps a pick accepted after the download was sent as sent: the list read before it must not reopen it', async () => {
    // The list's pages were read on the server before the pick's confirm, which the outbox sent meanwhile: its answer
    // was stored (row gone, pick sent) before the list landed, and the server's older copy lists it as still to pick.
    const { db } = testDb();
    const [a, b] = [pickItem(), pickItem()] as [PickItem, PickItem];
    await seedPicks(db, [a, b]);
    const [row] = (await enqueuePick(db, a.id, a.ean)) ?? [];
    const startedAt = Date.now();
    if (row) await markSent(db, row);
    await storePickList(db, [a, b], filter, startedAt + 5, startedAt);
    expect((await db.picks.get(a.id))?.status).toBe('sent');
    expect((await db.picks.where('status').equals('open').toArray()).map((p) => p.id)).toEqual([b.id]);
    // A download sent after the answer lists what the server still has there (the item's next round).
    await storePickList(db, [a, b], filter, Date.now() + 10, Date.now() + 1);
    expect((await db.picks.get(a.id))?.status).toBe('open');
  });

  it('keeps a pick moved at the shelf while its problem report waits, and after it was answered during the download', async () => {
    // The picker found the location empty: the pick moved to the product's next location and the report was queued
    // under stock:<product>, not under the pick. A download landing meanwhile must not send the picker back.
    const { db } = testDb();
    const other = { loc_id: 'b'.repeat(24), rack: 'B-09', rack_parent: 'Hal 2', stock: 4 };
    const [a, b] = [pickItem({ other_locations: [other] }), pickItem()] as [PickItem, PickItem];
    await seedPicks(db, [a, b]);
    const pick = await db.picks.get(a.id);
    const moved = pick && moveToNextLocation(pick);
    if (!moved || !a.loc_id) throw new Error('no next location');
    const startedAt = Date.now();
    const row = await enqueueShelfChange(
      db,
      moved,
      { op: 'problem', product_id: a.product__id, location_id: a.loc_id, kind: 'not_present' },
      'Niet aanwezig',
    );
    // The report still waits (offline): the server's list cannot know of it.
    await storePickList(db, [a, b], filter, startedAt + 1, startedAt);
    expect((await db.picks.get(a.id))?.item.loc_id).toBe(other.loc_id);
    // Answered after this download's pages were asked: its list was read before the report, so still kept.
    await markSent(db, row);
    await storePickList(db, [a, b], filter, startedAt + 2, startedAt);
    expect((await db.picks.get(a.id))?.item).toMatchObject({ loc_id: other.loc_id, needs_recount: true });
    expect((await db.picks.where('status').equals('open').toArray()).map((p) => p.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    // A download asked after the answer lists what the server says now (the report is known there).
    const later = Date.now() + 1;
    await storePickList(db, [{ ...a, needs_recount: true }, b], filter, later + 1, later);
    expect((await db.picks.get(a.id))?.item).toMatchObject({ loc_id: a.loc_id, needs_recount: true });
    expect(await getMeta(db, 'pickEditsSent')).toEqual({});
  });

  it("gives a shelf change the server refused back to the server's copy", async () => {
    const { db } = testDb();
    const a = pickItem({ product__stock: 0 });
    await seedPicks(db, [a]);
    const pick = await db.picks.get(a.id);
    if (!pick) throw new Error('no pick');
    const row = await enqueueShelfChange(
      db,
      { ...pick, item: { ...pick.item, needs_recount: true } },
      { op: 'recount', product_id: a.product__id, recount: true },
      'Hertelling',
    );
    await markRejected(db, row, { status: 404, code: 'not_found', message: 'Gone' });
    await storePickList(db, [a], filter, Date.now() + 1, Date.now());
    expect((await db.picks.get(a.id))?.item.needs_recount).toBe(false);
  });

  it('keeps a pick whose other order line still waits after one line was rejected (no second confirm)', async () => {
    const { db } = testDb();
    const a = pickItem({ lines: [1, 2] });
    await seedPicks(db, [a]);
    const [first, second] = (await enqueuePick(db, a.id, a.ean)) ?? [];
    if (first) await markRejected(db, first, { status: 409, code: 'order_cancelled', message: 'Cancelled' });
    expect((await db.picks.get(a.id))?.status).toBe('rejected');
    // Refresh while the second line is still in the outbox (a 503 backoff): the server still lists a
    await storePickList(db, [a], filter, 1);
    expect((await db.picks.get(a.id))?.status).toBe('rejected');
    expect(await enqueuePick(db, a.id, a.ean)).toBeNull();
    expect((await db.outbox.toArray()).map((r) => [r.id, r.status])).toEqual([
      [first?.id, 'rejected'],
      [second?.id, 'pending'],
    ]);
  });
});
