import type { ShipmentDetail } from '@hoppa/core';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { merchantOwner, merchantUser, orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ShipmentDetailPage } from './shipment-detail-page.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const at = (h: number) => new Date(Date.UTC(2026, 10, 24, 9 + h)).toISOString();

/** A DHL parcel that was announced, accepted, sorted, out for delivery and delivered (ADR 0046). */
const DHL_PARCEL: ShipmentDetail = {
  id: hex(1),
  order__id: hex(2),
  order_id: 'WEB-2044',
  org_id: hex(3),
  org_name: 'Bakkerij Bol',
  platform: 'import',
  order_type: 'manual_order',
  recipient: 'Anna de Vries',
  zip_code: '3542AD',
  city: 'Utrecht',
  country_code: 'NL',
  carrier: 'dhl',
  method_code: 'DHL-NL',
  method_name: 'DHL Parcel pakket NL',
  tracking_number: 'JVGL06180000000001',
  tracking_url: 'https://www.dhlparcel.nl/nl/volg-uw-zending?tc=JVGL06180000000001&pc=3542AD',
  label_quantity: 1,
  placed_at: at(-2),
  shipped_at: at(0),
  latest_status: {
    code: 'I11',
    status: 'delivered',
    description: 'Zending is bezorgd (DELIVERED)',
    at: at(26),
  },
  batch_id: null,
  delivery_group: 'd_48h',
  delivered_at: at(26),
  delivery_at: null,
  handed_over_at: at(2),
  shipped_by: null,
  notes_color: null,
  address: { firstName: 'Anna', surname: 'de Vries', zipCode: '3542 AD', city: 'Utrecht', countryCode: 'NL' },
  notes_text: null,
  is_fulfilled_by_sf: true,
  lines: [],
  events: [
    { code: 'A01', status: 'label_created', description: 'Label aangemaakt bij DHL', at: at(0) },
    {
      code: 'B01',
      status: 'handed_over',
      description: 'Zending is ontvangen door DHL (SHIPMENT_ACCEPTANCE)',
      at: at(2),
    },
    { code: 'J01', status: 'sorted', description: 'Zending is gesorteerd (SORTED)', at: at(8) },
    { code: 'J01', status: 'sorted', description: 'Zending is gesorteerd (SORTED)', at: at(12) },
    {
      code: 'J05',
      status: 'out_for_delivery',
      description: 'Bezorger is onderweg (OUT_FOR_DELIVERY)',
      at: at(24),
    },
    { code: 'I11', status: 'delivered', description: 'Zending is bezorgd (DELIVERED)', at: at(26) },
    { code: 'DX01', status: 'delayed', description: 'Vertraging (DAMAGED)', at: at(27) },
  ],
  marketplace_confirmation: null,
};

function serve(detail: ShipmentDetail) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const body = url.pathname === `/api/shipments/${detail.id}` ? detail : { status: 'found', returns: [] };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
}

const page = (lang: 'en' | 'nl' = 'en', who = merchantOwner) =>
  renderRoutes([{ path: '/shipments/:id', element: <ShipmentDetailPage /> }], {
    path: `/shipments/${DHL_PARCEL.id}`,
    lang,
    session: { user: user(who), orgAuth: orgAuth(who) },
  });

describe('order detail actions follow the role in force (spec 1 §6)', () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('offers Create return only to a role that may create returns, not to a read-only user', async () => {
    serve(DHL_PARCEL);
    page('en', merchantUser);
    await screen.findByRole('list', { name: 'status' });
    expect(screen.queryByRole('link', { name: 'Create return' })).toBeNull();
  });

  it("links Resend with the order's id, which GET /order/get/{id} reads (not the shipment's)", async () => {
    serve(DHL_PARCEL);
    page();
    expect((await screen.findByRole('link', { name: 'Resend' })).getAttribute('href')).toBe(
      `/new_order?resend=${DHL_PARCEL.order__id}`,
    );
  });

  it('offers it to a role with POST /returns/create', async () => {
    serve(DHL_PARCEL);
    page(
      'en',
      role('returns', [
        { methods: ['GET'], path: '/shipments*' },
        { methods: ['POST'], path: '/returns/create' },
      ]),
    );
    // With the shipment, so the wizard's way back leads here again.
    expect((await screen.findByRole('link', { name: 'Create return' })).getAttribute('href')).toBe(
      `/returns/create/${DHL_PARCEL.order__id}?shipment=${DHL_PARCEL.id}`,
    );
  });
});

