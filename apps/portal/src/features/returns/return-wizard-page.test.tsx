import type { Order } from '@hoppa/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { merchantOwner, orgAuth, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ReturnWizardPage } from './return-wizard-page.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');

function line(n: number, title: string, quantity: number): Order['products'][number] {
  return {
    id: hex(100 + n),
    product_id: hex(200 + n),
    ean: `871000000000${n}`,
    title,
    quantity,
    picked_quantity: quantity,
    picked: true,
    pick_location: null,
    img_url: null,
    pack_note: null,
    pick_note: null,
    cancellationRequest: false,
    position: n,
  };
}

const ORDER: Order = {
  id: hex(1),
  orderId: 'BOL-77',
  org: hex(2),
  org_name: 'Bakkerij Bol',
  platform: 'bol',
  order_type: 'b2c',
  status: 'shipped',
  reason: null,
  orderPlacedDateTime: new Date().toISOString(),
  deliveryDateTime: null,
  fulfilledDateTime: new Date().toISOString(),
  shipmentDetails: {
    firstName: 'Eva',
    surname: 'Smit',
    streetName: 'Oudegracht',
    houseNumber: '12',
    zipCode: '3511 LX',
    city: 'Utrecht',
    countryCode: 'NL',
    email: 'eva@example.nl',
  },
  notes_text: null,
  notes_color: null,
  notes_notify: false,
  selected_ship_option: null,
  selected_packaging_option: null,
  label_quantity: 1,
  label: true,
  shipped: true,
  track_trace: null,
  used_shipment_method: null,
  isFulfilledBySF: true,
  products: [line(1, 'Aardbeienjam', 3), line(2, 'Koffiebekers', 2), line(3, 'Theedoek', 1)],
} as Order;

function fakeApi(
  calls: { path: string; body: unknown; type: string | null }[],
  options: { returnable?: number[]; createAnswer?: Response } = {},
) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const req =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url);
    const type = req.headers.get('content-type');
    const body =
      req.method === 'GET'
        ? null
        : type?.startsWith('application/json')
          ? await req.json()
          : await req.blob();
    calls.push({ path: `${req.method} ${url.pathname}`, body, type });
    if (url.pathname === `/api/order/get/${ORDER.id}`)
      return Response.json({
        ...ORDER,
        products: ORDER.products.map((l, i) =>
          options.returnable ? { ...l, returnable: options.returnable[i] } : l,
        ),
      });
    if (url.pathname === '/api/returns/create' && options.createAnswer) return options.createAnswer;
    if (url.pathname === '/api/returns/create')
      return Response.json(
        {
          id: hex(9),
          return_number: 'R12345678',
          org_id: ORDER.org,
          org_name: ORDER.org_name,
          order_id: ORDER.id,
          shop_order_id: ORDER.orderId,
          platform: 'bol',
          tracking_number: '3SHOP1',
          carrier: 'local',
          reason: 'DAMAGED',
          customer_comments: null,
          registered_at: new Date().toISOString(),
          closed_at: null,
          items: [],
          images: [],
        },
        { status: 201 },
      );
    if (url.pathname.startsWith('/api/returns/upload/'))
      return Response.json({ id: hex(10), mime: 'image/png', size: 4 }, { status: 201 });
    if (url.pathname.startsWith('/api/returns/label/'))
      return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
        headers: { 'content-type': 'application/pdf' },
      });
    return Response.json({ statusCode: 404, code: 'not_found', message: 'no' }, { status: 404 });
  };
}

