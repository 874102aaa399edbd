import { formatDateTime, type Invoice, previousMonthPeriod } from '@hoppa/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { InvoicesPage } from './invoices-page.tsx';

/** One request the fake API saw. */
interface Call {
  path: string;
  search: string;
}

const owner = role('merchant_owner', [{ methods: ['GET'], path: '/invoice/*' }]);

function invoice(over: Partial<Invoice> = {}): Invoice {
  return {
    org: { id: 'a'.repeat(24), name: 'Bakkerij Bol' },
    start: '2026-10-01',
    end: '2026-10-31',
    currency: 'EUR',
    orders_count: 2,
    total_fulfilment_cents: 130,
    total_used_shipment_method_cents: 990,
    total_used_packaging_cents: 80,
    total_used_surcharge_cents: 195,
    total_inbound_surcharge_cents: 450,
    total_storage_cents: 123_456,
    total_cents: 125_301,
    total_fulfilment: '1.30',
    total_used_shipment_method: '9.90',
    total_used_packaging: '0.80',
    total_used_surcharge: '1.95',
    total: '1253.01',
    storage: {
      storage: [
        {
          date: '2026-10-01',
          inbounds: 12,
          outbounds: 3,
          transfers: 1,
          total_locations: 2,
          location_products: 2,
          by_type: { pallet: 1, 'half-box': 1 },
          price_cents: 47,
        },
      ],
      by_type: [
        { type: 'pallet', location_days: 2000, price_cents: 45, cents: 90_000 },
        { type: 'half-box', location_days: 16_728, price_cents: 2, cents: 33_456 },
        { type: 'warehousing', location_days: 1, price_cents: 8, cents: 8 },
      ],
      total_cost_cents: 123_456,
      total_cost: '1234.56',
    },
    surcharges: [
      { code: 'FRAGILE', name: 'Breekbaar inpakken', type: 'order-line', quantity: 2, cents: 150 },
      { code: 'STORE-SPECIAL', name: 'Opslag speciale goederen', type: 'store', quantity: 1, cents: 500 },
      {
        code: 'LABEL-PIECE',
        name: 'Etiketteren per stuk',
        type: 'line-amount',
        quantity: 1500,
        cents: 18_000,
      },
    ],
    inbound_surcharges: [
      {
        inbound_number: 'IN-1234ABCD',
        item_id: 'b'.repeat(24),
        position: 0,
        ean: '8712000000011',
        product: 'Appeltaart',
        submitted_at: '2026-10-14T13:00:00.000Z',
        description: 'Pallet sealen',
        cost_cents: 450,
        amount: 1,
        cents: 450,
      },
    ],
    orders: {
      items: [
        {
          id: 'c'.repeat(24),
          order_id: 'BB-F001',
          shipped_at: '2026-10-01T09:00:00.000Z',
          lines: 1,
          pieces: 2,
          box: 'Brievenbusdoos',
          method: 'PostNL brievenbuspakje',
          fulfilment_cents: 45,
          shipment_method_cents: 395,
          packaging_cents: 30,
          surcharge_cents: 75,
          total_cents: 545,
          surcharges: [
            {
              code: 'FRAGILE',
              name: 'Breekbaar inpakken',
              type: 'order-line',
              price_cents: 75,
              quantity: 1,
              cents: 75,
            },
          ],
        },
      ],
      total: 2,
      skip: 0,
      limit: 25,
    },
    ...over,
  };
}

/** Renders the page on a fake API: the invoice for any period, a small XLSX for the export; records each call. */
function render(calls: Call[], path = '/settings/invoices', lang: 'nl' | 'en' = 'en') {
  vi.stubGlobal('fetch', (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    calls.push({ path: url.pathname, search: url.search });
    if (url.pathname.startsWith('/api/invoice/export/'))
      return new Response(new Blob(['xlsx']), {
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      });
    if (url.pathname.startsWith('/api/invoice/get/')) return Response.json(invoice());
    return Response.json({ statusCode: 404, code: 'not_found', message: 'Not found' }, { status: 404 });
  }) as typeof fetch);
  return renderRoutes([{ path: '/settings/invoices', element: <InvoicesPage /> }], {
    path,
    lang,
    session: { user: user(owner), orgAuth: orgAuth(owner) },
  });
}

