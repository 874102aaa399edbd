import type { CalendarItem } from '@hoppa/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes, renderUi } from '../../test/render.tsx';
import type { CalendarInbound } from './calendar.rules.ts';
import { EventDetails } from './event-details.tsx';
import { OwnCalendarPage } from './own-calendar-page.tsx';
import { PublicCalendarPage } from './public-calendar-page.tsx';

const TOKEN = 'Q'.repeat(43);

function inbound(
  over: Partial<CalendarInbound> & { items?: CalendarItem[] } = {},
): CalendarInbound & { items: CalendarItem[] } {
  return {
    id: 'a'.repeat(24),
    inbound_number: 'IN-0000000A',
    title: 'Bakkerij Bol IN-0000000A',
    type: 'package',
    status: 'pending',
    progress: 'partly_checked_in',
    track_trace: '3SBOL000001',
    expected_delivery: new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' }),
    checked_in_at: null,
    items: [
      {
        ean: '8711000000001',
        name: 'Aardbeienjam',
        units: 3,
        packed_per: 12,
        pieces_expected: 36,
        pieces_checked_in: 12,
      },
    ],
    ...over,
  };
}

/** Answers the calendar's calls like the API; records the ranges asked for. */
function fakeApi(calls: URL[], answer: (url: URL) => Response | undefined = () => undefined) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    calls.push(url);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const own = answer(url);
    if (own) return own;
    // The public calendar answers summaries (issue 8); an opened event reads its items.
    const { items, ...event } = inbound();
    if (url.pathname === `/api/inbounds-report/${TOKEN}`)
      return json({ items: [{ ...event, item_count: 1, pieces_expected: 36, pieces_checked_in: 12 }] });
    if (url.pathname === `/api/inbounds-report/${TOKEN}/${event.id}`) return json({ items });
    if (url.pathname.startsWith('/api/inbounds-report/'))
      return json({ statusCode: 404, code: 'not_found', message: 'Unknown calendar link' }, 404);
    if (url.pathname === '/api/inbound/calendar_link' && req.method === 'POST')
      return json({ token: 'N'.repeat(43) });
    return json({ statusCode: 404, code: 'not_found', message: url.pathname }, 404);
  });
}

beforeEach(() => stubPageRequest());
afterEach(() => vi.unstubAllGlobals());

