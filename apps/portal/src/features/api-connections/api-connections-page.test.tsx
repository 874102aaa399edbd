import type { ApiConnection } from '@hoppa/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ApiConnectionAddPage } from './api-connection-add-page.tsx';
import { type Call, fakeApi } from './api-connections.test-data.ts';
import { ApiConnectionsPage } from './api-connections-page.tsx';
import { BolProductsPage } from './bol-products-page.tsx';

const owner = role('merchant_owner', [
  { methods: ['POST'], path: '/store-api' },
  { methods: ['GET'], path: '/get-api*' },
  { methods: ['PUT'], path: '/update-api*' },
]);
const reader = role('merchant_user', [{ methods: ['GET'], path: '/get-api*' }]);

function connection(n: number, over: Partial<ApiConnection> = {}): ApiConnection {
  return {
    _id: String(n).padStart(24, 'c'),
    api_name: `Shop ${n}`,
    platform: 'bol',
    url: null,
    api_key: 'client',
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

function render(
  r: typeof owner,
  items: ApiConnection[],
  calls: Call[] = [],
  path = '/settings/apis',
  lang: 'en' | 'nl' = 'en',
) {
  vi.stubGlobal(
    'fetch',
    fakeApi(
      {
        'GET /api/get-apis': { items, total: items.length, skip: 0, limit: 25 },
        'PUT /api/update-api': (c: Call) => ({ ...items[0], ...(c.body as object) }),
        'PUT /api/update-api-invoice/ccccccccccccccccccccccc1': (c: Call) => ({
          ...items[0],
          ...(c.body as object),
        }),
        'POST /api/store-api': (c: Call) => connection(9, c.body as Partial<ApiConnection>),
        'GET /api/bol/products/get/bol': () =>
          Response.json(
            { statusCode: 502, code: 'outside_service', message: 'bol.com: Bad client credentials' },
            { status: 502 },
          ),
      },
      calls,
    ),
  );
  return renderRoutes(
    [
      { path: '/settings/apis', element: <ApiConnectionsPage /> },
      { path: '/settings/apis/add', element: <ApiConnectionAddPage /> },
      { path: '/settings/apis/bol/:api_name', element: <BolProductsPage /> },
    ],
    { path, lang, session: { user: user(r), orgAuth: orgAuth(r) } },
  );
}

describe('API connections (spec 3 §2 API integrations)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('explains what to add when there are no connections', async () => {
    render(owner, []);
    expect(await screen.findByText('No connections yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add connection' })).toBeTruthy();
  });

  it('lists connections with the last sync, its error and held-back orders, and switches them', async () => {
    const calls: Call[] = [];
    render(
      owner,
      [
        connection(1, {
          status: {
            last_sync_at: '2026-11-25T09:30:00.000Z',
            ok: false,
            error: 'bol.com: Bad client credentials',
            imported: 0,
            imported_total: 0,
            unknown_eans: [{ order_id: 'B1001', eans: ['8712345678906'] }],
          },
        }),
        connection(2, { platform: 'postnl', api_name: 'PostNL' }),
        connection(3, {
          api_name: 'België',
          platform: 'bol_be',
          status: {
            last_sync_at: '2026-11-25T09:31:00.000Z',
            ok: true,
            error: null,
            imported: 1,
            imported_total: 12,
            unknown_eans: [],
          },
        }),
      ],
      calls,
    );
    const table = await screen.findByRole('table', { name: 'API connections' });
    const row = within(table).getByText('Shop 1').closest('tr') as HTMLElement;
    expect(within(row).getByText('25-11-2026 10:30: failed')).toBeTruthy();
    expect(within(row).getByText('bol.com: Bad client credentials')).toBeTruthy();
    expect(within(row).getByText('Held back, unknown EAN: B1001 (8712345678906)')).toBeTruthy();
    const postnl = within(table).getByText('PostNL', { selector: 'p' }).closest('tr') as HTMLElement;
    expect(within(postnl).getByText('Labels only: no orders to pull')).toBeTruthy();
    const be = within(table).getByText('België').closest('tr') as HTMLElement;
    expect(within(be).getByText('25-11-2026 10:31: 1 new order · 12 taken in so far')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Active: Shop 1' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/update-api')).toBe(true),
    );
    expect(calls.find((c) => c.path === '/api/update-api')?.body).toEqual({
      _id: 'ccccccccccccccccccccccc1',
      active: false,
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Send invoices through Shop 1' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/update-api-invoice/ccccccccccccccccccccccc1')?.body).toEqual({
        send_invoice: true,
      }),
    );
  });

  it("words the last pull's problem in the UI's language by its code: each refused order with the order import's reason", async () => {
    const failedAt = { last_sync_at: '2026-11-25T09:30:00.000Z', ok: false, imported: 0, imported_total: 0 };
    render(
      owner,
      [
        connection(1, {
          status: {
            ...failedAt,
            error:
              'Orders not taken in: B1001: invalid postcode for NL: ...; B1002: duplicate order id already imported',
            problem: { code: 'orders_refused', values: {} },
            refused: [
              {
                order_id: 'B1001',
                code: 'bad_postcode',
                values: { country: 'NL', value: '123' },
                reason: "invalid postcode for NL: '123'",
              },
              {
                order_id: 'B1002',
                code: 'missing_address',
                values: { field: 'city' },
                reason: 'missing city',
              },
            ],
            unknown_eans: [],
          },
        }),
        connection(2, {
          api_name: 'België',
          platform: 'bol_be',
          status: {
            ...failedAt,
            error: 'bol.com: Bad client credentials',
            problem: { code: 'pull_failed', values: { message: 'bol.com: Bad client credentials' } },
            refused: [],
            unknown_eans: [],
          },
        }),
      ],
      [],
      '/settings/apis',
      'nl',
    );
    const table = await screen.findByRole('table', { name: 'API-koppelingen' });
    const row = within(table).getByText('Shop 1').closest('tr') as HTMLElement;
    expect(
      within(row).getByText(
        "Orders niet overgenomen: B1001: Ongeldige Nederlandse postcode: '123' (vier cijfers en twee letters, bijv. 1234 AB); B1002: Plaats ontbreekt (nodig voor het adres)",
      ),
    ).toBeTruthy();
    const be = within(table).getByText('België').closest('tr') as HTMLElement;
    expect(within(be).getByText('Ophalen mislukt: bol.com: Bad client credentials')).toBeTruthy();
  });

  it("shows a shop connection's product sync: never, products linked or created, failed with its message", async () => {
    const synced = {
      last_sync_at: '2026-11-25T09:30:00.000Z',
      error: null,
      imported_total: 0,
      unknown_eans: [],
    };
    render(owner, [
      connection(1, { platform: 'woo', api_name: 'Webwinkel', url: 'https://winkel.nl' }),
      connection(2, {
        platform: 'shopify',
        api_name: 'Shopify',
        status: { ...synced, ok: true, imported: 7 },
      }),
      connection(3, {
        platform: 'lightspeed',
        api_name: 'Lightspeed',
        status: { ...synced, ok: false, imported: null, error: 'Lightspeed: Invalid API key' },
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'API connections' });
    const rowOf = (name: string) =>
      within(table).getByText(name, { selector: 'p' }).closest('tr') as HTMLElement;
    expect(
      within(rowOf('Webwinkel')).getByText('Products not synchronised yet (Sync on the products page)'),
    ).toBeTruthy();
    expect(within(rowOf('Shopify')).getByText('25-11-2026 10:30: 7 products linked or created')).toBeTruthy();
    const failed = rowOf('Lightspeed');
    expect(within(failed).getByText('25-11-2026 10:30: failed')).toBeTruthy();
    expect(within(failed).getByText('Lightspeed: Invalid API key')).toBeTruthy();
    expect(within(table).queryByText(/new order/)).toBeNull();
  });

  it("words a shop's failed product sync in Dutch by its code, the platform's own words and the address as values", async () => {
    const failed = {
      last_sync_at: '2026-11-25T09:30:00.000Z',
      ok: false,
      imported: 0,
      imported_total: 0,
      unknown_eans: [],
    };
    render(
      owner,
      [
        connection(1, {
          platform: 'woo',
          api_name: 'Webwinkel',
          url: 'https://winkel.nl',
          status: {
            ...failed,
            error: 'WooCommerce: Sorry, you cannot list resources.',
            problem: {
              code: 'products_sync_failed',
              values: { message: 'WooCommerce: Sorry, you cannot list resources.' },
            },
          },
        }),
        connection(2, {
          platform: 'shopify',
          api_name: 'Shopify',
          status: {
            ...failed,
            error:
              "The shop URL of Shopify leads to 10.0.0.5, an address on this server's own network; Hoppa only connects to shops on the internet",
            problem: { code: 'shop_url_not_public', values: { value: '10.0.0.5' } },
          },
        }),
      ],
      [],
      '/settings/apis',
      'nl',
    );
    const table = await screen.findByRole('table');
    const rowOf = (name: string) =>
      within(table).getByText(name, { selector: 'p' }).closest('tr') as HTMLElement;
    expect(
      within(rowOf('Webwinkel')).getByText(
        'Producten synchroniseren mislukt: WooCommerce: Sorry, you cannot list resources.',
      ),
    ).toBeTruthy();
    expect(
      within(rowOf('Shopify')).getByText(
        'Het webadres van de winkel leidt naar 10.0.0.5, een adres in het eigen netwerk van Hoppa; Hoppa maakt alleen verbinding met winkels op internet',
      ),
    ).toBeTruthy();
  });

  it('shows the switches disabled and no add button to a reader', async () => {
    render(reader, [connection(1)]);
    expect(
      ((await screen.findByRole('switch', { name: 'Active: Shop 1' })) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(screen.queryByRole('link', { name: 'Add connection' })).toBeNull();
  });

  it('edits a connection from its row: the add form’s fields and checks, an empty secret kept', async () => {
    const calls: Call[] = [];
    const postnl = connection(1, {
      platform: 'postnl',
      api_name: 'PostNL',
      api_key: 'Bakkerij',
      settings: { customer_code: 'DEVC', customer_number: '11223344', collection_location: '123456' },
    });
    render(owner, [postnl, connection(2, { org_name: 'Stroopwafel & Co' })], calls);
    const table = await screen.findByRole('table', { name: 'API connections' });
    // Two shops' connections (a provider admin's list): a Shop column names each one's shop.
    expect(within(table).getByRole('columnheader', { name: 'Shop' })).toBeTruthy();
    expect(within(table).getByText('Stroopwafel & Co')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit PostNL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit PostNL' });
    expect((within(dialog).getByRole('textbox', { name: /^Customer code/ }) as HTMLInputElement).value).toBe(
      'DEVC',
    );
    expect(within(dialog).getByText(/Leave empty to keep the current one/)).toBeTruthy();
    fireEvent.input(within(dialog).getByRole('textbox', { name: /^Collection location/ }), {
      target: { value: '' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('textbox', { name: /^Collection location/ })
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.input(within(dialog).getByRole('textbox', { name: /^Collection location/ }), {
      target: { value: '654321' },
    });
    fireEvent.input(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'PostNL NL' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.path === '/api/update-api')?.body).toEqual({
      _id: 'ccccccccccccccccccccccc1',
      api_name: 'PostNL NL',
      api_key: 'Bakkerij',
      settings: { customer_code: 'DEVC', customer_number: '11223344', collection_location: '654321' },
      send_invoice: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows bol’s own refusal on the bol products page', async () => {
    render(owner, [], [], '/settings/apis/bol/bol');
    expect(await screen.findByText('bol.com: Bad client credentials')).toBeTruthy();
    expect(screen.queryByText(/consult your logs/)).toBeNull();
  });

  it('the add form asks PostNL’s codes, refuses without them and saves the connection', async () => {
    const calls: Call[] = [];
    render(owner, [], calls, '/settings/apis/add');
    await screen.findByRole('heading', { name: 'Add an API connection' });
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findAllByText(/required|at least/i)).not.toHaveLength(0);
    fireEvent.click(screen.getByRole('radio', { name: 'PostNL' }));
    fireEvent.input(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'PostNL' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Customer name at PostNL/ }), {
      target: { value: 'Bakkerij' },
    });
    fireEvent.input(screen.getByLabelText(/^API key/), { target: { value: 'k3y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Customer code/ }).getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.input(screen.getByRole('textbox', { name: /^Customer code/ }), { target: { value: 'DEVC' } });
    fireEvent.input(screen.getByRole('textbox', { name: /^Customer number/ }), {
      target: { value: '11223344' },
    });
    fireEvent.input(screen.getByRole('textbox', { name: /^Collection location/ }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/store-api')).toBe(true),
    );
    expect(calls.find((c) => c.path === '/api/store-api')?.body).toEqual({
      platform: 'postnl',
      api_name: 'PostNL',
      api_key: 'Bakkerij',
      secret: 'k3y',
      settings: { customer_code: 'DEVC', customer_number: '11223344', collection_location: '123456' },
      send_invoice: false,
    });
    // Back on the list, which the fake API answers empty: its empty state, not a table (waiting for a table first cost
    // testing-library's whole 5 s timeout on every run).
    expect(await screen.findByText('No connections yet')).toBeTruthy();
  });
});
