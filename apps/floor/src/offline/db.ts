/**
 * The floor app's offline store (IndexedDB through Dexie). Everything a picker needs to keep working
 * with the network off lives here, and the screens render from it (`useLiveQuery`), never from a
 * network answer directly:
 *
 * - `picks`: the downloaded pick list (spec 2 §3 Pick list item), one row per product and pick
 *   location, with the local progress (open → queued → sent, or rejected). Refresh replaces the
 *   server part and keeps the local progress of picks still waiting in the outbox.
 * - `outbox`: every change a scan made that the server has not confirmed yet, in the order it was
 *   made. Its `id` is generated here and sent as `Idempotency-Key`, so a resend after a lost answer
 *   never applies twice (offline/sync.ts). Rejected rows (409) stay until the picker dismisses them.
 * - `products` (v2): products opened on the Locations task with their locations as the server last answered
 *   (`GET /product/locations/{id}` or the answer of a change), so the task reads them offline; queued changes are
 *   drawn over them (features/locations/locations.rules.ts), never written into them.
 * - `meta`: small key/value facts: the pick filter in use, the skip counter, when the list was last
 *   downloaded. (The last known user, which keeps a reload while offline from sending the picker to login, lives in
 *   localStorage since ADR 0072, app/session-copy.ts; `meta.session` is only read on a device that has no copy there.)
 *
 * Record shapes and their versions live in this one file (the tldraw model): a new field or index is a
 * new `this.version(n)` with an upgrade function, and the shape comment says which version added it.
 * Nothing here is a cache of /api answers in the HTTP sense; the service worker never caches /api.
 */
import type {
  AvailablePickCarts,
  CurrentUser,
  DirectCheckinBody,
  Inbound,
  Org,
  PickConfirmLine,
  PickItem,
  PickLinkBody,
  ProductLocations,
  ReasonValues,
  Return,
  ReturnUpdateBody,
  Surcharge,
} from '@hoppa/core';
import { Dexie, type EntityTable } from 'dexie';
import type { DirectInfo, DirectRow, DirectType } from '../features/direct-checkin/direct-checkin.rules.ts';

/** Local progress of a pick item. */
export type PickStatus =
  /** still to pick */
  | 'open'
  /** confirmed by a scan; at least one outbox row still waiting to be sent */
  | 'queued'
  /** every outbox row of it accepted by the server */
  | 'sent'
  /** the server refused at least one of its order lines (409 etc.), see the outbox row for why */
  | 'rejected';

/**
 * `picks` record, v1: one downloaded pick list item and what the picker did with it.
 * Primary key `id` is the server's stable `PickItem.id` (`<product id>:<location id|none>`).
 */
export interface PickRecord {
  id: string;
  /** Position in the downloaded list (walking sequence); the screen shows open picks in this order. */
  seq: number;
  /** The item as the server sent it. */
  item: PickItem;
  status: PickStatus;
  /** Epoch ms of the confirming scan; null while open. */
  pickedAt: number | null;
  /** The raw scan that confirmed it (EAN or location id). */
  scanned: string | null;
  /**
   * Epoch ms when the server accepted the last of its outbox rows (it became `sent`, outbox.ts `markSent`); absent
   * before, and on records stored before this field. A list download sent before then keeps the pick as sent
   * (pick-download.ts `storePickList`). Not indexed: no new version.
   */
  sentAt?: number;
}

/**
 * A change of a product's locations made on the floor (issue 9, the Locations task; spec 2 §7 Locations), queued
 * like a pick: `assign_by_name` a scanned location name (`POST /product/assign_location`), `assign` pieces onto a
 * location by id (`POST /locations/assign`), `set` the amount on a location with the amount the worker saw
 * (`GET /locations/stock/update/…?expected=`: a newer amount on the server is a rejection, not an overwrite),
 * `transfer` pieces to a location by id or scanned name (`POST /product/transfer/{id}`), `clear` an empty location
 * (`DELETE /locations/clear/…`), `switch` two locations' places in the product's order
 * (`PUT /product/switch_loc_position`), `correct` a counted amount with a reason (`POST /correct_stock/`, the recount
 * popup; clears the recount flag), `recount` to set or clear the recount flag (`POST /product/recount/{id}`) and
 * `problem`, what a picker reports at the shelf (`POST /pick_list/problem`, spec 2 §2 sub-menu; raises the flag).
 * `assign` with `type: 'set'` makes `amount` the amount there (a location added offline whose amount was typed
 * before the server confirmed it).
 */
