import {
  type createApiClient,
  PICK_ITEM_MAX_ORDERS,
  PICK_ORDERS_MAX_ITEMS,
  type PickItem,
  type PickItemOrder,
} from '@hoppa/core';
import type { FloorDb, PickFilter, PickRecord } from '../../offline/db.ts';
import { getMeta, setMeta } from '../../offline/db.ts';
import { pickListRequest } from './pick.rules.ts';
import { fetchPickListPage, fetchPickRounds } from './pick-calls.ts';
import { PICK_OFFLINE_MAX_ITEMS } from './pick-first-page.ts';

/** Items per page when downloading; the API allows up to PICK_LIST_MAX_LIMIT. */
export const PICK_PAGE_SIZE = 500;

// The most pick items one download keeps: in pick-first-page.ts, which the first card's file reads too (ADR 0136).
export { PICK_OFFLINE_MAX_ITEMS };

/** One page of the pick list; injected in tests. */
export type PickPageFetcher = (skip: number, limit: number) => Promise<{ items: PickItem[]; total: number }>;

/**
 * Fetches a page of `GET /pick_list/pick/…` (spec 2 §7) for the filter ({@link pickListRequest}: every narrowing
 * filter of the pick screen, located and unlocated lines).
 */
export function apiPickPages(
  client: ReturnType<typeof createApiClient>,
  filter: PickFilter,
): PickPageFetcher {
  const { params, query } = pickListRequest(filter);
  return (skip, limit) => fetchPickListPage(client, { params, query: { ...query, skip, limit } });
}

/** The order lines of each round of the given items (at most PICK_ORDERS_MAX_ITEMS ids); injected in tests. */
export type PickRoundFetcher = (itemIds: string[]) => Promise<{ id: string; orders: PickItemOrder[] }[]>;

/**
 * Fetches the rounds of pick items through `GET /pick_list/orders/…` (issue 8): the same window and order filters as
 * the list ({@link pickListRequest}), one round (PICK_ITEM_MAX_ORDERS order lines, oldest first) per item.
 */
export function apiPickRounds(
  client: ReturnType<typeof createApiClient>,
  filter: PickFilter,
): PickRoundFetcher {
  const { params, query } = pickListRequest(filter);
  const { sequence: _sequence, location_group: _group, ...orderFilters } = query;
  return async (itemIds) =>
    (
      await fetchPickRounds(client, {
        params: { start: params.start, end: params.end, orgs: params.orgs },
        query: { ...orderFilters, items: itemIds.join(','), skip: 0, limit: PICK_ITEM_MAX_ORDERS },
      })
    ).items;
}

/**
 * Completes the rounds of downloaded items for offline picking: a list item carries only the first orders of its round
 * (`round_orders` says how many there are), and the pick confirm needs every order line of it. Items whose round is
 * not complete are asked in batches of PICK_ORDERS_MAX_ITEMS; each gets the round as the server has it now, with `qty`
 * its sum (so the card shows what the confirms take); an item whose round has gone meanwhile (picked elsewhere) is
 * left out. Items listed before `round_orders` existed are complete already.
 */
export async function completeRounds(items: PickItem[], fetchRounds: PickRoundFetcher): Promise<PickItem[]> {
  const incomplete = items.filter((i) => (i.round_orders ?? i.orders.length) > i.orders.length);
  const rounds = new Map<string, PickItemOrder[]>();
  for (let at = 0; at < incomplete.length; at += PICK_ORDERS_MAX_ITEMS) {
    const batch = incomplete.slice(at, at + PICK_ORDERS_MAX_ITEMS).map((i) => i.id);
    for (const r of await fetchRounds(batch)) rounds.set(r.id, r.orders);
  }
  const out: PickItem[] = [];
  for (const item of items) {
    const orders = rounds.get(item.id);
    if (!orders) {
      out.push(item);
      continue;
    }
    if (orders.length === 0) continue;
    out.push({
      ...item,
      orders,
      round_orders: orders.length,
      qty: orders.reduce((sum, o) => sum + o.qty, 0),
      order_id: orders[0]?.shop_order_id ?? item.order_id,
    });
  }
  return out;
}

/** What {@link downloadPickList} may do beyond paging: a smaller first page, and who hears of it first. */
export interface DownloadOptions {
  /** Items asked in the first page (the later pages ask `pageSize`); `pageSize` when not given. */
  firstPage?: number;
  /** Called once with the first page's items and the list's `total`, before the rest is asked. */
  onFirstPage?: (items: PickItem[], total: number) => void;
  /** Awaited after the first page before the rest is asked (the screen paints the card from the first page first). */
  beforeRest?: () => Promise<void>;
}

/**
 * Downloads the pick list page by page until `total` is reached, a page comes back empty, or `maxItems` items are
 * in (the offline bound, {@link PICK_OFFLINE_MAX_ITEMS}; the last page is asked no larger than what still fits).
 * With `options.firstPage` the first page is that size, and `options.onFirstPage` hears of it as soon as it is in.
 */
