import type { ProductRow } from '@hoppa/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advanceUntil, installFakeClock } from '../../test/fake-clock.ts';
import { ORG_ID, orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { COLUMN_PREFERENCES_KEY } from './product-table.rules.ts';
import { type Call, fakeApi, productRow } from './product-table.test-data.ts';
import { ProductsPage } from './products-page.tsx';

const counts = { totalProducts: 3, totalProductsInStock: 2, soldOutProducts: 1, lowStockProducts: 1 };

describe('product management table (spec 3 §2 Product management)', { timeout: 30_000 }, () => {
  let calls: Call[];
  let rows: ProductRow[];
  const listCalls = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/products');

  beforeEach(() => {
    calls = [];
    rows = [
      productRow(1, { name: 'Drop zout', sf_stock: 0, days_until_out_of_stock: 0 }),
      productRow(2, { name: 'Hagelslag', sf_stock: 3 }),
      productRow(3, { name: 'Stroopwafels', sf_stock: 6, reorder_point: 10 }),
    ];
    localStorage.clear();
    stubPageRequest();
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/products': (c: Call) =>
            c.query.get('search') === 'niets'
              ? { items: [], total: 0, total_capped: false, skip: 0, limit: 25 }
              : {
                  items: rows,
                  total: rows.length,
                  total_capped: false,
                  skip: Number(c.query.get('skip')),
                  limit: 25,
                },
          'GET /api/products/count': counts,
          'POST /api/products/bulk/track_trace': (c: Call) => ({
            updated: (c.body as { ids: string[] }).ids.length,
          }),
          // The first product has history: kept and deactivated, the others deleted.
          'POST /api/products/bulk/delete': (c: Call) => ({
            deleted: (c.body as { ids: string[] }).ids.length - 1,
            deactivated: 1,
          }),
        },
        calls,
      ),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks the server with the search (after the pause), stock status and fulfilment, back on page 1', async () => {
    const { router } = renderUi(<ProductsPage />, { path: '/products?page=2' });
    await screen.findByRole('table', { name: 'Product management' });
    expect(listCalls()[0]?.query.get('skip')).toBe('25');
    expect(listCalls()[0]?.query.get('sort')).toBe('name');

    // The label and the hint name what the server's search matches: a part of the name, EAN or SKU.
    const searchbox = screen.getByRole('searchbox', { name: 'Search by name, EAN or SKU' });
    expect(searchbox.getAttribute('placeholder')).toBe('Part of a name, EAN or SKU');
    fireEvent.input(searchbox, {
      target: { value: 'STROOP' },
    });
    // Debounced: nothing asked at once.
    expect(listCalls().some((c) => c.query.get('search') === 'STROOP')).toBe(false);
    await waitFor(() => expect(listCalls().some((c) => c.query.get('search') === 'STROOP')).toBe(true), {
      timeout: 5000,
    });
    expect(listCalls().at(-1)?.query.get('skip')).toBe('0');
    expect(router.state.location.search).toContain('q=STROOP');

    const choose = async (label: string, option: string) => {
      fireEvent.click(screen.getByLabelText(label, { selector: 'input' }));
      const listbox = await screen.findByRole('listbox', { name: label, hidden: true });
      fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
    };
    await choose('Stock status', 'Low stock (1 to 5)');
    await waitFor(() => expect(listCalls().at(-1)?.query.get('stock_status')).toBe('low_stock'));
    await choose('Fulfilment', 'Not fulfilled by the warehouse');
    await waitFor(() => expect(listCalls().at(-1)?.query.get('fulfilment')).toBe('false'));
    expect(screen.getByText('3 in total · 2 in stock · 1 low · 1 sold out')).toBeTruthy();
  });

  it('sorts on the server by a header and highlights low and out-of-stock rows', async () => {
    renderUi(<ProductsPage />, { path: '/products' });
    const table = await screen.findByRole('table', { name: 'Product management' });
    fireEvent.click(within(table).getByRole('button', { name: /Warehouse stock/ }));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('sort')).toBe('-stock'));
    const stockOf = (name: string) =>
      (within(table).getByText(name).closest('tr') as HTMLElement).querySelector('[data-stock]');
    expect(stockOf('Drop zout')?.getAttribute('data-stock')).toBe('out');
    expect(stockOf('Hagelslag')?.getAttribute('data-stock')).toBe('low');
    // 6 pieces is no longer low, but below its reorder point of 10.
    expect(stockOf('Stroopwafels')?.getAttribute('data-stock')).toBe('reorder');
  });

  it('shows weights and customs values in Dutch notation in the Dutch table', async () => {
    rows = [productRow(1, { name: 'Drop zout', weight_kg: 1.559, customs: { hs: '190590', value: 12.5 } })];
    localStorage.setItem(COLUMN_PREFERENCES_KEY, JSON.stringify({ weight_kg: true, 'customs.value': true }));
    renderUi(<ProductsPage />, { path: '/products', lang: 'nl' });
    const row = await screen.findByRole('row', { name: /Drop zout/ });
    expect(within(row).getByText('1,559')).toBeTruthy();
    expect(within(row).getByText('€ 12,50')).toBeTruthy();
  });

  it('writes counts and stock in Dutch notation in the Dutch table: 2.502 producten, not 2502', async () => {
    const big = productRow(1, {
      name: 'Krentenbollen',
      sf_stock: 1250,
      total_sold_30d: 1400,
      reorder_point: 1100,
    });
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/products': { items: [big], total: 2502, total_capped: false, skip: 0, limit: 25 },
          'GET /api/products/count': {
            totalProducts: 2502,
            totalProductsInStock: 2463,
            soldOutProducts: 0,
            lowStockProducts: 39,
          },
        },
        calls,
      ),
    );
    renderUi(<ProductsPage />, { path: '/products', lang: 'nl' });
    expect(await screen.findByText('2.502 producten')).toBeTruthy();
    expect(
      await screen.findByText('2.502 totaal · 2.463 op voorraad · 39 laag · 0 uitverkocht'),
    ).toBeTruthy();
    const row = await screen.findByRole('row', { name: /Krentenbollen/ });
    expect(within(row).getByText('1.250')).toBeTruthy();
    expect(within(row).getByText('1.400')).toBeTruthy();
    expect(within(row).getByText('1.100')).toBeTruthy();
  });

  it('remembers the column choice per browser under productTableColumnPreferences, by group or column', async () => {
    const first = renderUi(<ProductsPage />, { path: '/products' });
    const table = await screen.findByRole('table', { name: 'Product management' });
    // Customs starts hidden; the Stock group shows.
    expect(within(table).queryByRole('columnheader', { name: 'HS code' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByText('Customs'));
    fireEvent.click(within(menu).getByText('Sold (30 days)'));
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: 'HS code' })).toBeTruthy());
    expect(within(table).queryByRole('columnheader', { name: 'Sold (30 days)' })).toBeNull();
    const stored = JSON.parse(localStorage.getItem(COLUMN_PREFERENCES_KEY) ?? '{}');
    expect(stored).toMatchObject({ 'customs.hs': true, 'customs.value': true, total_sold_30d: false });
    first.unmount();

    renderUi(<ProductsPage />, { path: '/products' });
    const again = await screen.findByRole('table', { name: 'Product management' });
    expect(within(again).getByRole('columnheader', { name: 'Customs value' })).toBeTruthy();
    expect(within(again).queryByRole('columnheader', { name: 'Sold (30 days)' })).toBeNull();
  });

  it('selects products and switches their track-and-trace email off in bulk, then clears the selection', async () => {
    renderUi(<ProductsPage />, { path: '/products' });
    await screen.findByRole('table', { name: 'Product management' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Drop zout' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Stroopwafels' }));
    expect(screen.getByText('2 products selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Track & Trace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Track & Trace of 2 products' });
    const apply = within(dialog).getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    const email = within(dialog).getByRole('radiogroup', { name: 'Send the Track & Trace email' });
    fireEvent.click(within(email).getByText('Off'));
    fireEvent.click(apply);
    expect(await screen.findByText('Updated Track & Trace settings for 2 products')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/products/bulk/track_trace');
    expect(sent?.body).toEqual({ ids: [rows[0]?.id, rows[2]?.id], track_trace_email: false });
    await waitFor(() => expect(screen.queryByText('2 products selected')).toBeNull());
  });

  it('asks before deleting, with the count and that it cannot be undone', async () => {
    renderUi(<ProductsPage />, { path: '/products' });
    await screen.findByRole('table', { name: 'Product management' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    expect(screen.getByText('3 products selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete products' });
    expect(within(dialog).getByText('Are you sure you want to delete 3 selected product(s)?')).toBeTruthy();
    expect(
      within(dialog).getByText(
        /^This action cannot be undone. Products with order or stock history are deactivated instead/,
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/products/bulk/delete')).toBe(false);
  });

  it('deletes the selection and says how many were deactivated for their history instead', async () => {
    renderUi(<ProductsPage />, { path: '/products' });
    await screen.findByRole('table', { name: 'Product management' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete products' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Deleted 2 products; 1 with order or stock history were deactivated instead'),
    ).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/products/bulk/delete');
    expect(sent?.body).toEqual({ ids: rows.map((r) => r.id) });
  });

  it('asks again after 500 ms and 1 s while the unfiltered table answers no products (spec 3 §4)', async () => {
    // The waits run on a fake clock: the test checks them without sleeping through them.
    installFakeClock();
    const all = rows;
    rows = [];
    const askedAt: number[] = [];
    const fetchFake = fakeApi(
      {
        'GET /api/products': (c: Call) => {
          askedAt.push(Date.now());
          // The shop's products arrive between the second and the third load.
          const items = askedAt.length >= 3 ? all : [];
          return {
            items,
            total: items.length,
            total_capped: false,
            skip: Number(c.query.get('skip')),
            limit: 25,
          };
        },
        'GET /api/products/count': counts,
      },
      calls,
    );
    vi.stubGlobal('fetch', fetchFake);
    renderUi(<ProductsPage />, { path: '/products' });
    await advanceUntil(() => askedAt.length >= 3);
    expect(await screen.findByText('Stroopwafels')).toBeTruthy();
    expect(listCalls()).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = askedAt;
    expect(second - first).toBeGreaterThanOrEqual(500);
    expect(third - second).toBeGreaterThanOrEqual(1000);
    // Products found: no more loads.
    await vi.advanceTimersByTimeAsync(5000);
    expect(listCalls()).toHaveLength(3);
  });

  it('offers the export scopes (selected only with a selection) and says when there is nothing to export', async () => {
    renderUi(<ProductsPage />, { path: '/products?q=niets' });
    await screen.findByText('No products match these filters.');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export products' });
    const selected = within(dialog).getByRole('radio', { name: 'Selected products (0)' }) as HTMLInputElement;
    expect(selected.disabled).toBe(true);
    expect(
      (within(dialog).getByRole('radio', { name: 'Filtered products (0)' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Include headers' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText('No data to export')).toBeTruthy();
    // The filtered export read the filter's pages from the server.
    expect(
      listCalls().some((c) => c.query.get('limit') === '1000' && c.query.get('search') === 'niets'),
    ).toBe(true);
  });
  it('tells provider staff on the warehouse itself to choose a shop instead of offering to add a first product', async () => {
    rows = [];
    const staff = { ...role('provider_admin', [{ methods: ['*'], path: '/*' }]), all_orgs: true };
    renderUi(<ProductsPage />, {
      path: '/products',
      session: {
        user: user(staff),
        orgAuth: orgAuth(staff, { org: { id: ORG_ID, name: 'Hoppa Fulfilment', kind: 'provider' } }),
      },
    });
    expect(
      await screen.findByText(
        'Hoppa Fulfilment has no products of its own: choose a shop at the top right to see its products.',
      ),
    ).toBeTruthy();
  });

  it('offers the warehouse’s own organisation no add, import or sync, and says why (QA sweep 2026-12-05)', async () => {
    const staff = { ...role('provider_admin', [{ methods: ['*'], path: '/*' }]), all_orgs: true };
    renderUi(<ProductsPage />, {
      path: '/products',
      lang: 'nl',
      session: {
        user: user(staff),
        orgAuth: orgAuth(staff, { org: { id: ORG_ID, name: 'Hoppa Fulfilment', kind: 'provider' } }),
      },
    });
    await screen.findByRole('table', { name: 'Productbeheer' });
    expect(screen.getByTestId('provider-org').textContent).toBe(
      'Hoppa Fulfilment verkoopt zelf niets, dus producten toevoegen, importeren en synchroniseren doe je voor een winkel: kies de winkel rechtsboven.',
    );
    for (const name of ['Product toevoegen', 'Importeren', 'Synchroniseren', 'bol.com-aanbiedingen'])
      expect(screen.queryByRole('link', { name }) ?? screen.queryByRole('button', { name })).toBeNull();
    // What still makes sense on the warehouse: the scanner and the export.
    expect(screen.getByRole('link', { name: 'Scanner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exporteren' })).toBeTruthy();
  });

  it('offers a shop’s owner add, import and sync, without the warehouse’s line', async () => {
    const owner = role('merchant_owner', [{ methods: ['*'], path: '/*' }]);
    renderUi(<ProductsPage />, {
      path: '/products',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    await screen.findByRole('table', { name: 'Product management' });
    expect(screen.getByRole('link', { name: 'Add Product' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sync' })).toBeTruthy();
    expect(screen.queryByTestId('provider-org')).toBeNull();
  });
});
