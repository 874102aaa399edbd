import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { type Call, fakeApi, hex, INBOUND_OWNER_GRANTS, inbound, item } from './inbound.test-data.ts';
import { InboundDetailPage } from './inbound-detail-page.tsx';

const owner = role('merchant_owner', INBOUND_OWNER_GRANTS);
const ID = hex(103);

const PENDING = inbound(3, {
  inbound_number: 'IN-0000CCC3',
  items: [
    item(1, ID, {
      name: 'Aardbeienjam',
      units: 4,
      packed_per: 12,
      pieces_checked_in: 30,
      boxes_checked_in: 2,
      batch_nr: 'B-77',
      expiration_date: '2027-12-31',
      surcharges: [{ description: 'Stickeren', cost_cents: 25, amount: 30 }],
      surcharge_total_eur: 7.5,
      notes: 'Two jars broken\nin the outer box',
      package_closed: true,
      images: [{ id: hex(901), mime: 'image/jpeg', size: 1234, name: 'damage.jpg' }],
    }),
    item(2, ID, { name: 'Theedoek', units: 1, packed_per: 10 }),
  ],
});

/** `GET /products/org/{id}` answering one product of the inbound's shop. */
const HONING_PAGE = {
  items: [
    {
      id: hex(909),
      org: PENDING.org_id,
      org_name: 'Bakkerij Bol',
      name: 'Honing',
      ean: '8710000000097',
      bsku: null,
      parent: null,
      img_url: null,
      note: null,
      pick_note: null,
      pack_note: null,
      return_instruction: null,
      weight_kg: null,
      length: null,
      height: null,
      width: null,
      customs: { hs: null, value: null },
      fullfilled_bysf: true,
      active: true,
      needs_recount: false,
      sf_stock: 0,
      locations: [],
      platform: null,
      offer_id: null,
      track_trace_email: true,
      share_track_trace: true,
      def_shipping_id: null,
      ship_box_id: null,
      lead_time_days: null,
      total_sold_30d: 0,
      daily_demand: 0,
      days_until_out_of_stock: null,
      reorder_point: 0,
    },
  ],
  total: 1,
  skip: 0,
  limit: 10,
  total_capped: false,
};

function renderDetail(answer: unknown, calls: Call[] = [], extra: Record<string, unknown> = {}) {
  vi.stubGlobal('fetch', fakeApi({ [`GET /api/inbound/${ID}`]: answer, ...extra }, calls));
  return renderRoutes([{ path: '/checkin_inventory/:id', element: <InboundDetailPage /> }], {
    path: `/checkin_inventory/${ID}`,
    session: { user: user(owner), orgAuth: orgAuth(owner) },
  });
}