describe('order detail status icons and tracking link (spec 1 §2 Order detail, §7 carrier tracking link)', () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('draws one icon per distinct event code from the stored events and links to the carrier’s page', async () => {
    serve(DHL_PARCEL);
    page();
    const icons = await screen.findByRole('list', { name: 'status' });
    const items = within(icons).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-code'))).toEqual([
      'A01',
      'B01',
      'J01',
      'J05',
      'I11',
      'DX01',
    ]);
    expect(within(icons).getByLabelText('J05: Out for delivery')).toBeTruthy();
    const follow = screen.getByRole('link', { name: 'Follow the parcel' });
    expect(follow.getAttribute('href')).toBe(DHL_PARCEL.tracking_url);
    expect(follow.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: DHL_PARCEL.tracking_number }).getAttribute('href')).toBe(
      DHL_PARCEL.tracking_url,
    );
  });

  it('says there is no public page when the carrier has none (the built-in local carrier)', async () => {
    serve({
      ...DHL_PARCEL,
      carrier: 'local',
      tracking_number: 'HP12345678905NL',
      tracking_url: null,
      events: [],
    });
    page('nl');
    expect(await screen.findByText('Geen openbare volgpagina')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Volg het pakket' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'status' })).queryAllByRole('listitem')).toEqual([]);
  });
});

describe('carrier statuses in the UI language (ADR 0118: the carriers write Dutch)', () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  const withPickup: ShipmentDetail = {
    ...DHL_PARCEL,
    events: [
      ...DHL_PARCEL.events,
      { code: 'P01', status: null, description: 'Pakket ligt bij het afhaalpunt', at: at(28) },
    ],
  };

  it('shows a Dutch UI the Dutch status in the timeline and the icons, and an unknown code in the carrier’s words', async () => {
    serve(withPickup);
    page('nl');
    const icons = await screen.findByRole('list', { name: 'status' });
    expect(within(icons).getByLabelText('J05: Bezorger is onderweg')).toBeTruthy();
    expect(screen.getByText('Pakket overgedragen aan de vervoerder')).toBeTruthy();
    expect(screen.getByText('Vertraging: er ging iets mis onderweg')).toBeTruthy();
    expect(screen.getByText('Pakket ligt bij het afhaalpunt')).toBeTruthy();
    // Where the order came from, named: not the code 'import' (ADR 0130).
    expect(screen.getByText('Bakkerij Bol · Spreadsheet-import')).toBeTruthy();
  });

  it('shows an English UI the English status, not the carrier’s Dutch', async () => {
    serve(withPickup);
    page('en');
    await screen.findByRole('list', { name: 'status' });
    expect(screen.getByText('Handed over to the carrier')).toBeTruthy();
    expect(screen.getByText('Delayed: something went wrong on the way')).toBeTruthy();
    expect(screen.getByText('Bakkerij Bol · Spreadsheet import')).toBeTruthy();
    expect(screen.queryByText('Zending is ontvangen door DHL (SHIPMENT_ACCEPTANCE)')).toBeNull();
  });
});

