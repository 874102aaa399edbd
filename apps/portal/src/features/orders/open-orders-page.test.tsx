import type { OpenOrder, OpenOrders } from '@hoppa/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { hexId, openLine, openOrder } from '../../test/open-orders.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { OpenOrdersPage } from './open-orders-page.tsx';

const hex = hexId;
const PASTA = '8700001234016';
const SAUCE = '8700020241422';

const line = (n: number, ean: string, quantity = 1, pack_note: string | null = null) =>
  openLine(n, ean, { quantity, picked_quantity: quantity, pack_note });
const order = openOrder;

const ORDERS = [
  // Grouped in a cart (spec 1 §4 'picked grouped', order grouping).
  order(1, '#1001', [{ ...line(1, SAUCE), group_location: { id: hex(400), name: 'KAR-01' } }]),
  order(2, '#1002', [line(2, PASTA, 2, 'Glass: wrap it')]),
];
const packer = role('warehouse_staff', [
  { methods: ['GET'], path: '/orders*' },
  { methods: ['POST'], path: '/orders/ship' },
  { methods: ['POST'], path: '/orders/packing_slip' },
  { methods: ['GET'], path: '/shipment_*' },
]);

/** Answers the calls of the page like the API would; records what was shipped. */
function fakeApi(shipped: string[], listed: readonly OpenOrder[] = ORDERS) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname.startsWith('/api/orders/open/')) {
      const ean = url.searchParams.get('ean');
      const orders = listed.filter(
        (o) => !shipped.includes(o.id) && (!ean || o.products.some((l) => l.ean === ean)),
      );
      const body: OpenOrders = {
        groups: orders.length
          ? [{ location: { id: hex(300), name: 'A-01' }, count: orders.length, orders }]
          : [],
        total: orders.length,
        matching: orders.length,
        matching_capped: false,
      };
      return json(body);
    }
    if (url.pathname === '/api/shipment_methods' || url.pathname === '/api/shipment_boxes') return json([]);
    if (url.pathname === '/api/orders/ship' && req.method === 'POST') {
      const body = (await req.json()) as { order_id: string };
      shipped.push(body.order_id);
      return new Response(new Blob(['%PDF-1.4 label'], { type: 'application/pdf' }), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'x-tracking-number': 'HP123NL',
          'x-shipment-id': hex(77),
        },
      });
    }
    return new Response(JSON.stringify({ statusCode: 404, code: 'not_found', message: url.pathname }), {
      status: 404,
    });
  });
}

/** Types a code like a keyboard-wedge scanner; a fixed clock keeps the burst within 200 ms (jsdom stamps events with Date.now()). */
function scan(code: string) {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
  act(() => {
    for (const key of code) fireEvent.keyDown(document.body, { key });
    fireEvent.keyDown(document.body, { key: 'Enter' });
  });
  clock.mockRestore();
}

/** The z-index a Mantine modal is drawn at (its root's `--mb-z-index`): the higher one covers the other. */
function stackingOf(dialog: HTMLElement): number {
  let el: HTMLElement | null = dialog;
  while (el && !el.style.getPropertyValue('--mb-z-index')) el = el.parentElement;
  if (!el) throw new Error('no modal root around the dialog');
  return Number(el.style.getPropertyValue('--mb-z-index'));
}

