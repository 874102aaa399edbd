import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  type Call,
  fakeApi,
  hex,
  INBOUND_OWNER_GRANTS,
  inbound,
  item,
  summaryOf,
} from './inbound.test-data.ts';
import { InboundDetailPage } from './inbound-detail-page.tsx';
import { InboundsPage } from './inbounds-page.tsx';

const owner = role('merchant_owner', INBOUND_OWNER_GRANTS);
const reader = role('merchant_user', [
  { methods: ['GET'], path: '/inbound*' },
  { methods: ['GET'], path: '/pending-items-report' },
]);

const PENDING = inbound(1, {
  inbound_number: 'IN-0000AAA1',
  expected_delivery: '2026-06-03',
  items: [
    item(1, hex(101), { pieces_checked_in: 6, name: 'Roggebrood' }),
    item(2, hex(101), { name: 'Jam, aardbei 450 g' }),
    item(3, hex(101), { name: 'Volkoren beschuit' }),
    item(4, hex(101), { name: 'Speculaas' }),
    item(5, hex(101), { name: 'Ontbijtkoek' }),
  ],
});
const DONE = inbound(2, {
  inbound_number: 'IN-0000BBB2',
  type: 'pallet',
  status: 'checked_in',
  checked_in_at: '2026-05-20T10:30:00.000Z',
  items: [item(3, hex(102), { pieces_checked_in: 12, status: 'checked_in' })],
});

function renderList(r = owner, calls: Call[] = [], path = '/checkin_inventory', lang: 'en' | 'nl' = 'en') {
  vi.stubGlobal(
    'fetch',
    fakeApi(
      {
        // The lists answer summaries, not items (issue 8): the rows are drawn from them.
        'GET /api/inbounds/status/pending': { items: [summaryOf(PENDING)], total: 31, skip: 0, limit: 25 },
        'GET /api/inbounds/status/checked_in': { items: [summaryOf(DONE)], total: 1, skip: 0, limit: 25 },
        'GET /api/pending-items-report': {
          items: [
            {
              inbound_id: PENDING.id,
              inbound_number: PENDING.inbound_number,
              item_id: hex(501),
              org_name: 'Bakkerij Bol',
              ean: '8710000000011',
              name: 'Product 1',
              expected_delivery: '2026-06-03',
              pieces_expected: 12,
              pieces_checked_in: 6,
              pieces_open: 6,
            },
          ],
          total: 1,
          skip: 0,
          limit: 25,
        },
      },
      calls,
    ),
  );
  return renderRoutes(
    [
      { path: '/checkin_inventory', element: <InboundsPage /> },
      { path: '/checkin_inventory/:id', element: <p>detail page</p> },
    ],
    { path, lang, session: { user: user(r), orgAuth: orgAuth(r) } },
  );
}

const EMPTY = { items: [], total: 0, skip: 0, limit: 25 };

