import type { DataRouter, Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { latestSearch, parseUrlState, toUrlParams } from './url-state.ts';

const Filters = z.object({
  from: z.string().default('2026-11-15'),
  search: z.string().default(''),
  page: z.coerce.number().int().min(1).default(1),
});

describe('URL state', () => {
  it('reads defaults for missing or invalid values', () => {
    expect(parseUrlState(Filters, new URLSearchParams('page=abc&search=bol'))).toEqual({
      from: '2026-11-15',
      search: 'bol',
      page: 1,
    });
    expect(parseUrlState(Filters, new URLSearchParams('page=3')).page).toBe(3);
  });

  it('writes only what differs from the defaults, so a plain list has a plain URL', () => {
    expect(toUrlParams(Filters, { from: '2026-11-15', search: '', page: 1 }).toString()).toBe('');
    expect(toUrlParams(Filters, { from: '2026-11-01', search: 'lotte', page: 2 }).toString()).toBe(
      'from=2026-11-01&search=lotte&page=2',
    );
  });

  it('merges into where the router is going: a navigation still loading on this path, else the current location', () => {
    const at = (search: string, pathname = '/orders'): Location => ({
      pathname,
      search,
      hash: '',
      state: null,
      key: search,
    });
    const router = (location: Location, pending?: Location) =>
      ({ state: { location, navigation: { location: pending } } }) as unknown as Pick<DataRouter, 'state'>;
    expect(latestSearch(router(at('?pack=1'))).toString()).toBe('pack=1');
    expect(latestSearch(router(at('?pack=1'), at('?pack=1&until=2026-12-24'))).toString()).toBe(
      'pack=1&until=2026-12-24',
    );
    // A link to another screen is on its way: a change of this screen's filters starts from its own URL.
    expect(latestSearch(router(at('?pack=1'), at('?page=2', '/shipments'))).toString()).toBe('pack=1');
  });
});