beforeEach(() => {
  stubPageRequest();
  // jsdom has no PDF viewer; the label frame only needs an object URL.
  URL.createObjectURL ??= () => 'blob:label';
  URL.revokeObjectURL ??= () => {};
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Rendering the whole page with Mantine in jsdom is slow on a shared CI machine.
describe('open orders page scan flow (spec 1 §4)', { timeout: 30_000 }, () => {
  it('selects on the first scan, ships at once on the second and shows the label', async () => {
    const shipped: string[] = [];
    vi.stubGlobal('fetch', fakeApi(shipped));
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    const card = await screen.findByRole('article', { name: 'Order #1001' });
    // Where the order came from in words, not the platform's code ('import').
    expect(within(card).getByText('Spreadsheet import')).toBeTruthy();
    expect(within(card).queryByText('import')).toBeNull();

    scan(SAUCE);
    expect(await screen.findByText(`Selected ${SAUCE}. Scan it again to ship.`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear product selection' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order #1002' })).toBeNull());
    expect(screen.getByText(/Ships on next scan/i)).toBeTruthy();

    scan(SAUCE);
    await waitFor(() => expect(shipped).toEqual([hex(1)]));
    const viewer = await screen.findByRole('dialog', { name: 'Label for order #1001' });
    expect(within(viewer).getByText('Track & Trace: HP123NL')).toBeTruthy();
    expect(screen.getByText('Order #1001 shipped. Track & Trace: HP123NL')).toBeTruthy();
  });

  it("waits for a new selection's list before a second scan looks for its order", async () => {
    const shipped: string[] = [];
    const api = fakeApi(shipped);
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      // The list narrowed to PASTA answers only when the test says so: a slow network, a fast scanner.
      if (url.searchParams.get('ean') === PASTA) await held;
      return api(input, init);
    });
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    scan(SAUCE);
    // The list narrowed to SAUCE: #1002 (PASTA) is no longer in it.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order #1002' })).toBeNull());

    scan(PASTA);
    expect(await screen.findByText(`Selected ${PASTA}. Scan it again to ship.`)).toBeTruthy();
    scan(PASTA);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(`No open order in the list contains ${PASTA}.`)).toBeNull();
    release();
    // Quantity 2 and a pack note: the second scan asks to confirm #1002 (spec 1 §4).
    expect(await screen.findByRole('dialog', { name: 'Ship order #1002?' })).toBeTruthy();
    expect(screen.queryByText(`No open order in the list contains ${PASTA}.`)).toBeNull();
  });

  it("saves a card's shipment method and box at once and its label count after a pause, refusing 0", async () => {
    const saved: { path: string; body: unknown }[] = [];
    const base = fakeApi([]);
    const method = (code: string, name: string) => ({
      id: hex(code.length + 500),
      code,
      name,
      carrier: 'local',
      price: 4.5,
      price_cents: 450,
      country_code: 'NL',
      product_code: null,
      active: true,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req =
          input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
        const url = new URL(req.url);
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        if (url.pathname === '/api/shipment_methods')
          return json([method('LOCAL-NL', 'Lokale bezorging NL'), method('PNL-NL', 'PostNL pakket NL')]);
        if (url.pathname === '/api/shipment_boxes')
          return json([
            {
              id: hex(601),
              name: 'Doos S',
              label: 'S',
              price: 1,
              price_cents: 100,
              package_cost: 0.5,
              package_cost_cents: 50,
            },
          ]);
        if (url.pathname.startsWith('/api/order/') && req.method === 'POST') {
          saved.push({ path: url.pathname, body: await req.json() });
          return json({ ok: true });
        }
        return base(req);
      }),
    );
    const clerk = role('warehouse_staff', [
      { methods: ['GET'], path: '/orders*' },
      { methods: ['POST'], path: '/order/*' },
      { methods: ['GET'], path: '/shipment_*' },
    ]);
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(clerk), orgAuth: orgAuth(clerk) },
    });
    const card = await screen.findByRole('article', { name: 'Order #1001' });
    const methodSelect = within(card).getByLabelText('Shipment method') as HTMLSelectElement;
    await waitFor(() => expect(methodSelect.value).toBe('LOCAL-NL'));
    fireEvent.change(methodSelect, { target: { value: 'PNL-NL' } });
    fireEvent.change(within(card).getByLabelText('Box'), { target: { value: hex(601) } });
    await waitFor(() => expect(saved.length).toBe(2));
    expect(saved).toEqual([
      { path: `/api/order/shipment_method/${hex(1)}`, body: { code: 'PNL-NL' } },
      { path: `/api/order/shipment_package/${hex(1)}`, body: { id: hex(601) } },
    ]);

    const labels = within(card).getByLabelText('Labels') as HTMLInputElement;
    fireEvent.input(labels, { target: { value: '0' } });
    expect(labels.value).toBe('1');
    fireEvent.input(labels, { target: { value: '3' } });
    expect(labels.value).toBe('3');
    await waitFor(() =>
      expect(saved.at(-1)).toEqual({
        path: '/api/order/labels/quantity',
        body: { order_id: hex(1), quantity: 3 },
      }),
    );
    expect(saved.filter((c) => c.path === '/api/order/labels/quantity')).toHaveLength(1);
  });

  it('asks to confirm quantity and pack note before shipping, and clears the selection after', async () => {
    const shipped: string[] = [];
    vi.stubGlobal('fetch', fakeApi(shipped));
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1002' });

    scan(PASTA);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order #1001' })).toBeNull());
    scan(PASTA);
    const dialog = await screen.findByRole('dialog', { name: 'Ship order #1002?' });
    expect(within(dialog).getByText('Glass: wrap it')).toBeTruthy();
    expect(within(dialog).getByText('Put 2 pieces in the box.')).toBeTruthy();
    expect(shipped).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(shipped).toEqual([hex(2)]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear product selection' })).toBeNull());
    // The last scan is still the scanned EAN beside the outcome, not the order number.
    const status = screen.getAllByRole('status').find((el) => el.textContent?.startsWith('Last scan'));
    await waitFor(() => expect(status?.textContent).toMatch(/shipped/));
    expect(status?.textContent).toMatch(new RegExp(`^Last scan:${PASTA}`));
  });

  it('does not ship a multi-line order on the second scan: the popup lists every line to pack first', async () => {
    // SW-1017 shipped after two scans of its first product while 'Cruesli Fruta' ×2 was never packed (spec 1 §4).
    const shipped: string[] = [];
    const CRUESLI = '8710100121926';
    const sw1017 = order(17, 'SW-1017', [
      line(171, SAUCE),
      { ...line(172, CRUESLI, 2), title: 'Cruesli Fruta' },
      { ...line(173, PASTA), title: 'Cancelled pasta', cancellationRequest: true, cancelled: true },
    ]);
    vi.stubGlobal('fetch', fakeApi(shipped, [sw1017]));
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order SW-1017' });

    scan(SAUCE);
    expect(await screen.findByText(`Selected ${SAUCE}. Scan it again to ship.`)).toBeTruthy();
    scan(SAUCE);
    const dialog = await screen.findByRole('dialog', { name: 'Ship order SW-1017?' });
    expect(screen.getByText('Order SW-1017 has more products: pack them all, then confirm.')).toBeTruthy();
    expect(within(dialog).getByText('This order has more products')).toBeTruthy();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText(`Product ${SAUCE}`)).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText(SAUCE)).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Scanned')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Cruesli Fruta')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(CRUESLI)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('2')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('Scanned')).toBeNull();
    // The line cancelled at the customer's request is not packed.
    expect(within(dialog).queryByText('Cancelled pasta')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(shipped).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'All packed, ship' }));
    await waitFor(() => expect(shipped).toEqual([hex(17)]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear product selection' })).toBeNull());
  });

  it('puts a confirmation above a label that arrived after the packer moved on to the next product', async () => {
    // A packer's walk (ADR 0133): the carrier answered the first order's label after the next product was selected;
    // the label opened over the board, and the next scan's 'Ship order …?' opened beneath it, out of sight.
    const shipped: string[] = [];
    const api = fakeApi(shipped);
    let answer = () => {};
    const labelLater = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.includes('/api/orders/ship')) await labelLater;
        return api(input, init);
      }),
    );
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    scan(SAUCE);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order #1002' })).toBeNull());
    scan(SAUCE);
    expect(await screen.findByText('Shipping order #1001…')).toBeTruthy();
    scan(PASTA);
    await screen.findByRole('article', { name: 'Order #1002' });
    await act(async () => answer());
    const label = await screen.findByRole('dialog', { name: 'Label for order #1001' });
    scan(PASTA);
    const confirm = await screen.findByRole('dialog', { name: 'Ship order #1002?' });
    expect(stackingOf(confirm)).toBeGreaterThan(stackingOf(label));
  });

  it('says an order with a cancellation request must not be shipped, not that no order holds the product', async () => {
    // Session 40 (a packer's day): the second scan said 'No open order in the list contains …' while the card with the
    // product, marked 'Cancellation requested', was on screen.
    const CAKE = '8700030000019';
    const withRequest = order(3, '#1003', [{ ...line(3, CAKE), cancellationRequest: true }]);
    const shipped: string[] = [];
    vi.stubGlobal('fetch', fakeApi(shipped, [...ORDERS, withRequest]));
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1003' });
    scan(CAKE);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order #1001' })).toBeNull());
    scan(CAKE);
    expect(await screen.findByText('Order #1003 has a cancellation request: do not ship it.')).toBeTruthy();
    expect(screen.queryByText(`No open order in the list contains ${CAKE}.`)).toBeNull();
    expect(shipped).toEqual([]);
  });

  it('says at once when no open order holds a selected product, without a second scan', async () => {
    // Session 40: a product no order holds was 'Selected …. Scan it again to ship.' on an empty list.
    const NONE = '8712345678906';
    const shipped: string[] = [];
    vi.stubGlobal('fetch', fakeApi(shipped));
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    scan(NONE);
    expect(await screen.findByText(`No open order in the list contains ${NONE}.`)).toBeTruthy();
    // A product that is on the list keeps its 'selected' line.
    scan(PASTA);
    expect(await screen.findByText(`Selected ${PASTA}. Scan it again to ship.`)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText(`No open order in the list contains ${PASTA}.`)).toBeNull();
    expect(shipped).toEqual([]);
  });

  it('says on the empty board which scanned product no order holds and offers to clear it (ADR 0142)', async () => {
    // A packer's wrong scan left the board empty with only 'GEEN ORDERS OM TE TONEN': the way back was the small ×.
    const NONE = '8712345678906';
    vi.stubGlobal('fetch', fakeApi([]));
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      lang: 'nl',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    scan(NONE);
    const empty = await screen.findByTestId('orders-empty');
    expect(empty.textContent).toContain(`Geen openstaande order bevat product ${NONE}.`);
    fireEvent.click(within(empty).getByRole('button', { name: 'Productselectie wissen' }));
    expect(await screen.findByRole('article', { name: 'Order #1001' })).toBeTruthy();
  });

  it('logs and shows an unknown barcode without shipping', async () => {
    const shipped: string[] = [];
    vi.stubGlobal('fetch', fakeApi(shipped));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    scan('ABC-1234');
    expect(await screen.findByText('Unknown barcode format: ABC-1234')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Onbekend formaat scan', 'ABC-1234');
    expect(shipped).toEqual([]);
    warn.mockRestore();
  });
});

