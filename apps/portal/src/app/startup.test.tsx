import type { OpenOrders } from '@hoppa/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi } from '../test/fake-api.ts';
import { orgAuth, role, user } from '../test/fixtures.ts';
import { stubPageRequest } from '../test/page-request.ts';
import { renderRoutes } from '../test/render.tsx';
import { createQueryClient } from './query-client.ts';
import { buildRoutes } from './router.tsx';
import { startSession } from './session.ts';

const packer = role('warehouse_staff', [
  { methods: ['GET'], path: '/orders*' },
  { methods: ['GET'], path: '/shipment_*' },
]);
const EMPTY: OpenOrders = { groups: [], total: 0, matching: 0, matching_capped: false };

/** A fetch that records every call and never answers: what starts, starts without waiting for anything. */
function silentApi(calls: string[]): typeof fetch {
  return ((input: RequestInfo | URL) => {
    const req = input instanceof Request ? input : new Request(String(input));
    calls.push(`${req.method} ${new URL(req.url).pathname}`);
    return new Promise<Response>(() => {});
  }) as typeof fetch;
}

beforeEach(() => stubPageRequest());
afterEach(() => vi.unstubAllGlobals());

describe('the first paint', () => {
  it("shows the loading indicator while the first route's code loads, not a blank page (HydrateFallback)", () => {
    vi.stubGlobal('fetch', silentApi([]));
    const owner = role('merchant_owner', [{ methods: ['*'], path: '/*' }]);
    const { container } = renderRoutes(buildRoutes(), {
      path: '/orders',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    // Synchronously after the first render: the route's lazy screen module cannot have arrived yet.
    expect(screen.getByRole('status')).toBeTruthy();
    expect(container.textContent).not.toBe('');
  });
});

/** The first load's request chain (issue 8 §1, ADR 0080). */
describe('start-up requests', () => {
  it('asks for the user and the organisation at once on a page behind the login, before any page code runs', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', silentApi(calls));
    startSession(createQueryClient(), '/orders');
    await waitFor(() => expect(calls).toEqual(['GET /api/current_user', 'GET /api/current_org_auth']));
  });

  it('asks only for the user on a public page', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', silentApi(calls));
    startSession(createQueryClient(), '/login');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual(['GET /api/current_user']);
  });

  it('loads the organisation list as soon as the user is known to have more than one', async () => {
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/current_user': user(packer),
          'GET /api/current_org_auth': orgAuth(packer, { org_count: 3 }),
          'GET /api/orgs': [],
        },
        calls,
      ),
    );
    startSession(createQueryClient(), '/orders');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/orgs'));
  });

  it("starts the session from the route's loader and the open orders for the URL's filters once the page's code is in, without rendering the page", async () => {
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/current_user': user(packer),
          'GET /api/current_org_auth': orgAuth(packer),
          'GET /api/shipment_methods': [],
          'GET /api/shipment_boxes': [],
        },
        calls,
      ),
    );
    const qc = createQueryClient();
    type Loaded = { path?: string; loader?: unknown; lazy?: unknown; children?: Loaded[] };
    const find = (routes: Loaded[]): Loaded | undefined =>
      routes.flatMap((r) => [r, find(r.children ?? [])]).find((r) => r?.path === 'orders');
    const route = find(buildRoutes(qc) as Loaded[]);
    const loader = route?.loader as ((a: { request: Request; params: object }) => unknown) | undefined;
    expect(loader).toBeTypeOf('function');
    // react-router runs the loader beside the route's `lazy`: the session's calls start at once, the list only once
    // the page's code (and its prefetch) is in.
    expect(
      loader?.({ request: new Request('http://localhost/orders?limit=200&pack=1'), params: {} }),
    ).toBeNull();
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toEqual(['/api/current_user', '/api/current_org_auth']),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(2);
    const lazy = route?.lazy as (() => Promise<unknown>) | undefined;
    if (!lazy) throw new Error('the orders route has no lazy');
    await lazy();
    await waitFor(() => {
      const open = calls.find((c) => c.path.startsWith('/api/orders/open/'));
      expect(open?.path).toMatch(/\/1$/);
      expect(open?.search).toBe('?limit=200');
      expect(calls.map((c) => c.path)).toEqual(
        expect.arrayContaining(['/api/shipment_methods', '/api/shipment_boxes']),
      );
    });
  });

  it('renders /orders from the prefetched answer without asking for the list a second time', async () => {
    const calls: Call[] = [];
    const session = fakeApi(
      {
        'GET /api/current_user': user(packer),
        'GET /api/current_org_auth': orgAuth(packer),
        'GET /api/shipment_methods': [],
        'GET /api/shipment_boxes': [],
      },
      calls,
    );
    const lists: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const path = new URL(req.url).pathname;
      if (!path.startsWith('/api/orders/open/')) return session(input, init);
      lists.push(path);
      return Promise.resolve(Response.json(EMPTY));
    });
    const qc = createQueryClient();
    renderRoutes(buildRoutes(qc), { path: '/orders', queryClient: qc });
    expect(await screen.findByText('NO ORDERS TO SHOW', {}, { timeout: 20_000 })).toBeTruthy();
    expect(lists).toHaveLength(1);
  }, 30_000);
});
