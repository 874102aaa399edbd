import type { Inbound, InboundItem, Surcharge } from '@hoppa/core';
import type { InboundOp } from '../../offline/db.ts';

/** An inbound item as the check-in screen shows it: the server's item with the queued changes drawn over it. */
export interface ShownInboundItem extends InboundItem {
  /** Pieces placed on this device that the server has not confirmed yet (included in `pieces_checked_in`). */
  pendingPieces: number;
  /** Whether any change of this item waits in the outbox. */
  pending: boolean;
  /** Moves from a temporary place queued on this device: the place as scanned, the pieces (null: all there). */
  pendingTransfers: { from: string; amount: number | null }[];
  /** Photos taken on this device and not sent yet. */
  pendingImages: number;
}

/** An inbound as the check-in screen shows it (its items with the queued changes drawn over them). */
export interface ShownInbound extends Omit<Inbound, 'items'> {
  items: ShownInboundItem[];
  pending: boolean;
}

/** Boxes delivered (spec 2 §9): pieces checked in ÷ packed per, rounded down; 0 when packed per is not positive. */
export function boxesOf(pieces: number, packedPer: number): number {
  return packedPer > 0 ? Math.floor(pieces / packedPer) : 0;
}

/** Surcharge total in euro (spec 2 §9): Σ cost × amount, from cents. */
export function surchargeTotalEur(surcharges: readonly Surcharge[]): number {
  return surcharges.reduce((sum, s) => sum + s.cost_cents * s.amount, 0) / 100;
}

/**
 * One item with its queued changes applied, oldest first: `place` adds pieces, `surcharge` appends,
 * `surcharge_delete` removes by index, `edit` sets fields, `submit` closes it. Pure; the server's answer replaces the
 * stored item when a row is sent, so nothing counts twice.
 */
export function overlayItem(item: InboundItem, ops: readonly InboundOp[]): ShownInboundItem {
  let shown: ShownInboundItem = {
    ...item,
    pendingPieces: 0,
    pending: false,
    pendingTransfers: [],
    pendingImages: 0,
  };
  for (const op of ops) {
    if (op.item_id !== item.id) continue;
    shown = { ...shown, pending: true };
    switch (op.op) {
      case 'place':
        shown.pieces_checked_in += op.amount;
        shown.pendingPieces += op.amount;
        break;
      case 'surcharge':
        shown.surcharges = [...shown.surcharges, op.surcharge];
        break;
      case 'surcharge_delete':
        shown.surcharges = shown.surcharges.filter((_, i) => i !== op.index);
        break;
      case 'edit':
        shown = { ...shown, ...op.fields };
        break;
      case 'submit':
        shown.status = 'checked_in';
        break;
      case 'image':
        shown.pendingImages += 1;
        break;
      case 'transfer':
        shown.pendingTransfers = [
          ...shown.pendingTransfers,
          { from: op.from_label, amount: op.amount ?? null },
        ];
        break;
    }
  }
  shown.boxes_checked_in = boxesOf(shown.pieces_checked_in, shown.packed_per);
  shown.surcharge_total_eur = surchargeTotalEur(shown.surcharges);
  return shown;
}

/** An inbound with its items' queued changes applied; it shows as checked in once every item is. Pure. */
export function overlayInbound(inbound: Inbound, ops: readonly InboundOp[]): ShownInbound {
  const items = inbound.items.map((it) => overlayItem(it, ops));
  const allDone = items.length > 0 && items.every((it) => it.status === 'checked_in');
  return {
    ...inbound,
    items,
    status: allDone ? 'checked_in' : inbound.status,
    pieces_checked_in: items.reduce((n, it) => n + it.pieces_checked_in, 0),
    surcharge_total_eur: items.reduce((n, it) => n + it.surcharge_total_eur, 0),
    pending: items.some((it) => it.pending),
  };
}

const HEX_ID = /^[0-9a-f]{24}$/;

