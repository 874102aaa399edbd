import type { ApiConnection, ShopSyncResult } from '@hoppa/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { ShopSyncMenu } from './shop-sync-menu.tsx';

const owner = role('merchant_owner', [
  { methods: ['GET'], path: '/get-api*' },
  { methods: ['GET'], path: '/products/sync/*' },
]);

function connection(n: number, over: Partial<ApiConnection>): ApiConnection {
  return {
    _id: String(n).padStart(24, 'c'),
    api_name: `Shop ${n}`,
    platform: 'woo',
    url: 'https://winkel.nl',
    api_key: 'ck',
    org_name: 'Bakkerij Bol',
    has_secret: true,
    settings: {},
    platform_lang: 'NL',
    send_invoice: false,
    active: true,
    created_at: '2026-11-20T09:00:00.000Z',
    status: {
      last_sync_at: null,
      ok: null,
      error: null,
      imported: null,
      imported_total: 0,
      unknown_eans: [],
    },
    ...over,
  };
}

const RESULT: ShopSyncResult = {
  platform: 'woo',
  api_id: `${'c'.repeat(23)}1`,
  api_name: 'Webwinkel',
  units: 14,
  linked: 2,
  created: 8,
  skipped: [
    { ref: '1233', name: 'Cadeaubon € 25', reason: 'EAN is missing' },
    { ref: '1235', name: 'Stroopwafels verkeerd', reason: 'EAN check digit is wrong (8712345678901)' },
  ],
  skipped_count: 2,
  truncated: false,
};

/** A fetch answering the connections list and the sync calls; `sync` gives the sync's status and body. */
function stubApi(items: ApiConnection[], sync: () => [number, unknown], calls: string[]) {
  vi.stubGlobal('fetch', async (req: Request) => {
    const url = new URL(req.url);
    calls.push(`${req.method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/get-apis')
      return Response.json({ items, total: items.length, skip: 0, limit: 100 });
    if (url.pathname.startsWith('/api/products/sync/')) {
      const [status, body] = sync();
      return Response.json(body, { status });
    }
    return Response.json({ items: [], total: 0, skip: 0, limit: 25 });
  });
}

const render = (r = owner) => renderUi(<ShopSyncMenu />, { session: { user: user(r), orgAuth: orgAuth(r) } });

describe('the product table’s Sync menu (spec 3 §7 Sync; ADR 0107)', { timeout: 30_000 }, () => {
  let calls: string[];
  beforeEach(() => {
    calls = [];
    stubPageRequest();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stays the link to the API connections without an active shop connection', async () => {
    stubApi(
      [connection(1, { platform: 'bol', url: null }), connection(2, { active: false })],
      () => [200, RESULT],
      calls,
    );
    render();
    await waitFor(() => expect(calls).toContain('GET /api/get-apis?skip=0&limit=100'));
    const link = await screen.findByRole('link', { name: 'Sync' });
    expect(link.getAttribute('href')).toBe('/settings/apis');
  });

  it('offers one item per shop connection, runs the chosen one and shows the counts and skipped reasons', async () => {
    stubApi(
      [
        connection(1, { api_name: 'Webwinkel' }),
        connection(2, { platform: 'shopify', api_name: 'Outlet', api_key: '' }),
      ],
      () => [200, RESULT],
      calls,
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Sync' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((e) => e.textContent)).toEqual([
      'Sync with WooCommerce (Webwinkel)',
      'Sync with Shopify (Outlet)',
      'API connections',
    ]);
    fireEvent.click(items[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Products synchronized successfully' });
    expect(calls).toContain(`GET /api/products/sync/shopify?api_id=${'c'.repeat(23)}2`);
    expect(within(dialog).getByText('14 units in the shop: 2 linked, 8 created, 2 skipped.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show the 2 skipped units' }));
    const table = within(dialog).getByRole('table', { name: 'Skipped units' });
    expect(within(table).getByText('EAN check digit is wrong (8712345678901)')).toBeTruthy();
    expect(within(table).getByText('Cadeaubon € 25')).toBeTruthy();
  });

  it('says the sync failed, with the shop’s reason', async () => {
    stubApi(
      [connection(1, { api_name: 'Webwinkel' })],
      () => [
        502,
        {
          statusCode: 502,
          code: 'outside_service',
          message: 'WooCommerce: Sorry, you cannot list resources.',
        },
      ],
      calls,
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Sync' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sync with WooCommerce (Webwinkel)' }));
    expect(await screen.findByText('Failed to sync products')).toBeTruthy();
    expect(screen.getByText('WooCommerce: Sorry, you cannot list resources.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Products synchronized successfully' })).toBeNull();
  });

  it('shows the Dutch item text', async () => {
    stubApi([connection(1, { api_name: 'Webwinkel' })], () => [200, RESULT], calls);
    renderUi(<ShopSyncMenu />, { lang: 'nl', session: { user: user(owner), orgAuth: orgAuth(owner) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Synchroniseren' }));
    expect(
      await screen.findByRole('menuitem', { name: 'Synchroniseren met WooCommerce (Webwinkel)' }),
    ).toBeTruthy();
  });
  it('says a failed sync in Dutch by its code, as the connection page does, not in English', async () => {
    const words = 'WooCommerce: Sorry, you cannot list resources.';
    stubApi(
      [connection(1, { api_name: 'Webwinkel' })],
      () => [
        502,
        {
          statusCode: 502,
          code: 'outside_service',
          message: words,
          issues: [
            { path: 'api_id', message: words, code: 'products_sync_failed', values: { message: words } },
          ],
        },
      ],
      calls,
    );
    renderUi(<ShopSyncMenu />, { lang: 'nl', session: { user: user(owner), orgAuth: orgAuth(owner) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Synchroniseren' }));
    fireEvent.click(
      await screen.findByRole('menuitem', { name: 'Synchroniseren met WooCommerce (Webwinkel)' }),
    );
    expect(await screen.findByText(`Producten synchroniseren mislukt: ${words}`)).toBeTruthy();
  });

  it('names the address of a shop URL on the own network in Dutch', async () => {
    stubApi(
      [connection(1, { api_name: 'Webwinkel' })],
      () => [
        422,
        {
          statusCode: 422,
          code: 'shop_url_not_public',
          message: 'The shop URL of Webwinkel leads to 10.0.0.5',
          issues: [
            { path: 'api_id', message: 'x', code: 'shop_url_not_public', values: { value: '10.0.0.5' } },
          ],
        },
      ],
      calls,
    );
    renderUi(<ShopSyncMenu />, { lang: 'nl', session: { user: user(owner), orgAuth: orgAuth(owner) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Synchroniseren' }));
    fireEvent.click(
      await screen.findByRole('menuitem', { name: 'Synchroniseren met WooCommerce (Webwinkel)' }),
    );
    expect(await screen.findByText(/Het webadres van de winkel leidt naar 10\.0\.0\.5/)).toBeTruthy();
  });
});
