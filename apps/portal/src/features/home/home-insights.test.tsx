import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { HomeInsights } from './home-insights.tsx';

const owner = role('merchant_owner', [{ methods: ['GET'], path: '/report/*' }]);

function fakeApi(answers: Record<string, unknown>) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const body = answers[new URL(req.url).pathname];
    return body === undefined
      ? new Response('{}', { status: 404 })
      : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

beforeEach(() => {
  stubPageRequest();
});
afterEach(() => vi.unstubAllGlobals());

describe('home dashboard reports (spec 1 §2)', () => {
  it("lists today's people with their picks and packs and the red-noted orders with their products", async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        '/api/report/orders_per_day': { days: [{ day: '2026-11-25', orders: 4, shipped: 2 }] },
        '/api/report/pick': [
          ['hour', 'Piet Jansen'],
          ['09:00', 7],
        ],
        '/api/report/pack': [
          ['hour', 'Anna de Vries'],
          ['10:00', 2],
        ],
        '/api/report/attention': {
          items: [
            {
              id: '0123456789abcdef01234567',
              order_id: 'BB-1001',
              org_name: 'Bakkerij Bol',
              placed_at: '2026-11-22T10:00:00.000Z',
              notes_color: 'red',
              notes_text: 'Eerst bellen',
              products: [{ ean: '8710412236295', title: 'Volkoren', quantity: 1 }],
            },
          ],
          total: 1,
          skip: 0,
          limit: 10,
        },
      }),
    );
    renderUi(<HomeInsights />, { path: '/home', session: { user: user(owner), orgAuth: orgAuth(owner) } });
    const table = await screen.findByTestId('home-report-table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([expect.any(String), 'Piet Jansen70', 'Anna de Vries02']);
    const box = screen.getByTestId('attention-box');
    expect(await within(box).findByText('Eerst bellen')).toBeTruthy();
    expect(within(box).getByText(/8710412236295 · Volkoren × 1/)).toBeTruthy();
    // The weekly report is a merchant owner's (GET /orders/weekly_report); this role lacks it.
    expect(screen.queryByRole('button', { name: /weekly report|Weekrapport/ })).toBeNull();
  });
});
