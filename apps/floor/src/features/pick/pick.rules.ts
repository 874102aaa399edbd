import type { PickFilter, PickRecord } from '../../offline/db.ts';

/** Longest product name the pick screen shows (spec 2 §9). */
export const PICK_NAME_MAX = 80;

/** Cuts a product name at {@link PICK_NAME_MAX} characters, marking the cut with an ellipsis. */
export function cutName(name: string, max = PICK_NAME_MAX): string {
  const chars = Array.from(name.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

// The filter's rules the floor's first file needs (the list's first page, ADR 0078) live in pick-filter.rules.ts.
export {
  defaultPickFilter,
  fullFilter,
  narrowingCount,
  pickListRequest,
  sameFilter,
} from './pick-filter.rules.ts';

/**
 * Turns one of the two switches on or off (spec 2 §2: single-orders and multi-orders exclude each
 * other): switching one on switches the other off.
 */
export function withOrdersSwitch(filter: PickFilter, which: 'single' | 'multi', on: boolean): PickFilter {
  if (which === 'single')
    return { ...filter, singleOrders: on, multiOrders: on ? false : filter.multiOrders };
  return { ...filter, multiOrders: on, singleOrders: on ? false : filter.singleOrders };
}

/**
 * Whether a filter's period runs forward: its start (Van) not after its end (Tot en met), as `GET /pick_list/pick/…`
 * requires (else it answers 400); an unreadable time is left to the inputs. Pure.
 */
export function periodInOrder(f: Pick<PickFilter, 'start' | 'end'>): boolean {
  const start = Date.parse(f.start);
  const end = Date.parse(f.end);
  return Number.isNaN(start) || Number.isNaN(end) || start <= end;
}

/**
 * Whether `seen`, the pieces the picker counted on the shelf, makes an 'insufficient quantity at location' report
 * (spec 2 §2 sub-menu): fewer than the pick needs (`needed`). As many or more is enough for the pick: no report. Pure.
 */
export function isInsufficient(seen: number, needed: number): boolean {
  return seen < needed;
}

/** Picks still to do, in walking order (`seq`), leaving out those confirmed a moment ago. */
export function openPicks(
  records: readonly PickRecord[],
  justConfirmed: ReadonlySet<string> = new Set(),
): PickRecord[] {
  return records.filter((r) => r.status === 'open' && !justConfirmed.has(r.id)).sort((a, b) => a.seq - b.seq);
}

/**
 * The pick in front of the picker (spec 2 §2 Skip): the open pick after skipping `skip` of them. Skipping
 * past the last one starts again at the first, so skipped picks come back at the end of the round.
 */
export function currentPick(
  open: readonly PickRecord[],
  skip: number,
): { pick: PickRecord | null; index: number } {
  if (open.length === 0) return { pick: null, index: -1 };
  const index = ((Math.floor(skip) % open.length) + open.length) % open.length;
  return { pick: open[index] ?? null, index };
}

/** A rack name as the Dutch voice should read it: separators become pauses ("A-01-02" → "A 01 02"). */
export function speakableLocation(rack: string): string {
  return rack
    .replace(/[-_./\\]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether stock on the location is a reason to recount (spec 2 §4: stock ≤ 0 or flagged). */
export function needsRecount(pick: PickRecord): boolean {
  return pick.item.needs_recount || pick.item.product__stock <= 0;
}

/** What a picker reports at the shelf (spec 2 §2 Pick screen sub-menu). */
export type ShelfProblem = 'not_present' | 'insufficient' | 'low_stock';

/**
 * Where the picker goes after reporting a problem at the shelf (spec 2 §2 sub-menu; issue 11: "moves on to the next
 * location of the product when one has stock"): the item moved to its next other location with stock (that one taken
 * off its alternatives), or null when there is none (the screen skips the item instead). The recount flag is raised
 * on the item, as the server does. Pure.
 */
export function moveToNextLocation(pick: PickRecord): PickRecord | null {
  const [next, ...rest] = (pick.item.other_locations ?? []).filter((l) => l.stock > 0);
  if (!next) return null;
  return {
    ...pick,
    item: {
      ...pick.item,
      loc_id: next.loc_id,
      rack: next.rack,
      rack_parent: next.rack_parent,
      product__stock: next.stock,
      prod__loc_id: null,
      needs_recount: true,
      other_locations: rest,
    },
  };
}

/**
 * The recount rule of spec 2 §4 for the pick in front of the picker: stock on its location of 0 or less and no recount
 * flag yet → `request` one (raise the flag); the flag raised → show the recount `popup`; otherwise nothing.
 */
export function recountAction(pick: PickRecord): 'request' | 'popup' | null {
  if (pick.item.needs_recount) return 'popup';
  if (pick.item.product__stock <= 0 && pick.item.loc_id) return 'request';
  return null;
}
