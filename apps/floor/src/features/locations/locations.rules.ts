/**
 * Pure rules of the Locations task (issue 9; spec 2 §2 Product location widget, §3 Product location link, §5, §7
 * Locations): what a scan means on this screen, and how the product's locations look with the changes still queued
 * in the outbox drawn over the server's last answer. No React, no IndexedDB: tested on their own.
 */
import type { ProductLocationLink, ProductLocations } from '@hoppa/core';
import type { StockOp } from '../../offline/db.ts';

/** What a scan on the Locations task is (the location labels carry the location's 24-hex id, issue 9 item 4). */
export type LocationScan =
  | { kind: 'location_id'; id: string }
  | { kind: 'location_name'; name: string }
  | { kind: 'product'; code: string }
  | { kind: 'invalid' };

/** A product code a scanner reads: EAN-8, UPC-A (12), EAN-13 or GTIN-14, digits only. */
const PRODUCT_CODE = /^(\d{8}|\d{12,14})$/;
const LOCATION_ID = /^[0-9a-fA-F]{24}$/;
/** Longest location name (core `locationName`: 64 characters, one line). */
const LOCATION_NAME_MAX = 64;

/** Whether `code` is what a location label carries (its 24-hex id, issue 9 item 4). */
export function isLocationLabel(code: string): boolean {
  return LOCATION_ID.test(code.trim());
}

/**
 * Reads one scan (already trimmed). With no product open every code is a product to look up (EAN, or SKU typed by
 * hand). With a product open: a 24-hex code is a location label (its id), an 8/12/13/14-digit code another product,
 * anything else of 1 to 64 characters on one line a location name typed or read from an old label.
 */
export function classifyScan(raw: string, productOpen: boolean): LocationScan {
  const code = raw.trim();
  if (!code || code.length > 200 || [...code].some((c) => c < ' ' || c === '\u007f'))
    return { kind: 'invalid' };
  if (!productOpen) return { kind: 'product', code };
  if (isLocationLabel(code)) return { kind: 'location_id', id: code.toLowerCase() };
  if (PRODUCT_CODE.test(code)) return { kind: 'product', code };
  if (code.length > LOCATION_NAME_MAX) return { kind: 'invalid' };
  return { kind: 'location_name', name: code };
}

/**
 * One location of the product as the screen shows it: the server's link with the queued changes applied.
 * `link` is null for a location added while the change waits for the server (`provisional`: it has no link id yet,
 * so it can be counted through a `set` assign when its location id is known, but not moved or deleted).
 */
export interface ShownLocation {
  /** Stable React key: the link id, or `new:<location id or lower-case name>`. */
  key: string;
  link: ProductLocationLink | null;
  locationId: string | null;
  name: string;
  parentName: string | null;
  stock: number;
  /** The stock the server last confirmed here (0 for a provisional row): the `expected` of a stock update. */
  confirmedStock: number;
  toTransfer: boolean;
  transferQuantity: number | null;
  /** A queued change touches this row. */
  pending: boolean;
  provisional: boolean;
}

/** The product as shown: the server's facts with the queued changes applied. */
export interface ShownProduct {
  id: string;
  orgId: string;
  name: string;
  ean: string;
  needsRecount: boolean;
  /** A bundle: its stock is what its parts make, so a recount counts its parts (`POST /correct_stock/` refuses it). */
  isBundle: boolean;
  /** Sum of the shown stock. */
  stock: number;
  /** A queued change touches the product (its recount flag, a row). */
  pending: boolean;
  /** In the product's order (position), provisional rows last in the order they were added. */
  locations: ShownLocation[];
}

function fromLink(link: ProductLocationLink): ShownLocation {
  return {
    key: link.id,
    link,
    locationId: link.location.id,
    name: link.location.name,
    parentName: link.location.parent_name,
    stock: link.stock,
    confirmedStock: link.stock,
    toTransfer: link.to_transfer,
    transferQuantity: link.transfer_quantity,
    pending: false,
    provisional: false,
  };
}

function provisional(locationId: string | null, name: string, stock: number): ShownLocation {
  return {
    key: `new:${locationId ?? name.toLowerCase()}`,
    link: null,
    locationId,
    name,
    parentName: null,
    stock,
    confirmedStock: 0,
    toTransfer: false,
    transferQuantity: null,
    pending: true,
    provisional: true,
  };
}

/**
 * Whether a shown row is a location added by its label whose name this device does not know yet (its row carries the
 * label's id as its name until the server answers): the screen then names it in words, never by the id (ADR 0135).
 */
export function isUnnamed(row: Pick<ShownLocation, 'provisional' | 'locationId' | 'name'>): boolean {
  return row.provisional && row.locationId !== null && row.name === row.locationId;
}

/**
 * Draws the queued changes `ops` (oldest first, the product's pending outbox rows) over the server's answer `data`,
 * the way the server will apply them (product-locations.service.ts, transfers.service.ts): adding an existing
 * location changes nothing but the amount, a transfer takes its quantity (else the open transfer's, else all) from
 * the source and adds it to the destination, a clear removes the row, a switch swaps two rows' places. `names` maps
 * location ids to names known on this device, for a location added by its label while offline. Pure.
 */
