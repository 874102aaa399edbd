import { describe, expect, it } from 'vitest';
import { IdSchema } from './common.schema.ts';
import { newId } from './id.ts';

describe('newId', () => {
  it('makes 24-character lowercase hex ids that the id schema accepts', () => {
    const id = newId();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(IdSchema.safeParse(id).success).toBe(true);
  });

  it('puts the creation second first so ids sort by time', () => {
    const early = newId(Date.UTC(2026, 0, 1));
    const late = newId(Date.UTC(2026, 10, 21));
    expect(early < late).toBe(true);
    expect(Number.parseInt(early.slice(0, 8), 16)).toBe(Date.UTC(2026, 0, 1) / 1000);
  });

  it('never repeats within a burst', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => newId(0)));
    expect(ids.size).toBe(5000);
  });

  it('gives each id its own random bytes, across refills of the random pool', () => {
    const randomParts = new Set(Array.from({ length: 2000 }, () => newId(0).slice(8, 18)));
    // 2,000 draws of 40 random bits: a repeat is a one-in-a-million chance, a reused pool repeats hundreds.
    expect(randomParts.size).toBeGreaterThanOrEqual(1999);
  });
});

describe('IdSchema', () => {
  it('rejects upper case, short and non-hex ids', () => {
    for (const bad of ['ABCDEF0123456789abcdef01', 'abc', 'zzzzzzzzzzzzzzzzzzzzzzzz', '']) {
      expect(IdSchema.safeParse(bad).success).toBe(false);
    }
  });
});
