import type { Inbound, InboundItem } from '@hoppa/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { lookupTarget } from './inbound-item-lookup-page.tsx';
import { InboundItemPage } from './inbound-item-page.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const ITEM = hex(501);
const INBOUND = hex(9);
const BIN = hex(77);

function item(over: Partial<InboundItem> = {}): InboundItem {
  return {
    id: ITEM,
    inbound_id: INBOUND,
    inbound_number: 'IN-00000009',
    inbound_status: 'pending',
    org_id: hex(1),
    org_name: 'Bakkerij Bol',
    product: { id: hex(2), ean: '8711000000001', bsku: 'JAM-1', name: 'Aardbeienjam' },
    units: 4,
    packed_per: 6,
    pieces_expected: 24,
    pieces_checked_in: 6,
    boxes_checked_in: 1,
    batch_nr: null,
    expiration_date: null,
    notes: null,
    package_closed: false,
    status: 'pending',
    surcharges: [],
    surcharge_total_eur: 0,
    reserved_locations: [
      { location_id: BIN, name: 'A-01-02', parent_name: 'A-01', type: 'half-box', stock: 0 },
    ],
    images: [],
    transfers: [],
    ...over,
  };
}

const INBOUND_ANSWER: Partial<Inbound> = {
  id: INBOUND,
  inbound_number: 'IN-00000009',
  org_id: hex(1),
  org_name: 'Bakkerij Bol',
  type: 'pallet',
  status: 'pending',
  contact_person: 'Anna Bol',
  contact_person_email: 'anna@bakkerijbol.nl',
  phone: '+31 20 555 0100',
  shipping_address: 'Kade 1',
  track_trace: '3SBOL1',
  expected_delivery: '2026-11-25',
  direct: false,
  created_at: '2026-11-24T09:00:00.000Z',
  checked_in_at: null,
  created_by: null,
  pieces_expected: 24,
  pieces_checked_in: 6,
  surcharge_total_eur: 0,
  items: [],
};

type Call = { method: string; path: string; body: unknown };

/** The API as the page calls it: the item changes as the server would answer them. */
function fakeApi(calls: Call[], start: InboundItem, refusePlace: boolean | 'location_reserved' = false) {
  let state = start;
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url);
    const text = req.method === 'GET' || req.method === 'DELETE' ? '' : await req.text();
    const body = text ? JSON.parse(text) : null;
    calls.push({ method: req.method, path: url.pathname, body });
    const ok = (b: unknown) => Response.json(b);
    if (req.method === 'GET' && url.pathname === `/api/inbound_item/${ITEM}`) return ok(state);
    if (req.method === 'GET' && url.pathname === `/api/inbound/${INBOUND}`) return ok(INBOUND_ANSWER);
    if (url.pathname === `/api/inbound_item/locations/find/${ITEM}`) {
      state = {
        ...state,
        reserved_locations: [
          { location_id: BIN, name: 'A-01-02', parent_name: 'A-01', type: 'half-box', stock: 0 },
          { location_id: hex(78), name: 'A-01-03', parent_name: 'A-01', type: 'half-box', stock: 0 },
        ].slice(0, body.amount),
      };
      return ok(state);
    }
    // The bin is also reserved for another item's other product (spec 2 §4: the finder's reservation binds).
    if (url.pathname === `/api/inbound_item/place/${ITEM}` && refusePlace === 'location_reserved')
      return Response.json(
        {
          statusCode: 409,
          code: 'location_reserved',
          message:
            'Location A-01-02 is reserved for Stroopwafel los (SKU SW-1) of inbound IN-0000000A: choose another location, or drop that reservation first',
          issues: [
            {
              path: 'location',
              message: '…',
              code: 'location_reserved',
              values: {
                location: 'A-01-02',
                inbound: 'IN-0000000A',
                product: 'Stroopwafel los',
                sku: 'SW-1',
              },
            },
          ],
        },
        { status: 409 },
      );
    if (url.pathname === `/api/inbound_item/place/${ITEM}` && refusePlace)
      return Response.json(
        {
          statusCode: 409,
          code: 'location_quarantine',
          message: 'Location A-01-02 is a quarantine location: nothing on it is ever picked.',
        },
        { status: 409 },
      );
    if (url.pathname === `/api/inbound_item/place/${ITEM}`) {
      state = { ...state, pieces_checked_in: state.pieces_checked_in + body.amount, boxes_checked_in: 3 };
      return ok(state);
    }
    if (url.pathname === `/api/inbound_item/surcharge/${ITEM}`) {
      state = { ...state, surcharges: [body], surcharge_total_eur: (body.cost_cents * body.amount) / 100 };
      return ok(state);
    }
    if (url.pathname === `/api/inbound_item/edit/checkin${ITEM}`) {
      state = { ...state, ...body };
      return ok(state);
    }
    if (url.pathname === `/api/inbound_item/submitInboundItem/${ITEM}`) {
      state = { ...state, status: 'checked_in' };
      return ok(state);
    }
    return Response.json(
      { statusCode: 404, code: 'not_found', message: 'Inbound met ID: x bestaat niet' },
      { status: 404 },
    );
  });
}

