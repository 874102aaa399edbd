import type {
  AdminOrder,
  AdminRole,
  AdminShipmentBox,
  AdminShipmentMethod,
  AdminSurcharge,
} from '@hoppa/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavItemsContext } from '../../app/nav-items.ts';
import { layoutI18n } from '../../i18n/layout.i18n.ts';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { AdminIndexPage } from './admin-index-page.tsx';
import { SearchOrderPage } from './search-order-page.tsx';
import { ShipmentBoxesPage } from './shipment-boxes-page.tsx';
import { ShipmentMethodAddPage, ShipmentMethodsPage } from './shipment-methods-page.tsx';
import { SurchargesPage } from './surcharges-page.tsx';
import { UsersPage } from './users-page.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const admin = { ...role('provider_admin', [{ methods: ['*'], path: '/*' }]), all_orgs: true };
const session = { user: user(admin, { is_admin: true }), orgAuth: orgAuth(admin) };

const SURCHARGE: AdminSurcharge = {
  id: hex(1),
  name: 'Breekbaar inpakken',
  code: 'FRAGILE',
  price: 0.75,
  price_cents: 75,
  note: 'Extra noppenfolie',
  type: 'order-line',
  active: true,
  products: 3,
  order: false,
};

const ORDER: AdminOrder = {
  _id: hex(7),
  orderId: 'BOL-1001',
  org_id: hex(8),
  org_name: 'Bakkerij Bol',
  active: true,
  status: 'open',
  platform: 'bol',
  notes_notify: false,
  notes_color: null,
  notes_text: null,
  orderPlacedDateTime: '2026-11-20T09:00:00.000Z',
  track_trace: null,
  shipmentDetails: {
    firstName: 'Sanne',
    surname: 'de Boer',
    email: 'sanne@example.nl',
    streetName: 'Keizersgracht',
    houseNumber: '125',
    city: 'Amsterdam',
    zipCode: '1015 CJ',
    countryCode: 'NL',
  },
  latestDeliveryDate: null,
  products: [
    {
      id: hex(10),
      title: 'Brood',
      quantity: 3,
      picked_quantity: 2,
      ean: '8712345678906',
      product_id: hex(9),
      locations: ['A-01-01'],
    },
  ],
  picked_pieces: 2,
  deleted_at: null,
  deleted_by: null,
};

const ROLE: AdminRole = {
  id: hex(20),
  key: 'warehouse_staff',
  name: 'Warehouse staff',
  all_orgs: true,
  grants: [{ methods: ['GET'], path: '/shipments*' }],
  is_default: true,
  default_grants: [{ methods: ['GET'], path: '/shipments*' }],
  edited_at: null,
  users: 1,
};

/** A fake API: answers by method and path, records every request body. */
function fakeApi(routes: Record<string, (body: unknown) => [number, unknown]>, calls: [string, unknown][]) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url);
    const key = `${req.method} ${url.pathname}`;
    const text = req.method === 'GET' || req.method === 'DELETE' ? '' : await req.text();
    const body = text ? JSON.parse(text) : undefined;
    calls.push([`${key}${url.search}`, body]);
    const handler = routes[key];
    const [status, answer] = handler
      ? handler(body)
      : [404, { statusCode: 404, code: 'not_found', message: key }];
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
}

beforeEach(() => stubPageRequest());
afterEach(() => vi.unstubAllGlobals());