export type StockOp =
  | { op: 'assign_by_name'; product_id: string; rack_number: string; raw_scan?: string }
  | {
      op: 'assign';
      product_id: string;
      location_id: string;
      amount: number;
      type?: 'add' | 'set';
      raw_scan?: string;
    }
  | { op: 'set'; product_id: string; location_product_id: string; amount: number; expected: number }
  | {
      op: 'transfer';
      product_id: string;
      location_product_id: string;
      to: { location_id: string } | { rack_number: string };
      quantity?: number;
      raw_scan?: string;
    }
  | { op: 'clear'; product_id: string; location_product_id: string; location_id: string }
  | { op: 'switch'; product_id: string; id_to_switch: string; id_to_be: string }
  | {
      op: 'correct';
      product_id: string;
      org_id: string;
      ean: string;
      location_id: string;
      curr_amount: number;
      desc: string;
    }
  | { op: 'recount'; product_id: string; recount: boolean }
  | {
      op: 'problem';
      product_id: string;
      location_id: string;
      kind: 'not_present' | 'insufficient' | 'low_stock';
      seen?: number;
    };

/**
 * `products` record, v2: a product with its locations as the server last answered (spec 2 §3 Product location
 * link). Primary key: the product id; `ean` indexed, so a scan finds it offline.
 */
export interface ProductRecord {
  id: string;
  ean: string;
  data: ProductLocations;
  /** Epoch ms of the answer. */
  fetchedAt: number;
  /**
   * Epoch ms when `data` was stored as a sent change's answer (outbox.ts `markSent`); absent for a read. A read of the
   * product sent before then keeps this answer (products.ts `refreshProduct`). Not indexed: no new version.
   */
  answeredAt?: number;
}

/**
 * A change at the returns desk (issue 12; spec 2 §7 Returns), queued like a pick: `update` saves one item's judgement
 * (`POST /returns`), `fulfill` closes it (`POST /returns/fulfill/{return_id}/{ean}`, optionally onto a scanned
 * location). The outbox `pickId` is `return:<return id>`.
 */
export type ReturnOp =
  | { op: 'update'; body: ReturnUpdateBody }
  | { op: 'fulfill'; return_id: string; ean: string; location_id?: string };

/**
 * A change of an inbound item made while checking it in (issue 10; spec 2 §2 Inbound item detail, §7 Inbound), queued
 * like a pick: `place` puts counted pieces on a scanned location (`POST /inbound_item/place/{id}`; the scan must name
 * the location, a reserved one when the item has any), `surcharge` adds extra work (`PUT /inbound_item/surcharge/{id}`),
 * `surcharge_delete` removes the one at `index` (`DELETE …/{id}/{index}`), `edit` saves notes, batch, expiry or
 * package-closed (`PUT /inbound_item/edit/checkin{id}`), `submit` confirms the counted item
 * (`PUT /inbound_item/submitInboundItem/{id}`; the inbound is checked in with its last item), `transfer` moves pieces
 * from a temporary place onto a reserved location (`PUT /inbound_item/addTransfer/{id}/{departedLocationId}`). The
 * outbox `pickId` is `inbound:<inbound id>`.
 */
