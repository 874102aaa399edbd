import { describe, expect, it } from 'vitest';
import { pickItem, seedPicks, testDb } from '../test/fixtures.ts';
import type { FloorDb, OutboxRecord } from './db.ts';
import { enqueuePick, enqueueReturnChange, pendingCount, pendingScanCount, rejectedRows } from './outbox.ts';
import type { SendOutcome } from './sync.rules.ts';
import { createOutboxSender, type LockManagerLike, type OutboxTransport } from './sync.ts';

/**
 * A stand-in for the API's idempotent confirm: applies each Idempotency-Key once and answers a replay
 * with the first answer. `script` can override what the device sees for the n-th call.
 */
function fakeServer() {
  const applied = new Map<string, { lineId: string; quantity: number }>();
  const calls: { key: string; lineId: string }[] = [];
  const conflicts = new Set<string>();
  let script: ((call: number, row: OutboxRecord) => SendOutcome | 'apply-then-lose' | null) | null = null;
  const transport: OutboxTransport = async (row) => {
    if (row.kind !== 'pick.confirm') throw new Error(`this fake server takes picks only, not ${row.kind}`);
    calls.push({ key: row.id, lineId: row.body.order_line_id });
    const scripted = script?.(calls.length, row) ?? null;
    if (scripted && scripted !== 'apply-then-lose') return scripted;
    if (conflicts.has(row.body.order_line_id) && !applied.has(row.id)) {
      return {
        status: 409,
        body: { statusCode: 409, code: 'order_shipped', message: 'Order is already shipped' },
      };
    }
    if (!applied.has(row.id))
      applied.set(row.id, { lineId: row.body.order_line_id, quantity: row.body.quantity });
    if (scripted === 'apply-then-lose') return { status: 0 };
    return { status: 200, body: { ok: true } };
  };
  return {
    transport,
    applied,
    calls,
    conflicts,
    setScript(s: typeof script) {
      script = s;
    },
    /** How often the server applied a change to each order line. */
    appliedPerLine(): Map<string, number> {
      const m = new Map<string, number>();
      for (const { lineId } of applied.values()) m.set(lineId, (m.get(lineId) ?? 0) + 1);
      return m;
    },
  };
}