export async function downloadPickList(
  fetchPage: PickPageFetcher,
  pageSize = PICK_PAGE_SIZE,
  maxItems = PICK_OFFLINE_MAX_ITEMS,
  options: DownloadOptions = {},
): Promise<PickItem[]> {
  const items: PickItem[] = [];
  while (items.length < maxItems) {
    const first = items.length === 0;
    const size = first ? (options.firstPage ?? pageSize) : pageSize;
    const page = await fetchPage(items.length, Math.min(size, maxItems - items.length));
    items.push(...page.items);
    if (first) options.onFirstPage?.(page.items.slice(0, maxItems), page.total);
    if (page.items.length === 0 || items.length >= page.total) break;
    if (first) await options.beforeRest?.();
  }
  return items.slice(0, maxItems);
}

/**
 * Most pick records {@link storePickList} hands IndexedDB in one call (each call's cloning is one main-thread task):
 * 20 records of the demo's list are a few ms at full speed, well under Lighthouse's 50 ms long task at 4×, also
 * when IndexedDB answers two batches in one task (ADR 0076).
 */
export const STORE_BATCH = 20;

/**
 * Stores a downloaded pick list in one transaction (its records in batches of {@link STORE_BATCH}), replacing the previous one but keeping the local
 * progress the server cannot know yet: picks whose outbox rows are still waiting stay as they are (and
 * out of the list) even when the server still lists them; that includes a pick of several order lines
 * of which one was rejected while another still waits, which must not come back as open and be
 * confirmed twice. Other sent and rejected picks are replaced by what the server says now; rejected
 * outbox rows stay for the picker to read. `startedAt` (ms since epoch) is when the download's pages were first asked:
 * a pick the server accepted at or after it (`sentAt`, outbox.ts `markSent`) stays sent too, because the list was
 * read on the server before that pick and would list it as open again (picked twice); the next download lists what
 * is still to pick there. Without `startedAt` no sent pick is kept.
 *
 * A pick the picker changed at the shelf (a problem report moved it to the product's next location, a recount request
 * or a count set or cleared its recount flag or stock; outbox.ts `enqueueShelfChange`) is queued under
 * `stock:<product>`, with the pick named in the row's `pickEdit`: that record stays as the picker left it while the
 * row waits, and when the server accepted the row at or after `startedAt` (meta `pickEditsSent`, outbox.ts
 * `markSent`). A download asked after the acceptance lists what the server says then: a count or recount flag as
 * changed, but after a problem report the product's location as before (the server records the report and raises the
 * recount flag, it does not move the lines), so the edit is not kept past that download; its older `pickEditsSent`
 * entries are dropped. A refused row (rejected) keeps nothing: the server's copy comes back.
 */
export async function storePickList(
  db: FloorDb,
  items: PickItem[],
  filter: PickFilter,
  now: number,
  startedAt?: number,
): Promise<void> {
  await db.transaction('rw', db.picks, db.outbox, db.meta, async () => {
    const waiting = new Set<string>();
    for (const r of await db.outbox.where('status').equals('pending').toArray()) {
      waiting.add(r.pickId);
      if (r.kind === 'stock.change' && r.pickEdit !== undefined) waiting.add(r.pickEdit);
    }
    const answered =
      startedAt === undefined
        ? []
        : (await db.picks.where('status').equals('sent').toArray()).filter(
            (p) => p.sentAt !== undefined && p.sentAt >= startedAt && !waiting.has(p.id),
          );
    // Shelf changes the server accepted since this download's pages were asked; older ones are in its list.
    const editsSent = (await getMeta(db, 'pickEditsSent')) ?? {};
    const editsKept = Object.fromEntries(
      Object.entries(editsSent).filter(([, at]) => startedAt !== undefined && at >= startedAt),
    );
    const keptIds = new Set([...waiting, ...answered.map((p) => p.id)]);
    const edited = Object.keys(editsKept).filter((id) => !keptIds.has(id));
    const keep = [
      ...(await db.picks.bulkGet([...waiting, ...edited])).filter((p) => p !== undefined),
      ...answered,
    ];
    const keepIds = new Set(keep.map((p) => p.id));
    await db.picks.clear();
    const fresh: PickRecord[] = items
      .map((item, seq) => ({
        id: item.id,
        seq,
        item,
        status: 'open' as const,
        pickedAt: null,
        scanned: null,
      }))
      .filter((r) => !keepIds.has(r.id));
    // In batches: IndexedDB clones what a put is given on the main thread, in the call, and the whole list at once made
    // one task of ~75 ms at full speed (~300 ms on a phone 4× slower: Lighthouse counts 250 ms of it as blocking;
    // ADR 0076). Between two batches the page can paint and take a keystroke; the transaction stays one.
    const records = [...keep, ...fresh];
    for (let at = 0; at < records.length; at += STORE_BATCH)
      await db.picks.bulkPut(records.slice(at, at + STORE_BATCH));
    await setMeta(db, 'lastSync', { at: now, filter, total: items.length });
    await setMeta(db, 'pickFilter', filter);
    if (Object.keys(editsSent).length > 0) await setMeta(db, 'pickEditsSent', editsKept);
  });
}
