import type { Inbound, Org, ProductLocations } from '@hoppa/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, orgDetail, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { DirectCheckinPage } from './direct-checkin-page.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const ORG: Org = {
  id: hex(1),
  name: 'Bakkerij Bol',
  kind: 'merchant',
  active: true,
  contact_person: 'Anna Bol',
  contact_person_email: 'anna@bakkerijbol.nl',
  phone: '020 555 0100',
  address: { line1: 'Keizersgracht 1, 1015 AA Amsterdam', postalCode: '1015 AA', city: 'Amsterdam' },
  current: true,
};
const JAM = {
  id: hex(2),
  org_id: ORG.id,
  ean: '8711000000001',
  bsku: 'JAM-1',
  name: 'Aardbeienjam',
  img_url: null,
};
const BIN = { id: hex(3), name: 'A-01-01', parent_name: 'A-01', type: 'half-box' as const, active: true };
const LOCATIONS: ProductLocations = {
  product: {
    id: JAM.id,
    org_id: ORG.id,
    ean: JAM.ean,
    name: JAM.name,
    needs_recount: false,
    stock: 4,
    return_instruction: null,
  },
  locations: [
    {
      id: hex(4),
      location: BIN,
      stock: 4,
      active: true,
      to_transfer: false,
      transfer_quantity: null,
      position: 0,
    },
  ],
};

function inboundAnswer(body: {
  information: Record<string, string>;
  items: { product_id: string; amount: number }[];
}): Inbound {
  const id = hex(9);
  return {
    ...(body.information as unknown as Inbound),
    id,
    inbound_number: 'IN-00000009',
    org_id: ORG.id,
    org_name: ORG.name,
    type: 'package',
    status: 'checked_in',
    direct: true,
    created_at: '2026-11-25T09:00:00.000Z',
    checked_in_at: '2026-11-25T09:00:00.000Z',
    created_by: { first_name: 'Piet', family_name: 'Picker' },
    pieces_expected: body.items[0]?.amount ?? 0,
    pieces_checked_in: body.items[0]?.amount ?? 0,
    surcharge_total_eur: 0,
    items: body.items.map((it, n) => ({
      id: hex(20 + n),
      inbound_id: id,
      inbound_number: 'IN-00000009',
      inbound_status: 'checked_in',
      org_id: ORG.id,
      org_name: ORG.name,
      product: { id: JAM.id, ean: JAM.ean, bsku: JAM.bsku, name: JAM.name },
      units: it.amount,
      packed_per: 1,
      pieces_expected: it.amount,
      pieces_checked_in: it.amount,
      boxes_checked_in: it.amount,
      batch_nr: null,
      expiration_date: null,
      notes: null,
      package_closed: false,
      status: 'checked_in',
      surcharges: [],
      surcharge_total_eur: 0,
      reserved_locations: [],
      images: [],
      transfers: [],
    })),
  };
}

/** Answers the screen's calls like the API; records the lookups and the check-in bodies. */
function fakeApi(
  seen: { lookups: string[]; bodies: unknown[] },
  over: { locations?: ProductLocations; refuse?: boolean | 'location_reserved' } = {},
) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/current_org') return json(orgDetail(ORG));
    const ean = /^\/api\/products_org\/ean\/(.+)$/.exec(url.pathname);
    if (ean) {
      const text = decodeURIComponent(ean[1] ?? '');
      seen.lookups.push(text);
      return json({ products: JAM.ean.startsWith(text) ? [JAM] : [] });
    }
    if (url.pathname === `/api/product/locations/${JAM.id}`) return json(over.locations ?? LOCATIONS);
    if (url.pathname === '/api/locations/null')
      return json({ items: [], total: 0, skip: 0, limit: 20, parent: null });
    if (url.pathname === '/api/inventory/direct_checkin' && req.method === 'POST') {
      const body = await req.json();
      seen.bodies.push(body);
      if (over.refuse === 'location_reserved')
        return json(
          {
            statusCode: 409,
            code: 'location_reserved',
            message:
              'Location A-01-01 is reserved for Stroopwafel los (SKU SW-1) of inbound IN-0000000A: choose another location, or drop that reservation first',
            issues: [
              {
                path: 'location',
                message: '…',
                code: 'location_reserved',
                values: {
                  location: 'A-01-01',
                  inbound: 'IN-0000000A',
                  product: 'Stroopwafel los',
                  sku: 'SW-1',
                },
              },
            ],
          },
          409,
        );
      if (over.refuse)
        return json(
          {
            statusCode: 409,
            code: 'location_quarantine',
            message: 'Location A-01-01 is a quarantine location: nothing on it is ever picked.',
          },
          409,
        );
      return json(inboundAnswer(body), 201);
    }
    return json({ statusCode: 404, code: 'not_found', message: url.pathname }, 404);
  });
}

