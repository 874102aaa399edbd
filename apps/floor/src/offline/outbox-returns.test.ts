import type { Return } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { withAnsweredReturn, withDownloadedReturns } from './outbox.ts';

function aReturn(id: string, closed_at: string | null = null): Return {
  return {
    id,
    return_number: `R-${id}`,
    org_id: 'org',
    org_name: 'Bakkerij Bol',
    order_id: 'order',
    shop_order_id: 'BOL-1',
    platform: 'bol',
    tracking_number: `3S-${id}`,
    carrier: 'local',
    reason: 'DAMAGED',
    customer_comments: null,
    registered_at: '2026-12-01T10:00:00.000Z',
    closed_at,
    items: [],
    images: [],
  };
}

describe('the returns desk against answers that cross a download (issue 12)', () => {
  it('keeps an answer stored after the download was sent, and takes the rest of the download', () => {
    const desk = withAnsweredReturn(
      { query: '', at: 0, returns: [aReturn('a'), aReturn('b')], total: 2 },
      aReturn('a', '2026-12-02T05:00:00.000Z'),
      1_000,
    );
    const stale = { query: '', returns: [aReturn('a'), aReturn('c')], total: 9 };
    const after = withDownloadedReturns(desk, stale, 900, 1_100);
    expect(after.returns.map((r) => [r.id, r.closed_at])).toEqual([
      ['a', '2026-12-02T05:00:00.000Z'],
      ['c', null],
    ]);
    expect(after).toMatchObject({ query: '', at: 1_100, total: 9, answered: { a: 1_000 } });
  });

  it('takes the server’s return and forgets the answer when the download was sent after it', () => {
    const desk = withAnsweredReturn(
      { query: 'x', at: 0, returns: [aReturn('a')] },
      aReturn('a', 'closed'),
      1_000,
    );
    const after = withDownloadedReturns(desk, { query: 'x', returns: [aReturn('a')] }, 1_001, 1_100);
    expect(after.returns[0]?.closed_at).toBeNull();
    expect(after.answered).toEqual({});
    expect('total' in after).toBe(false);
  });
});