describe('the status card names the latest status beside its icons (QA sweep: it showed icons only)', () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the shipments list’s label of the latest status, the whole sentence on hover', async () => {
    serve(DHL_PARCEL);
    page('nl');
    await screen.findByRole('list', { name: 'status' });
    const card = screen.getByRole('region', { name: 'Status' });
    const label = within(card).getByText('Bezorgd');
    expect(label.closest('[title]')?.getAttribute('title')).toMatch(/^Bezorgd \(/);
  });

  it('reads "Delivered" in English', async () => {
    serve(DHL_PARCEL);
    page('en');
    await screen.findByRole('list', { name: 'status' });
    expect(within(screen.getByRole('region', { name: 'Status' })).getByText('Delivered')).toBeTruthy();
  });

  it('shows the carrier’s own words for a status the portal has no label for', async () => {
    serve({
      ...DHL_PARCEL,
      latest_status: { code: 'P01', status: null, description: 'Pakket ligt bij het afhaalpunt', at: at(28) },
    });
    page('en');
    await screen.findByRole('list', { name: 'status' });
    expect(
      within(screen.getByRole('region', { name: 'Status' })).getByText('Pakket ligt bij het afhaalpunt'),
    ).toBeTruthy();
  });
});

describe('an order number in the address instead of a shipment id (QA sweep: "Id is geen geldige id")', () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('opens the shipments list searching that number, without asking the API for it', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return new Response('{}', { status: 400, headers: { 'content-type': 'application/json' } });
    });
    const { router } = renderRoutes(
      [
        { path: '/shipments/:id', element: <ShipmentDetailPage /> },
        { path: '/shipments', element: <p>shipments list</p> },
      ],
      {
        path: '/shipments/WEB-2044%20',
        lang: 'nl',
        session: { user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) },
      },
    );
    expect(await screen.findByText('shipments list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/shipments');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('WEB-2044');
    expect(screen.queryByText(/geen geldige id/)).toBeNull();
    expect(asked.filter((u) => u.includes('/api/shipments/'))).toEqual([]);
  });
});

describe('a shipped order on its detail (QA sweep 2026-12-05)', () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  /** A PostNL parcel with only its label: the carrier has not received it yet. */
  const LABEL_ONLY: ShipmentDetail = {
    ...DHL_PARCEL,
    carrier: 'postnl',
    latest_status: { code: 'A01', status: 'label_created', description: 'Label aangemaakt', at: at(0) },
    delivery_group: 'not_sorted',
    delivered_at: null,
    handed_over_at: null,
    events: [{ code: 'A01', status: 'label_created', description: 'Label aangemaakt', at: at(0) }],
  };

  /** Serves the shipment and an empty attachment list. */
  function serveWithAttachments(detail: ShipmentDetail) {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const req =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(req.url, 'http://localhost');
      const body =
        url.pathname === `/api/shipments/${detail.id}`
          ? detail
          : url.pathname.startsWith('/api/order_attachments/')
            ? { items: [], total: 0, skip: 0, limit: 20 }
            : { status: 'found', returns: [] };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
  }

  it('lists its attachments but offers no upload: the API refuses one for a shipped order (409 order_shipped)', async () => {
    serveWithAttachments(LABEL_ONLY);
    // The demo owner's grants include the upload (`POST /order_attachments/*`).
    page(
      'nl',
      role('merchant_owner', [
        { methods: ['GET'], path: '/shipments*' },
        { methods: ['*'], path: '/order_attachments*' },
      ]),
    );
    expect(await screen.findByText('Geen bijlagen gevonden')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Uploaden' })).toBeNull();
    expect(screen.queryByLabelText('Instructies voor de inpakker')).toBeNull();
  });

  it('does not call a parcel the carrier has not received yet "on the way" beside "handed over: not yet"', async () => {
    serveWithAttachments(LABEL_ONLY);
    page('nl');
    await screen.findByRole('list', { name: 'status' });
    const delivered = screen.getByText('Bezorgd', { selector: 'p' }).parentElement as HTMLElement;
    expect(within(delivered).queryByText('Onderweg')).toBeNull();
    expect(within(delivered).getByText('Nog niet')).toBeTruthy();
  });

  it('still says "on the way" once the carrier has it', async () => {
    serveWithAttachments({ ...LABEL_ONLY, delivery_group: 'on_the_way', handed_over_at: at(2) });
    page('en');
    await screen.findByRole('list', { name: 'status' });
    const delivered = screen.getByText('Delivered', { selector: 'p' }).parentElement as HTMLElement;
    expect(within(delivered).getByText('On the way')).toBeTruthy();
  });
});