/** A keyboard-wedge scanner: each key then Enter, on the page (no field focused), `gapMs` apart. */
async function wedge(code: string, gapMs = 5) {
  let t = performance.now();
  for (const key of [...code, 'Enter']) {
    t += gapMs;
    const ev = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    Object.defineProperty(ev, 'timeStamp', { value: t });
    await act(async () => {
      document.body.dispatchEvent(ev);
    });
  }
}

const staff = role('warehouse_staff', [
  { methods: ['GET', 'POST', 'PUT'], path: '/inventory/*' },
  { methods: ['GET'], path: '/products_org/*' },
]);

beforeEach(() => stubPageRequest());
afterEach(() => vi.unstubAllGlobals());

describe('direct check-in (spec 2 §2 Direct check-in (beta))', { timeout: 30_000 }, () => {
  it('takes a scan of more than 10 characters, ignores a shorter one, and says when an EAN is unknown', async () => {
    const seen = { lookups: [] as string[], bodies: [] as unknown[] };
    vi.stubGlobal('fetch', fakeApi(seen));
    renderUi(<DirectCheckinPage />, {
      path: '/checkin',
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    await screen.findByText('Stock of Bakkerij Bol');
    await wedge('1234567890');
    expect(seen.lookups).toEqual([]);
    // Typed by hand (slower than a scanner): not a scan either.
    await wedge('8711000000001', 260);
    expect(seen.lookups).toEqual([]);
    await wedge('8711000000001');
    const row = await screen.findByTestId('checkin-row');
    expect(within(row).getByText('Aardbeienjam')).toBeTruthy();
    // Its own location is chosen for it.
    await waitFor(() => expect(within(row).getByDisplayValue('A-01-01')).toBeTruthy());
    await wedge('8711000000001');
    await waitFor(() => expect(within(row).getByDisplayValue('2')).toBeTruthy());
    await wedge('5000000000009');
    expect(
      await screen.findByText('Unknown EAN 5000000000009: no product of Bakkerij Bol has it.'),
    ).toBeTruthy();
    expect(screen.getAllByTestId('checkin-row')).toHaveLength(1);
  });

  it('checks the scanned products in with the organisation’s contact details and links to the inbound', async () => {
    const seen = { lookups: [] as string[], bodies: [] as unknown[] };
    vi.stubGlobal('fetch', fakeApi(seen));
    renderUi(<DirectCheckinPage />, {
      path: '/checkin',
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    await screen.findByText('Stock of Bakkerij Bol');
    await wedge('8711000000001');
    const row = await screen.findByTestId('checkin-row');
    await waitFor(() => expect(within(row).getByDisplayValue('A-01-01')).toBeTruthy());
    fireEvent.input(within(row).getByLabelText('Pieces Aardbeienjam'), { target: { value: '12' } });
    // The contact person is required (spec 2 §2); phone and track & trace may stay empty. A first try with the
    // contact person cleared names the field and sends nothing.
    fireEvent.input(screen.getByLabelText(/Contact person \*/i), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in 12 pcs' }));
    expect(await screen.findByText('Contact person is required.')).toBeTruthy();
    expect(seen.bodies).toEqual([]);
    fireEvent.input(screen.getByLabelText(/Contact person \*/i), { target: { value: 'Anna Bol' } });
    // The phone field refuses what breaks the phone rule (spec 3 §5) and sends the international form.
    const phone = screen.getByRole('textbox', { name: /Phone/ });
    fireEvent.input(phone, { target: { value: 'bel me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in 12 pcs' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(seen.bodies).toEqual([]);
    fireEvent.input(phone, { target: { value: '06 12 34 56 78' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in 12 pcs' }));
    const done = await screen.findByTestId('checkin-done');
    expect(within(done).getByText('Inbound IN-00000009 checked in')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Open the inbound' }).getAttribute('href')).toBe(
      `/checkin_inventory/${hex(9)}`,
    );
    expect(seen.bodies).toEqual([
      {
        type: 'package',
        information: expect.objectContaining({
          contact_person: 'Anna Bol',
          contact_person_email: 'anna@bakkerijbol.nl',
          phone: '+31 6 12 34 56 78',
          shipping_address: 'Keizersgracht 1, 1015 AA Amsterdam',
          track_trace: '',
          expected_delivery: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        }),
        items: [{ product_id: JAM.id, location_id: BIN.id, amount: 12 }],
      },
    ]);
  });

  it('never proposes the quarantine location a product lies on, and words a quarantine refusal in Dutch (issue 12)', async () => {
    const seen = { lookups: [] as string[], bodies: [] as unknown[] };
    const quarantine = {
      id: hex(5),
      location: {
        id: hex(6),
        name: 'Q-RETOUR',
        parent_name: null,
        type: null,
        active: true,
        quarantine: true,
      },
      stock: 2,
      active: true,
      to_transfer: false,
      transfer_quantity: null,
      position: 0,
    };
    const [bin] = LOCATIONS.locations;
    if (!bin) throw new Error('fixture');
    // The returned pieces lie first on the quarantine location; the sellable ones on A-01-01.
    const locations = { ...LOCATIONS, locations: [quarantine, { ...bin, position: 1 }] };
    vi.stubGlobal('fetch', fakeApi(seen, { locations, refuse: true }));
    renderUi(<DirectCheckinPage />, {
      path: '/checkin',
      lang: 'nl',
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    await screen.findByText('Voorraad van Bakkerij Bol');
    await wedge('8711000000001');
    const row = await screen.findByTestId('checkin-row');
    await waitFor(() => expect(within(row).getByDisplayValue('A-01-01')).toBeTruthy());
    expect(within(row).queryByDisplayValue('Q-RETOUR')).toBeNull();
    // The server refuses all the same when a chosen location became one meanwhile: said in Dutch, nothing lost.
    fireEvent.click(screen.getByRole('button', { name: '1 st. inchecken' }));
    expect(
      await screen.findByText(
        'Niet ingecheckt: een gekozen locatie is een quarantainelocatie, daar wordt nooit van gepickt. Kies een andere locatie.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByTestId('checkin-row')).toHaveLength(1);
  });

  it('says in Dutch which location is reserved for which product of which inbound, and keeps the rows', async () => {
    const seen = { lookups: [] as string[], bodies: [] as unknown[] };
    vi.stubGlobal('fetch', fakeApi(seen, { refuse: 'location_reserved' }));
    renderUi(<DirectCheckinPage />, {
      path: '/checkin',
      lang: 'nl',
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    await screen.findByText('Voorraad van Bakkerij Bol');
    await wedge('8711000000001');
    const row = await screen.findByTestId('checkin-row');
    await waitFor(() => expect(within(row).getByDisplayValue('A-01-01')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '1 st. inchecken' }));
    expect(
      await screen.findByText(
        'Niet ingecheckt: A-01-01 is gereserveerd voor Stroopwafel los (SW-1) van inbound IN-0000000A. Kies een andere locatie.',
      ),
    ).toBeTruthy();
    expect(seen.bodies).toHaveLength(1);
    expect(screen.getAllByTestId('checkin-row')).toHaveLength(1);
  });
});