export type InboundOp =
  | { op: 'place'; item_id: string; location_id: string; amount: number; raw_scan?: string }
  | { op: 'surcharge'; item_id: string; surcharge: Surcharge }
  | { op: 'surcharge_delete'; item_id: string; index: number }
  | {
      op: 'edit';
      item_id: string;
      fields: {
        notes?: string | null;
        package_closed?: boolean;
        batch_nr?: string | null;
        expiration_date?: string | null;
      };
    }
  | { op: 'submit'; item_id: string }
  /** A damage photo (jpeg, png or webp, at most 5 MB), kept as bytes until sent (`PUT /inventory/checkin/images/{id}`). */
  | { op: 'image'; item_id: string; name: string; mime: string; bytes: ArrayBuffer }
  | {
      op: 'transfer';
      item_id: string;
      /**
       * The temporary place the pieces lie on (its label's id, or found by its typed name) and its name for the
       * screen (words when the device could not name a scanned label; never part of the id).
       */
      from_location_id: string;
      from_label: string;
      /** Destination: a reserved location (default: the first reserved one); pieces: all there when unset. */
      to_location_id?: string;
      amount?: number;
    };

/**
 * Why the server refused a row for good (problem body of a 409 or other terminal 4xx). `issues` (optional, not
 * indexed, so no new version) are the problem's own when it has them: a 405 `location_held` names the products
 * holding the location there (`location_products.<link id>.<product id>`), which the Locations task offers to clear.
 */
export interface OutboxRejection {
  status: number;
  code: string;
  message: string;
  /** The problem's issues; a coded one (core `VALIDATION_REASON_CODES`) with its `code` and `values` (ADR 0127). */
  issues?: { path: string; message: string; code?: string; values?: ReasonValues }[];
}

/**
 * `outbox` record, v1: one change waiting for the server, sent strictly in `seq` order.
 * `id` (crypto.randomUUID) is the `Idempotency-Key`; it never changes across retries.
 * v1 rows are all `pick.confirm`; `stock.change` rows (issue 9) and `pick.link` rows (issue 11) need no schema change
 * (the body is not indexed).
 */
export type OutboxRecord = OutboxFields &
  (
    | {
        kind: 'pick.confirm';
        /** `POST /pick_list/confirm` body: one order line. */
        body: PickConfirmLine;
      }
    | {
        kind: 'stock.change';
        body: StockOp;
        /**
         * The pick record the picker changed at the shelf along with this change (pick screen: a problem report, a
         * recount or a count; outbox.ts `enqueueShelfChange`); absent for the Locations task's changes and on rows
         * stored before this field. A pick list download keeps that record while the row waits
         * (pick-download.ts `storePickList`). Not indexed: no new version.
         */
        pickEdit?: string;
      }
    | { kind: 'return.change'; body: ReturnOp }
    | { kind: 'inbound.change'; body: InboundOp }
    | {
        kind: 'inbound.direct';
        /** `POST /inventory/direct_checkin` body (issue 10 item 3): one inbound made and checked in at once. */
        body: DirectCheckinBody;
      }
    | {
        kind: 'pick.link';
        /** `POST /pick_list` body: the scanned location becomes the pick location of these orders' lines. */
        body: PickLinkBody;
      }
  );

/** The fields every outbox row has, whatever its kind. */
export interface OutboxFields {
  /** Auto-increment: the order the changes were made in, and the order they are sent in. */
  seq?: number;
  id: string;
  /**
   * What the row belongs to, for the "N changes waiting" counter and the screen's pending marks: the pick record
   * (a pick item sends one row per order line), or `stock:<product id>` for a change of a product's locations.
   */
  pickId: string;
  /** Readable one-liner for the rejected list: quantity, product, location, order. */
  label: string;
  status: 'pending' | 'rejected';
  /** Failed attempts so far (network, 408, 429, 5xx); drives the backoff. */
  attempts: number;
  /** Epoch ms before which the sender does not try this row again. */
  nextAttemptAt: number;
  createdAt: number;
  /** Last transient failure, for the status line ("HTTP 503", "network"). */
  lastError: string | null;
  rejection: OutboxRejection | null;
}

/**
 * The pick screen's filter (spec 2 §2 Pick screen): the date-time range of the orders, the reverse
 * sequence switch and the mutually exclusive single-orders / multi-orders switches. Times are ISO 8601.
 * The narrowing filters (issue 11) are optional, so a filter stored before them still reads: a location (hall or
 * rack id), a location group, a cut-off group, a shipment method code, an organisation id and an order number,
 * each unset (null or '') for all.
 */