export function overlayPending(
  data: ProductLocations,
  ops: readonly StockOp[],
  names: ReadonlyMap<string, string> = new Map(),
): ShownProduct {
  let rows = [...data.locations].sort((a, b) => a.position - b.position).map(fromLink);
  let needsRecount = data.product.needs_recount;
  let productPending = false;
  const byLink = (id: string) => rows.find((r) => r.link?.id === id);
  const byLocation = (to: { location_id: string } | { rack_number: string }) =>
    'location_id' in to
      ? rows.find((r) => r.locationId === to.location_id)
      : rows.find((r) => r.name.toLowerCase() === to.rack_number.toLowerCase());
  const touch = (r: ShownLocation | undefined) => {
    if (r) r.pending = true;
    productPending = true;
  };

  for (const op of ops) {
    switch (op.op) {
      case 'assign_by_name': {
        const found = byLocation({ rack_number: op.rack_number });
        if (found) touch(found);
        else rows.push(provisional(null, op.rack_number, 0));
        productPending = true;
        break;
      }
      case 'assign': {
        const found = byLocation({ location_id: op.location_id });
        if (found) {
          found.stock = op.type === 'set' ? op.amount : found.stock + op.amount;
          touch(found);
        } else {
          rows.push(provisional(op.location_id, names.get(op.location_id) ?? op.location_id, op.amount));
          productPending = true;
        }
        break;
      }
      case 'set': {
        const r = byLink(op.location_product_id);
        if (r) r.stock = op.amount;
        touch(r);
        break;
      }
      case 'transfer': {
        const from = byLink(op.location_product_id);
        if (!from) break;
        const quantity = op.quantity ?? from.transferQuantity ?? from.stock;
        from.stock -= quantity;
        const left = from.transferQuantity === null ? null : from.transferQuantity - quantity;
        from.toTransfer = left !== null && left > 0;
        from.transferQuantity = from.toTransfer ? left : null;
        touch(from);
        const to = byLocation(op.to);
        if (to) {
          to.stock += quantity;
          touch(to);
        } else {
          const id = 'location_id' in op.to ? op.to.location_id : null;
          const name =
            'location_id' in op.to ? (names.get(op.to.location_id) ?? op.to.location_id) : op.to.rack_number;
          rows.push(provisional(id, name, quantity));
        }
        break;
      }
      case 'clear':
        rows = rows.filter((r) => r.link?.id !== op.location_product_id);
        productPending = true;
        break;
      case 'switch': {
        const a = rows.findIndex((r) => r.link?.id === op.id_to_switch);
        const b = rows.findIndex((r) => r.link?.id === op.id_to_be);
        if (a < 0 || b < 0) break;
        [rows[a], rows[b]] = [rows[b] as ShownLocation, rows[a] as ShownLocation];
        touch(rows[a]);
        touch(rows[b]);
        break;
      }
      case 'correct': {
        const r = byLocation({ location_id: op.location_id });
        if (r) r.stock = op.curr_amount;
        touch(r);
        needsRecount = false;
        break;
      }
      case 'recount':
        needsRecount = op.recount;
        productPending = true;
        break;
    }
  }

  return {
    id: data.product.id,
    orgId: data.product.org_id,
    name: data.product.name,
    ean: data.product.ean,
    needsRecount,
    isBundle: data.product.is_bundle === true,
    stock: rows.reduce((sum, r) => sum + r.stock, 0),
    pending: productPending,
    locations: rows,
  };
}

/**
 * The swaps (`PUT /product/switch_loc_position` swaps two places) that move the row at `from` to `to` in `ids`
 * (the link ids in the product's order), each with its neighbour, so the others keep their order: a drag from
 * place 4 to place 1 is three swaps. Empty when nothing moves or an index is outside the list.
 */
export function swapsForMove(ids: readonly string[], from: number, to: number): [string, string][] {
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return [];
  const order = [...ids];
  const swaps: [string, string][] = [];
  const step = from < to ? 1 : -1;
  for (let i = from; i !== to; i += step) {
    const a = order[i] as string;
    const b = order[i + step] as string;
    swaps.push([a, b]);
    order[i] = b;
    order[i + step] = a;
  }
  return swaps;
}

/** A stock amount typed on the floor: a whole number from 0 to 1,000,000, else null (spec 2 §5 Manual location amount). */
export function parseAmount(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,7}$/.test(t)) return null;
  const n = Number(t);
  return n <= 1_000_000 ? n : null;
}

/** A location whose recount differs from the stock shown for it (spec 2 §6 Recount panel). */
export interface RecountDifference<Row> {
  row: Row;
  /** The stock the screen showed (what the system expects there), pieces. */
  expected: number;
  /** The pieces counted. */
  counted: number;
  /** `counted − expected`: negative when pieces are missing. */
  difference: number;
}

/**
 * The counts of a recount that differ from the stock shown, in the order given (spec 2 §6 Recount panel): these ask
 * the worker to confirm before the stock becomes the count; no differences save straight away. Pure.
 */
export function recountDifferences<Row extends { stock: number }>(
  counts: readonly { row: Row; amount: number }[],
): RecountDifference<Row>[] {
  return counts
    .filter((c) => c.amount !== c.row.stock)
    .map((c) => ({
      row: c.row,
      expected: c.row.stock,
      counted: c.amount,
      difference: c.amount - c.row.stock,
    }));
}

/** A difference as the floor shows it: '+2', '−3' (a true minus sign, U+2212), '0'. */
export function signedDifference(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0';
}