/** What a scan on the check-in list names. */
export type ListScan =
  | { kind: 'inbound'; inboundId: string }
  | { kind: 'item'; inboundId: string; itemId: string }
  /** A QR label's id of an inbound not in the stored list: the screen asks the server for it. */
  | { kind: 'fetch'; inboundId: string }
  | { kind: 'unknown' };

/**
 * Reads a scan on the check-in list (spec 2 §2 Inbound lists 'scan QR'): the inbound QR label encodes the inbound's
 * id (24 hex characters); the inbound number (`IN-…`) may be typed; a product EAN opens the first open item of it
 * among the stored inbounds. Case and surrounding space do not matter. Pure.
 */
export function classifyListScan(raw: string, inbounds: readonly Inbound[]): ListScan {
  const code = raw.trim();
  const lower = code.toLowerCase();
  if (!code) return { kind: 'unknown' };
  const byId = inbounds.find((ib) => ib.id === lower);
  if (byId) return { kind: 'inbound', inboundId: byId.id };
  const byNumber = inbounds.find((ib) => ib.inbound_number.toLowerCase() === lower);
  if (byNumber) return { kind: 'inbound', inboundId: byNumber.id };
  for (const ib of inbounds)
    for (const it of ib.items)
      if (it.status === 'pending' && (it.product.ean === code || it.product.bsku === code))
        return { kind: 'item', inboundId: ib.id, itemId: it.id };
  if (HEX_ID.test(lower)) return { kind: 'fetch', inboundId: lower };
  return { kind: 'unknown' };
}

/** What a location scan on an item means. */
export type LocationScan =
  /** `name`: the reserved location's name; null for a label of a location the item does not know (no reservations). */
  | { kind: 'location'; locationId: string; name: string | null }
  /**
   * A location's name, typed (no reservations, so any location may take the pieces): trimmed, as typed; the screen
   * looks it up (offline/location-names.ts `findLocationByName`) before it places anything.
   */
  | { kind: 'name'; name: string }
  /** The scan names a location, but the item has reserved locations and this is not one (spec 2 §4). */
  | { kind: 'not_reserved' }
  | { kind: 'unknown' };

/**
 * Reads a location scan on an inbound item (spec 2 §4 Inbound location finder): a location label carries the
 * location's id (24 hex); a location's name may be typed instead (any case, spaces around). With reserved locations
 * only those are accepted, by id or name (the server answers 409 `wrong_location` otherwise); without, any location
 * id, or a name to look up (`name`). Pure.
 */
export function classifyLocationScan(raw: string, item: InboundItem): LocationScan {
  const typed = raw.trim();
  const code = typed.toLowerCase();
  if (!code) return { kind: 'unknown' };
  const reserved = item.reserved_locations.find(
    (l) => l.location_id === code || l.name.toLowerCase() === code,
  );
  if (reserved) return { kind: 'location', locationId: reserved.location_id, name: reserved.name };
  if (item.reserved_locations.length > 0) return { kind: 'not_reserved' };
  if (HEX_ID.test(code)) return { kind: 'location', locationId: code, name: null };
  return { kind: 'name', name: typed };
}

/**
 * The amount a placement proposes (spec 2 §5 Manual location amount): the pieces still expected, else one box
 * (`packed_per`); never below one box.
 */
export function defaultPlaceAmount(item: InboundItem): number {
  const open = item.pieces_expected - item.pieces_checked_in;
  return Math.max(item.packed_per, open);
}

/**
 * One step of the amount stepper (spec 2 §5 Manual location amount): up or down by `packed_per`; going down stops at
 * one box (`packed_per`); going up stops at `inTransit`, the pieces still expected (ADR 0142: no box more than is
 * left; an amount at or above it stays as it is). Another amount may still be typed. Pure.
 */
export function stepAmount(amount: number, direction: 1 | -1, packedPer: number, inTransit: number): number {
  const step = Math.max(1, packedPer);
  if (direction > 0) return amount >= inTransit ? amount : Math.min(amount + step, inTransit);
  const next = amount - step;
  return next < step ? amount : next;
}