describe('return creation wizard (spec 2 §2; issue 12)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('takes products and quantities, a required reason and photos, the address, then creates, uploads and prints', async () => {
    const calls: { path: string; body: unknown; type: string | null }[] = [];
    vi.stubGlobal('fetch', fakeApi(calls));
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    renderRoutes([{ path: '/returns/create/:id', element: <ReturnWizardPage /> }], {
      path: `/returns/create/${ORDER.id}?shipment=${hex(50)}`,
      session: { user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) },
    });
    const jam = await screen.findByRole('row', { name: 'Aardbeienjam' });
    // The way back is the shipment the wizard was opened from, not the shipments list.
    expect(screen.getByRole('link', { name: /Back to the shipment/ }).getAttribute('href')).toBe(
      `/shipments/${hex(50)}`,
    );
    // Nothing chosen: Continue says so.
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose at least one product.')).toBeTruthy();
    for (let i = 0; i < 4; i++) fireEvent.click(within(jam).getByRole('button', { name: 'One more' }));
    expect(within(jam).getByTestId('return-count').textContent).toBe('3');
    fireEvent.click(
      within(screen.getByRole('row', { name: 'Theedoek' })).getByRole('button', { name: 'One more' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // Step 1: a reason is required; a text file is refused with the spec's message.
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select a reason for the return.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'DAMAGED' } });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Only the following formats are allowed: jpeg, png, webp.')).toBeTruthy();
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pot.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [photo] } });
    await waitFor(() =>
      expect(screen.queryByText('Only the following formats are allowed: jpeg, png, webp.')).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // Step 2: the address comes from the order; a Dutch postcode must be four digits and two letters.
    const zip = await screen.findByLabelText(/Postal code/);
    expect((zip as HTMLInputElement).value).toBe('3511 LX');
    // The phone field refuses a number that breaks the phone rule (spec 3 §5) and sends the international form.
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    fireEvent.input(phone, { target: { value: 'bel me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create return' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(calls.map((c) => c.path)).not.toContain('POST /api/returns/create');
    fireEvent.input(phone, { target: { value: '06 1234 5678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create return' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('POST /api/returns/create'));
    const created = calls.find((c) => c.path === 'POST /api/returns/create');
    expect(created?.body).toMatchObject({
      order_id: ORDER.id,
      items: [
        { order_line_id: hex(101), quantity: 3 },
        { order_line_id: hex(103), quantity: 1 },
      ],
      reason: 'DAMAGED',
      address: { zipCode: '3511 LX', houseNumber: '12', email: 'eva@example.nl', phone: '+31 6 1234 5678' },
    });
    await waitFor(() => expect(calls.map((c) => c.path)).toContain(`GET /api/returns/label/${hex(9)}`));
    const upload = calls.find((c) => c.path === `POST /api/returns/upload/${hex(9)}`);
    expect(upload?.type).toBe('image/png');
    expect(await screen.findByTestId('return-created')).toHaveProperty(
      'textContent',
      'Return R12345678 created: the label opens for printing.',
    );
    expect(tab.location.href).toMatch(/^blob:/);
    // Made: no step back into a form that would change nothing; the label opens again (a blocked pop-up or a closed
    // tab lost it) and the way back is a button too.
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(screen.getByLabelText(/Postal code/).matches(':disabled')).toBe(true);
    tab.location.href = '';
    fireEvent.click(screen.getByRole('button', { name: 'Print the return label' }));
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:/));
    expect(calls.filter((c) => c.path === `GET /api/returns/label/${hex(9)}`)).toHaveLength(2);
    const backs = screen.getAllByRole('link', { name: /Back to the shipment/ });
    expect(backs.map((a) => a.getAttribute('href'))).toEqual([
      `/shipments/${hex(50)}`,
      `/shipments/${hex(50)}`,
    ]);
  });
  it('speaks Dutch on a Dutch screen: the reason and photo refusals were the spec’s English quotes', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderRoutes([{ path: '/returns/create/:id', element: <ReturnWizardPage /> }], {
      path: `/returns/create/${ORDER.id}`,
      lang: 'nl',
      session: { user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) },
    });
    const jam = await screen.findByRole('row', { name: 'Aardbeienjam' });
    fireEvent.click(within(jam).getByRole('button', { name: 'Eén meer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Verder' }));
    expect(await screen.findByText('Kies een reden voor de retour.')).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Alleen jpeg, png of webp is toegestaan.')).toBeTruthy();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grote-foto.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('Bestand "grote-foto.jpg" is groter dan 5 MB.')).toBeTruthy();
  });
  it('offers only what may still come back, says when nothing is left, and explains a refused quantity', async () => {
    const refused = () =>
      Response.json(
        {
          statusCode: 409,
          code: 'return_quantity',
          message: 'Aardbeienjam: 0 of 3 can still come back, not 1',
        },
        { status: 409 },
      );
    // An earlier return expects 2 of the 3 jars and the one tea towel back.
    vi.stubGlobal('fetch', fakeApi([], { returnable: [1, 2, 0], createAnswer: refused() }));
    vi.stubGlobal(
      'open',
      vi.fn(() => ({ location: { href: '' }, close: vi.fn() })),
    );
    const view = renderRoutes([{ path: '/returns/create/:id', element: <ReturnWizardPage /> }], {
      path: `/returns/create/${ORDER.id}`,
      lang: 'nl',
      session: { user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) },
    });
    // 2 of the 3 jars and the one tea towel are in the earlier return: one jar is left, the towel cannot be added.
    const jam = await screen.findByRole('row', { name: 'Aardbeienjam' });
    expect(within(jam).getByText(/2 al in een retour/)).toBeTruthy();
    for (let i = 0; i < 3; i++) fireEvent.click(within(jam).getByRole('button', { name: 'Eén meer' }));
    expect(within(jam).getByTestId('return-count').textContent).toBe('1');
    const towel = screen.getByRole('row', { name: 'Theedoek' });
    expect(within(towel).getByRole('button', { name: 'Eén meer' }).matches(':disabled')).toBe(true);
    expect(screen.queryByTestId('nothing-left')).toBeNull();

    // The server still refuses (someone else made a return meanwhile): the reason, in Dutch, not 'Er is iets misgegaan'.
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    fireEvent.change(await screen.findByLabelText(/Reden/), { target: { value: 'DAMAGED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Retour aanmaken' }));
    expect(await screen.findByText(/Er zijn meer stuks gekozen dan er nog terug kunnen komen/)).toBeTruthy();
    expect(screen.queryByText(/Er is iets misgegaan/)).toBeNull();
    view.unmount();

    // Everything is in a return already: said at once, and Continue leads nowhere to be refused.
    vi.stubGlobal('fetch', fakeApi([], { returnable: [0, 0, 0] }));
    renderRoutes([{ path: '/returns/create/:id', element: <ReturnWizardPage /> }], {
      path: `/returns/create/${ORDER.id}`,
      lang: 'nl',
      session: { user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) },
    });
    expect((await screen.findByTestId('nothing-left')).textContent).toBe(
      'Alles van deze order zit al in een retour: er valt niets meer te retourneren.',
    );
    expect(screen.getByRole('button', { name: 'Verder' }).matches(':disabled')).toBe(true);
  });
});