describe('open orders page grouped orders (spec 1 §4 picked grouped)', { timeout: 30_000 }, () => {
  it('shows the location of an order whose lines are all grouped in one, and nothing on the others', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    const grouped = await screen.findByRole('article', { name: 'Order #1001' });
    expect(within(grouped).getByText('Grouped in KAR-01')).toBeTruthy();
    const other = screen.getByRole('article', { name: 'Order #1002' });
    expect(within(other).queryByText(/Grouped in/)).toBeNull();
  });
});

describe('open orders page calls and errors (spec 1 §4, §8)', { timeout: 30_000 }, () => {
  const calls = (api: ReturnType<typeof fakeApi>, path: string) =>
    api.mock.calls.filter(([input]) => {
      const url = input instanceof Request ? input.url : String(input);
      return new URL(url, 'http://localhost').pathname === path;
    }).length;

  it('reloads the open list after a scan-ship but not the shipment methods and boxes', async () => {
    const shipped: string[] = [];
    const api = fakeApi(shipped);
    vi.stubGlobal('fetch', api);
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    await waitFor(() => expect(calls(api, '/api/shipment_methods')).toBe(1));
    scan(SAUCE);
    await screen.findByText(`Selected ${SAUCE}. Scan it again to ship.`);
    scan(SAUCE);
    await screen.findByRole('dialog', { name: 'Label for order #1001' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order #1001' })).toBeNull());
    expect(calls(api, '/api/shipment_methods')).toBe(1);
    expect(calls(api, '/api/shipment_boxes')).toBe(1);
  });

  it('shows the generic error text, not the raw error, when shipping fails with a 500', async () => {
    const shipped: string[] = [];
    const base = fakeApi(shipped);
    const api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url, 'http://localhost').pathname === '/api/orders/ship') {
        return new Response(
          JSON.stringify({ statusCode: 500, code: 'internal', message: 'carrier socket hang up' }),
          { status: 500, headers: { 'content-type': 'application/json' } },
        );
      }
      return base(input, init);
    });
    vi.stubGlobal('fetch', api);
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    scan(SAUCE);
    await screen.findByText(`Selected ${SAUCE}. Scan it again to ship.`);
    scan(SAUCE);
    expect(
      await screen.findByText('Order #1001 was not shipped: Something went wrong, please consult your logs'),
    ).toBeTruthy();
    expect(screen.queryByText(/carrier socket hang up/)).toBeNull();
  });
});

