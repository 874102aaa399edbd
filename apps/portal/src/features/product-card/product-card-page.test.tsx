import type { ProductBundle, ProductCard, ProductHistoryResponse, ProductLocations } from '@hoppa/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advanceUntil, installFakeClock } from '../../test/fake-clock.ts';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { productCard } from '../../test/product-card.ts';
import { renderRoutes } from '../../test/render.tsx';
import { imageFileProblem } from './api/product-card.ts';
import { customsErrors, dataQualityProblems, ProductCardPage } from './product-card-page.tsx';

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

function cardOf(over: Partial<ProductCard> = {}): ProductCard {
  return productCard({ id: PRODUCT, ...over });
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
function fakeApi(
  calls: string[],
  opts: {
    failCard?: number;
    loads?: number[];
    children?: boolean;
    card?: Partial<ProductCard>;
    /** The parts `GET /product/bundle/{id}` answers (the product is a bundle); none by default. */
    parts?: ProductBundle['parts'];
    /** What `GET /product/locations/{id}` answers first; 12 pieces on A-01-01 by default. */
    locations?: ProductLocations;
  } = {},
) {
  let state = opts.locations ?? locations(12);
  let card = cardOf({
    ...(opts.children
      ? { children: [{ id: hex(2), name: 'Ontbijtkoek los', ean: '8712345678913', sf_stock: 4 }] }
      : {}),
    ...opts.card,
  });
  let cardFailures = opts.failCard ?? 0;
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === `/api/product/${PRODUCT}`) {
      opts.loads?.push(Date.now());
      if (cardFailures-- > 0) return json({ statusCode: 500, code: 'internal', message: 'down' }, 500);
      return json(card);
    }
    if (url.pathname === '/api/shipment_methods')
      return json([
        {
          id: hex(60),
          code: 'PNL-NL',
          name: 'PostNL pakket',
          carrier: 'postnl',
          price: 6.95,
          price_cents: 695,
          country_code: 'NL',
          product_code: '3085',
          active: true,
        },
      ]);
    if (url.pathname === '/api/surcharges')
      return json({
        items: [
          {
            id: hex(80),
            name: 'Breekbaar inpakken',
            code: 'FRAGILE',
            price: 0.75,
            price_cents: 75,
            note: null,
            type: 'order-line',
          },
        ],
        total: 1,
        skip: 0,
        limit: 200,
      });
    if (url.pathname === '/api/shipment_boxes')
      return json([
        {
          id: hex(70),
          name: 'Doos S',
          label: 'S',
          price: 0.5,
          price_cents: 50,
          package_cost: 0.2,
          package_cost_cents: 20,
        },
      ]);
    if (url.pathname === `/api/stock/analysis/${hex(9)}/8712345678906`)
      return json({
        product: { id: PRODUCT, name: 'Ontbijtkoek', ean: '8712345678906', needs_recount: false },
        stock: 12,
        ledger: 12,
        difference: 0,
        locations: [{ location: { id: hex(201), name: 'A-01-01' }, stock: 12, ledger: 12 }],
        reasons: [{ reason: 'count', quantity: 12, rows: 1 }],
        days: [],
      });
    const settings: Record<string, (b: Record<string, unknown>) => Partial<ProductCard>> = {
      '/api/product/fulfilment/toggle': () => ({ fullfilled_bysf: !card.fullfilled_bysf }),
      '/api/product/share_track_trace': (b) => ({ share_track_trace: b.share_track_trace as boolean }),
      '/api/product/sync_stock': (b) => ({ sync_stock: b.stock_sync as boolean }),
      '/api/product/fake_stock': (b) => ({ fake_stock: b.fake_stock as boolean }),
      '/api/product/assign_box': (b) => ({ ship_box_id: b.box_id as string }),
      '/api/product/pick_note': (b) => ({ pick_note: b.pick_note as string }),
      [`/api/product/stock/min/${PRODUCT}`]: (b) => ({ stock_min: b.value as number }),
      [`/api/product/stock/max/${PRODUCT}`]: (b) => ({ stock_max: b.value as number }),
      [`/api/product/customs/${PRODUCT}`]: (b) => ({
        customs: { hs: b.hs as string, value: b.value as number },
        weight_kg: b.weight_kg as number,
      }),
    };
    if (url.pathname.startsWith('/api/products/ean/'))
      return json({
        products: [{ ...cardOf({ id: hex(2), name: 'Ontbijtkoek los', ean: '8712345678913' }) }],
      });
    if (url.pathname.startsWith('/api/product/link/') || url.pathname.startsWith('/api/product/unlink/')) {
      calls.push(url.pathname.replace('/api', ''));
      const linking = url.pathname.startsWith('/api/product/link/');
      card = {
        ...card,
        children: linking ? [{ id: hex(2), name: 'Ontbijtkoek los', ean: '8712345678913', sf_stock: 4 }] : [],
      };
      return json(card);
    }
    const set = settings[url.pathname];
    if (set && req.method === 'POST') {
      const body = (await req.json()) as Record<string, unknown>;
      calls.push(`${url.pathname.replace('/api', '')} ${JSON.stringify(body)}`);
      card = { ...card, ...set(body) };
      return json(card);
    }
    if (url.pathname === `/api/product/bundle/${PRODUCT}`) {
      const parts = opts.parts ?? [];
      const bundle: ProductBundle = {
        product_id: PRODUCT,
        is_bundle: parts.length > 0,
        description: null,
        parts,
        stock: parts.length
          ? Math.max(0, Math.min(...parts.map((p) => Math.floor(p.stock / p.quantity))))
          : 0,
        part_of: [],
      };
      return json(bundle);
    }
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
      card = { ...card, sf_stock: 9 };
      return json(state);
    }
    if (url.pathname === '/api/correct_stock/') {
      const body = (await req.json()) as { curr_amount: number };
      calls.push(`correct ${JSON.stringify(body)}`);
      state = locations(body.curr_amount);
      card = { ...card, sf_stock: body.curr_amount };
      return json({ message: 'Stock corrected successfully', result: state });
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
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the product location widget on the card (spec 2 §2)', { timeout: 30_000 }, () => {
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
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(printer), orgAuth: orgAuth(printer) },
    });
    await screen.findByRole('heading', { name: 'Ontbijtkoek' });
    fireEvent.input(screen.getByLabelText('EAN labels'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: '62mm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Print EAN labels' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:labels'));
    expect(calls).toEqual([`labels 8712345678906/12 {"format":"62mm","org_id":"${hex(9)}"}`]);
  });

  it('shows no label printing to a role without the call', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    await screen.findByRole('heading', { name: 'Ontbijtkoek' });
    expect(screen.queryByRole('button', { name: 'Print EAN labels' })).toBeNull();
  });

  it('adds a scanned location, sets its stock with the amount it replaces, and explains a refused delete', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', fakeApi(calls));
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    expect(await screen.findByRole('heading', { name: 'Ontbijtkoek' })).toBeTruthy();
    // The location history is the panel open when the card opens (for those who may read the ledger).
    expect(screen.getByRole('button', { name: 'Location history' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await screen.findByText('Stock set')).toBeTruthy();
    // DD-MM-YYYY HH:mm in Amsterdam time.
    expect(screen.getByText('25-11-2026 10:00')).toBeTruthy();

    const scan = screen.getByLabelText('Add a location');
    fireEvent.input(scan, { target: { value: 'A-01-02' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    await screen.findByRole('row', { name: 'A-01-02' });
    expect(calls[0]).toBe(`assign {"product_id":"${PRODUCT}","rack_number":"A-01-02","raw_scan":"A-01-02"}`);

    const field = screen.getByLabelText('Pieces on A-01-01');
    fireEvent.input(field, { target: { value: '9' } });
    fireEvent.blur(field);
    await waitFor(() => expect(calls[1]).toBe(`stock ${hex(101)}/9?expected=12`));
    // The header's total follows the change without a reload.
    await waitFor(() => expect(screen.getByLabelText('Total stock').textContent).toBe('9'));

    const row = screen.getByRole('row', { name: 'A-01-01' });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Controleer en verwijder de juiste locatie om verder te gaan'),
    ).toBeTruthy();
  });

  /**
   * The API as fakeApi, but A-01-05 is held by another product (`stock` pieces on it): assign_location and a move
   * there (`POST /product/transfer/{id}`) answer 405 `location_held` naming the holder until the holder's link is
   * cleared.
   */
  function heldApi(calls: string[], stock: number) {
    const base = fakeApi(calls);
    const HOLDER = hex(3);
    const LINK = hex(103);
    const BIN = hex(205);
    let holding = true;
    const holder = (): ProductLocations => ({
      product: {
        id: HOLDER,
        org_id: hex(9),
        name: 'Stroopwafel los',
        ean: '8712345678920',
        needs_recount: false,
        stock,
        return_instruction: null,
      },
      locations: holding
        ? [
            {
              id: LINK,
              location: { id: BIN, name: 'A-01-05', parent_name: 'A-01', type: 'half-box', active: true },
              stock,
              active: true,
              to_transfer: false,
              transfer_quantity: null,
              position: 0,
            },
          ]
        : [],
    });
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(req.url);
      if (url.pathname === `/api/product/locations/${HOLDER}`) return json(holder());
      if (url.pathname === `/api/locations/clear/${LINK}/${HOLDER}/${BIN}` && req.method === 'DELETE') {
        calls.push(`clear ${LINK}/${HOLDER}/${BIN}`);
        holding = false;
        return json(holder());
      }
      const moving = url.pathname === `/api/product/transfer/${hex(101)}`;
      if (moving && !holding) {
        calls.push(`move ${JSON.stringify(await req.json())}`);
        return json(locations(12));
      }
      if ((url.pathname === '/api/product/assign_location' || moving) && holding) {
        calls.push(`refused ${moving ? 'move ' : ''}${JSON.stringify(await req.json())}`);
        return json(
          {
            statusCode: 405,
            code: 'location_held',
            message: 'Location A-01-05 holds other products (Stroopwafel los): clear it first',
            issues: [
              {
                path: `location_products.${LINK}.${HOLDER}`,
                message: `Stroopwafel los (8712345678920, Bakkerij Bol): ${stock} in stock`,
              },
            ],
          },
          405,
        );
      }
      return base(req);
    });
  }

  it('names the products holding a location and, when they lie there empty, clears them and adds it after a confirmation', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', heldApi(calls, 0));
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    const scan = await screen.findByLabelText('Add a location');
    fireEvent.input(scan, { target: { value: 'A-01-05' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    const notice = await screen.findByRole('alert', { name: 'A-01-05 holds other products' });
    expect(await within(notice).findByText('Stroopwafel los · EAN 8712345678920 · 0 pieces')).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Clear A-01-05 and add it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear A-01-05?' });
    expect(
      within(dialog).getByText(
        'Stroopwafel los is taken off A-01-05. It has 0 pieces there, so no stock is moved or removed. Then A-01-05 is added to Ontbijtkoek.',
      ),
    ).toBeTruthy();
    expect(calls).toEqual([
      `refused {"product_id":"${PRODUCT}","rack_number":"A-01-05","raw_scan":"A-01-05"}`,
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear and add' }));
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'A-01-05 holds other products' })).toBeNull(),
    );
    expect(calls.slice(1)).toEqual([
      `clear ${hex(103)}/${hex(3)}/${hex(205)}`,
      `assign {"product_id":"${PRODUCT}","rack_number":"A-01-05","raw_scan":"A-01-05"}`,
    ]);
  });

  it('names the products holding the location a move goes to and, after a confirmation, clears them and moves the pieces there', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', heldApi(calls, 0));
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    const row = await screen.findByRole('row', { name: 'A-01-01' });
    fireEvent.click(within(row).getByRole('button', { name: 'Move' }));
    fireEvent.change(await screen.findByLabelText('Pieces'), { target: { value: '5' } });
    const to = await screen.findByLabelText('New location (scan or type)');
    fireEvent.input(to, { target: { value: 'A-01-05' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    // The same notice as a refused add, and the move's dialog is closed.
    const notice = await screen.findByRole('alert', { name: 'A-01-05 holds other products' });
    expect(await within(notice).findByText('Stroopwafel los · EAN 8712345678920 · 0 pieces')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('New location (scan or type)')).toBeNull());
    fireEvent.click(within(notice).getByRole('button', { name: 'Clear A-01-05 and move the pieces there' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear A-01-05?' });
    expect(
      within(dialog).getByText(
        'Stroopwafel los is taken off A-01-05. It has 0 pieces there, so no stock is moved or removed. Then the pieces of Ontbijtkoek are moved to A-01-05.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear and move' }));
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'A-01-05 holds other products' })).toBeNull(),
    );
    expect(calls).toEqual([
      'refused move {"rack_number":"A-01-05","raw_scan":"A-01-05","quantity":5}',
      `clear ${hex(103)}/${hex(3)}/${hex(205)}`,
      'move {"rack_number":"A-01-05","raw_scan":"A-01-05","quantity":5}',
    ]);
  });

  it('refuses to clear a holder with pieces on the location and links to its card instead', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', heldApi(calls, 4));
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    const scan = await screen.findByLabelText('Add a location');
    fireEvent.input(scan, { target: { value: 'A-01-05' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    const notice = await screen.findByRole('alert', { name: 'A-01-05 holds other products' });
    expect(await within(notice).findByText(/Stroopwafel los · EAN 8712345678920 · 4 pieces/)).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Open Stroopwafel los' }).getAttribute('href')).toBe(
      `/products/${hex(3)}`,
    );
    expect(
      within(notice).getByText(/cannot be cleared from it: move its pieces or count them off first/),
    ).toBeTruthy();
    expect(within(notice).queryByRole('button', { name: 'Clear A-01-05 and add it' })).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('words a location reserved for another product of an inbound in the UI language (409 location_reserved)', async () => {
    const calls: string[] = [];
    const base = fakeApi(calls);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req =
          input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
        if (new URL(req.url).pathname !== '/api/product/assign_location') return base(req);
        calls.push(`refused ${JSON.stringify(await req.json())}`);
        return new Response(
          JSON.stringify({
            statusCode: 409,
            code: 'location_reserved',
            message:
              'Location A-01-05 is reserved for Stroopwafel los (SKU SW-1) of inbound IN-0000000A: choose another location, or drop that reservation first',
            issues: [
              {
                path: 'location',
                message: '…',
                code: 'location_reserved',
                values: {
                  location: 'A-01-05',
                  inbound: 'IN-0000000A',
                  product: 'Stroopwafel los',
                  sku: 'SW-1',
                },
              },
            ],
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      lang: 'nl',
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    const scan = await screen.findByLabelText('Locatie toevoegen');
    fireEvent.input(scan, { target: { value: 'A-01-05' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    // The bin, the inbound and the product it is kept for (ADR 0142), in Dutch.
    expect((await screen.findByTestId('error-banner')).textContent).toBe(
      'A-01-05 is gereserveerd voor Stroopwafel los (SW-1) van inbound IN-0000000A. Kies een andere locatie.',
    );
    expect(calls).toEqual([
      `refused {"product_id":"${PRODUCT}","rack_number":"A-01-05","raw_scan":"A-01-05"}`,
    ]);
  });

  it('says that marking a move for later keeps no destination once one is typed', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    const row = await screen.findByRole('row', { name: 'A-01-01' });
    fireEvent.click(within(row).getByRole('button', { name: 'Move' }));
    const to = await screen.findByLabelText('New location (scan or type)');
    const hint = 'Mark to move later keeps no new location: whoever moves the pieces scans where they go.';
    expect(screen.queryByText(hint)).toBeNull();
    fireEvent.input(to, { target: { value: 'A-02-10' } });
    expect(await screen.findByText(hint)).toBeTruthy();
  });

  it('after a stock correction shows the new total in the header and the recount panel, and empties the form', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', fakeApi(calls));
    const counter = role('warehouse_staff', [
      { methods: ['GET'], path: '/product/*' },
      { methods: ['POST'], path: '/correct_stock/' },
    ]);
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(counter), orgAuth: orgAuth(counter) },
    });
    await screen.findByRole('heading', { name: 'Ontbijtkoek' });
    expect(screen.getByLabelText('Total stock').textContent).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Recount' }));
    const counted = (await screen.findByLabelText('Counted')) as HTMLInputElement;
    fireEvent.input(counted, { target: { value: '7' } });
    fireEvent.input(screen.getByLabelText('Reason'), { target: { value: 'Geteld' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Correct stock' }));
    await waitFor(() => expect(screen.getByLabelText('Total stock').textContent).toBe('7'));
    expect(calls[0]).toContain('"curr_amount":7');
    await waitFor(() => expect((screen.getByLabelText('Current stock') as HTMLInputElement).value).toBe('7'));
    expect((screen.getByLabelText('Counted') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Reason') as HTMLInputElement).value).toBe('');
  });

  it('on a bundle offers no correction (its stock follows from its parts) but says to count the parts, each linked to its card', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(calls, {
        parts: [
          { product_id: hex(3), ean: '8712345678920', name: 'Mok wit', quantity: 1, stock: 10 },
          { product_id: hex(4), ean: '8712345678937', name: 'Thee rooibos', quantity: 2, stock: 7 },
        ],
      }),
    );
    const counter = role('warehouse_staff', [
      { methods: ['GET'], path: '/product/*' },
      { methods: ['POST'], path: '/product/recount/*' },
      { methods: ['POST'], path: '/correct_stock/' },
    ]);
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(counter), orgAuth: orgAuth(counter) },
    });
    await screen.findByRole('heading', { name: 'Ontbijtkoek' });
    fireEvent.click(screen.getByRole('button', { name: 'Recount' }));
    const text = await screen.findByTestId('bundle-recount');
    expect(text.textContent).toContain(
      "This is a bundle: its stock follows from its parts, so it is not corrected here. Count the parts and correct each part's stock.",
    );
    const parts = within(screen.getByRole('list', { name: 'Parts to count' }));
    expect(parts.getByRole('link', { name: 'Mok wit' }).getAttribute('href')).toBe(`/products/${hex(3)}`);
    expect(parts.getByRole('link', { name: 'Thee rooibos' }).getAttribute('href')).toBe(
      `/products/${hex(4)}`,
    );
    // the recount flag stays; the correction field and its button are gone
    expect(screen.getByLabelText('Recount requested')).toBeTruthy();
    expect(screen.queryByLabelText('Counted')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Correct stock' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('saves the return instruction the returns desk shows, and shows it read-only to a role that may not set it', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', fakeApi(calls));
    const owner = role('merchant_owner', [
      { methods: ['GET'], path: '/product/*' },
      { methods: ['POST'], path: '/product/return_instruction' },
    ]);
    const view = renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Options' }));
    const box = await screen.findByRole('region', { name: 'Return instruction' });
    const field = within(box).getByLabelText('Return instruction');
    const save = within(box).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.input(field, { target: { value: '  Check for cracks  ' } });
    fireEvent.click(save);
    expect(await within(box).findByText('Saved')).toBeTruthy();
    expect(calls).toEqual([`instruct {"product_id":"${PRODUCT}","return_instruction":"Check for cracks"}`]);
    view.unmount();

    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Options' }));
    const readOnly = await screen.findByRole('region', { name: 'Return instruction' });
    expect(within(readOnly).getByText('No return instruction.')).toBeTruthy();
    expect(within(readOnly).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

const owner = role('merchant_owner', [
  { methods: ['GET'], path: '/product/*' },
  { methods: ['GET'], path: '/shipment_*' },
  { methods: ['GET'], path: '/stock/*' },
  { methods: ['GET'], path: '/surcharges' },
  { methods: ['POST'], path: '/surcharges/select' },
  { methods: ['*'], path: '/product/*', except: ['/product/assign_location', '/product/transfer/*'] },
]);

function renderCard(r = owner) {
  return renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
    path: `/products/${PRODUCT}`,
    session: { user: user(r), orgAuth: orgAuth(r) },
  });
}

describe('the product card (spec 3 §2)', { timeout: 30_000 }, () => {
  it("names a location's type in the UI language under the location, not by its code", async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      lang: 'nl',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    const row = await screen.findByRole('row', { name: 'A-01-01' });
    // The 1280 px walk of session 45 read 'A-01 · half-box · hier eerst gepickt' in the Dutch card.
    expect(within(row).getByText('A-01 · Halve doos · hier eerst gepickt')).toBeTruthy();
  });

  it('shows an open shelf report on its location until the place is counted (migration 0464)', async () => {
    const reported = locations(12, true);
    const [first] = reported.locations;
    if (first) first.shelf_problem = { kind: 'not_present', reported_at: '2026-12-05T18:03:00.000Z' };
    vi.stubGlobal('fetch', fakeApi([], { locations: reported }));
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      lang: 'nl',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    const row = await screen.findByRole('row', { name: 'A-01-01' });
    const badge = within(row).getByTestId('location-shelf-problem');
    // Amsterdam time, Dutch date.
    expect(badge.textContent).toBe('Gemeld: niet aanwezig · 05-12-2026 19:03');
    expect(badge.getAttribute('title')).toContain('Tel deze locatie');
    const other = screen.getByRole('row', { name: 'A-01-02' });
    expect(within(other).queryByTestId('location-shelf-problem')).toBeNull();
  });

  it('shows stock, sales figures and the data-quality warning for a product without image', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderCard();
    await screen.findByRole('heading', { name: 'Ontbijtkoek' });
    expect(screen.getByLabelText('Total stock').textContent).toBe('12');
    expect(screen.getByLabelText('Sold in 30 days').textContent).toBe('30');
    expect(screen.getByLabelText('Days until out of stock').textContent).toBe('12');
    expect(screen.getByText(/No image: upload a photo/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'No product photo' })).toBeTruthy();
    expect(dataQualityProblems({ ean: '', name: ' ', has_image: true })).toEqual(['ean', 'name']);
  });

  it('words the ledger’s machine notes in the UI language, without ids (QA sweep 2026-12-05)', async () => {
    const row = (n: number, over: Partial<ProductHistoryResponse['mutations'][number]>) => ({
      ...(HISTORY.mutations[0] as ProductHistoryResponse['mutations'][number]),
      id: hex(310 + n),
      ...over,
    });
    const order = { id: hex(400), order_id: 'BB-1026' };
    const history: ProductHistoryResponse = {
      ...HISTORY,
      mutations: [
        row(1, { reason: 'checkin', note: `inbound item ${hex(77)}`, quantity: 6 }),
        row(2, { reason: 'transfer', note: 'to B-02-03', quantity: -2 }),
        row(3, { reason: 'unpick', order, note: 'Order BB-1026 deleted', quantity: 2 }),
        row(4, { reason: 'pick', order, note: 'scan 8712345678906', quantity: -2 }),
        row(5, { reason: 'return', note: 'return R-000123 (quarantine)', quantity: 1 }),
        row(6, { reason: 'correction', note: 'Doos beschadigd', quantity: -1 }),
      ],
    };
    const api = fakeApi([]);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      return url.pathname === `/api/product/history_locations/${PRODUCT}`
        ? Response.json(history)
        : api(input, init);
    });
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      lang: 'nl',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    expect(await screen.findByText('Ingeboekt')).toBeTruthy();
    expect(screen.getByText('Verplaatst · naar B-02-03')).toBeTruthy();
    expect(screen.getByText('Terug van een verwijderde order · BB-1026')).toBeTruthy();
    expect(screen.getByText('Gepickt · BB-1026 · gescand: 8712345678906')).toBeTruthy();
    expect(screen.getByText('Retour · R-000123, in quarantaine')).toBeTruthy();
    // What a person wrote stays as written.
    expect(screen.getByText('Gecorrigeerd · Doos beschadigd')).toBeTruthy();
    expect(screen.queryByText(/inbound item|deleted|quarantine\)/)).toBeNull();
  });

  it('keeps one panel open at a time', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderCard();
    const options = await screen.findByRole('button', { name: 'Options' });
    const customs = screen.getByRole('button', { name: 'Customs' });
    const analysis = screen.getByRole('button', { name: 'Stock analysis' });
    fireEvent.click(options);
    expect(await screen.findByLabelText('Pick note')).toBeTruthy();
    expect(options.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(customs);
    expect(await screen.findByLabelText('HS code')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Pick note')).toBeNull());
    expect(options.getAttribute('aria-expanded')).toBe('false');
    expect(customs.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(analysis);
    expect(await screen.findByLabelText('By the ledger')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('HS code')).toBeNull());
    expect(screen.getAllByRole('button').filter((b) => b.getAttribute('aria-expanded') === 'true')).toEqual([
      analysis,
    ]);
  });

  it('sends each switch and selector to its own call and shows the answer', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', fakeApi(calls));
    renderCard();
    await screen.findByRole('heading', { name: 'Ontbijtkoek' });
    fireEvent.click(screen.getByLabelText('Fulfilled by Hoppa'));
    await waitFor(() =>
      expect((screen.getByLabelText('Fulfilled by Hoppa') as HTMLInputElement).checked).toBe(false),
    );
    fireEvent.click(screen.getByLabelText('Share Track & Trace'));
    await waitFor(() => expect(calls).toHaveLength(2));
    fireEvent.click(screen.getByLabelText('Sync stock'));
    await waitFor(() => expect(calls).toHaveLength(3));
    fireEvent.click(screen.getByLabelText('Fake stock'));
    await waitFor(() => expect(calls).toHaveLength(4));
    await screen.findByRole('option', { name: 'Doos S' });
    fireEvent.change(screen.getByLabelText('Default box (packaging)'), { target: { value: hex(70) } });
    await waitFor(() => expect(calls).toHaveLength(5));
    expect(calls).toEqual([
      `/product/fulfilment/toggle {"id":"${PRODUCT}"}`,
      `/product/share_track_trace {"product_id":"${PRODUCT}","share_track_trace":false}`,
      `/product/sync_stock {"product_id":"${PRODUCT}","stock_sync":true}`,
      `/product/fake_stock {"product_id":"${PRODUCT}","fake_stock":true}`,
      `/product/assign_box {"product_id":"${PRODUCT}","box_id":"${hex(70)}"}`,
    ]);
    expect((screen.getByLabelText('Fake stock') as HTMLInputElement).checked).toBe(true);
    // The surcharges that apply are shown as chosen.
    expect((await screen.findAllByText('Breekbaar inpakken (€ 0,75)')).length).toBeGreaterThan(0);
  });

  it('saves only the changed options, each through its call', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', fakeApi(calls));
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Options' }));
    fireEvent.input(await screen.findByLabelText('Pick note'), { target: { value: 'Two per box' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save options' }));
    await waitFor(() =>
      expect(calls).toEqual([`/product/pick_note {"product_id":"${PRODUCT}","pick_note":"Two per box"}`]),
    );
  });

  it('refuses a maximum stock below the minimum at the field, keeping the input, and sends a raised pair maximum first', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', fakeApi(calls, { card: { stock_min: 5, stock_max: 10 } }));
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Options' }));
    const min = (await screen.findByLabelText('Minimum stock')) as HTMLInputElement;
    fireEvent.input(min, { target: { value: '50' } });
    expect(await screen.findByText('Not less than the minimum stock (50)')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save options' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(save);
    expect(calls).toEqual([]);
    expect(min.value).toBe('50');
    // Both raised: the stored maximum (10) would refuse the minimum 50, so the new maximum goes first.
    fireEvent.input(screen.getByLabelText('Maximum stock'), { target: { value: '80' } });
    await waitFor(() => expect(screen.queryByText(/Not less than the minimum stock/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save options' }));
    await waitFor(() =>
      expect(calls).toEqual([
        `/product/stock/max/${PRODUCT} {"value":80}`,
        `/product/stock/min/${PRODUCT} {"value":50}`,
      ]),
    );
  });

  it('checks the customs form before sending and sends the fields the API expects', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', fakeApi(calls));
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Customs' }));
    fireEvent.input(await screen.findByLabelText('HS code'), { target: { value: '19A5' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText("HS code is not an HS code of 6 to 10 digits: '19A5'")).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.input(screen.getByLabelText('HS code'), { target: { value: '1905.90.30' } });
    fireEvent.input(screen.getByLabelText('Customs value'), { target: { value: '€ 12.5' } });
    fireEvent.input(screen.getByLabelText('Weight'), { target: { value: '0.75 kg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toEqual([
        `/product/customs/${PRODUCT} {"hs":"1905.90.30","value":12.5,"weight_kg":0.75}`,
      ]),
    );
    expect(customsErrors({ hs: '', value: -1, weight: '' }).errors).toEqual({
      value: {
        code: 'out_of_range',
        values: { field: 'value', min: 0, value: '-1' },
        reason: 'Value cannot be negative',
      },
    });
    expect(customsErrors({ hs: '', value: 1.005, weight: 20_000 }).errors).toEqual({
      value: {
        code: 'too_many_decimals',
        values: { field: 'value', limit: 2, value: '1.005' },
        reason: 'Value has at most 2 decimals',
      },
      weight_kg: {
        code: 'out_of_range',
        values: { field: 'weight_kg', limit: 10_000, value: '20000' },
        reason: 'Weight is at most 10,000 kg',
      },
    });
  });

  it('takes and shows customs value and weight in Dutch notation in the Dutch UI: 12,50 is € 12,50', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', fakeApi(calls, { card: { weight_kg: 0.266, customs: { hs: null, value: 3.5 } } }));
    renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
      path: `/products/${PRODUCT}`,
      lang: 'nl',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Douane' }));
    const value = (await screen.findByLabelText('Douanewaarde')) as HTMLInputElement;
    expect(value.value).toBe('€ 3,50');
    expect((screen.getByLabelText('Gewicht') as HTMLInputElement).value).toBe('0,266 kg');
    // A refusal of the form's own check is worded in Dutch, the field named by its label.
    fireEvent.input(screen.getByLabelText('HS-code'), { target: { value: '12345' } });
    fireEvent.input(screen.getByLabelText('Gewicht'), { target: { value: '20000' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText("HS-code is geen HS-code van 6 tot 10 cijfers: '12345'")).toBeTruthy();
    expect(screen.getByText("Gewicht valt buiten het toegestane bereik: '20000'")).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.input(screen.getByLabelText('HS-code'), { target: { value: '' } });
    fireEvent.input(screen.getByLabelText('Gewicht'), { target: { value: '0,266' } });
    fireEvent.input(value, { target: { value: '12,50' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(calls).toEqual([`/product/customs/${PRODUCT} {"hs":null,"value":12.5,"weight_kg":0.266}`]),
    );
  });

  it('retries the product load after 500 ms and 1 s (spec 3 §4)', async () => {
    // The waits run on a fake clock: the test checks them without sleeping through them.
    installFakeClock();
    const loads: number[] = [];
    vi.stubGlobal('fetch', fakeApi([], { failCard: 2, loads }));
    renderCard();
    await advanceUntil(() => loads.length >= 3);
    await screen.findByRole('heading', { name: 'Ontbijtkoek' });
    expect(loads).toHaveLength(3);
    const [a = 0, b = 0, c = 0] = loads;
    expect(b - a).toBeGreaterThanOrEqual(500);
    expect(c - b).toBeGreaterThanOrEqual(1000);
  });

  it('asks before deleting, with the spec texts, and shows why the API refuses', async () => {
    const calls: string[] = [];
    const api = fakeApi(calls);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(String(input), init);
        if (req.method === 'DELETE')
          return new Response(
            JSON.stringify({
              statusCode: 409,
              code: 'product_has_stock',
              message: 'The product still has 12 pieces in stock',
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          );
        return api(input, init);
      }),
    );
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText('Are you sure you want to delete 1 selected product(s)?')).toBeTruthy();
    expect(screen.getByText('This action cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The product still has 12 pieces in stock')).toBeTruthy();
  });
});

describe('linked child products and the photo (spec 3 §2, §7 Relations)', { timeout: 30_000 }, () => {
  it('lists the linked children with their stock and unlinks one through its call', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', fakeApi(calls, { children: true }));
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Linked child products' }));
    const row = await screen.findByRole('row', { name: 'Ontbijtkoek los' });
    expect(within(row).getByText('8712345678913')).toBeTruthy();
    expect(within(row).getByText('4')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('No linked child products.')).toBeTruthy();
    expect(calls).toEqual([`/product/unlink/${PRODUCT}/${hex(2)}`]);
  });

  it("shows the placeholder and says so when the shop's photo does not load", async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi([], { card: { img_url: 'https://images.example/koek.jpg', has_image: true } }),
    );
    renderCard();
    const img = await screen.findByRole('img', { name: 'Ontbijtkoek' });
    expect(screen.queryByText('This product is incomplete')).toBeNull();
    fireEvent.error(img);
    expect(await screen.findByRole('img', { name: 'No product photo' })).toBeTruthy();
    expect(screen.getByText('The shop’s photo does not load here; upload one.')).toBeTruthy();
  });

  it('checks a chosen photo before uploading: jpeg, png or webp, at most 5 MB', () => {
    expect(imageFileProblem(new File(['GIF89a'], 'a.gif', { type: 'image/gif' }))).toBe('badFormat');
    expect(
      imageFileProblem(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'b.png', { type: 'image/png' })),
    ).toBe('tooBig');
    expect(imageFileProblem(new File([new Uint8Array(10)], 'c.webp', { type: 'image/webp' }))).toBeNull();
  });
});
