import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseUrlState, toUrlParams } from './url-state.ts';

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
});