describe('open orders page limit (spec 1 §2, §9)', { timeout: 30_000 }, () => {
  it('offers the limits 10 to 500 and asks the list with the chosen one', async () => {
    const api = fakeApi([]);
    vi.stubGlobal('fetch', api);
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    fireEvent.click(screen.getByLabelText('Show at most', { selector: 'input' }));
    // Mantine keeps the dropdown's options in the DOM; jsdom has no layout to show them.
    const listbox = await screen.findByRole('listbox', { name: 'Show at most', hidden: true });
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['10', '20', '50', '100', '200', '500']);
    fireEvent.click(options.find((o) => o.textContent === '20') as HTMLElement);
    await waitFor(() =>
      expect(
        api.mock.calls.some(([input]) => {
          const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
          return url.pathname.startsWith('/api/orders/open/') && url.searchParams.get('limit') === '20';
        }),
      ).toBe(true),
    );
  });
});

describe('open orders header (ADR 0087)', { timeout: 30_000 }, () => {
  it("keeps the count's line while the list loads, so nothing below the header moves when it arrives", async () => {
    const api = fakeApi([]);
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
        if (url.pathname.startsWith('/api/orders/open/')) await held;
        return api(input, init);
      }),
    );
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    const title = await screen.findByRole('heading', { level: 1 });
    // The header's column: the title and the description line (Mantine puts the title's responsive size in a <style>).
    const lines = () =>
      [...(title.parentElement as HTMLElement).children].filter((el) => el.tagName !== 'STYLE');
    expect(lines()).toHaveLength(2);
    expect(lines()[1]?.textContent).toBe('\u00a0');
    answer();
    await screen.findByRole('article', { name: 'Order #1001' });
    expect(lines()).toHaveLength(2);
    expect(lines()[1]?.textContent).toMatch(/\d+ open orders?/);
  });
});

