import { describe, expect, it } from 'vitest';
import { DEFAULT_SALE_QUERY } from './sale.schema.ts';
import { parseSaleQuery, regexToIlike, saleQueryDate } from './sale-query.rules.ts';

const NOW = new Date('2026-12-03T12:00:00Z');
const problem = (text: string) => {
  const r = parseSaleQuery(text, NOW);
  if (r.ok) throw new Error(`accepted: ${text}`);
  return r.problem;
};

describe('the sales query (spec 3 §2 Sales dashboard, §7 GET /sales?query)', () => {
  it('reads the default query: products at most 75, updated a week either side of now, newest first', () => {
    const r = parseSaleQuery(DEFAULT_SALE_QUERY, NOW);
    expect(r).toEqual({
      ok: true,
      query: {
        filter: {
          all: [
            { field: 'products', op: 'lte', value: 75 },
            {
              all: [
                { field: 'updated', op: 'gte', value: '2026-11-26T12:00:00.000Z' },
                { field: 'updated', op: 'lte', value: '2026-12-10T12:00:00.000Z' },
              ],
            },
          ],
        },
        sort: [{ field: 'updated', desc: true }],
      },
    });
  });

  it('takes one object of stages, shorthand equality, $in, $or and $regex', () => {
    const r = parseSaleQuery(
      '{"$match": {"contacted": false, "$or": [{"name": {"$regex": "^bakker", "$options": "i"}}, {"products": {"$in": [1, 2]}}]}}',
      NOW,
    );
    expect(r.ok && r.query.filter).toEqual({
      all: [
        { field: 'contacted', op: 'eq', value: false },
        {
          any: [
            { field: 'name', op: 'regex', value: 'bakker%' },
            { field: 'products', op: 'in', value: [1, 2] },
          ],
        },
      ],
    });
  });

  it('refuses what is not JSON, an unknown field, stage or operator, naming where', () => {
    expect(problem('[{"$match": {"products": {"$lte": 75}}')).toMatchObject({ code: 'query_unreadable' });
    expect(problem('[{"$match": {"prodcts": 3}}]')).toMatchObject({
      code: 'query_unknown_field',
      values: { at: '0.$match.prodcts', value: 'prodcts' },
    });
    expect(problem('[{"$lookup": {"from": "users"}}]')).toMatchObject({
      code: 'query_unknown_operator',
      values: { at: '0.$lookup', value: '$lookup', allowed: '$match, $sort' },
    });
    expect(problem('{"$match": {"name": {"$where": "sleep(1000)"}}}')).toMatchObject({
      code: 'query_unknown_operator',
      values: { at: '$match.name.$where', value: '$where' },
    });
    expect(problem('{"$match": {"name": {"$gt": "a"}}}').code).toBe('query_unknown_operator');
    expect(problem('{"$sort": {"contact_link": 1}}').code).toBe('query_unknown_field');
  });

  it('refuses a value of the wrong kind, and SQL put where a value goes stays a refused value', () => {
    expect(problem('{"$match": {"products": {"$lte": "75; DROP TABLE sales"}}}')).toMatchObject({
      code: 'query_bad_value',
      values: { at: '$match.products.$lte', expected: 'number', value: '75; DROP TABLE sales' },
    });
    expect(problem('{"$match": {"updated": {"$gte": "yesterday"}}}').values.expected).toBe('date');
    expect(problem('{"$match": {"updated": {"$gte": "2026-02-31"}}}').values.expected).toBe('date');
    expect(problem('{"$match": {"contacted": "yes"}}').values.expected).toBe('boolean');
    expect(problem('{"$match": {"name": {"$regex": "(a|b)+"}}}').values.expected).toBe('pattern');
    expect(problem('{"$sort": {"name": "asc"}}').values.expected).toBe('number');
  });

  it('bounds the size: conditions, list values, nesting', () => {
    const ors = JSON.stringify({ $match: { $or: Array.from({ length: 51 }, () => ({ products: 1 })) } });
    expect(problem(ors)).toMatchObject({ code: 'query_too_large', values: { limit: 50 } });
    const list = JSON.stringify({
      $match: { name: { $in: Array.from({ length: 101 }, (_, i) => `s${i}`) } },
    });
    expect(problem(list)).toMatchObject({ code: 'query_too_large', values: { limit: 100 } });
    const deep = '{"$match": {"$or": [{"$or": [{"$or": [{"$or": [{"products": 1}]}]}]}]}}';
    expect(problem(deep)).toMatchObject({ code: 'query_too_large', values: { limit: 3 } });
  });

  it('is the empty filter for blank text', () => {
    expect(parseSaleQuery('  ', NOW)).toEqual({ ok: true, query: { filter: { all: [] }, sort: [] } });
  });
});

describe('relative and absolute dates, and $regex as ILIKE', () => {
  it('reads now, now±Nh/d/w and ISO dates of 2000–2100', () => {
    expect(saleQueryDate('now', NOW)).toBe('2026-12-03T12:00:00.000Z');
    expect(saleQueryDate('now+12h', NOW)).toBe('2026-12-04T00:00:00.000Z');
    expect(saleQueryDate('now-2w', NOW)).toBe('2026-11-19T12:00:00.000Z');
    expect(saleQueryDate('2026-12-01', NOW)).toBe('2026-12-01T00:00:00.000Z');
    expect(saleQueryDate('2026-12-01T10:00:00+01:00', NOW)).toBe('2026-12-01T09:00:00.000Z');
    expect(saleQueryDate('1999-12-31', NOW)).toBeUndefined();
    expect(saleQueryDate('now-7y', NOW)).toBeUndefined();
  });

  it('anchors with ^ and $, turns .* and . into % and _, escapes % _ \\', () => {
    expect(regexToIlike('bakker')).toBe('%bakker%');
    expect(regexToIlike('^bakker$')).toBe('bakker');
    expect(regexToIlike('a.*b.c')).toBe('%a%b_c%');
    expect(regexToIlike('100%_\\.nl')).toBe('%100\\%\\_.nl%');
    expect(regexToIlike("'; DROP TABLE sales; --")).toBe("%'; DROP TABLE sales; --%");
    expect(regexToIlike('[a-z]+')).toBeUndefined();
  });
});