export interface PickFilter {
  start: string;
  end: string;
  /** Walk the route backwards (`sequence=reverse`). */
  reverse: boolean;
  singleOrders: boolean;
  multiOrders: boolean;
  location?: string | null;
  locationGroup?: string | null;
  cutOffGroup?: string | null;
  method?: string | null;
  org?: string | null;
  orderId?: string;
}

/** The choices of the pick filter's lists, kept for offline use (issue 11; spec 2 §3 Other pick lookups). */
export interface PickLookups {
  at: number;
  locations: { id: string; name: string; parent_name: string | null }[];
  locationGroups: { id: string; name: string }[];
  cutOffGroups: { id: string; name: string; cut_off: string }[];
  methods: { code: string; name: string }[];
  orgs: { id: string; name: string; open_lines: number }[];
}

/** What the last successful download was: when, for which filter, and how many items. */
export interface LastSync {
  at: number;
  filter: PickFilter;
  total: number;
}

/** `meta` values by key, v1. */
export interface MetaValues {
  pickFilter: PickFilter;
  /** Skip counter of the pick screen (spec 2 §2); reset when the filter changes (spec 2 §4). */
  pickSkip: number;
  lastSync: LastSync;
  /**
   * Last user /current_user returned, as versions before ADR 0072 kept it; read only when localStorage has no copy and
   * the server cannot be reached (app/session.tsx), deleted on logout. Nothing writes it any more.
   */
  session: CurrentUser;
  /** The pick filter's choices as last downloaded (issue 11). */
  pickLookups: PickLookups;
  /**
   * The returns desk's last search and the returns it found, as the server last answered (issue 12); query '' is the
   * default list of open returns (`GET /returns/open`, its first page, with the total). `answered` maps a return id
   * to when (ms since epoch) a sent change's answer for it was stored here, so a list or search that was already on
   * its way then does not put the older return back (outbox.ts `withDownloadedReturns`). Since ADR 0142 `returns`
   * keeps the open list and the last search's finds, each once: `open` the ids of the open list (newest first, `total`
   * its total on the server), `found` those the search `query` found, so a search or a return made from an order
   * never replaces the open list kept for work without network (returns.rules.ts `deskShown`). A desk stored before
   * has neither: `returns` is what `query` found.
   */
  returnsDesk: {
    query: string;
    at: number;
    returns: Return[];
    total?: number;
    answered?: Record<string, number>;
    open?: string[];
    found?: string[];
  };
  /**
   * The check-in task's work list (issue 10): the pending inbounds as the server last answered (at most one page of
   * 100, soonest expected first, each with its items), and any inbound opened by scanning its QR label since.
   * `answered` maps an item id to when (ms since epoch) a server answer for that item was stored here, so a list
   * download that was already on its way then does not put the older item back (`withDownloadedInbounds`).
   */
  checkinDesk: { at: number; inbounds: Inbound[]; answered?: Record<string, number> };
  /** The clients a direct check-in can be for, as `GET /orgs` last answered (their contact data fill the form). */
  directOrgs: { at: number; orgs: Org[] };
  /** The direct check-ins this device sent, newest first (at most 10), as the server answered them. */
  directDone: DirectDone[];
  /**
   * The direct check-in being scanned and not yet checked in (ADR 0135): its rows, the products' locations as last
   * read, the selected row, the form and for which client it was filled, written after every change, so a reload or a
   * closed browser keeps every scan; removed in the transaction that queues the check-in (no second check-in of it).
   */
  directDraft: DirectDraft;
  /**
   * Values typed into a field and not yet saved (ADR 0135): field key (`return:<return id>:<item id>:received`,
   * `inbound:<item id>:notes`, …) → the text as typed. Written a few hundred ms after the last keystroke and when the
   * page is hidden ({@link typedDraftWriter}), removed when the field's value is saved, so a reload or a closed browser
   * gives back what was typed without ever sending it; only the screen's own save (leaving the field) sends it. A value
   * left with Back stays for when the item opens again; those of a return or inbound item finished or gone are removed
   * ({@link forgetTypedWhere}, ADR 0136).
   */
  typedDrafts: Record<string, string>;
  /**
   * Pick records changed at the shelf whose stock change the server accepted: pick id → when (ms since epoch) it was
   * accepted (outbox.ts `markSent`). A pick list download whose pages were asked before then keeps the picker's
   * record; a download landing prunes the entries older than its pages (pick-download.ts `storePickList`).
   */
  pickEditsSent: Record<string, number>;
  /**
   * The Order grouping task's page as the server last answered it (spec 2 §7 `POST /available-pick-carts`), with the
   * request it answered and when (ms since epoch): without a connection the task shows what was waiting then, read
   * only (a move needs the server's verdict on the order's cart, ADR 0133).
   */
  groupingDesk: {
    at: number;
    request: { skip: number; location: string | null; capacity: number };
    page: AvailablePickCarts;
  };
}

