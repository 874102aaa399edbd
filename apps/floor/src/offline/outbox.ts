import type { DirectCheckinBody, Inbound, InboundItem, ProductLocations, Return } from '@hoppa/core';
import type {
  DirectDone,
  FloorDb,
  InboundOp,
  MetaValues,
  OutboxFields,
  OutboxRecord,
  OutboxRejection,
  PickRecord,
  ReturnOp,
  StockOp,
} from './db.ts';

/** Generates an outbox id (the Idempotency-Key): a random UUID from Web Crypto. */
export function newOutboxId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The fields of a new outbox row, waiting to be sent: a fresh Idempotency-Key, no attempts yet, due at `now`. Every
 * enqueue builds its rows from this, so the rows of all kinds start alike.
 */
export function pendingFields(
  pickId: string,
  label: string,
  now: number,
  newId: () => string = newOutboxId,
): Omit<OutboxFields, 'seq'> {
  return {
    id: newId(),
    pickId,
    label,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
    lastError: null,
    rejection: null,
  };
}

/** A short readable line for one order line of a pick, shown when the server rejects it. */
export function outboxLabel(pick: PickRecord, shopOrderId: string, quantity: number): string {
  const rack = pick.item.rack || '—';
  return `${quantity}× ${pick.item.product__name.slice(0, 80)} · ${rack} · order ${shopOrderId}`;
}

/**
 * Records a confirmed pick (spec 2 §4 Pick flow): in ONE Dexie transaction the pick becomes `queued`
 * and every order line behind it gets an outbox row (`POST /pick_list/confirm`, one request per line,
 * so a cancelled order never blocks the others). Either all of it is stored or nothing is.
 * Returns the rows written, or null when the pick was not open any more (a double scan, another tab).
 * Throws when the pick has no pick location (the confirm call needs one).
 */
export async function enqueuePick(
  db: FloorDb,
  pickId: string,
  scanned: string,
  now: number = Date.now(),
  newId: () => string = newOutboxId,
): Promise<OutboxRecord[] | null> {
  return db.transaction('rw', db.picks, db.outbox, async () => {
    const pick = await db.picks.get(pickId);
    if (pick?.status !== 'open') return null;
    const locationId = pick.item.loc_id;
    if (!locationId) throw new Error(`Pick ${pickId} has no pick location to confirm`);
    const rows: OutboxRecord[] = pick.item.orders
      .filter((o) => o.qty > 0)
      .map((o) => ({
        ...pendingFields(pickId, outboxLabel(pick, o.shop_order_id, o.qty), now, newId),
        kind: 'pick.confirm',
        body: { order_line_id: o.order_line_id, quantity: o.qty, location_id: locationId, scanned },
      }));
    await db.picks.update(pickId, { status: rows.length ? 'queued' : 'sent', pickedAt: now, scanned });
    if (rows.length) await db.outbox.bulkAdd(rows);
    return rows;
  });
}

/** The outbox `pickId` of a product's location changes: one key per product (its pending marks, the counter). */
export function stockKey(productId: string): string {
  return `stock:${productId}`;
}

/**
 * Queues one change of a product's locations (issue 9, the Locations task): one outbox row, sent in order with the
 * picks, with its own Idempotency-Key, so it is applied once however often the network drops. `label` is the
 * readable line shown if the server refuses it (a newer amount, a location that is not empty).
 */
export async function enqueueStockChange(
  db: FloorDb,
  op: StockOp,
  label: string,
  now: number = Date.now(),
  newId: () => string = newOutboxId,
): Promise<OutboxRecord> {
  const row = stockRow(op, label, now, newId);
  await db.outbox.add(row);
  return row;
}

/** The outbox row of a stock change: keyed by its product (`stock:<product id>`), naming the pick it changed if any. */
function stockRow(
  op: StockOp,
  label: string,
  now: number,
  newId: () => string,
  pickEdit?: string,
): OutboxRecord {
  return {
    ...pendingFields(stockKey(op.product_id), label, now, newId),
    kind: 'stock.change',
    body: op,
    ...(pickEdit === undefined ? {} : { pickEdit }),
  };
}

