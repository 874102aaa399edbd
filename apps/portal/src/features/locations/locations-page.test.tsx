import type { LocationList, LocationNode } from '@hoppa/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { LocationsPage } from './locations-page.tsx';
import { TransfersPage } from './transfers-page.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');

function node(
  n: number,
  name: string,
  level: LocationNode['level'],
  over: Partial<LocationNode> = {},
): LocationNode {
  return {
    id: hex(n),
    name,
    level,
    type: level === 'bin' ? 'half-box' : null,
    sequence: n,
    active: true,
    parent_id: null,
    group: null,
    children: level === 'bin' ? 0 : 2,
    products: 1,
    stock: 5,
    status: 'used',
    problems: [],
    ...over,
  };
}

const HALL = node(1, 'A', 'hall', { bins: 2, products: 1023, stock: 34_409 });
const RACK = node(2, 'A-01', 'rack', { parent_id: HALL.id, bins: 2 });
/** A hall with a rack and no bins yet: a label run of it has nothing to print (the API refuses it: no_bins). */
const EMPTY_HALL = node(5, 'B', 'hall', { children: 1, stock: 0, products: 0, status: 'free', bins: 0 });
const EMPTY_RACK = node(6, 'B-01', 'rack', {
  parent_id: EMPTY_HALL.id,
  children: 0,
  stock: 0,
  products: 0,
  status: 'free',
  bins: 0,
});
const BINS = [
  node(3, 'A-01-01', 'bin', { parent_id: RACK.id }),
  node(4, 'A-01-02', 'bin', {
    parent_id: RACK.id,
    status: 'error',
    problems: ['several_products'],
    stock: 7,
    products: 2,
  }),
];
const staff = role('warehouse_staff', [
  { methods: ['*'], path: '/locations/*' },
  { methods: ['*'], path: '/location/*' },
  { methods: ['GET'], path: '/transfers/*' },
]);

/** Answers the map's calls like the API; records the bins asked for. */
function fakeApi(bulk: unknown[], printed: string[] = []) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const page = (items: LocationNode[], parent: LocationList['parent']): LocationList => ({
      items,
      total: items.length,
      skip: 0,
      limit: 100,
      parent,
    });
    if (url.pathname === '/api/locations/null' && url.searchParams.get('search') === 'a-01-0')
      return json(page(BINS, null));
    if (url.pathname === '/api/locations/null') return json(page([HALL, EMPTY_HALL], null));
    if (url.pathname === `/api/locations/${EMPTY_HALL.id}`)
      return json(
        page([EMPTY_RACK], {
          id: EMPTY_HALL.id,
          name: 'B',
          level: 'hall',
          parent_id: null,
          path: [],
          bins: 0,
        }),
      );
    if (url.pathname.startsWith('/api/location/labels/') && req.method === 'POST') {
      printed.push(url.pathname.split('/').pop() ?? '');
      return new Response(new Blob(['%PDF-1.4']), { headers: { 'content-type': 'application/pdf' } });
    }
    if (url.pathname === `/api/locations/${HALL.id}`)
      return json(
        page([RACK], { id: HALL.id, name: 'A', level: 'hall', parent_id: null, path: [], bins: 2 }),
      );
    if (url.pathname === `/api/locations/${RACK.id}`)
      return json(
        page(BINS, {
          id: RACK.id,
          name: 'A-01',
          level: 'rack',
          parent_id: HALL.id,
          path: [{ id: HALL.id, name: 'A' }],
        }),
      );
    if (url.pathname === '/api/locations/bulk' && req.method === 'POST') {
      bulk.push(await req.json());
      return json({ created: [] }, 201);
    }
    if (url.pathname === '/api/transfers/open/all') return json({ items: [], total: 0, skip: 0, limit: 100 });
    return json({ statusCode: 404, code: 'not_found', message: url.pathname }, 404);
  });
}

beforeEach(() => stubPageRequest());
afterEach(() => vi.unstubAllGlobals());

describe('the warehouse map (spec 3 §2 Admin: locations)', { timeout: 30_000 }, () => {
  it('opens a hall and a rack, shows each bin’s status and why, and adds a rack’s bins at once', async () => {
    const bulk: unknown[] = [];
    vi.stubGlobal('fetch', fakeApi(bulk));
    renderUi(<LocationsPage />, {
      path: '/admin/locations',
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open A' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open A-01' }));
    await screen.findByText('A-01-02');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('A-01-01'),
        expect.stringMatching(/A-01-02.*Error.*more than one product holds stock here/),
      ]),
    );
    // The breadcrumb leads back to the hall.
    expect(screen.getByRole('button', { name: 'A' })).toBeTruthy();
    const form = screen.getByRole('region', { name: 'Add bins to A-01' });
    fireEvent.input(within(form).getByLabelText('To'), { target: { value: '40' } });
    expect(within(form).getByText('A-01-01 … A-01-40 (40 bins)')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Add bins' }));
    await waitFor(() =>
      expect(bulk).toEqual([{ parent_id: RACK.id, from: 1, to: 40, digits: 2, type: 'half-box' }]),
    );
  });

  it('writes a hall’s product and piece counts with Dutch thousands points (it read 34409)', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderUi(<LocationsPage />, {
      path: '/admin/locations',
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    const open = await screen.findByRole('button', { name: 'Open A' });
    const row = open.closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(expect.arrayContaining(['1.023', '34.409']));
  });

  it('finds locations of any level by a part of their name', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderUi(<LocationsPage />, {
      path: '/admin/locations',
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    await screen.findByRole('button', { name: 'Open A' });
    fireEvent.input(screen.getByLabelText('Find a location'), { target: { value: 'a-01-0' } });
    expect(await screen.findByText('A-01-02', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open A' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Add a hall' })).toBeNull();
  });

  it('offers no label run of a hall or rack without bins, and says why; a hall with bins prints', async () => {
    const printed: string[] = [];
    vi.stubGlobal('fetch', fakeApi([], printed));
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:labels', revokeObjectURL: () => {} }),
    );
    renderUi(<LocationsPage />, {
      path: '/admin/locations',
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    await screen.findByRole('button', { name: 'Open B' });
    const rowOf = (name: string) =>
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .find((r) => within(r).queryByText(name)) as HTMLElement;
    const emptyPrint = within(rowOf('B')).getByRole('button', { name: 'Print location labels' });
    expect(emptyPrint).toHaveProperty('disabled', true);
    expect(emptyPrint.getAttribute('title')).toBe('B holds no bins yet: add bins to print their labels');
    const print = within(rowOf('A')).getByRole('button', { name: 'Print location labels' });
    expect(print).toHaveProperty('disabled', false);
    fireEvent.click(print);
    await waitFor(() => expect(tab.location.href).toBe('blob:labels'));
    expect(printed).toEqual([HALL.id]);

    // Inside the empty hall: the header's button waits for bins too, and says so beside it.
    fireEvent.click(screen.getByRole('button', { name: 'Open B' }));
    await screen.findByText('B-01');
    const header = screen.getAllByRole('button', { name: 'Print location labels' });
    expect(header.map((b) => (b as HTMLButtonElement).disabled)).toEqual([true, true]);
    expect(screen.getByText('B holds no bins yet: add bins to print their labels')).toBeTruthy();
    fireEvent.click(header[0] as HTMLElement);
    expect(printed).toEqual([HALL.id]);
  });

  it('says so when no transfer is open', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderUi(<TransfersPage />, {
      path: '/admin/transfers',
      session: { user: user(staff), orgAuth: orgAuth(staff) },
    });
    expect(await screen.findByText('There are no transfers open at the moment.')).toBeTruthy();
  });
});