const staff = role('warehouse_staff', [
  { methods: ['GET', 'PUT', 'POST'], path: '/inbound_item/*' },
  { methods: ['DELETE'], path: '/inbound_item/surcharge/*' },
  { methods: ['DELETE'], path: '/inbound_item/reserved_locations/*' },
  { methods: ['GET'], path: '/inbound*' },
]);
const merchant = role('merchant_user', [
  { methods: ['GET'], path: '/inbound*' },
  { methods: ['GET'], path: '/inbound_item/*' },
]);

function renderItem(r = staff, lang: 'nl' | 'en' = 'en') {
  return renderRoutes(
    [
      { path: '/inbound/item/:id', element: <InboundItemPage /> },
      { path: '/checkin_inventory', element: <p>inbounds list</p> },
    ],
    { path: `/inbound/item/${ITEM}`, lang, session: { user: user(r), orgAuth: orgAuth(r) } },
  );
}

describe('inbound item at the desk (spec 2 §2 Inbound item detail)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the counts, places pieces on a reserved location, adds extra work, saves notes on blur and confirms', async () => {
    const calls: Call[] = [];
    vi.stubGlobal('fetch', fakeApi(calls, item()));
    renderItem();
    expect(await screen.findByText('Loading data...')).toBeTruthy();
    expect((await screen.findByTestId('item-expected')).textContent).toBe('24');
    expect(screen.getByTestId('item-delivered').textContent).toBe('6');
    expect(screen.getByTestId('item-transit').textContent).toBe('18');
    expect(await screen.findByText(/anna@bakkerijbol.nl/)).toBeTruthy();
    // The contact's phone number keeps together (at 1280 px it broke after '+31').
    expect(screen.getByText('+31 20 555 0100').style.whiteSpace).toBe('nowrap');

    // Place one box (packed per 6) on the reserved bin.
    fireEvent.click(screen.getByRole('button', { name: 'Place 6 pcs' }));
    await waitFor(() => expect(screen.getByTestId('item-delivered').textContent).toBe('12'));
    expect(calls.find((c) => c.path.endsWith(`/place/${ITEM}`))?.body).toEqual({
      location_id: BIN,
      amount: 6,
      raw_scan: 'A-01-02',
    });
    expect(screen.getByRole('status').textContent).toContain('6 pcs on A-01-02');

    // Extra work in euro with a comma.
    fireEvent.input(screen.getByLabelText('What'), { target: { value: 'Ompakken' } });
    fireEvent.input(screen.getByLabelText('Cost per time (€)'), { target: { value: '2,50' } });
    fireEvent.input(screen.getByLabelText('Times'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add extra work' }));
    expect((await screen.findByTestId('item-extra-total')).textContent).toBe('€\u00a07,50');

    // Notes are saved when the field is left, once.
    const notes = screen.getByLabelText('Notes');
    fireEvent.input(notes, { target: { value: 'Doos nat' } });
    fireEvent.blur(notes);
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith(`/edit/checkin${ITEM}`)).map((c) => c.body)).toEqual([
        { notes: 'Doos nat' },
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Confirm (12 pieces short)' }));
    expect(await screen.findByText('inbounds list')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith(`/submitInboundItem/${ITEM}`))).toBe(true);
  });

  it('says in Dutch that a reserved location turned quarantine takes no inbound stock, and counts nothing (issue 12)', async () => {
    const calls: Call[] = [];
    vi.stubGlobal('fetch', fakeApi(calls, item(), true));
    renderItem(staff, 'nl');
    expect((await screen.findByTestId('item-delivered')).textContent).toBe('6');
    fireEvent.click(screen.getByRole('button', { name: '6 st. plaatsen' }));
    expect(
      await screen.findByText(
        'Niet geplaatst: de locatie is een quarantainelocatie, daar wordt nooit van gepickt. Zoek een andere locatie.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('item-delivered').textContent).toBe('6');
  });

  it('says in Dutch that the location is reserved for another product of an inbound, naming both, and counts nothing', async () => {
    const calls: Call[] = [];
    vi.stubGlobal('fetch', fakeApi(calls, item(), 'location_reserved'));
    renderItem(staff, 'nl');
    expect((await screen.findByTestId('item-delivered')).textContent).toBe('6');
    fireEvent.click(screen.getByRole('button', { name: '6 st. plaatsen' }));
    expect(
      await screen.findByText(
        'Niet geplaatst: A-01-02 is ook gereserveerd voor Stroopwafel los (SW-1) van inbound IN-0000000A. Kies een andere locatie.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('item-delivered').textContent).toBe('6');
  });

  it('shows and takes the expiry date as DD-MM-YYYY in Dutch, as every other date of the portal, and saves it once', async () => {
    const calls: Call[] = [];
    vi.stubGlobal('fetch', fakeApi(calls, item({ expiration_date: '2027-03-31' })));
    renderItem(staff, 'nl');
    const expiry = (await screen.findByLabelText('Houdbaarheidsdatum')) as HTMLInputElement;
    // A native date input showed the browser's own format (mm/dd/yyyy in an English browser) on a Dutch screen.
    expect(expiry.value).toBe('31-03-2027');
    fireEvent.change(expiry, { target: { value: '30-04-2027' } });
    fireEvent.blur(expiry);
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith(`/edit/checkin${ITEM}`)).map((c) => c.body)).toEqual([
        { expiration_date: '2027-04-30' },
      ]),
    );
  });

  it('chooses the first location found after the page opened, so Place works without a reload', async () => {
    const calls: Call[] = [];
    vi.stubGlobal('fetch', fakeApi(calls, item({ reserved_locations: [] })));
    renderItem();
    expect(await screen.findByText('Find a location first (reserved locations).')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Place 6 pcs' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Find locations' }));
    const select = (await screen.findByLabelText('Location')) as HTMLSelectElement;
    expect(select.value).toBe(BIN);
    const place = screen.getByRole('button', { name: 'Place 6 pcs' }) as HTMLButtonElement;
    expect(place.disabled).toBe(false);
    fireEvent.click(place);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith(`/place/${ITEM}`))?.body).toEqual({
        location_id: BIN,
        amount: 6,
        raw_scan: 'A-01-02',
      }),
    );
  });

  it('is read-only for a merchant and once the item is checked in', async () => {
    vi.stubGlobal('fetch', fakeApi([], item({ status: 'checked_in' })));
    renderItem(merchant);
    expect(await screen.findByText('This item is checked in: it can no longer be changed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Place/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Confirm/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Find locations' })).toBeNull();
  });

  it('answers the spec’s message when the item is not found', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { statusCode: 404, code: 'not_found', message: 'Inbound met ID: x bestaat niet' },
          { status: 404 },
        ),
      ),
    );
    renderItem();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Geen inbound item gevonden')).toBeTruthy();
  });

  it('opens an item by its id, an inbound by its QR code, and refuses anything else', async () => {
    vi.stubGlobal('fetch', fakeApi([], item()));
    expect(await lookupTarget(` ${ITEM.toUpperCase()} `)).toBe(`/inbound/item/${ITEM}`);
    expect(await lookupTarget(INBOUND)).toBe(`/checkin_inventory/${INBOUND}`);
    expect(await lookupTarget(hex(999))).toBe('not_found');
    expect(await lookupTarget('IN-0009')).toBe('invalid');
  });
});