/**
 * A change the picker makes at the shelf (spec 2 §2 Pick screen sub-menu, §4 recount): in one transaction `pick`, the
 * pick record as changed (moved to its next location, its recount flag raised or cleared, a counted stock), replaces
 * the stored one, and `op` is queued as {@link enqueueStockChange} does, naming the pick in `pickEdit`, so that a pick
 * list download keeps the changed record until its list can know of the change (pick-download.ts `storePickList`).
 * Answers the queued row.
 */
export async function enqueueShelfChange(
  db: FloorDb,
  pick: PickRecord,
  op: StockOp,
  label: string,
  now: number = Date.now(),
  newId: () => string = newOutboxId,
): Promise<OutboxRecord> {
  const row = stockRow(op, label, now, newId, pick.id);
  await db.transaction('rw', db.picks, db.outbox, async () => {
    await db.picks.put(pick);
    await db.outbox.add(row);
  });
  return row;
}

/** Queues one change at the returns desk (issue 12): one outbox row with its own Idempotency-Key. */
export async function enqueueReturnChange(
  db: FloorDb,
  returnId: string,
  op: ReturnOp,
  label: string,
  now: number = Date.now(),
  newId: () => string = newOutboxId,
): Promise<OutboxRecord> {
  const row: OutboxRecord = {
    ...pendingFields(`return:${returnId}`, label, now, newId),
    kind: 'return.change',
    body: op,
  };
  await db.outbox.add(row);
  return row;
}

/** Queues one change of an inbound item while checking in (issue 10): one outbox row with its own Idempotency-Key. */
export async function enqueueInboundChange(
  db: FloorDb,
  inboundId: string,
  op: InboundOp,
  label: string,
  now: number = Date.now(),
  newId: () => string = newOutboxId,
): Promise<OutboxRecord> {
  const row: OutboxRecord = {
    ...pendingFields(`inbound:${inboundId}`, label, now, newId),
    kind: 'inbound.change',
    body: op,
  };
  await db.outbox.add(row);
  return row;
}

/**
 * Queues a direct check-in (issue 10 item 3; spec 2 §2 Direct check-in): one outbox row with its own Idempotency-Key,
 * so a resend after a lost answer makes the inbound once. Rows of direct check-ins share the `direct` key.
 */
export async function enqueueDirectCheckin(
  db: FloorDb,
  body: DirectCheckinBody,
  label: string,
  now: number = Date.now(),
  newId: () => string = newOutboxId,
): Promise<OutboxRecord> {
  const row: OutboxRecord = {
    ...pendingFields(DIRECT_KEY, label, now, newId),
    kind: 'inbound.direct',
    body,
  };
  await db.outbox.add(row);
  return row;
}

/** The `pickId` of every direct check-in row. */
export const DIRECT_KEY = 'direct';
/** How many sent direct check-ins a device remembers. */
const DIRECT_DONE_KEPT = 10;

/** The oldest pending row (strict send order), or undefined when nothing waits. */
export function headOfOutbox(db: FloorDb): Promise<OutboxRecord | undefined> {
  return db.outbox.where('[status+seq]').between(['pending', -Infinity], ['pending', Infinity]).first();
}

/** Number of rows still to send. */
export function pendingCount(db: FloorDb): Promise<number> {
  return db.outbox.where('status').equals('pending').count();
}

/**
 * Number of changes still to send (the status bar's "3 te versturen"): one scan of a pick for two
 * orders writes two rows but is one change for the picker; every other row (a stock change, a return's judgement, a
 * check-in) is one change of its own, also when several belong to one return or product.
 */
export async function pendingScanCount(db: FloorDb): Promise<number> {
  const rows = await db.outbox.where('status').equals('pending').toArray();
  const picks = rows.filter((r) => r.kind === 'pick.confirm' || r.kind === 'pick.link');
  return new Set(picks.map((r) => r.pickId)).size + rows.length - picks.length;
}

/** Rows the server refused for good, oldest first. */
export function rejectedRows(db: FloorDb): Promise<OutboxRecord[]> {
  return db.outbox.where('[status+seq]').between(['rejected', -Infinity], ['rejected', Infinity]).toArray();
}

/**
 * Whether a sent change's answer is a product with its locations (the transport has checked it against the
 * endpoint's schema already; this only tells it from the recount flag's answer, which is not one).
 */