describe('the admin area (spec 3 §2 Admin area)', { timeout: 30_000 }, () => {
  it.each(['en', 'nl'] as const)(
    'names the label print tile as the menu names its page, and it opens the print run (%s)',
    async (lang) => {
      renderUi(<AdminIndexPage />, { path: '/admin', session, lang });
      const menuName = layoutI18n[lang].nav.labels;
      const tile = await screen.findByRole('link', { name: new RegExp(`^${menuName}`) });
      expect(tile.getAttribute('href')).toBe('/admin/labels');
      // It prints; nothing is scanned there.
      expect(tile.textContent).not.toMatch(/scan/i);
    },
  );

  it('edits a surcharge’s name in place: a click opens the cell, Enter saves only that field', async () => {
    const calls: [string, unknown][] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/surcharges/list': () => [200, { items: [SURCHARGE], total: 1, skip: 0, limit: 25 }],
          [`PUT /api/surcharges/${SURCHARGE.id}`]: (b) => [200, { ...SURCHARGE, ...(b as object) }],
        },
        calls,
      ),
    );
    renderUi(<SurchargesPage />, { path: '/admin/surcharge', session });
    const row = (await screen.findByText('Breekbaar inpakken')).closest('tr') as HTMLElement;
    expect(row.textContent).toMatch(/FRAGILE.*€\s0,75.*Extra noppenfolie.*Order line.*3 products.*No/);
    fireEvent.click(within(row).getByRole('button', { name: 'Change Name of Breekbaar inpakken' }));
    const input = within(row).getByRole('textbox', { name: 'Change Name of Breekbaar inpakken' });
    fireEvent.input(input, { target: { value: 'Breekbaar' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(calls.filter(([k]) => k.startsWith('PUT'))).toEqual([
        [`PUT /api/surcharges/${SURCHARGE.id}`, { name: 'Breekbaar' }],
      ]),
    );
    // A price in Dutch notation is sent in euro; a bad one is refused in the cell without a call.
    fireEvent.click(within(row).getByRole('button', { name: 'Change Price of Breekbaar inpakken' }));
    const price = within(row).getByRole('textbox', { name: 'Change Price of Breekbaar inpakken' });
    fireEvent.input(price, { target: { value: '1,2x' } });
    fireEvent.keyDown(price, { key: 'Enter' });
    expect(calls.filter(([k]) => k.startsWith('PUT'))).toHaveLength(1);
    expect(within(row).getByText('Enter a price in euro, such as 1,50')).toBeTruthy();
    fireEvent.input(price, { target: { value: '1,25' } });
    fireEvent.keyDown(price, { key: 'Enter' });
    await waitFor(() =>
      expect(calls.filter(([k]) => k.startsWith('PUT')).at(-1)?.[1]).toEqual({ price: 1.25 }),
    );
    // An empty name is refused in the cell with a whole sentence, not only the word "Name".
    await waitFor(() =>
      expect(within(row).queryByRole('textbox', { name: 'Change Price of Breekbaar inpakken' })).toBeNull(),
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Change Name of Breekbaar inpakken' }));
    const name = within(row).getByRole('textbox', { name: 'Change Name of Breekbaar inpakken' });
    fireEvent.input(name, { target: { value: '  ' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(within(row).getByText('Name is required')).toBeTruthy();
    expect(calls.filter(([k]) => k.startsWith('PUT'))).toHaveLength(2);
  });

  it('adds a shipment method only when name, code and peak surcharge are given, in euro', async () => {
    const calls: [string, unknown][] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/shipment_methods/groups': () => [200, [{ group: 'PostNL', methods: 2, active: 2 }]],
          'POST /api/shipment_methods/add': (b) => [201, { id: hex(3), open_orders: 0, ...(b as object) }],
        },
        calls,
      ),
    );
    renderUi(<ShipmentMethodAddPage />, { path: '/admin/shipment_method/add', session });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(/required/i)).not.toHaveLength(0);
    expect(calls.some(([k]) => k.startsWith('POST'))).toBe(false);
    fireEvent.input(screen.getByLabelText(/^Name/), { target: { value: 'PostNL avond' } });
    fireEvent.input(screen.getByLabelText(/^Code/), { target: { value: 'POSTNL-EVE' } });
    fireEvent.input(screen.getByLabelText(/^Price/), { target: { value: '7,95' } });
    fireEvent.input(screen.getByLabelText(/^Cut-off time/), { target: { value: '18:00' } });
    fireEvent.input(screen.getByLabelText(/^Peak surcharge/), { target: { value: '0,5' } });
    fireEvent.input(screen.getByLabelText(/^Group/), { target: { value: 'PostNL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find(([k]) => k.startsWith('POST'))?.[1]).toEqual({
        name: 'PostNL avond',
        code: 'POSTNL-EVE',
        carrier: 'local',
        group: 'PostNL',
        price: 7.95,
        purchase_price: 0,
        cut_off: '18:00',
        late_drop_surcharge: 0,
        peak_surcharge: 0.5,
        country_code: null,
        active: true,
      }),
    );
  });

  it('names a method’s carrier in the UI’s language, in the list and in the form’s select, not by its code', async () => {
    const method: AdminShipmentMethod = {
      id: hex(30),
      name: 'Lokale bezorging NL',
      code: 'LOCAL-NL',
      carrier: 'local',
      group: 'Lokale bezorging',
      price: 4.95,
      price_cents: 495,
      purchase_price: 3.1,
      purchase_price_cents: 310,
      cut_off: '16:00',
      late_drop_surcharge: 1.5,
      late_drop_surcharge_cents: 150,
      peak_surcharge: 0.5,
      peak_surcharge_cents: 50,
      country_code: 'NL',
      active: true,
      open_orders: 3,
    };
    const stamp = { ...method, id: hex(31), name: 'Postzegel 1 NL', code: 'STAMP1-NL', carrier: 'stamp' };
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/shipment_methods/list': () => [
            200,
            { items: [method, stamp], total: 2, skip: 0, limit: 25 },
          ],
          'GET /api/shipment_methods/groups': () => [
            200,
            [{ group: 'Lokale bezorging', methods: 2, active: 2 }],
          ],
        },
        [],
      ),
    );
    renderUi(<ShipmentMethodsPage />, { path: '/admin/shipment_method', session, lang: 'nl' });
    const row = (await screen.findByText('Lokale bezorging NL')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Lokale bezorging · NL');
    expect(row.textContent).not.toMatch(/\blocal\b/);
    const stampRow = screen.getByText('Postzegel 1 NL').closest('tr') as HTMLElement;
    expect(stampRow.textContent).toContain('Postzegel (briefpost) · NL');
    cleanup();

    renderUi(<ShipmentMethodAddPage />, { path: '/admin/shipment_method/add', session, lang: 'nl' });
    expect(await screen.findByDisplayValue('Lokale bezorging')).toHaveProperty('readOnly', true);
  });

  it('shows a method’s stored amounts in its edit form as the list does: € 0,00 in the list is 0,00 in the form', async () => {
    const method: AdminShipmentMethod = {
      id: hex(32),
      name: 'PostNL pakket NL',
      code: 'POSTNL-NL',
      carrier: 'local',
      group: 'PostNL',
      price: 0,
      price_cents: 0,
      purchase_price: 3.1,
      purchase_price_cents: 310,
      cut_off: '16:00',
      late_drop_surcharge: 0,
      late_drop_surcharge_cents: 0,
      peak_surcharge: 0,
      peak_surcharge_cents: 0,
      country_code: 'NL',
      active: true,
      open_orders: 0,
    };
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/shipment_methods/list': () => [200, { items: [method], total: 1, skip: 0, limit: 25 }],
          'GET /api/shipment_methods/groups': () => [200, [{ group: 'PostNL', methods: 1, active: 1 }]],
        },
        [],
      ),
    );
    renderUi(<ShipmentMethodsPage />, { path: '/admin/shipment_method', session, lang: 'nl' });
    const row = (await screen.findByText('PostNL pakket NL')).closest('tr') as HTMLElement;
    expect(row.textContent).toMatch(/€\s0,00/);
    fireEvent.click(within(row).getByRole('button', { name: 'Wijzigen POSTNL-NL' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Toeslag late drop/)).toHaveProperty('value', '0,00');
    expect(within(dialog).getByLabelText(/^Prijs/)).toHaveProperty('value', '0,00');
    expect(within(dialog).getByLabelText(/^Inkoopprijs/)).toHaveProperty('value', '3,10');
    expect(within(dialog).getByLabelText(/^Piektoeslag/)).toHaveProperty('value', '0,00');
  });

  it('keeps a box’s size on one line: no breakable space between its three measures', async () => {
    const box: AdminShipmentBox = {
      id: hex(40),
      name: 'Brievenbusdoos',
      label: 'Brievenbusdoos',
      max_size: { L: 380, W: 265, H: 32 },
      fulfillment_cost: 0.45,
      fulfillment_cost_cents: 45,
      package_cost: 0.3,
      package_cost_cents: 30,
      purchase_cost: 0.22,
      purchase_cost_cents: 22,
      package_code: 'BB-380',
      active: true,
    };
    vi.stubGlobal(
      'fetch',
      fakeApi(
        { 'GET /api/shipment_boxes/list': () => [200, { items: [box], total: 1, skip: 0, limit: 25 }] },
        [],
      ),
    );
    renderUi(<ShipmentBoxesPage />, { path: '/admin/shipment_box', session, lang: 'nl' });
    const size = await screen.findByText(/^380.×.265.×.32$/);
    expect(size.textContent).not.toMatch(/ /);
  });

  it('finds an order and deletes it only after the warning, which says the picked pieces go back', async () => {
    const calls: [string, unknown][] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/orders/searchOrderId/BOL-1001': () => [200, [ORDER]],
          [`DELETE /api/orders/searchOrderId/${ORDER._id}`]: () => [
            200,
            {
              order: { ...ORDER, status: 'cancelled' },
              returned: [{ ean: '8712345678906', title: 'Brood', location: 'A-01-01', quantity: 2 }],
            },
          ],
        },
        calls,
      ),
    );
    renderUi(<SearchOrderPage />, { path: '/admin/search_order', session });
    fireEvent.input(screen.getByLabelText('Order number'), { target: { value: 'BOL-1001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Bakkerij Bol · bol')).toBeTruthy();
    expect(screen.getByText('2 of 3 picked')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete order' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(dialog.textContent).toContain('2 pieces have been picked already: they go back into stock');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some(([k]) => k.startsWith('DELETE'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete order' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.map(([k]) => k)).toContain(
        `DELETE /api/orders/searchOrderId/${ORDER._id}?org_id=${ORDER.org_id}`,
      ),
    );
  });

  it('names the shipped roles as the header does (“Shop owner”, not the database’s “Merchant owner”)', async () => {
    const owner: AdminRole = {
      ...ROLE,
      id: hex(21),
      key: 'merchant_owner',
      name: 'Merchant owner',
      all_orgs: false,
    };
    const custom: AdminRole = { ...ROLE, id: hex(22), key: 'inpakker', name: 'Inpakker', is_default: false };
    vi.stubGlobal(
      'fetch',
      fakeApi(
        { 'GET /api/roles': () => [200, { items: [ROLE, owner, custom], total: 3, skip: 0, limit: 100 }] },
        [],
      ),
    );
    renderUi(<UsersPage />, { path: '/admin/users', session });
    expect(await screen.findByText('Shop owner')).toBeTruthy();
    expect(screen.queryByText('Merchant owner')).toBeNull();
    expect(screen.getByText('Inpakker')).toBeTruthy();
    cleanup();
    // In Dutch as in the header ("Winkeleigenaar"), not the database's English names.
    renderUi(<UsersPage />, { path: '/admin/users', session, lang: 'nl' });
    expect(await screen.findByText('Winkeleigenaar')).toBeTruthy();
    expect(screen.getAllByText('Magazijnmedewerker').length).toBeGreaterThan(0);
  });

  it('shows a shipped role’s name in the UI language in its name field, and keeps the stored name on save', async () => {
    const owner: AdminRole = { ...ROLE, key: 'merchant_owner', name: 'Merchant owner', all_orgs: false };
    const calls: [string, unknown][] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/roles': () => [200, { items: [owner], total: 1, skip: 0, limit: 100 }],
          [`PUT /api/roles/${owner.id}`]: (b) => [200, { ...owner, ...(b as object) }],
        },
        calls,
      ),
    );
    renderUi(<UsersPage />, { path: '/admin/users', session, lang: 'nl' });
    const field = (await screen.findByLabelText('Naam van de rol')) as HTMLInputElement;
    expect(field.value).toBe('Winkeleigenaar');
    fireEvent.click(screen.getByRole('button', { name: 'Rol opslaan' }));
    await waitFor(() =>
      expect(calls.find(([k]) => k.startsWith('PUT'))?.[1]).toMatchObject({ name: 'Merchant owner' }),
    );
  });

  it('edits a role’s grants, previews the screens it opens, and saves the whole list', async () => {
    const calls: [string, unknown][] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/roles': () => [200, { items: [ROLE], total: 1, skip: 0, limit: 100 }],
          [`PUT /api/roles/${ROLE.id}`]: (b) => [
            200,
            { ...ROLE, ...(b as object), edited_at: '2026-11-26T10:00:00Z' },
          ],
          'POST /api/roles/preview': () => [
            200,
            {
              calls: [{ method: 'GET', path: '/surcharges/list', summary: 'Page the surcharges' }],
              total: 1,
            },
          ],
        },
        calls,
      ),
    );
    renderUi(
      <NavItemsContext.Provider
        value={[
          {
            key: 'shipments',
            to: '/shipments',
            icon: 'shipments',
            section: 'work',
            order: 1,
            needs: { method: 'GET', path: '/shipments' },
          },
          {
            key: 'orders',
            to: '/orders',
            icon: 'orders',
            section: 'work',
            order: 2,
            needs: { method: 'GET', path: '/orders/open/_/_/_' },
          },
        ]}
      >
        <UsersPage />
      </NavItemsContext.Provider>,
      { path: '/admin/users', session },
    );
    await screen.findByDisplayValue('/shipments*');
    // The preview lists the menu's screens the draft allows: shipments, not orders.
    const preview = screen.getByText('What this role may open').closest('div[class*="Paper"]') as HTMLElement;
    expect(within(preview).getByText('Shipments')).toBeTruthy();
    expect(within(preview).queryByText('Orders')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add grant' }));
    fireEvent.input(screen.getByLabelText('Path pattern #2'), { target: { value: '/orders*' } });
    fireEvent.input(screen.getByLabelText('Except (comma-separated patterns) #2'), {
      target: { value: '/orders/weekly_report*' },
    });
    expect(await within(preview).findByText('Orders')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('1 API call')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() =>
      expect(calls.find(([k]) => k.startsWith('PUT'))?.[1]).toEqual({
        name: 'Warehouse staff',
        grants: [
          { methods: ['GET'], path: '/shipments*' },
          { methods: ['GET'], path: '/orders*', except: ['/orders/weekly_report*'] },
        ],
      }),
    );
    // A grant added and left empty is refused with a message at its path, and nothing is saved.
    fireEvent.click(screen.getByRole('button', { name: 'Add grant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('Fill in the path this grant allows, e.g. /orders*')).toBeTruthy();
    expect(screen.getByLabelText('Path pattern #3').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter(([k]) => k.startsWith('PUT'))).toHaveLength(1);
  });
});