describe('open orders count line', { timeout: 30_000 }, () => {
  /** The page's API with the list answer saying `matching` orders match the filters (capped or not). */
  const withMatching = (matching: number, capped = false) => {
    const api = fakeApi([]);
    return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await api(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (!url.pathname.startsWith('/api/orders/open/')) return res;
      const body = (await res.json()) as OpenOrders;
      return new Response(JSON.stringify({ ...body, matching, matching_capped: capped }), {
        headers: { 'content-type': 'application/json' },
      });
    });
  };

  it("says how many of the matching orders the board shows when 'Show at most' leaves some off", async () => {
    vi.stubGlobal('fetch', withMatching(79));
    renderUi(<OpenOrdersPage />, {
      path: '/orders?limit=10',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    expect(await screen.findByText('2 of 79 open orders')).toBeTruthy();
  });

  it('in Dutch too, and "at least" for a capped count', async () => {
    vi.stubGlobal('fetch', withMatching(10_000, true));
    renderUi(<OpenOrdersPage />, {
      path: '/orders?limit=10',
      lang: 'nl',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    expect(await screen.findByText('2 van minstens 10.000 openstaande orders')).toBeTruthy();
  });

  it('says only the count when the board shows every matching order', async () => {
    vi.stubGlobal('fetch', withMatching(2));
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      lang: 'nl',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    expect(await screen.findByText('2 openstaande orders')).toBeTruthy();
  });
});

describe('open orders filters in the URL', { timeout: 30_000 }, () => {
  const openCalls = (api: ReturnType<typeof fakeApi>) =>
    api.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost'))
      .filter((u) => u.pathname.startsWith('/api/orders/open/'));

  it('opens a shared link with its filters and writes a changed filter back to the URL', async () => {
    const api = fakeApi([]);
    vi.stubGlobal('fetch', api);
    const { router } = renderUi(<OpenOrdersPage />, {
      path: '/orders?from=2026-11-20+00%3A00%3A00&until=2026-11-22+22%3A00%3A00&pack=1&loc=A-01,B-02&limit=50&red=true',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    const first = openCalls(api)[0] as URL;
    expect(decodeURIComponent(first.pathname)).toBe(
      '/api/orders/open/2026-11-19T23:00:00.000Z/2026-11-22T21:00:00.000Z/1',
    );
    expect(first.searchParams.get('location')).toBe('A-01,B-02');
    expect(first.searchParams.get('limit')).toBe('50');
    expect(first.searchParams.get('red_orders')).toBe('true');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('20-11-2026 00:00');

    fireEvent.click(screen.getByLabelText('Show at most', { selector: 'input' }));
    const listbox = await screen.findByRole('listbox', { name: 'Show at most', hidden: true });
    const twenty = within(listbox)
      .getAllByRole('option', { hidden: true })
      .find((o) => o.textContent === '20') as HTMLElement;
    fireEvent.click(twenty);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('limit')).toBe('20'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('loc')).toBe('A-01,B-02');
    expect(params.get('pack')).toBe('1');
  });

  it('keeps defaults out of the URL and ignores what does not parse', async () => {
    const api = fakeApi([]);
    vi.stubGlobal('fetch', api);
    renderUi(<OpenOrdersPage />, {
      path: '/orders?limit=7&pack=3&org=nope',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    const first = openCalls(api)[0] as URL;
    expect(first.searchParams.get('limit')).toBe('100');
    expect(first.pathname.endsWith('/all')).toBe(true);
    expect(first.searchParams.get('org_id')).toBeNull();
  });
});

describe('open orders date range (spec 1 §2, §9)', { timeout: 30_000 }, () => {
  it('shows DD-MM-YYYY HH:mm, accepts a typed ISO date-time and asks for that range', async () => {
    const api = fakeApi([]);
    vi.stubGlobal('fetch', api);
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const until = screen.getByLabelText('Until') as HTMLInputElement;
    expect(from.value).toMatch(/^\d{2}-\d{2}-\d{4} 00:00$/);
    expect(until.value).toMatch(/^\d{2}-\d{2}-\d{4} 22:00$/);

    // What the journey test does: fill the field with the ISO form, then click elsewhere.
    fireEvent.focus(until);
    fireEvent.input(until, { target: { value: '2026-11-22T23:59' } });
    // Read as Amsterdam time (UTC+1 in November), whatever zone the browser is in.
    const end = encodeURIComponent('2026-11-22T22:59:00.000Z');
    await waitFor(() =>
      expect(
        api.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes(end)),
      ).toBe(true),
    );
    fireEvent.blur(until);
    await waitFor(() => expect(until.value).toBe('22-11-2026 23:59'));

    // Half-typed or US-style text does not move the range.
    fireEvent.focus(from);
    fireEvent.input(from, { target: { value: '11/17/2026, 12:00 AM' } });
    fireEvent.blur(from);
    await waitFor(() => expect(from.value).toMatch(/^\d{2}-\d{2}-\d{4} 00:00$/));
  });
});

describe("open orders 'print single orders' (spec 1 §2, §4, §7)", { timeout: 30_000 }, () => {
  const shipper = role('warehouse_staff', [
    { methods: ['GET'], path: '/orders*' },
    { methods: ['POST'], path: '/orders/ship*' },
    { methods: ['POST'], path: '/orders/packing_slip' },
    { methods: ['GET'], path: '/shipment_*' },
  ]);
  const MULTI = order(3, '#1003', [line(3, SAUCE), { ...line(4, PASTA), id: hex(104) }]);
  const ONLY_MULTI = order(5, '#1005', [line(5, SAUCE), { ...line(6, PASTA), id: hex(106) }]);

  /** Two groups: VAK A-01 with two single-line orders and a multi-line one, VAK B-02 with only a multi-line one. */
  function batchApi(batches: unknown[]) {
    const base = fakeApi([]);
    return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(req.url);
      if (url.pathname.startsWith('/api/orders/open/')) {
        const shipped = batches.length > 0;
        const a = shipped ? [ORDERS[1] as OpenOrder, MULTI] : [...ORDERS, MULTI];
        const body: OpenOrders = {
          groups: [
            { location: { id: hex(300), name: 'A-01' }, count: a.length, orders: a },
            { location: { id: hex(301), name: 'B-02' }, count: 1, orders: [ONLY_MULTI] },
          ],
          total: a.length + 1,
          matching: a.length + 1,
          matching_capped: false,
        };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (url.pathname === '/api/orders/ship/batch/single' && req.method === 'POST') {
        batches.push(await req.json());
        return new Response(new Blob(['%PDF-1.4 labels'], { type: 'application/pdf' }), {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'x-shipped-count': '1',
            'x-batch-summary': JSON.stringify({
              shipped: [{ order_id: hex(1), shipment_id: hex(71), tracking_number: 'HP1NL' }],
              skipped: [{ order_id: hex(2), reason: 'not_open' }],
            }),
          },
        });
      }
      return base(input, init);
    });
  }

  it('offers Import orders only to a role that may import them (not to a read-only user)', async () => {
    vi.stubGlobal('fetch', batchApi([]));
    const view = renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    expect(screen.queryByRole('link', { name: 'Import orders' })).toBeNull();
    view.unmount();
    const importer = role('importer', [
      { methods: ['GET'], path: '/orders*' },
      { methods: ['POST'], path: '/orders/import' },
    ]);
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(importer), orgAuth: orgAuth(importer) },
    });
    expect(await screen.findByRole('link', { name: 'Import orders' })).toBeTruthy();
  });

  it("links to the floor's pick list, order grouping and returns desk for a role that may use them (spec 1 §2)", async () => {
    vi.stubGlobal('fetch', batchApi([]));
    const view = renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    expect(screen.queryByRole('link', { name: 'Pick list' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Returns' })).toBeNull();
    view.unmount();
    const floorLead = role('floor_lead', [
      { methods: ['GET'], path: '/orders*' },
      { methods: ['GET'], path: '/pick_list/*' },
      { methods: ['POST'], path: '/returns' },
    ]);
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      lang: 'nl',
      session: { user: user(floorLead), orgAuth: orgAuth(floorLead) },
    });
    expect((await screen.findByRole('link', { name: 'Picklijst' })).getAttribute('href')).toBe('/floor/pick');
    expect(screen.getByRole('link', { name: 'Orders groeperen' }).getAttribute('href')).toBe(
      '/floor/order-grouping',
    );
    expect(screen.getByRole('link', { name: 'Retouren' }).getAttribute('href')).toBe('/floor/returns');
  });

  it('is offered only to a role that may batch-ship', async () => {
    vi.stubGlobal('fetch', batchApi([]));
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(packer), orgAuth: orgAuth(packer) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    expect(screen.queryByRole('button', { name: 'Print single orders' })).toBeNull();
  });

  it('shows on groups with single-line orders, confirms the count, ships them and opens the labels', async () => {
    const batches: unknown[] = [];
    const api = batchApi(batches);
    vi.stubGlobal('fetch', api);
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(shipper), orgAuth: orgAuth(shipper) },
    });
    await screen.findByRole('article', { name: 'Order #1001' });
    const a01 = screen.getByRole('region', { name: 'VAK A-01' });
    // B-02's card comes in the board's second slice (the first holds the first screen's rows).
    const b02 = await screen.findByRole('region', { name: 'VAK B-02' });
    expect(within(b02).queryByRole('button', { name: 'Print single orders' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Print single orders' })).toHaveLength(1);

    fireEvent.click(within(a01).getByRole('button', { name: 'Print single orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print single orders of VAK A-01?' });
    expect(
      within(dialog).getByText('Ship 2 single-line orders and print all their labels in one PDF.'),
    ).toBeTruthy();
    expect(batches).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship and print' }));

    await waitFor(() => expect(batches).toEqual([{ orderIds: [hex(1), hex(2)], orgId: hex(9) }]));
    const viewer = await screen.findByRole('dialog', { name: 'Labels of VAK A-01' });
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const notice = (await screen.findByText('1 single order shipped.')).closest('[role="status"]');
    expect(notice).toBeTruthy();
    expect(within(notice as HTMLElement).getByText('#1002: already shipped or cancelled')).toBeTruthy();
    // The open list reloads: the shipped order leaves it.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order #1001' })).toBeNull());
  });
});

describe('open orders: shipping through a carrier (spec 1 §4, §8; ADR 0044)', { timeout: 30_000 }, () => {
  const shipper = role('warehouse_staff', [
    { methods: ['GET'], path: '/orders*' },
    { methods: ['POST'], path: '/orders/ship*' },
    { methods: ['GET'], path: '/shipment_*' },
  ]);
  const POSTNL = {
    id: hex(701),
    code: 'SMF-POSTNL-NL',
    name: 'PostNL pakket NL',
    carrier: 'postnl',
    price: 6.95,
    price_cents: 695,
    country_code: 'NL',
    product_code: '3085',
    active: true,
  };

  it("ships a PostNL order through /orders/ship/postnl and shows PostNL's refusal on the card; the order stays", async () => {
    const posted: { path: string; body: unknown }[] = [];
    const base = fakeApi([]);
    const postnlOrder = { ...order(1, '#1001', [line(1, SAUCE)]), selected_ship_option: 'SMF-POSTNL-NL' };
    let refuse = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req =
          input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
        const url = new URL(req.url);
        const json = (body: unknown, status = 200) =>
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
        if (url.pathname === '/api/shipment_methods') return json([POSTNL]);
        if (url.pathname.startsWith('/api/orders/open/'))
          return json({
            groups: [{ location: { id: hex(300), name: 'A-01' }, count: 1, orders: [postnlOrder] }],
            total: 1,
            matching: 1,
            matching_capped: false,
          } satisfies OpenOrders);
        if (url.pathname === '/api/orders/ship/postnl' && req.method === 'POST') {
          posted.push({ path: url.pathname, body: await req.json() });
          if (refuse)
            return json(
              {
                statusCode: 502,
                code: 'outside_service',
                message:
                  'PostNL refused the label: No label available, Direct Infeed. Order #1001 is still open; try again or choose another shipment method.',
              },
              502,
            );
          return new Response(new Blob(['%PDF-1.4 label'], { type: 'application/pdf' }), {
            status: 200,
            headers: {
              'content-type': 'application/pdf',
              'x-tracking-number': '3SDEVC123456789',
              'x-shipment-id': hex(78),
            },
          });
        }
        return base(input, init);
      }),
    );
    renderUi(<OpenOrdersPage />, {
      path: '/orders',
      session: { user: user(shipper), orgAuth: orgAuth(shipper) },
    });
    const card = await screen.findByRole('article', { name: 'Order #1001' });
    fireEvent.click(await within(card).findByRole('button', { name: 'PostNL label #1001' }));
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain('PostNL refused the label: No label available, Direct Infeed.');
    expect(posted).toEqual([
      {
        path: '/api/orders/ship/postnl',
        body: { order_id: hex(1), method_code: 'SMF-POSTNL-NL', label_quantity: 1 },
      },
    ]);

    // Trying again clears the message; PostNL's label opens in the viewer.
    refuse = false;
    fireEvent.change(within(card).getByLabelText('Print on'), { target: { value: '2' } });
    fireEvent.click(within(card).getByRole('button', { name: 'PostNL label #1001' }));
    const viewer = await screen.findByRole('dialog', { name: 'Label for order #1001' });
    expect(within(viewer).getByText('Track & Trace: 3SDEVC123456789')).toBeTruthy();
    expect(posted[1]?.body).toEqual({
      order_id: hex(1),
      method_code: 'SMF-POSTNL-NL',
      label_quantity: 1,
      print_frame: 2,
    });
    expect(within(card).queryByRole('alert')).toBeNull();
    // No scan led to it: the outcome shows as the last scan's message without a code posing as scanned.
    const status = screen.getAllByRole('status').find((el) => el.textContent?.startsWith('Last scan'));
    expect(status?.textContent).toMatch(/^Last scan:Order #1001 shipped/);
  });
});