describe('Invoices (spec 3 §2 Invoices, §9 default period)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the previous calendar month and shows the cost table in nl-NL euro', async () => {
    const calls: Call[] = [];
    render(calls);
    const costs = await screen.findByRole('table', { name: 'Costs' });
    const { start, end } = previousMonthPeriod(new Date());
    expect(calls[0]?.path).toBe(`/api/invoice/get/${start}/${end}`);
    expect(calls[0]?.search).toContain('skip=0');
    // Intl writes a no-break space after the euro sign.
    const rows = within(costs)
      .getAllByRole('row')
      .map((r) => r.textContent?.replace(/\u00a0/g, ' '));
    expect(rows).toContain('Fulfilment (boxes)2 orders€ 1,30');
    // The quantity is how many were charged, named by the surcharge's unit (not 'per order line', which reads as a rate).
    expect(rows).toContain('Surcharge Breekbaar inpakken (FRAGILE)2 order lines€ 1,50');
    expect(rows).toContain('Surcharge Opslag speciale goederen (STORE-SPECIAL)1 period€ 5,00');
    expect(rows).toContain('Surcharge Etiketteren per stuk (LABEL-PIECE)1.500 pieces€ 180,00');
    expect(rows).toContain('Storage pallet2.000 location-days × € 0,45€ 900,00');
    // One location-day is singular (session 40: '1 locatiedagen').
    expect(rows).toContain('Storage warehousing1 location-day × € 0,08€ 0,08');
    expect(rows).toContain('Inbound surcharges1€ 4,50');
    expect(screen.getByTestId('invoice-total').textContent?.replace(/\u00a0/g, ' ')).toBe('€ 1.253,01');
    expect(screen.getByRole('table', { name: 'Shipped orders' }).textContent).toContain('BB-F001');
    expect(screen.getByRole('table', { name: 'Storage per day' }).textContent).toContain('01-10-2026');
  });

  it('names the location types of the storage part in the UI language, not by their codes', async () => {
    render([], '/settings/invoices', 'nl');
    const costs = await screen.findByRole('table', { name: 'Kosten' });
    const rows = within(costs)
      .getAllByRole('row')
      .map((r) => r.textContent?.replace(/\u00a0/g, ' '));
    expect(rows).toContain('Opslag halve doos16.728 locatiedagen × € 0,02€ 334,56');
    expect(rows).toContain('Opslag bulkopslag1 locatiedag × € 0,08€ 0,08');
    expect(rows).toContain('Toeslag Breekbaar inpakken (FRAGILE)2 orderregels€ 1,50');
    expect(rows).toContain('Toeslag Opslag speciale goederen (STORE-SPECIAL)1 periode€ 5,00');
    expect(rows).toContain('Toeslag Etiketteren per stuk (LABEL-PIECE)1.500 stuks€ 180,00');
    const perDay = screen.getByRole('table', { name: 'Opslag per dag' });
    const heads = within(perDay)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual(expect.arrayContaining(['Pallet', 'Halve doos']));
    expect(perDay.textContent).not.toContain('half-box');
  });

  it('names each shipped-order column once and keeps the table narrow enough that Total stays in view', async () => {
    render([]);
    const orders = await screen.findByRole('table', { name: 'Shipped orders' });
    const headers = within(orders)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Order',
      'Shipped',
      'Box and method',
      'Fulfilment',
      'Shipping',
      'Packaging',
      'Surcharges',
      'Total',
    ]);
    // The settings column is about 880 px wide at a 1440 px screen: the table may not demand more (it wraps).
    const scroll = orders.closest('[style*="table-min-width"]') as HTMLElement | null;
    const min = Number(
      /--table-min-width:\s*calc\((\d+(?:\.\d+)?)rem/.exec(scroll?.getAttribute('style') ?? '')?.[1],
    );
    expect(min * 16).toBeLessThanOrEqual(800);
  });

  it('never breaks an order number or a date inside it in the cramped shipped-orders table', async () => {
    render([]);
    const orders = await screen.findByRole('table', { name: 'Shipped orders' });
    // At 1280 px beside the settings column 'BB-F001' broke after 'BB-' and '01-10-2026' after '01-10-'.
    const whole = (text: string) =>
      within(orders)
        .getAllByText(text)
        .some((el) => el.style.whiteSpace === 'nowrap');
    expect(whole('BB-F001')).toBe(true);
    const shipped = formatDateTime('2026-10-01T09:00:00.000Z').split(' ');
    expect(shipped.length).toBe(2);
    for (const part of shipped) expect(whole(part), part).toBe(true);
  });

  it('takes the period from the URL and refuses one the server would refuse', async () => {
    const calls: Call[] = [];
    render(calls, '/settings/invoices?start=2026-09-01&end=2026-09-30');
    await screen.findByRole('table', { name: 'Costs' });
    expect(calls[0]?.path).toBe('/api/invoice/get/2026-09-01/2026-09-30');
    vi.unstubAllGlobals();
    stubPageRequest();
    const later: Call[] = [];
    render(later, '/settings/invoices?start=2026-09-30&end=2026-09-01');
    expect(await screen.findByText(/at most 92 days/)).toBeTruthy();
    expect(later).toHaveLength(0);
  });

  it('exports the period as XLSX made on the server', async () => {
    const calls: Call[] = [];
    const created = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    render(calls, '/settings/invoices?start=2026-10-01&end=2026-10-31');
    await screen.findByRole('table', { name: 'Costs' });
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/invoice/export/2026-10-01/2026-10-31')).toBe(true),
    );
    await waitFor(() => expect(created).toHaveBeenCalled());
  });
  it("tells the warehouse's own organisation that it is not invoiced and how to reach a shop's invoice (ADR 0142)", async () => {
    const calls: Call[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const req =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(req.url);
      calls.push({ path: url.pathname, search: url.search });
      return Response.json(invoice());
    });
    const admin = role('provider_admin', [{ methods: ['GET'], path: '/invoice/*' }]);
    renderRoutes([{ path: '/settings/invoices', element: <InvoicesPage /> }], {
      path: '/settings/invoices',
      lang: 'nl',
      session: {
        user: user(admin),
        orgAuth: orgAuth(admin, {
          org: { id: 'c'.repeat(24), name: 'Hoppa Fulfilment', kind: 'provider' } as never,
        }),
      },
    });
    expect((await screen.findByTestId('provider-invoice')).textContent).toBe(
      'Hoppa Fulfilment is het magazijn zelf en krijgt geen factuur. Kies bovenaan bij Huidige organisatie een winkel om zijn factuur te zien.',
    );
    expect(screen.queryByRole('table', { name: 'Kosten' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/invoice'))).toEqual([]);
  });
});