/** Manual clock and timer queue, so backoff is driven by the test instead of waiting. */
function fakeTime(start = Date.now() + 60_000) {
  let t = start;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  return {
    now: () => t,
    setTimer: (fn: () => void, ms: number) => {
      const id = next++;
      timers.push({ at: t + ms, fn, id });
      return id;
    },
    clearTimer: (id: unknown) => {
      const i = timers.findIndex((x) => x.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    pending: () => timers.length,
    /** Moves the clock to the earliest timer and fires it. */
    fireNext(): boolean {
      timers.sort((a, b) => a.at - b.at);
      const tm = timers.shift();
      if (!tm) return false;
      t = Math.max(t, tm.at);
      tm.fn();
      return true;
    },
  };
}

async function settle(db: FloorDb, sender: { drain(o?: { force?: boolean }): Promise<void> }) {
  await sender.drain();
  return pendingCount(db);
}

describe('enqueuePick (one Dexie transaction for pick state and outbox)', () => {
  it('marks the pick queued and writes one outbox row per order line with fresh ids', async () => {
    const { db } = testDb();
    const item = pickItem({ lines: [2, 1] });
    await seedPicks(db, [item]);
    const rows = await enqueuePick(db, item.id, item.ean, 5000);
    expect(rows).toHaveLength(2);
    const stored = await db.outbox.orderBy('seq').toArray();
    expect(stored.map((r) => r.body)).toEqual([
      {
        order_line_id: item.orders[0]?.order_line_id,
        quantity: 2,
        location_id: item.loc_id,
        scanned: item.ean,
      },
      {
        order_line_id: item.orders[1]?.order_line_id,
        quantity: 1,
        location_id: item.loc_id,
        scanned: item.ean,
      },
    ]);
    expect(new Set(stored.map((r) => r.id)).size).toBe(2);
    expect(stored.every((r) => r.status === 'pending' && r.pickId === item.id)).toBe(true);
    const pick = await db.picks.get(item.id);
    expect(pick?.status).toBe('queued');
    expect(pick?.pickedAt).toBe(5000);
    // two rows, but one scan for the picker's counter
    expect(await pendingCount(db)).toBe(2);
    expect(await pendingScanCount(db)).toBe(1);
    // Each change at the returns desk counts on its own (three changes to one return are three, not one).
    for (const received_quantity of [1, 2, 3])
      await enqueueReturnChange(
        db,
        'r1',
        { op: 'update', body: { return_id: 'r1', ean: item.ean, received_quantity } },
        'R1',
      );
    expect(await pendingScanCount(db)).toBe(4);
  });

  it('stores nothing when the outbox write fails: the pick stays open', async () => {
    const { db } = testDb();
    const item = pickItem({ lines: [1, 1] });
    await seedPicks(db, [item]);
    // the same id twice violates the unique index on outbox.id inside the transaction
    await expect(enqueuePick(db, item.id, item.ean, 1, () => 'same-key')).rejects.toThrow();
    expect((await db.picks.get(item.id))?.status).toBe('open');
    expect(await db.outbox.count()).toBe(0);
  });

  it('ignores a second scan of a pick that is no longer open', async () => {
    const { db } = testDb();
    const item = pickItem();
    await seedPicks(db, [item]);
    expect(await enqueuePick(db, item.id, item.ean)).toHaveLength(1);
    expect(await enqueuePick(db, item.id, item.ean)).toBeNull();
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('createOutboxSender', () => {
  it('sends in the order the picks were made and marks the picks sent', async () => {
    const { db } = testDb();
    const items = [pickItem(), pickItem({ lines: [1, 3] }), pickItem()];
    await seedPicks(db, items);
    // picked in another order than the list order
    for (const i of [2, 0, 1]) await enqueuePick(db, items[i]?.id ?? '', 'scan');
    const server = fakeServer();
    const sender = createOutboxSender({ db, transport: server.transport });
    expect(await settle(db, sender)).toBe(0);
    const expected = [items[2], items[0], items[1]].flatMap(
      (it) => it?.orders.map((o) => o.order_line_id) ?? [],
    );
    expect(server.calls.map((c) => c.lineId)).toEqual(expected);
    expect((await db.picks.toArray()).every((p) => p.status === 'sent')).toBe(true);
  });

  it('resends with the same key when the answer was lost, and the server applies it once', async () => {
    const { db } = testDb();
    const item = pickItem();
    await seedPicks(db, [item]);
    const [row] = (await enqueuePick(db, item.id, item.ean)) ?? [];
    const server = fakeServer();
    server.setScript((call) => (call === 1 ? 'apply-then-lose' : null));
    const time = fakeTime();
    const sender = createOutboxSender({ db, transport: server.transport, ...time, random: () => 0.5 });
    expect(await settle(db, sender)).toBe(1);
    expect((await db.outbox.toArray())[0]).toMatchObject({
      attempts: 1,
      lastError: 'network',
      status: 'pending',
    });
    expect(time.fireNext()).toBe(true);
    await sender.drain();
    expect(await pendingCount(db)).toBe(0);
    expect(server.calls.map((c) => c.key)).toEqual([row?.id, row?.id]);
    expect(server.appliedPerLine().get(item.orders[0]?.order_line_id ?? '')).toBe(1);
    expect((await db.picks.get(item.id))?.status).toBe('sent');
  });

  it('marks a 409 rejected with its reason, never retries it, and sends the rows behind it', async () => {
    const { db } = testDb();
    const shipped = pickItem();
    const fine = pickItem();
    await seedPicks(db, [shipped, fine]);
    await enqueuePick(db, shipped.id, shipped.ean);
    await enqueuePick(db, fine.id, fine.ean);
    const server = fakeServer();
    server.conflicts.add(shipped.orders[0]?.order_line_id ?? '');
    const sender = createOutboxSender({ db, transport: server.transport });
    expect(await settle(db, sender)).toBe(0);
    const rejected = await rejectedRows(db);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.rejection).toEqual({
      status: 409,
      code: 'order_shipped',
      message: 'Order is already shipped',
    });
    expect((await db.picks.get(shipped.id))?.status).toBe('rejected');
    expect((await db.picks.get(fine.id))?.status).toBe('sent');
    const callsBefore = server.calls.length;
    await sender.drain({ force: true });
    expect(server.calls.length).toBe(callsBefore);
  });

  it('retries a 503 and a network error with growing backoff, holding back the rows behind', async () => {
    const { db } = testDb();
    const a = pickItem();
    const b = pickItem();
    await seedPicks(db, [a, b]);
    await enqueuePick(db, a.id, a.ean);
    await enqueuePick(db, b.id, b.ean);
    const server = fakeServer();
    server.setScript((call) => (call === 1 ? { status: 503 } : call === 2 ? { status: 0 } : null));
    const time = fakeTime();
    const sender = createOutboxSender({ db, transport: server.transport, ...time, random: () => 0.5 });
    await sender.drain();
    let head = (await db.outbox.orderBy('seq').toArray())[0];
    expect(head).toMatchObject({ attempts: 1, lastError: 'HTTP 503', nextAttemptAt: time.now() + 1000 });
    expect(server.calls).toHaveLength(1);
    // a drain before the backoff has passed sends nothing
    await sender.drain();
    expect(server.calls).toHaveLength(1);
    time.fireNext();
    await sender.drain();
    head = (await db.outbox.orderBy('seq').toArray())[0];
    expect(head).toMatchObject({ attempts: 2, lastError: 'network', nextAttemptAt: time.now() + 2000 });
    time.fireNext();
    await sender.drain();
    expect(await pendingCount(db)).toBe(0);
    expect(server.calls.map((c) => c.lineId)).toEqual([
      a.orders[0]?.order_line_id,
      a.orders[0]?.order_line_id,
      a.orders[0]?.order_line_id,
      b.orders[0]?.order_line_id,
    ]);
  });

  it('pauses on 401 until resumed after login, keeping the rows', async () => {
    const { db } = testDb();
    const item = pickItem();
    await seedPicks(db, [item]);
    await enqueuePick(db, item.id, item.ean);
    const server = fakeServer();
    let loggedIn = false;
    server.setScript(() => (loggedIn ? null : { status: 401 }));
    let authAsked = 0;
    const sender = createOutboxSender({
      db,
      transport: server.transport,
      onAuthRequired: () => {
        authAsked += 1;
      },
    });
    await sender.drain();
    expect(sender.paused).toBe(true);
    expect(authAsked).toBe(1);
    await sender.drain({ force: true });
    expect(server.calls).toHaveLength(1);
    expect(await pendingCount(db)).toBe(1);
    loggedIn = true;
    await sender.resume();
    expect(await pendingCount(db)).toBe(0);
    expect(server.appliedPerLine().get(item.orders[0]?.order_line_id ?? '')).toBe(1);
  });

  it('keeps everything over a reload mid-queue and finishes afterwards', async () => {
    const store = testDb('reload-test');
    const items = [pickItem(), pickItem(), pickItem()];
    await seedPicks(store.db, items);
    for (const it of items) await enqueuePick(store.db, it.id, it.ean);
    const keys = (await store.db.outbox.orderBy('seq').toArray()).map((r) => r.id);
    const server = fakeServer();
    // the first row goes through, then the network drops
    server.setScript((call) => (call >= 2 ? { status: 0 } : null));
    const time = fakeTime();
    await createOutboxSender({ db: store.db, transport: server.transport, ...time }).drain();
    expect(await pendingCount(store.db)).toBe(2);

    const db2 = store.reopen();
    expect((await db2.outbox.orderBy('seq').toArray()).map((r) => r.id)).toEqual(keys.slice(1));
    expect((await db2.picks.get(items[0]?.id ?? ''))?.status).toBe('sent');
    expect((await db2.picks.get(items[1]?.id ?? ''))?.status).toBe('queued');
    server.setScript(null);
    await createOutboxSender({ db: db2, transport: server.transport, now: time.now }).drain({ force: true });
    expect(await pendingCount(db2)).toBe(0);
    expect([...server.applied.keys()]).toEqual(keys);
  });

  it('lets only one tab send at a time when a Web Lock is shared', async () => {
    const { db } = testDb();
    const items = [pickItem(), pickItem(), pickItem(), pickItem()];
    await seedPicks(db, items);
    for (const it of items) await enqueuePick(db, it.id, it.ean);
    // a minimal exclusive lock manager shared by two "tabs"
    let chain: Promise<unknown> = Promise.resolve();
    const locks: LockManagerLike = {
      request<T>(_name: string, cb: () => Promise<T>): Promise<T> {
        const run = chain.then(cb);
        chain = run.catch(() => undefined);
        return run;
      },
    };
    const server = fakeServer();
    const slow: OutboxTransport = async (row) => {
      await new Promise((r) => setTimeout(r, 1));
      return server.transport(row);
    };
    const tab1 = createOutboxSender({ db, transport: slow, locks });
    const tab2 = createOutboxSender({ db, transport: slow, locks });
    await Promise.all([tab1.drain(), tab2.drain(), tab1.drain()]);
    expect(await pendingCount(db)).toBe(0);
    expect(server.calls).toHaveLength(4);
    expect(new Set(server.calls.map((c) => c.key)).size).toBe(4);
  });
});
