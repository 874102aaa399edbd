import { describe, expect, it } from 'vitest';
import { countsFromParam, countsToParam } from './subscriptions.rules.ts';

const A = '5e1ec7000000000000000001';
const B = '5e1ec7000000000000000002';

describe('counts in the URL between pricing and terms', () => {
  it('round-trips chosen counts and leaves zero counts out', () => {
    const text = countsToParam([
      { id: A, count: 3 },
      { id: B, count: 0 },
    ]);
    expect(text).toBe(`${A}:3`);
    expect(countsFromParam(text)).toEqual([{ id: A, count: 3 }]);
  });
  it('drops anything that is not an id and a count of at most 1000', () => {
    expect(countsFromParam(`${A}:2,xyz:3,${B}:-1,${B}:5000,${B}:7`)).toEqual([
      { id: A, count: 2 },
      { id: B, count: 7 },
    ]);
    expect(countsFromParam(null)).toEqual([]);
  });
});
