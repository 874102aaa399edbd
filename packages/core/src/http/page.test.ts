import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_PAGE_LIMIT, pageOf, pageQuery, parseSort, sortQuery } from './page.ts';

describe('the paging envelope', () => {
  it('coerces query strings, applies the list default and bounds the limit', () => {
    const q = pageQuery(50);
    expect(q.parse({})).toEqual({ skip: 0, limit: 50 });
    expect(q.parse({ skip: '20', limit: '10' })).toEqual({ skip: 20, limit: 10 });
    expect(q.safeParse({ limit: String(MAX_PAGE_LIMIT + 1) }).success).toBe(false);
    expect(q.safeParse({ skip: '-1' }).success).toBe(false);
  });

  it('describes items, total, skip and limit plus a list’s own fields', () => {
    const page = pageOf(z.object({ id: z.string() }), { start: z.string() });
    const ok = { items: [{ id: 'a' }], total: 7, skip: 0, limit: 1, start: '2026-11-22' };
    expect(page.parse(ok)).toEqual(ok);
    expect(page.safeParse({ items: [], total: 0 }).success).toBe(false);
  });
});

describe('the sort parameter', () => {
  const q = sortQuery(['name', 'stock'], 'name');
  it('takes a field ascending or with a minus descending, with the list default', () => {
    expect(q.parse({})).toEqual({ sort: 'name' });
    expect(q.parse({ sort: '-stock' })).toEqual({ sort: '-stock' });
    expect(q.safeParse({ sort: 'price' }).success).toBe(false);
    expect(q.safeParse({ sort: '--name' }).success).toBe(false);
  });

  it('reads back as field and direction', () => {
    expect(parseSort('-stock')).toEqual({ field: 'stock', desc: true });
    expect(parseSort('name')).toEqual({ field: 'name', desc: false });
  });
});