/**
 * Reads a cost typed on the floor (spec 2 §5 Surcharge: digits, comma and dot kept) as cents: `12,50`, `12.5` and
 * `€ 12,50` are 1250. A comma or dot followed by three digits and nothing else after a number is a thousands
 * separator (`1.250` is 1250 euro). Null when no amount remains or it has more than two decimals.
 */
export function parseEuroCents(text: string): number | null {
  const kept = text.replace(/[^0-9.,]/g, '');
  if (!/\d/.test(kept)) return null;
  const parts = kept.split(/[.,]/);
  let whole: string;
  let decimals = '';
  const last = parts[parts.length - 1] ?? '';
  if (parts.length > 1 && last.length <= 2) {
    decimals = last;
    whole = parts.slice(0, -1).join('');
  } else whole = parts.join('');
  if (!/^\d*$/.test(whole) || !/^\d{0,2}$/.test(decimals)) return null;
  const cents = Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0') || '0');
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Reads a count typed on the floor (digits only, spec 2 §5 Surcharge amount): a whole number ≥ 1, else null. */
export function parseCount(text: string): number | null {
  const kept = text.replace(/[^0-9]/g, '');
  const n = kept ? Number(kept) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** The Amsterdam date of `now` as YYYY-MM-DD: which inbounds are expected today. */
export function amsterdamDay(now: number = Date.now()): string {
  return new Date(now).toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
}

/**
 * The check-in list in the order a dock worker wants it: pending inbounds expected today first, then the other
 * pending ones by expected date (none last), then those checked in on this device's list. Pure.
 */
export function sortForDock<T extends { status: string; expected_delivery: string | null }>(
  inbounds: readonly T[],
  today: string,
): T[] {
  const rank = (ib: T) => (ib.status !== 'pending' ? 2 : ib.expected_delivery === today ? 0 : 1);
  return [...inbounds].sort(
    (a, b) =>
      rank(a) - rank(b) || (a.expected_delivery ?? '9999').localeCompare(b.expected_delivery ?? '9999'),
  );
}

/**
 * Reads the scan of a temporary place (spec 2 §3 Inbound item transfers): its label carries the location's id (24
 * hex); null for anything else. Pure.
 */
export function temporaryPlaceId(raw: string): string | null {
  const code = raw.trim().toLowerCase();
  return HEX_ID.test(code) ? code : null;
}

/**
 * The name of a location the check-in list on this device names by its id (ADR 0135): a reserved location of any
 * stored inbound item, or a place a transfer left or reached (spec 2 §3 Inbound item reservedLocations, transfers).
 * Null when none does. Pure.
 */
export function inboundLocationName(inbounds: readonly Inbound[], locationId: string): string | null {
  for (const it of inbounds.flatMap((ib) => ib.items)) {
    const reserved = it.reserved_locations.find((l) => l.location_id === locationId);
    if (reserved?.name) return reserved.name;
    for (const x of it.transfers) {
      if (x.departed_location_id === locationId && x.departed_location_name) return x.departed_location_name;
      if (x.arrived_location_id === locationId && x.arrived_location_name) return x.arrived_location_name;
    }
  }
  return null;
}

/**
 * A location the check-in list on this device names, found by its name as typed (ADR 0142: offline, a typed name
 * goes as its scanned label does): a reserved location of any stored inbound item, or a place a transfer left or
 * reached (spec 2 §3 Inbound item reservedLocations, transfers). Any case, spaces around; `{ id, name }` with the
 * name as stored, or null when none is named so. Pure.
 */
export function inboundLocationByName(
  inbounds: readonly Inbound[],
  typed: string,
): { id: string; name: string } | null {
  const key = typed.trim().toLowerCase();
  if (!key) return null;
  const named = (name: string | undefined) => !!name && name.trim().toLowerCase() === key;
  for (const it of inbounds.flatMap((ib) => ib.items)) {
    const reserved = it.reserved_locations.find((l) => named(l.name));
    if (reserved) return { id: reserved.location_id, name: reserved.name };
    for (const x of it.transfers) {
      if (named(x.departed_location_name))
        return { id: x.departed_location_id, name: x.departed_location_name };
      if (named(x.arrived_location_name)) return { id: x.arrived_location_id, name: x.arrived_location_name };
    }
  }
  return null;
}

/**
 * The reservation that keeps `locationId` for another product, as the check-in list on this device knows it (ADR
 * 0141 §2: a bin the finder reserved for a pending item takes no other product; ADR 0142: told at the scan, before
 * anything is queued, also offline): the first pending item of a product other than `productId` that reserved it,
 * shaped as core `locationReservation` reads a 409 `location_reserved` (`shop: 'own'`, the product with its SKU in
 * brackets), so the screen words it with the same text. Null when no stored item of another product did (the server
 * still decides: a reservation made elsewhere since the last download is refused when the placement is sent). Pure.
 */
export function storedReservation(
  inbounds: readonly Inbound[],
  locationId: string,
  productId: string,
): { shop: 'own'; location: string; inbound: string; product: string } | null {
  const id = locationId.toLowerCase();
  for (const ib of inbounds)
    for (const it of ib.items) {
      if (it.status !== 'pending' || it.product.id === productId) continue;
      const held = it.reserved_locations.find((l) => l.location_id === id);
      if (!held) continue;
      const sku = it.product.bsku ? ` (${it.product.bsku})` : '';
      return {
        shop: 'own',
        location: held.name,
        inbound: ib.inbound_number,
        product: `${it.product.name}${sku}`,
      };
    }
  return null;
}

/**
 * Whether a scan on an inbound item is a product's code rather than a location's (ADR 0142): the item's own EAN or
 * SKU (`own`), another stored item's (`other`), or 8, 12, 13 or 14 digits whose GS1 check digit holds (an EAN/GTIN:
 * `other`); null for anything else (a location's label or name). Location names in the warehouse are never bare
 * GTINs, so such a scan is told as a product, not looked up as a location name. Pure.
 */
export function productCodeScan(
  raw: string,
  item: InboundItem,
  inbounds: readonly Inbound[],
): 'own' | 'other' | null {
  const code = raw.trim().toLowerCase();
  if (!code) return null;
  const isCode = (p: { ean: string; bsku?: string | null }) =>
    p.ean.toLowerCase() === code || (!!p.bsku && p.bsku.toLowerCase() === code);
  if (isCode(item.product)) return 'own';
  if (inbounds.some((ib) => ib.items.some((it) => isCode(it.product)))) return 'other';
  return isGtin(code) ? 'other' : null;
}

/** 8, 12, 13 or 14 digits with a valid GS1 check digit (EAN-8, UPC-A, EAN-13, GTIN-14). */
function isGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() ?? 0;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * The keys of kept typed values of check-in (meta `typedDrafts` keys `inbound:<item id>:<field>`) that no longer
 * belong to open work (ADR 0136): the item confirmed or its inbound checked in, or, when `whole` (the stored list
 * holds every pending inbound: a download whose page held them all), an item on none of `inbounds` (checked in or
 * deleted elsewhere). Other keys are left alone. Pure.
 */
export function staleInboundTypedKeys(
  keys: readonly string[],
  inbounds: readonly Inbound[],
  whole: boolean,
): string[] {
  return keys.filter((key) => {
    const [kind, itemId] = key.split(':');
    if (kind !== 'inbound' || !itemId) return false;
    const inbound = inbounds.find((ib) => ib.items.some((it) => it.id === itemId));
    const item = inbound?.items.find((it) => it.id === itemId);
    if (!inbound || !item) return whole;
    return inbound.status !== 'pending' || item.status !== 'pending';
  });
}
