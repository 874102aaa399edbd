/**
 * Pure rules of the returns desk (issue 12; spec 2 §2 Returns desk, §4 Returns, §5 Return update): a return as the
 * server last answered with the desk's queued changes drawn over it, and what a received quantity field means.
 */
import { fullReturnPart, type Return, type ReturnItemPart, type ReturnUpdateBody } from '@hoppa/core';
import type { MetaValues, ReturnOp } from '../../offline/db.ts';
import { withDownloadedReturns } from '../../offline/outbox.ts';

/** A returned item as the desk shows it: the server's with the queued changes applied, and whether any wait. */
export type ShownReturnItem = Return['items'][number] & { pending: boolean; closing: boolean };
export type ShownReturn = Omit<Return, 'items'> & { items: ShownReturnItem[]; pending: boolean };

/**
 * Draws the queued changes `ops` (oldest first, this return's pending outbox rows) over the server's return `r`:
 * an update sets the fields it carries on the item with that EAN (the first open one), a fulfil marks it as closing.
 * Pure.
 */
export function overlayReturn(r: Return, ops: readonly ReturnOp[]): ShownReturn {
  // A return stored before parts existed has none: the line's one judgement.
  const items: ShownReturnItem[] = r.items.map((i) => ({
    ...i,
    parts: i.parts ?? [],
    restocked_quantity: i.restocked_quantity ?? null,
    pending: false,
    closing: false,
  }));
  const itemFor = (ean: string) =>
    items.find((i) => i.ean === ean && !i.fulfilled_at) ?? items.find((i) => i.ean === ean);
  for (const op of ops) {
    if (op.op === 'update') {
      const it = itemFor(op.body.ean);
      if (!it) continue;
      const { return_id: _r, ean: _e, parts, ...fields } = op.body;
      Object.assign(it, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
      // As the server does (returns.service.ts updateReturnItem): parts set the received quantity to their sum; a
      // recount that does not match them ends the split.
      if (parts !== undefined) {
        it.parts = parts.map(fullReturnPart);
        if (parts.length > 0) it.received_quantity = parts.reduce((n, p) => n + p.quantity, 0);
      } else if (
        fields.received_quantity !== undefined &&
        it.parts.length > 0 &&
        it.parts.reduce((n, p) => n + p.quantity, 0) !== fields.received_quantity
      )
        it.parts = [];
      it.pending = true;
    } else {
      const it = itemFor(op.ean);
      if (!it) continue;
      it.closing = true;
      it.pending = true;
    }
  }
  return { ...r, items, pending: items.some((i) => i.pending) };
}

/**
 * The received quantity the desk shows: the expected quantity while none was entered (spec 2 §2 'defaults to the
 * expected quantity'), else the quantity entered, 0 included. Spec 2 §2 also defaults a 0 to the expected quantity (its
 * old store wrote 0 for empty); here empty is null, and a 0 typed (the item was not in the parcel) is what
 * `POST /returns/fulfill` books (returns.service.ts: `received_quantity ?? expected_quantity`), so the card shows
 * 0 and never a quantity that is not put back in stock.
 */
export function shownReceived(item: { received_quantity: number | null; expected_quantity: number }): number {
  return item.received_quantity ?? item.expected_quantity;
}

/** A typed received quantity: a whole number from 0 to 100,000, else null (spec 2 §5: at least 0). */
export function parseReceived(text: string): number | null {
  const t = text.trim();
  return /^\d{1,6}$/.test(t) && Number(t) <= 100_000 ? Number(t) : null;
}

/** 'Unknown Location' or 'parent - name' (spec 2 §2 Returns desk). */
export function locationText(loc: Return['items'][number]['location'], unknown: string): string {
  if (!loc) return unknown;
  return loc.parent_name ? `${loc.parent_name} - ${loc.name}` : loc.name;
}

/** The names people know an order's platform or a carrier by, per language, for a code (as `RETURN_REASONS` does). */
const NAMES: Readonly<Record<string, { nl: string; en: string }>> = {
  // order platforms (orders.platform): the shop or marketplace, a spreadsheet import, or made in the portal
  import: { nl: 'Geïmporteerd', en: 'Imported' },
  portal: { nl: 'Portal', en: 'Portal' },
  bol: { nl: 'bol.com', en: 'bol.com' },
  bol_be: { nl: 'bol.com (BE)', en: 'bol.com (BE)' },
  woo: { nl: 'WooCommerce', en: 'WooCommerce' },
  shopify: { nl: 'Shopify', en: 'Shopify' },
  lightspeed: { nl: 'Lightspeed', en: 'Lightspeed' },
  shopware: { nl: 'Shopware', en: 'Shopware' },
  mirakl: { nl: 'Mirakl', en: 'Mirakl' },
  channel_engine: { nl: 'ChannelEngine', en: 'ChannelEngine' },
  // carriers (core's METHOD_CARRIERS; a return made at the desk goes with the built-in local carrier)
  local: { nl: 'Hoppa lokaal', en: 'Hoppa Local' },
  postnl: { nl: 'PostNL', en: 'PostNL' },
  dhl: { nl: 'DHL Parcel', en: 'DHL Parcel' },
  stamp: { nl: 'Brievenbuspost (postzegel)', en: 'Letterbox post (stamp)' },
  own: { nl: 'Eigen vervoer', en: 'Own transport' },
};

/**
 * A return's platform or carrier code ('import', 'local') as the card shows it (spec 2 §2: a platform badge, the
 * carrier): its name in `lang`; a code without a known name as it is. Pure.
 */
export function codeName(code: string, lang: 'nl' | 'en'): string {
  return NAMES[code.toLowerCase()]?.[lang] ?? code;
}

type PartInput = NonNullable<ReturnUpdateBody['parts']>[number];

/**
 * The first split of a line the desk judges in parts (the common case: one of the pieces is damaged): the received
 * quantity (the expected one while none was entered) less one, in the line's state or good, and one damaged piece.
 * For a line of at least 2 pieces. Pure.
 */
export function firstSplit(item: {
  received_quantity: number | null;
  expected_quantity: number;
  product_state: string | null;
}): PartInput[] {
  const received = shownReceived(item);
  const state = item.product_state && item.product_state !== 'bad' ? item.product_state : 'good';
  return [
    { quantity: Math.max(1, received - 1), product_state: state },
    { quantity: 1, product_state: 'bad', damaged_product: true },
  ];
}

/** A part as `POST /returns` takes it: every field, the state left out while there is none. Pure. */
export function sentPart(p: ReturnItemPart): PartInput {
  const { product_state, ...rest } = p;
  return product_state === null ? rest : { ...rest, product_state };
}

/**
 * Whether a return kept on the device answers a desk search made without a connection (spec 2 §2 Returns desk: search
 * by return number, track & trace or a product's barcode; the shop's order number too): the whole code, letters in
 * any case, after trimming. Pure; '' matches nothing.
 */
export function matchesSearch(
  r: Pick<Return, 'return_number' | 'tracking_number' | 'shop_order_id'> & {
    items: readonly { ean: string }[];
  },
  query: string,
): boolean {
  const code = query.trim().toUpperCase();
  if (!code) return false;
  const same = (value: string | null | undefined) => (value ?? '').trim().toUpperCase() === code;
  return (
    same(r.return_number) ||
    same(r.tracking_number) ||
    same(r.shop_order_id) ||
    r.items.some((i) => same(i.ean))
  );
}

/**
 * The keys of kept typed values of the returns desk (meta `typedDrafts` keys `return:<return id>:<item id>:<field>`)
 * that no longer belong to open work (ADR 0136): the item closed, its return closed, the item no longer on the
 * return, or, when `desk` shows the whole open list (no search; `total` open returns, all of them stored), a return
 * not kept (closed or deleted elsewhere). A return the desk does not hold otherwise may still be open: kept. Other
 * keys are left alone. Pure.
 */
export function staleReturnTypedKeys(
  keys: readonly string[],
  desk: Pick<Desk, 'query' | 'returns' | 'total' | 'open'>,
): string[] {
  const open = openListIds(desk);
  const wholeOpenList = desk.query === '' && desk.total !== undefined && (open?.length ?? 0) >= desk.total;
  return keys.filter((key) => {
    const [kind, returnId, itemId] = key.split(':');
    if (kind !== 'return' || !returnId || !itemId) return false;
    const r = desk.returns.find((x) => x.id === returnId);
    if (!r) return wholeOpenList;
    const item = r.items.find((x) => x.id === itemId);
    return Boolean(r.closed_at) || !item || Boolean(item.fulfilled_at);
  });
}

type Desk = MetaValues['returnsDesk'];

/**
 * The ids of the open list a stored desk keeps (newest first): `open`, or, for a desk stored before ADR 0142 showing
 * the open list (query ''), all its returns; null when the device keeps no open list. Pure.
 */
export function openListIds(desk: Pick<Desk, 'query' | 'returns' | 'open'> | undefined): string[] | null {
  if (!desk) return null;
  return desk.open ?? (desk.query === '' ? desk.returns.map((r) => r.id) : null);
}

/**
 * The returns a stored desk shows (spec 2 §2 Returns desk): the open list for query '', else what the search `query`
 * found, in the server's order; for a desk stored before ADR 0142 (no ids) all its returns. Pure.
 */
export function deskShown(desk: Desk | undefined): Return[] {
  if (!desk) return [];
  const ids = desk.query === '' ? desk.open : desk.found;
  if (!ids) return desk.returns;
  return ids.flatMap((id) => desk.returns.find((r) => r.id === id) ?? []);
}

/**
 * The desk after the open list's first page `page` (`GET /returns/open`, sent at `startedAt`, answered at `now`):
 * shown (query ''), it replaces what the device kept, a change's answer stored since `startedAt` kept
 * (`withDownloadedReturns`). Pure.
 */
export function withOpenList(
  before: Desk | undefined,
  page: { items: readonly Return[]; total: number },
  startedAt: number,
  now: number,
): Desk {
  const desk = withDownloadedReturns(
    before,
    { query: '', returns: page.items, total: page.total },
    startedAt,
    now,
  );
  return { ...desk, open: desk.returns.map((r) => r.id) };
}

/**
 * The desk after a search for `query` (`GET /returns/get/{id}`, sent at `startedAt`, answered at `now`) found
 * `found` (none for an order without a return): those are shown and kept beside the open list the device keeps, which
 * a search never replaces (ADR 0142: back on 'Alle open retouren' without network the worker has the whole list
 * again); a return on both is kept once, as the search found it (a change's answer stored since `startedAt` wins, as
 * in `withDownloadedReturns`). The finds of an earlier search not on the open list are dropped. Pure.
 */
export function withSearchFound(
  before: Desk | undefined,
  query: string,
  found: readonly Return[],
  startedAt: number,
  now: number,
): Desk {
  const desk = withDownloadedReturns(before, { query, returns: found }, startedAt, now);
  const open = openListIds(before);
  const kept = (open ?? []).flatMap((id) =>
    desk.returns.some((r) => r.id === id) ? [] : (before?.returns.find((r) => r.id === id) ?? []),
  );
  return {
    ...desk,
    returns: [...desk.returns, ...kept],
    found: desk.returns.map((r) => r.id),
    ...(open ? { open } : {}),
    ...(before?.total === undefined ? {} : { total: before.total }),
  };
}

/**
 * The desk after the return `made` was created from an order (`POST /returns/from_order`, sent at `startedAt`,
 * answered at `now`): shown as a search
 * for its number would show it, and added at the top of the open list the device keeps, its total one more (a new
 * return is open and the newest), not replacing it (ADR 0142). Without a kept open list none is made up. Pure.
 */
export function withMadeReturn(before: Desk | undefined, made: Return, startedAt: number, now: number): Desk {
  const desk = withSearchFound(before, made.return_number, [made], startedAt, now);
  const open = openListIds(before);
  if (!open) return desk;
  const listed = open.includes(made.id);
  return {
    ...desk,
    open: listed ? open : [made.id, ...open],
    ...(desk.total === undefined || listed ? {} : { total: desk.total + 1 }),
  };
}

/**
 * The desk showing the open list it keeps again (query ''), as it was stored, for 'Alle open retouren' before the
 * list is read anew (and instead, without network); null when the device keeps no open list. Pure.
 */
export function withOpenShown(desk: Desk | undefined): Desk | null {
  const open = openListIds(desk);
  if (!desk || !open) return null;
  return { ...desk, query: '', open };
}