function isProductLocations(x: unknown): x is ProductLocations {
  if (typeof x !== 'object' || x === null) return false;
  const { product, locations } = x as Partial<ProductLocations>;
  return typeof product?.id === 'string' && typeof product.ean === 'string' && Array.isArray(locations);
}

/** Whether a sent returns-desk change's answer is a return (the transport checked it against the schema already). */
function isReturn(x: unknown): x is Return {
  if (typeof x !== 'object' || x === null) return false;
  const { id, return_number, items } = x as Partial<Return>;
  return typeof id === 'string' && typeof return_number === 'string' && Array.isArray(items);
}

/** Whether a sent check-in change's answer is an inbound item (the transport checked it against the schema already). */
function isInbound(x: unknown): x is Inbound {
  if (typeof x !== 'object' || x === null) return false;
  const { id, inbound_number, org_name, pieces_checked_in } = x as Partial<Inbound>;
  return (
    typeof id === 'string' &&
    typeof inbound_number === 'string' &&
    typeof org_name === 'string' &&
    typeof pieces_checked_in === 'number'
  );
}

function isInboundItem(x: unknown): x is InboundItem {
  if (typeof x !== 'object' || x === null) return false;
  const { id, inbound_id, pieces_checked_in } = x as Partial<InboundItem>;
  return typeof id === 'string' && typeof inbound_id === 'string' && typeof pieces_checked_in === 'number';
}

/** An inbound with the given items: its checked-in pieces and extra-work total summed again over them. */
function withItems(inbound: Inbound, items: InboundItem[], status: Inbound['status']): Inbound {
  return {
    ...inbound,
    items,
    status,
    pieces_checked_in: items.reduce((n, it) => n + it.pieces_checked_in, 0),
    surcharge_total_eur: items.reduce((n, it) => n + it.surcharge_total_eur, 0),
  };
}

/**
 * The stored check-in list with one item replaced by the server's answer: the inbound's checked-in pieces are summed
 * again and its status follows the item's `inbound_status` (checked in with its last item). `answeredAt` (ms since
 * epoch, default now) is recorded for the item so that a list download already on its way cannot undo the answer.
 */
export function withInboundItem(
  desk: MetaValues['checkinDesk'],
  item: InboundItem,
  answeredAt = Date.now(),
): MetaValues['checkinDesk'] {
  return {
    ...desk,
    answered: { ...desk.answered, [item.id]: answeredAt },
    inbounds: desk.inbounds.map((ib) =>
      ib.id === item.inbound_id
        ? withItems(
            ib,
            ib.items.map((it) => (it.id === item.id ? item : it)),
            item.inbound_status,
          )
        : ib,
    ),
  };
}

/** The answer stamps (record id → ms stored) at or after `startedAt`: those a download sent then cannot know of. */
function answersSince(
  answered: Record<string, number> | undefined,
  startedAt: number,
): Record<string, number> {
  return Object.fromEntries(Object.entries(answered ?? {}).filter(([, at]) => at >= startedAt));
}

/**
 * The check-in list after a download of the pending inbounds (spec 2 §7) that was sent at `startedAt` (ms since
 * epoch) and answered `downloaded` at `now`. The server's inbounds replace the stored ones, except:
 * - an item whose answer was stored at or after `startedAt` (`before.answered`) keeps that answer: the list was read
 *   on the server before the change it answers, so its copy of the item is older (issue 10: a confirmed item must not
 *   fall back to open because a list crossed the outbox's sending); the inbound's status then follows the newest
 *   such answer;
 * - an inbound the server no longer lists but this device still has changes waiting for (`waiting` holds outbox
 *   pick ids, `inbound:<id>`) stays.
 * Answers older than the download are forgotten: the list already holds what they said. Pure.
 */
export function withDownloadedInbounds(
  before: MetaValues['checkinDesk'] | undefined,
  downloaded: readonly Inbound[],
  waiting: ReadonlySet<string>,
  startedAt: number,
  now: number,
): MetaValues['checkinDesk'] {
  const answered = answersSince(before?.answered, startedAt);
  const inbounds = downloaded.map((ib) => keepNewerAnswers(ib, before, answered));
  const kept = (before?.inbounds ?? []).filter(
    (ib) => waiting.has(`inbound:${ib.id}`) && !downloaded.some((x) => x.id === ib.id),
  );
  return { at: now, inbounds: [...inbounds, ...kept], answered };
}

