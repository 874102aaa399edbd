import { OPEN_ORDERS_COUNT_CAP, SHIPMENTS_COUNT_CAP } from '@hoppa/core';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { HomePage } from './home-page.tsx';

const staff = role('warehouse_staff', [
  { methods: ['GET'], path: '/orders*' },
  { methods: ['GET'], path: '/shipments*' },
]);

/** The two count calls of the home tiles, answered like the API: each count exact or stopped at its cap. */
function fakeApi(
  open: { matching: number; matching_capped: boolean },
  shipped: number,
  shippedCapped = false,
) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname.startsWith('/api/orders/open/')) {
      expect(url.searchParams.get('limit')).toBe('1');
      return json({ groups: [], total: 0, ...open });
    }
    if (url.pathname === '/api/shipments') {
      return json({
        items: [],
        total: shipped,
        total_capped: shippedCapped,
        skip: 0,
        limit: 1,
        start: '',
        end: '',
      });
    }
    return new Response('{}', { status: 404 });
  });
}

beforeEach(() => {
  stubPageRequest();
});
afterEach(() => vi.unstubAllGlobals());

describe('home order tiles', () => {
  it('shows the exact counts of today', async () => {
    vi.stubGlobal('fetch', fakeApi({ matching: 42, matching_capped: false }, 7));
    renderUi(<HomePage />, { path: '/home', session: { user: user(staff), orgAuth: orgAuth(staff) } });
    expect((await screen.findByTestId('stat-orders')).textContent).toBe('42');
    expect((await screen.findByTestId('stat-shipments')).textContent).toBe('7');
  });

  it('shows "at least" when the API stopped counting at its cap', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ matching: OPEN_ORDERS_COUNT_CAP, matching_capped: true }, SHIPMENTS_COUNT_CAP, true),
    );
    renderUi(<HomePage />, { path: '/home', session: { user: user(staff), orgAuth: orgAuth(staff) } });
    expect((await screen.findByTestId('stat-orders')).textContent).toBe(`${OPEN_ORDERS_COUNT_CAP}+`);
    expect((await screen.findByTestId('stat-shipments')).textContent).toBe(`${SHIPMENTS_COUNT_CAP}+`);
  });
});

describe('home header (spec 1 §2 Home dashboard)', () => {
  const providerAdmin = { ...role('provider_admin', staff.grants), all_orgs: true };

  it('names the current shop when the figures are that shop’s', async () => {
    vi.stubGlobal('fetch', fakeApi({ matching: 3, matching_capped: false }, 1));
    renderUi(<HomePage />, { path: '/home', session: { user: user(staff), orgAuth: orgAuth(staff) } });
    expect(await screen.findByText(/^Working for Bakkerij Bol · /)).toBeTruthy();
  });

  it('says "all clients" for provider staff, whose counts cover every shop whichever one is current', async () => {
    vi.stubGlobal('fetch', fakeApi({ matching: 42, matching_capped: false }, 7));
    renderUi(<HomePage />, {
      path: '/home',
      session: { user: user(providerAdmin), orgAuth: orgAuth(providerAdmin, { org_count: 3 }) },
    });
    expect(await screen.findByText(/^All clients · /)).toBeTruthy();
    expect(screen.queryByText(/Bakkerij Bol/)).toBeNull();
    expect((await screen.findByTestId('stat-orders')).textContent).toBe('42');
  });
});