/**
 * A direct check-in being scanned (issue 10 item 3; spec 2 §2 Direct check-in (beta)): what its screen holds, as plain
 * data. `known` maps a product id to its locations as last read; `infoFor` is the client whose defaults filled `info`.
 */
export interface DirectDraft {
  rows: DirectRow[];
  known: Record<string, ProductLocations>;
  selected: string | null;
  info: DirectInfo;
  infoFor: string | null;
  type: DirectType;
  at: number;
}

/** A direct check-in the server made (issue 10 item 3): its inbound number, client and pieces. */
export interface DirectDone {
  /** The outbox row (Idempotency-Key) that sent it. */
  outboxId: string;
  inboundId: string;
  inboundNumber: string;
  orgName: string;
  pieces: number;
  at: number;
}
export type MetaKey = keyof MetaValues;

/** `meta` record, v1. */
export interface MetaRecord<K extends MetaKey = MetaKey> {
  key: K;
  value: MetaValues[K];
}

export type FloorDb = Dexie & {
  picks: EntityTable<PickRecord, 'id'>;
  outbox: EntityTable<OutboxRecord, 'seq'>;
  meta: EntityTable<MetaRecord, 'key'>;
  products: EntityTable<ProductRecord, 'id'>;
};

/** Name of the production database; tests pass their own. */
export const FLOOR_DB_NAME = 'hoppa-floor';

/**
 * Opens (declares) the database. `options` lets tests inject fake-indexeddb.
 * Versions: 1 — picks, outbox, meta; 2 — products (the Locations task's offline products).
 */
export function createFloorDb(
  name: string = FLOOR_DB_NAME,
  options?: ConstructorParameters<typeof Dexie>[1],
): FloorDb {
  const db = new Dexie(name, options) as FloorDb;
  db.version(1).stores({
    // status: the screen lists open picks; seq: walking order
    picks: 'id, seq, status',
    // [status+seq]: the sender takes the oldest pending row; &id: one row per Idempotency-Key
    outbox: '++seq, &id, [status+seq], pickId, status',
    meta: 'key',
  });
  // v2 adds a table only: the v1 rows stay as they are, no upgrade function needed.
  db.version(2).stores({ products: 'id, ean' });
  return db;
}

/** Reads one meta value, undefined when never written. */
export async function getMeta<K extends MetaKey>(db: FloorDb, key: K): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  return row?.value as MetaValues[K] | undefined;
}

/** Writes one meta value. */
export async function setMeta<K extends MetaKey>(db: FloorDb, key: K, value: MetaValues[K]): Promise<void> {
  await db.meta.put({ key, value } as MetaRecord);
}

/**
 * Keeps (a string) or removes (null) the typed value of one field in meta `typedDrafts` (ADR 0135), merged with the
 * other fields' in one transaction (or the caller's, when it holds `meta`).
 */
export async function keepTyped(db: FloorDb, key: string, value: string | null): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const all = { ...((await getMeta(db, 'typedDrafts')) ?? {}) };
    if (value === null) {
      if (!(key in all)) return;
      delete all[key];
    } else if (all[key] === value) return;
    else all[key] = value;
    await setMeta(db, 'typedDrafts', all);
  });
}