/**
 * The check-in list with one inbound as `GET /inbound/{id}` answered it (a scanned QR label), sent at `startedAt`:
 * it replaces the stored copy, keeping item answers stored since (as `withDownloadedInbounds`). Pure.
 */
export function withFetchedInbound(
  before: MetaValues['checkinDesk'] | undefined,
  found: Inbound,
  startedAt: number,
  now: number,
): MetaValues['checkinDesk'] {
  const answered = Object.fromEntries(
    Object.entries(before?.answered ?? {}).filter(
      ([id, at]) => at >= startedAt || !found.items.some((it) => it.id === id),
    ),
  );
  return {
    at: before?.at ?? now,
    answered,
    inbounds: [
      ...(before?.inbounds ?? []).filter((ib) => ib.id !== found.id),
      keepNewerAnswers(found, before, answered),
    ],
  };
}

/** `fetched` with each item the device stored an answer for since the read (`answered`) taken from `before`. */
function keepNewerAnswers(
  fetched: Inbound,
  before: MetaValues['checkinDesk'] | undefined,
  answered: Record<string, number>,
): Inbound {
  const stored = before?.inbounds.find((ib) => ib.id === fetched.id);
  const newer = (stored?.items ?? []).filter(
    (it) => answered[it.id] !== undefined && fetched.items.some((f) => f.id === it.id),
  );
  if (newer.length === 0) return fetched;
  const newest = newer.reduce((a, b) => ((answered[b.id] ?? 0) > (answered[a.id] ?? 0) ? b : a));
  return withItems(
    fetched,
    fetched.items.map((it) => newer.find((n) => n.id === it.id) ?? it),
    newest.inbound_status,
  );
}

/**
 * The returns desk with one return replaced by a sent change's answer (`return.change`, the return after the change;
 * issue 12). `answeredAt` (ms since epoch, default now) is recorded for the return, so that an open list or search
 * already on its way cannot put the older return back ({@link withDownloadedReturns}).
 */
export function withAnsweredReturn(
  desk: MetaValues['returnsDesk'],
  returned: Return,
  answeredAt = Date.now(),
): MetaValues['returnsDesk'] {
  return {
    ...desk,
    answered: { ...desk.answered, [returned.id]: answeredAt },
    returns: desk.returns.map((r) => (r.id === returned.id ? returned : r)),
  };
}

/**
 * The returns desk after a download (the open list `GET /returns/open`, or a search `GET /returns/get/{id}`; spec 2
 * §7 Returns) that was sent at `startedAt` (ms since epoch) and answered `found` at `now`: the server's returns
 * replace the stored ones, except that a return whose change's answer was stored at or after `startedAt`
 * (`before.answered`) keeps that answer, whole: the download was read on the server before the change, and the
 * answer is the entire return after it, so newer in every field (an item closed on this device must not come back
 * open because the list crossed the outbox's sending, as when the device comes back online). Answers older than the
 * download are forgotten. Pure.
 */
export function withDownloadedReturns(
  before: MetaValues['returnsDesk'] | undefined,
  found: { query: string; returns: readonly Return[]; total?: number },
  startedAt: number,
  now: number,
): MetaValues['returnsDesk'] {
  const answered = answersSince(before?.answered, startedAt);
  const returns = found.returns.map(
    (r) => (answered[r.id] !== undefined && before?.returns.find((b) => b.id === r.id)) || r,
  );
  return {
    query: found.query,
    at: now,
    returns,
    ...(found.total === undefined ? {} : { total: found.total }),
    answered,
  };
}

/**
 * The server accepted the row: drop it; the pick is `sent` once none of its rows wait any more (stamped `sentAt`, so
 * that a pick list download already on its way does not list it as open again: pick-download.ts `storePickList`).
 * For a change of a
 * product's locations, `answer` (the product with its locations after the change, `ProductLocations`) replaces the
 * stored product in the same transaction, so the screen never shows the change twice (once applied, once queued),
 * stamped `answeredAt` so that a read of the product already on its way keeps it (products.ts `refreshProduct`); the
 * recount flag's call answers no product, so its flag is written on the stored product (else the screen, its queued
 * change gone, shows the flag as it was before); a returns-desk or check-in answer likewise ({@link withAnsweredReturn}, {@link withInboundItem}). A change made with a
 * pick at the shelf ({@link enqueueShelfChange}) stamps that pick in meta `pickEditsSent`, so that a pick list download
 * already on its way keeps the picker's record.
 */
