import { describe, expect, it } from 'vitest';
import { columnPreferencesToStore, DEFAULT_HIDDEN } from './product-table.rules.ts';

/** The stored choice with `ids` hidden, as the table writes it. */
const hidden = (...ids: string[]) => JSON.stringify(Object.fromEntries(ids.map((id) => [id, false])));
const PREVIOUS = [
  'platform',
  'offer_id',
  'own_stock',
  'return_instruction',
  'note',
  'customs.hs',
  'customs.value',
];

describe('columnPreferencesToStore (productTableColumnPreferences, spec 3 §2 column-group toggles)', () => {
  it('stores the default on a first visit: the daily columns only, so the table fits a 1280 px laptop', () => {
    const stored = JSON.parse(columnPreferencesToStore(null) ?? '{}');
    expect(Object.keys(stored).sort()).toEqual([...DEFAULT_HIDDEN].sort());
    expect(Object.values(stored).every((v) => v === false)).toBe(true);
    // The box, the track-and-trace switches, size and weight start hidden; name, EAN, stock and method show.
    for (const id of ['ship_box_id', 'track_trace_email', 'share_track_trace', 'size', 'weight_kg'])
      expect(stored[id], id).toBe(false);
    for (const id of [
      'name',
      'ean',
      'sf_stock',
      'total_sold_30d',
      'days_until_out_of_stock',
      'def_shipping_id',
    ])
      expect(stored[id], id).toBeUndefined();
  });

  it('replaces the untouched previous default (in any order) with the new one', () => {
    expect(columnPreferencesToStore(hidden(...PREVIOUS))).toBe(columnPreferencesToStore(null));
    expect(columnPreferencesToStore(hidden(...[...PREVIOUS].reverse()))).toBe(columnPreferencesToStore(null));
  });

  it('keeps a choice the user made: a column shown or hidden beyond the previous default, or fewer hidden', () => {
    expect(
      columnPreferencesToStore(JSON.stringify({ ...JSON.parse(hidden(...PREVIOUS)), weight_kg: true })),
    ).toBeNull();
    expect(columnPreferencesToStore(hidden(...PREVIOUS, 'size'))).toBeNull();
    expect(columnPreferencesToStore(hidden(...PREVIOUS.slice(1)))).toBeNull();
    expect(
      columnPreferencesToStore(JSON.stringify({ ...JSON.parse(hidden(...PREVIOUS)), note: true })),
    ).toBeNull();
    expect(columnPreferencesToStore('{}')).toBeNull();
  });

  it('leaves a value it cannot read alone (the table then shows every column)', () => {
    expect(columnPreferencesToStore('not json')).toBeNull();
    expect(columnPreferencesToStore('[1,2]')).toBeNull();
    expect(columnPreferencesToStore('null')).toBeNull();
  });
});