/**
 * Removes, in one transaction, the kept typed values whose keys `stale` picks from all keys kept (meta `typedDrafts`;
 * ADR 0136: the values of a return or inbound item that is finished or gone); resolves to the keys removed.
 */
export async function forgetTypedWhere(
  db: FloorDb,
  stale: (keys: readonly string[]) => readonly string[],
): Promise<string[]> {
  return db.transaction('rw', db.meta, async () => {
    const all = { ...((await getMeta(db, 'typedDrafts')) ?? {}) };
    const gone = stale(Object.keys(all)).filter((k) => k in all);
    if (gone.length === 0) return [];
    for (const k of gone) delete all[k];
    await setMeta(db, 'typedDrafts', all);
    return gone;
  });
}

/** The typed values kept on this device (meta `typedDrafts`, ADR 0135): field key → text; empty when none. */
export async function typedDrafts(db: FloorDb): Promise<Record<string, string>> {
  return (await getMeta(db, 'typedDrafts')) ?? {};
}

/** Milliseconds after the last keystroke before a typed value is written to the device. */
export const TYPED_DELAY_MS = 300;

/** One field's writer of its typed value to the device ({@link typedDraftWriter}). */
export interface TypedDraftWriter {
  /** The field's text changed: written {@link TYPED_DELAY_MS} after the last change (or at once on a page hide). */
  change(value: string): void;
  /** Writes a change still waiting now (the field is left, the screen closes); resolves when written. */
  flush(): Promise<void>;
  /**
   * Forgets a waiting change without writing it (the field's value is being saved: the caller removes the kept value
   * with {@link keepTyped} in the transaction that queues the save).
   */
  cancel(): void;
}

/** Writers with a change waiting: written at once when the page is hidden or left (`pagehide`, `visibilitychange`). */
const waitingWriters = new Set<TypedDraftWriter>();
let pageHideListening = false;
function listenForPageHide(): void {
  if (pageHideListening || typeof window === 'undefined') return;
  pageHideListening = true;
  const flushAll = () => {
    for (const w of [...waitingWriters]) void w.flush();
  };
  window.addEventListener('pagehide', flushAll);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushAll();
  });
}

/**
 * A debounced writer of one field's typed value to meta `typedDrafts` under `key` (ADR 0135): no React state, so a
 * keystroke re-renders nothing; a write failure is given to `onError`, a value written (and not cancelled meanwhile)
 * is told to `onKept` (the field's "kept on this device, not sent yet" mark, ADR 0136).
 */
export function typedDraftWriter(
  db: FloorDb,
  key: string,
  onError: (err: unknown) => void = () => undefined,
  onKept: () => void = () => undefined,
): TypedDraftWriter {
  listenForPageHide();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiting: string | null = null;
  // Raised by cancel: a write still on its way when the value is saved does not report it as kept (ADR 0136).
  let epoch = 0;
  const writer: TypedDraftWriter = {
    change(value) {
      waiting = value;
      waitingWriters.add(writer);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void writer.flush(), TYPED_DELAY_MS);
    },
    async flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      waitingWriters.delete(writer);
      if (waiting === null) return;
      const value = waiting;
      waiting = null;
      const at = epoch;
      try {
        await keepTyped(db, key, value);
        if (at === epoch) onKept();
      } catch (err) {
        onError(err);
      }
    },
    cancel() {
      epoch++;
      if (timer) clearTimeout(timer);
      timer = null;
      waiting = null;
      waitingWriters.delete(writer);
    },
  };
  return writer;
}

let instance: FloorDb | null = null;

/**
 * Test-only: closes the app's database and forgets it, so the next {@link floorDb} opens a new one (on the IndexedDB
 * that Dexie then finds). The floor's tests share their modules per worker (ADR 0089); src/test/setup.ts calls this
 * before each test file, after giving Dexie an empty IndexedDB. The app never calls it.
 */
export function resetFloorDbForTests(): void {
  instance?.close();
  instance = null;
}

/** The app's database (opened lazily, once). */
export function floorDb(): FloorDb {
  instance ??= createFloorDb();
  return instance;
}