describe('inbound details (spec 2 §2 /checkin_inventory/{id}, §9)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('shows items with expected and checked-in pieces, boxes in, batch and expiry, extra work in euro and the PDFs', async () => {
    renderDetail(PENDING);
    const jam = await screen.findByRole('row', { name: 'Aardbeienjam' });
    const cells = within(jam)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 7)).toEqual(['4 × 12', '48', '30', '2', 'B-77', '31-12-2027']);
    expect(screen.getByTestId('pieces-progress').textContent).toBe('30 of 58 pieces checked in');
    // 30 × € 0,25 = € 7,50 (spec 2 §9 surcharge total = cost × amount).
    expect(screen.getByTestId('surcharge-total').textContent).toBe('€\u00a07,50');
    expect(screen.getByText(/^30 × €\s0,25$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'QR label (PDF)' }).getAttribute('href')).toBe(
      `/api/inbounds/qr/${ID}`,
    );
    expect(screen.getByRole('link', { name: 'Inventory ticket (PDF)' }).getAttribute('href')).toBe(
      `/api/inbound_item/packing_slip/${ID}`,
    );
    // While pending: edit, add product, and delete only the item nothing of which is checked in.
    expect(screen.getByRole('link', { name: 'Edit information' }).getAttribute('href')).toBe(
      `/overview_checkin/${ID}`,
    );
    expect(within(jam).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Theedoek' })).toBeTruthy();
    // The warehouse's notes and photos of the counting, for the item that has any (spec 2 §2 Inbound item detail).
    const notes = screen.getAllByTestId('inbound-item-notes');
    expect(notes.map((n) => n.textContent)).toEqual([
      'AardbeienjamPackage was closedTwo jars broken\nin the outer box',
    ]);
    const photo = within(notes[0] as HTMLElement).getByRole('img', { name: 'Photo 1 of Aardbeienjam' });
    expect(photo.getAttribute('src')).toBe(`/api/inbound_item/image/${hex(501)}/${hex(901)}`);
  });

  it("shows the inbound's and each item's state as the calendar's badge: the API's progress (ADR 0119 §4)", async () => {
    renderDetail({ ...PENDING, progress: 'partly_checked_in' });
    expect((await screen.findByTestId('inbound-progress')).textContent).toBe('Partly checked in');
    // Items carry no progress: the same rule on their status and pieces (30 of Aardbeienjam in, none of Theedoek).
    const jam = screen.getByRole('row', { name: 'Aardbeienjam' });
    expect(within(jam).getByText('Partly checked in')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Theedoek' })).getByText('Expected')).toBeTruthy();
  });

  it('mails the check-in summary and deletes an item after asking', async () => {
    const calls: Call[] = [];
    renderDetail(PENDING, calls, {
      'POST /api/inventory/email': { ok: true },
      [`DELETE /api/inbound_item/delete/${ID}/${hex(502)}`]: { ok: true },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Email check-in summary' }));
    expect(await screen.findByText('The check-in summary was sent to anna@example.nl.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/inventory/email')?.body).toEqual({ _id: ID });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Theedoek' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove Theedoek (10 pieces) from inbound IN-0000CCC3?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Theedoek was removed from the inbound.')).toBeTruthy();
  });

  it('adds a product while pending and says so', async () => {
    const calls: Call[] = [];
    renderDetail(PENDING, calls, {
      [`GET /api/products/org/${PENDING.org_id}`]: HONING_PAGE,
      [`POST /api/inbound_item/add/${ID}`]: () =>
        Response.json(item(9, ID, { name: 'Honing' }), { status: 201 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add product' }));
    fireEvent.click(await screen.findByRole('listitem', { name: 'Choose Honing' }));
    fireEvent.input(screen.getByLabelText(/^Boxes/), { target: { value: '3' } });
    fireEvent.input(screen.getByLabelText(/^Items per box/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Product added!')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      product_id: hex(909),
      units: 3,
      packed_per: 5,
      batch_nr: null,
      expiration_date: null,
    });
    expect(screen.getByRole('button', { name: 'Add another product' })).toBeTruthy();
  });

  it("lets the warehouse staff find the products of the inbound's shop, not of their own organisation", async () => {
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          [`GET /api/inbound/${ID}`]: PENDING,
          // The staff member's own organisation (the provider) has no products.
          'GET /api/products/search': { products: [] },
          'GET /api/products_org/ean/8710000000097': { products: [] },
          [`GET /api/products/org/${PENDING.org_id}`]: HONING_PAGE,
        },
        calls,
      ),
    );
    const staff = role('warehouse_staff', INBOUND_OWNER_GRANTS);
    const provider = { id: hex(77), name: 'Hoppa Fulfilment', kind: 'provider' };
    renderRoutes([{ path: '/checkin_inventory/:id', element: <InboundDetailPage /> }], {
      path: `/checkin_inventory/${ID}`,
      session: { user: user(staff), orgAuth: orgAuth(staff, { org: provider } as never) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add product' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Search product' }), { target: { value: 'Honi' } });
    expect(await screen.findByRole('listitem', { name: 'Choose Honing' })).toBeTruthy();
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === `/api/products/org/${PENDING.org_id}` && c.search.includes('Honi')),
      ).toBe(true),
    );
    // A scanned barcode is looked up in the same shop.
    fireEvent.input(screen.getByRole('textbox', { name: 'Search product' }), {
      target: { value: '8710000000097' },
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Search product' }), { key: 'Enter' });
    expect(await screen.findByText('8710000000097')).toBeTruthy();
    expect(await screen.findByLabelText(/^Boxes/)).toBeTruthy();
  });

  it('is read-only once checked in', async () => {
    renderDetail({
      ...PENDING,
      status: 'checked_in',
      checked_in_at: '2026-06-03T12:00:00.000Z',
      items: PENDING.items.map((i) => ({ ...i, status: 'checked_in' as const })),
    });
    expect(await screen.findByText('This inbound is checked in: it can no longer be changed.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit information' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add product' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('says how many pieces fewer arrived than announced once it is checked in (QA sweep 2026-12-05)', async () => {
    const short = PENDING.items.map((i) => ({ ...i, status: 'checked_in' as const }));
    renderDetail({
      ...PENDING,
      status: 'checked_in',
      progress: 'checked_in',
      checked_in_at: '2026-06-03T12:00:00.000Z',
      items: short,
    });
    // 30 of 58 announced pieces came in: the status card says 28 are missing, not just 'Checked in'.
    expect(await screen.findByTestId('pieces-progress')).toBeTruthy();
    expect(screen.getByTestId('pieces-difference').textContent).toBe('28 pieces fewer than announced');
  });

  it('lists its three steps top to bottom: side by side the third wrapped under the first in the half-wide card (ADR 0142)', async () => {
    renderDetail(PENDING);
    const steps = await screen.findByLabelText('Progress');
    expect(steps.querySelector('[data-orientation]')?.getAttribute('data-orientation')).toBe('vertical');
  });

  it('says nothing of a difference while the inbound is still being checked in', async () => {
    renderDetail({ ...PENDING, progress: 'partly_checked_in' });
    expect(await screen.findByTestId('pieces-progress')).toBeTruthy();
    expect(screen.queryByTestId('pieces-difference')).toBeNull();
  });

  it("answers the spec's message for an inbound that does not exist", async () => {
    renderDetail(Response.json({ statusCode: 404, code: 'not_found', message: 'no' }, { status: 404 }));
    expect(await screen.findByText('Geen inbound item gevonden')).toBeTruthy();
    expect(screen.getByText(`Inbound met ID: ${ID} bestaat niet`)).toBeTruthy();
  });
});