describe('inbound list (spec 2 §2 /checkin_inventory)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the expected inbounds first, then the checked-in ones, each with status, date and counts', async () => {
    const calls: Call[] = [];
    renderList(owner, calls);
    const pending = await screen.findByRole('table', { name: 'Expected' });
    const done = await screen.findByRole('table', { name: 'Checked in' });
    // Pending comes first in the page.
    expect(pending.compareDocumentPosition(done) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const row = within(pending).getByRole('link', { name: 'IN-0000AAA1' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('03-06-2026')).toBeTruthy();
    expect(within(row).getByText('6 / 60')).toBeTruthy();
    // Products from the summary: how many, and the first names with the rest counted.
    expect(within(row).getByText('5 products')).toBeTruthy();
    expect(within(row).getByText('Roggebrood · Jam, aardbei 450 g · Volkoren beschuit +2')).toBeTruthy();
    expect(within(row).getByText('Package')).toBeTruthy();
    const doneRow = within(done).getByRole('link', { name: 'IN-0000BBB2' }).closest('tr') as HTMLElement;
    expect(within(doneRow).getByText('20-05-2026 12:30')).toBeTruthy();
    // Every checked-in inbound has the one state its table is named after: no state column there (fits 1280 px).
    const headers = (table: HTMLElement) =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    expect(headers(pending)).toContain('Status');
    expect(headers(done)).not.toContain('Status');
    expect(within(doneRow).queryByText('Checked in')).toBeNull();
    expect(within(doneRow).getByText('Pallet')).toBeTruthy();
    expect(within(doneRow).getByText('1 product')).toBeTruthy();
    expect(within(doneRow).getByText('Product 3')).toBeTruthy();
    // Server-paged: 31 expected inbounds make two pages; the next page asks for skip 25.
    expect(screen.getByText('31 inbounds')).toBeTruthy();
    fireEvent.click(within(pending.closest('section') as HTMLElement).getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/inbounds/status/pending' && c.search.includes('skip=25')),
      ).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Announce stock' })).toBeTruthy();
    expect(
      screen.getByText('Your announced deliveries: expected ones first, then those checked in.'),
    ).toBeTruthy();
  });

  it("shows each inbound's state as the API's progress, the calendar's badge (ADR 0119 §4)", async () => {
    PENDING.progress = 'partly_checked_in';
    DONE.progress = 'checked_in';
    renderList(owner, [], '/checkin_inventory', 'nl');
    const pending = await screen.findByRole('table', { name: 'Verwacht' });
    const row = within(pending).getByRole('link', { name: 'IN-0000AAA1' }).closest('tr') as HTMLElement;
    // Pending with 6 pieces in: partly checked in, not 'Verwacht' from its status.
    expect(within(row).getByText('Deels ingecheckt')).toBeTruthy();
    expect(within(row).queryByText('Verwacht')).toBeNull();
    delete PENDING.progress;
    delete DONE.progress;
  });

  it('opens an inbound from its row and only then reads its items (GET /inbound/{id}); the list carries none', async () => {
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/inbounds/status/pending': { items: [summaryOf(PENDING)], total: 1, skip: 0, limit: 25 },
          'GET /api/inbounds/status/checked_in': EMPTY,
          [`GET /api/inbound/${PENDING.id}`]: PENDING,
        },
        calls,
      ),
    );
    renderRoutes(
      [
        { path: '/checkin_inventory', element: <InboundsPage /> },
        { path: '/checkin_inventory/:id', element: <InboundDetailPage /> },
      ],
      { path: '/checkin_inventory', session: { user: user(owner), orgAuth: orgAuth(owner) } },
    );
    const pending = await screen.findByRole('table', { name: 'Expected' });
    expect(calls.some((c) => c.path.startsWith('/api/inbound/'))).toBe(false);
    fireEvent.click(within(pending).getByRole('link', { name: 'Open inbound IN-0000AAA1' }));
    // The detail lists every item, the fifth one too, which no list row names.
    expect(await screen.findByText('Ontbijtkoek')).toBeTruthy();
    expect(calls.filter((c) => c.path === `/api/inbound/${PENDING.id}`)).toHaveLength(1);
  });

  it('words the list for the warehouse staff, whose own organisation announces nothing', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ 'GET /api/inbounds/status/pending': EMPTY, 'GET /api/inbounds/status/checked_in': EMPTY }),
    );
    const staff = role('warehouse_staff', INBOUND_OWNER_GRANTS);
    const provider = { id: hex(77), name: 'Hoppa Fulfilment', kind: 'provider' };
    renderRoutes([{ path: '/checkin_inventory', element: <InboundsPage /> }], {
      path: '/checkin_inventory',
      session: { user: user(staff), orgAuth: orgAuth(staff, { org: provider } as never) },
    });
    expect(
      await screen.findByText('Deliveries the shops announced: expected ones first, then those checked in.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Your announced deliveries/)).toBeNull();
  });

  it('opens an inbound by its scanned QR code (its id), and says so when a code is unknown', async () => {
    const { router } = renderList();
    const scan = await screen.findByLabelText('Scan QR code');
    await screen.findByRole('table', { name: 'Expected' });
    fireEvent.input(scan, { target: { value: 'IN-0000ZZZZ' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    expect(await screen.findByText('No inbound found for “IN-0000ZZZZ”.')).toBeTruthy();
    fireEvent.input(scan, { target: { value: hex(555) } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/checkin_inventory/${hex(555)}`));
  });

  it('lists the products still to arrive on its tab, and hides announcing from a reader', async () => {
    renderList(reader, [], '/checkin_inventory?tab=items');
    const table = await screen.findByRole('table', { name: 'Products still to arrive' });
    const row = within(table).getByText('Product 1').closest('tr') as HTMLElement;
    expect(within(row).getAllByText('6')).toHaveLength(2);
    expect(within(row).getByText('12')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download inventory tickets (PDF)' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Announce stock' })).toBeNull();
  });
});
