import { describe, expect, it } from 'vitest';
import { openOrdersLink } from './open-orders-link.ts';

describe('openOrdersLink', () => {
  it('is the default board before 22:00 (Amsterdam)', () => {
    expect(openOrdersLink(new Date('2026-11-30T20:59:00Z'))).toBe('/orders');
    expect(openOrdersLink(new Date('2026-11-30T20:59:00Z'), { b2b: true })).toBe('/orders?b2b=true');
  });

  it('runs until the next midnight for orders placed at or after 22:00, so they are on the board', () => {
    // 22:30 in Amsterdam (UTC+1 in winter)
    const url = new URL(openOrdersLink(new Date('2026-11-30T21:30:00Z')), 'http://x');
    expect(url.pathname).toBe('/orders');
    expect(url.searchParams.get('until')).toBe('2026-12-01 00:00:00');
    const b2b = new URL(openOrdersLink(new Date('2026-11-30T22:59:59Z'), { b2b: true }), 'http://x');
    expect(b2b.searchParams.get('until')).toBe('2026-12-01 00:00:00');
    expect(b2b.searchParams.get('b2b')).toBe('true');
  });

  it('uses summer time in summer', () => {
    // 22:10 in Amsterdam (UTC+2)
    expect(
      new URL(openOrdersLink(new Date('2026-07-01T20:10:00Z')), 'http://x').searchParams.get('until'),
    ).toBe('2026-07-02 00:00:00');
  });
});