describe('an event’s content (spec 2 §2 Inbound calendar)', () => {
  it('shows status, title, id, track and trace and the item table; Dozen for a package', () => {
    renderUi(<EventDetails inbound={inbound()} />, { lang: 'nl' });
    expect(screen.getByTestId('calendar-event-status').textContent).toBe('Deels ingecheckt');
    expect(screen.getAllByText('Deels ingecheckt')).toHaveLength(1);
    expect(screen.getByText('IN-0000000A')).toBeTruthy();
    expect(screen.getByText('3SBOL000001')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Producten van IN-0000000A' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['EAN', 'Product', 'Dozen', 'Verwacht (st.)', 'Ingecheckt (st.)']);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['8711000000001', 'Aardbeienjam', '3 × 12 st.', '36', '12']);
  });

  it("shows the API's progress as the one state badge, whatever the pieces it lists", () => {
    const { unmount } = renderUi(<EventDetails inbound={inbound({ progress: 'checked_in' })} />, {
      lang: 'en',
    });
    expect(screen.getAllByTestId('calendar-event-status').map((b) => b.textContent)).toEqual(['Checked in']);
    expect(screen.queryByText('Partly checked in')).toBeNull();
    unmount();
    renderUi(<EventDetails inbound={inbound({ progress: 'expected' })} />, { lang: 'en' });
    expect(screen.getAllByTestId('calendar-event-status').map((b) => b.textContent)).toEqual(['Expected']);
    expect(screen.queryByText('Partly checked in')).toBeNull();
  });

  it('heads the unit column Pallets for a pallet', () => {
    renderUi(<EventDetails inbound={inbound({ type: 'pallet' })} />, { lang: 'nl' });
    expect(screen.getByRole('columnheader', { name: 'Pallets' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Dozen' })).toBeNull();
  });

  it('says Nothing here for an empty cell and for an inbound without items', () => {
    const { unmount } = renderUi(
      <EventDetails
        inbound={inbound({
          items: [
            { ean: '', name: 'Los', units: 1, packed_per: 1, pieces_expected: 1, pieces_checked_in: 0 },
          ],
        })}
      />,
    );
    expect(screen.getAllByRole('cell')[0]?.textContent).toBe('Nothing here');
    unmount();
    renderUi(<EventDetails inbound={inbound({ items: [] })} />);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Nothing here')).toBeTruthy();
  });
});

describe('the public calendar (/inbounds-report/:token, no session)', { timeout: 30_000 }, () => {
  it('asks for this week and shows its inbounds; a click opens the item table; the month view asks for the month', async () => {
    const calls: URL[] = [];
    vi.stubGlobal('fetch', fakeApi(calls));
    renderRoutes([{ path: '/inbounds-report/:token', element: <PublicCalendarPage /> }], {
      path: `/inbounds-report/${TOKEN}`,
    });
    fireEvent.click(await screen.findByText('IN-0000000A'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('columnheader', { name: 'Boxes' })).toBeTruthy();
    expect(within(dialog).getByText('Aardbeienjam')).toBeTruthy();
    expect(
      calls.filter((u) => u.pathname === `/api/inbounds-report/${TOKEN}/${'a'.repeat(24)}`),
    ).toHaveLength(1);
    const week = calls.find((u) => u.pathname.startsWith('/api/inbounds-report/'));
    const from = new Date(`${week?.searchParams.get('from')}T12:00:00Z`);
    const to = new Date(`${week?.searchParams.get('to')}T12:00:00Z`);
    expect(from.getUTCDay()).toBe(1); // Monday
    expect((to.getTime() - from.getTime()) / 86_400_000).toBe(6);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByText('Month'));
    await waitFor(() => {
      const last = calls.filter((u) => u.pathname.startsWith('/api/inbounds-report/')).at(-1);
      // The month grid can start on the week's Monday (e.g. on 1 December 2026), but it always ends weeks later.
      expect(last?.searchParams.get('to')).not.toBe(week?.searchParams.get('to'));
    });
    fireEvent.click(screen.getByText('Years'));
    await waitFor(() => {
      const last = calls.filter((u) => u.pathname.startsWith('/api/inbounds-report/')).at(-1);
      expect(last?.searchParams.get('from')).toMatch(/^20[0-9]0-01-01$/);
    });
    expect(await screen.findByText('1 expected')).toBeTruthy();
  });

  it("speaks Dutch in the calendar's own texts, also the hour column's row header (ADR 0142)", async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderRoutes([{ path: '/inbounds-report/:token', element: <PublicCalendarPage /> }], {
      path: `/inbounds-report/${TOKEN}`,
      lang: 'nl',
    });
    await screen.findByText('IN-0000000A');
    const headers = screen.getAllByRole('rowheader').map((h) => h.textContent);
    expect(headers).toContain('Tijd');
    expect(headers).not.toContain('Timed');
  });

  it('says so when the link is unknown or replaced', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderRoutes([{ path: '/inbounds-report/:token', element: <PublicCalendarPage /> }], {
      path: `/inbounds-report/${'x'.repeat(43)}`,
    });
    expect(await screen.findByText('This calendar link does not work')).toBeTruthy();
  });
});

describe('the merchant’s own calendar and its share link', { timeout: 30_000 }, () => {
  it('shows its inbounds from their summaries and reads an inbound’s items when its event is opened', async () => {
    const calls: URL[] = [];
    const { items: _items, ...summary } = inbound();
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      fakeApi(calls, (url) => {
        if (url.pathname === '/api/inbounds')
          // The own list answers summaries without items (issue 8; core InboundSummarySchema).
          return json({
            items: [
              {
                ...summary,
                org_id: 'b'.repeat(24),
                org_name: 'Bakkerij Bol',
                direct: false,
                created_at: '2026-11-20T08:00:00.000Z',
                created_by: null,
                pieces_expected: 36,
                pieces_checked_in: 12,
                surcharge_total_eur: 0,
                item_count: 1,
                product_count: 1,
                items_checked_in: 0,
                units_expected: 3,
                product_names: ['Aardbeienjam'],
              },
            ],
            total: 1,
            skip: 0,
            limit: 1000,
          });
        if (url.pathname === `/api/inbound_item/inbound/${summary.id}`)
          return json({
            items: [
              {
                id: 'c'.repeat(24),
                inbound_id: summary.id,
                inbound_number: summary.inbound_number,
                inbound_status: 'pending',
                org_id: 'b'.repeat(24),
                org_name: 'Bakkerij Bol',
                product: { id: 'd'.repeat(24), ean: '8711000000001', bsku: null, name: 'Aardbeienjam' },
                units: 3,
                packed_per: 12,
                pieces_expected: 36,
                pieces_checked_in: 12,
                boxes_checked_in: 1,
                batch_nr: null,
                expiration_date: null,
                notes: null,
                package_closed: false,
                status: 'pending',
                surcharges: [],
                surcharge_total_eur: 0,
                reserved_locations: [],
                images: [],
                transfers: [],
              },
            ],
          });
        return undefined;
      }),
    );
    const owner = role('merchant_owner', [{ methods: ['*'], path: '/inbound*' }]);
    renderUi(<OwnCalendarPage />, {
      path: '/inbound/calendar',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    fireEvent.click(await screen.findByText('IN-0000000A'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Aardbeienjam')).toBeTruthy();
    expect(within(dialog).getByText('8711000000001')).toBeTruthy();
    expect(calls.filter((u) => u.pathname === `/api/inbound_item/inbound/${summary.id}`)).toHaveLength(1);
  });

  it('makes the secret link and shows it once, with a copy button', async () => {
    const calls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(calls, (url) =>
        url.pathname === '/api/inbounds'
          ? new Response(JSON.stringify({ items: [], total: 0, skip: 0, limit: 1000 }), {
              headers: { 'content-type': 'application/json' },
            })
          : undefined,
      ),
    );
    const owner = role('merchant_owner', [{ methods: ['*'], path: '/inbound*' }]);
    renderUi(<OwnCalendarPage />, {
      path: '/inbound/calendar',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    expect(
      screen.getByText(/never shows contact persons, e-mail addresses, phone numbers or addresses/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const field = await screen.findByLabelText('Secret calendar link');
    expect((field as HTMLInputElement).value).toBe(
      `${window.location.origin}/inbounds-report/${'N'.repeat(43)}`,
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(calls.some((u) => u.pathname === '/api/inbound/calendar_link')).toBe(true);
    // The own calendar asks the server for its range (this week), not for every inbound (ADR 0131).
    const asked = calls.find((u) => u.pathname === '/api/inbounds');
    const from = new Date(`${asked?.searchParams.get('from')}T12:00:00Z`);
    const to = new Date(`${asked?.searchParams.get('to')}T12:00:00Z`);
    expect(from.getUTCDay()).toBe(1); // Monday
    expect((to.getTime() - from.getTime()) / 86_400_000).toBe(6);
  });
});
