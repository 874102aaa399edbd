import type { ProductHistoryResponse, ProductLocations } from '@hoppa/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ProductStockPage } from './product-stock-page.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const PRODUCT = hex(1);

function locations(stockA: number, withB = false): ProductLocations {
  const link = (n: number, name: string, stock: number, position: number) => ({
    id: hex(100 + n),
    location: { id: hex(200 + n), name, parent_name: 'A-01', type: 'half-box' as const, active: true },
    stock,
    active: true,
    to_transfer: false,
    transfer_quantity: null,
    position,
  });
  const links = [link(1, 'A-01-01', stockA, 0), ...(withB ? [link(2, 'A-01-02', 0, 1)] : [])];
  return {
    product: {
      id: PRODUCT,
      org_id: hex(9),
      name: 'Ontbijtkoek',
      ean: '8712345678906',
      needs_recount: false,
      stock: links.reduce((n, l) => n + l.stock, 0),
      return_instruction: null,
    },
    locations: links,
  };
}

const HISTORY: ProductHistoryResponse = {
  product: { id: PRODUCT, name: 'Ontbijtkoek', ean: '8712345678906' },
  mutations: [
    {
      id: hex(300),
      created_at: '2026-11-25T09:00:00.000Z',
      quantity: 12,
      reason: 'count',
      location: { id: hex(201), name: 'A-01-01' },
      order: null,
      order_line_id: null,
      user: { id: hex(5), first_name: 'Piet', family_name: 'Picker' },
      note: null,
    },
  ],
  next: null,
  locations: [],
};

const staff = role('warehouse_staff', [
  { methods: ['*'], path: '/locations/*' },
  { methods: ['GET'], path: '/product/*' },
  { methods: ['POST'], path: '/product/assign_location' },
  { methods: ['PUT'], path: '/product/switch_loc_position' },
  { methods: ['POST', 'DELETE'], path: '/product/transfer/*' },
]);

/** Answers the screen's calls like the API; records the changes. */
function fakeApi(calls: string[]) {
  let state = locations(12);
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === `/api/product/locations/${PRODUCT}`) return json(state);
    if (url.pathname === `/api/product/history_locations/${PRODUCT}`) return json(HISTORY);
    if (url.pathname === '/api/product/assign_location') {
      calls.push(`assign ${JSON.stringify(await req.json())}`);
      state = locations(12, true);
      return json(state);
    }
    if (url.pathname.startsWith('/api/locations/stock/update/')) {
      calls.push(`stock ${url.pathname.split('/').slice(-2).join('/')}${url.search}`);
      state = locations(9, true);
      return json(state);
    }
    if (url.pathname === '/api/product/return_instruction') {
      const body = (await req.json()) as { return_instruction: string | null };
      calls.push(`instruct ${JSON.stringify(body)}`);
      return json({ product_id: PRODUCT, return_instruction: body.return_instruction });
    }
    if (url.pathname.startsWith('/api/product/label/')) {
      calls.push(`labels ${url.pathname.split('/').slice(-2).join('/')} ${JSON.stringify(await req.json())}`);
      return new Response(new Uint8Array([37, 80, 68, 70]), {
        headers: { 'content-type': 'application/pdf' },
      });
    }
    if (url.pathname.startsWith('/api/locations/clear/')) {
      calls.push('clear');
      return json(
        { statusCode: 409, code: 'location_not_empty', message: 'Oeps! deze locatie is nog niet leeg.' },
        409,
      );
    }
    return json({ statusCode: 404, code: 'not_found', message: url.pathname }, 404);
  });
}

beforeEach(() => stubPageRequest());
afterEach(() => vi.unstubAllGlobals());

describe('the product location widget (spec 2 §2)', { timeout: 30_000 }, () => {
  it('prints EAN labels of the product in the chosen size and number, for a role that may', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', fakeApi(calls));
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:labels') }));
    const printer = role('warehouse_staff', [
      { methods: ['GET'], path: '/product/*' },
      { methods: ['POST'], path: '/product/label/*' },
    ]);
    renderRoutes([{ path: '/products/:id', element: <ProductStockPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(printer), orgAuth: orgAuth(printer) },
    });
    await screen.findByRole('heading', { name: 'Ontbijtkoek' });
    fireEvent.change(screen.getByLabelText('EAN labels'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: '62mm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Print EAN labels' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:labels'));
    expect(calls).toEqual([`labels 8712345678906/12 {"format":"62mm","org_id":"${hex(9)}"}`]);
  });

  it('shows no label printing to a role without the call', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderRoutes([{ path: '/products/:id', element: <ProductStockPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    await screen.findByRole('heading', { name: 'Ontbijtkoek' });
    expect(screen.queryByRole('button', { name: 'Print EAN labels' })).toBeNull();
  });

  it('adds a scanned location, sets its stock with the amount it replaces, and explains a refused delete', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', fakeApi(calls));
    renderRoutes([{ path: '/products/:id', element: <ProductStockPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    expect(await screen.findByRole('heading', { name: 'Ontbijtkoek' })).toBeTruthy();
    expect(await screen.findByText('Stock set')).toBeTruthy();

    const scan = screen.getByLabelText('Add a location');
    fireEvent.change(scan, { target: { value: 'A-01-02' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    await screen.findByRole('row', { name: 'A-01-02' });
    expect(calls[0]).toBe(`assign {"product_id":"${PRODUCT}","rack_number":"A-01-02","raw_scan":"A-01-02"}`);

    const field = screen.getByLabelText('Pieces on A-01-01');
    fireEvent.change(field, { target: { value: '9' } });
    fireEvent.blur(field);
    await waitFor(() => expect(calls[1]).toBe(`stock ${hex(101)}/9?expected=12`));

    const row = screen.getByRole('row', { name: 'A-01-01' });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Controleer en verwijder de juiste locatie om verder te gaan'),
    ).toBeTruthy();
  });

  it('saves the return instruction the returns desk shows, and shows it read-only to a role that may not set it', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', fakeApi(calls));
    const owner = role('merchant_owner', [
      { methods: ['GET'], path: '/product/*' },
      { methods: ['POST'], path: '/product/return_instruction' },
    ]);
    const view = renderRoutes([{ path: '/products/:id', element: <ProductStockPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    const box = await screen.findByRole('region', { name: 'Return instruction' });
    const field = within(box).getByLabelText('Return instruction');
    const save = within(box).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: '  Check for cracks  ' } });
    fireEvent.click(save);
    expect(await within(box).findByText('Saved')).toBeTruthy();
    expect(calls).toEqual([`instruct {"product_id":"${PRODUCT}","return_instruction":"Check for cracks"}`]);
    view.unmount();

    renderRoutes([{ path: '/products/:id', element: <ProductStockPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    const readOnly = await screen.findByRole('region', { name: 'Return instruction' });
    expect(within(readOnly).getByText('No return instruction.')).toBeTruthy();
    expect(within(readOnly).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