export async function markSent(db: FloorDb, row: OutboxRecord, answer?: unknown): Promise<void> {
  const product = row.kind === 'stock.change' && isProductLocations(answer) ? answer : undefined;
  const returned = row.kind === 'return.change' && isReturn(answer) ? answer : undefined;
  const inboundItem = row.kind === 'inbound.change' && isInboundItem(answer) ? answer : undefined;
  const direct = row.kind === 'inbound.direct' && isInbound(answer) ? answer : undefined;
  await db.transaction('rw', [db.picks, db.outbox, db.products, db.meta], async () => {
    await db.outbox.where('id').equals(row.id).delete();
    if (returned) {
      const desk = (await db.meta.get('returnsDesk'))?.value as MetaValues['returnsDesk'] | undefined;
      if (desk) await db.meta.put({ key: 'returnsDesk', value: withAnsweredReturn(desk, returned) });
    }
    if (direct) {
      const done = ((await db.meta.get('directDone'))?.value as MetaValues['directDone'] | undefined) ?? [];
      const entry: DirectDone = {
        outboxId: row.id,
        inboundId: direct.id,
        inboundNumber: direct.inbound_number,
        orgName: direct.org_name,
        pieces: direct.pieces_checked_in,
        at: Date.now(),
      };
      await db.meta.put({ key: 'directDone', value: [entry, ...done].slice(0, DIRECT_DONE_KEPT) });
    }
    if (inboundItem) {
      const desk = (await db.meta.get('checkinDesk'))?.value as MetaValues['checkinDesk'] | undefined;
      if (desk) await db.meta.put({ key: 'checkinDesk', value: withInboundItem(desk, inboundItem) });
    }
    if (product) {
      const at = Date.now();
      await db.products.put({
        id: product.product.id,
        ean: product.product.ean,
        data: product,
        fetchedAt: at,
        answeredAt: at,
      });
    } else if (row.kind === 'stock.change' && row.body.op === 'recount') {
      const flag = row.body.recount;
      const stored = await db.products.get(row.body.product_id);
      if (stored)
        await db.products.put({
          ...stored,
          data: { ...stored.data, product: { ...stored.data.product, needs_recount: flag } },
          answeredAt: Date.now(),
        });
    }
    if (row.kind === 'stock.change' && row.pickEdit !== undefined) {
      const edits =
        ((await db.meta.get('pickEditsSent'))?.value as MetaValues['pickEditsSent'] | undefined) ?? {};
      await db.meta.put({ key: 'pickEditsSent', value: { ...edits, [row.pickEdit]: Date.now() } });
    }
    const waiting = await db.outbox
      .where('pickId')
      .equals(row.pickId)
      .filter((r) => r.status === 'pending')
      .count();
    const pick = await db.picks.get(row.pickId);
    if (pick && pick.status === 'queued' && waiting === 0)
      await db.picks.update(row.pickId, { status: 'sent', sentAt: Date.now() });
  });
}

/** The server refused the row for good: keep it, marked, with the reason; the pick shows as rejected. */
export async function markRejected(
  db: FloorDb,
  row: OutboxRecord,
  rejection: OutboxRejection,
): Promise<void> {
  await db.transaction('rw', db.picks, db.outbox, async () => {
    await db.outbox.where('id').equals(row.id).modify({ status: 'rejected', rejection });
    if (await db.picks.get(row.pickId)) await db.picks.update(row.pickId, { status: 'rejected' });
  });
}

/** A transient failure: count it and set when to try again. */
export async function markRetry(
  db: FloorDb,
  row: OutboxRecord,
  reason: string,
  nextAttemptAt: number,
): Promise<void> {
  await db.outbox
    .where('id')
    .equals(row.id)
    .modify((r) => {
      r.attempts += 1;
      r.lastError = reason;
      r.nextAttemptAt = nextAttemptAt;
    });
}

/** The picker has read a rejection: remove it from the list. Pending rows cannot be dismissed. */
export async function dismissRejected(db: FloorDb, id: string): Promise<void> {
  await db.outbox
    .where('id')
    .equals(id)
    .filter((r) => r.status === 'rejected')
    .delete();
}
