import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, orgDetail, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { AddInventoryExcelPage } from './add-inventory-excel-page.tsx';
import { type Call, CURRENT_ORG, fakeApi, INBOUND_OWNER_GRANTS } from './inbound.test-data.ts';

const owner = role('merchant_owner', INBOUND_OWNER_GRANTS);

/** Announce by spreadsheet (spec 2 §2 /add_inventory_excel; ADR 0118 'Left for later': one round of row problems). */
describe('announce by spreadsheet', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('lists every problem of every row in one round, unknown EANs included, and announces nothing', async () => {
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/current_org': orgDetail(CURRENT_ORG),
          'POST /api/inbound/excel/check': (c: Call) => ({
            unknown: (c.body as { eans: string[] }).eans.filter((e) => e.startsWith('999')),
          }),
        },
        calls,
      ),
    );
    renderRoutes([{ path: '/add_inventory_excel', element: <AddInventoryExcelPage /> }], {
      path: '/add_inventory_excel',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    fireEvent.change(await screen.findByLabelText('Track & trace', { exact: false }), {
      target: { value: '3SBOL0005555' },
    });
    const text = [
      'EAN,Dozen,Stuks per doos,Batch,Houdbaarheidsdatum',
      '8710000000011,3,8,LOT-9,31-12-2027',
      '9999999999994,nul,8,,',
      ',0,x,,31-02-2027',
      '9999999999987,1,1,,',
    ].join('\n');
    fireEvent.change(screen.getByLabelText('Choose file'), {
      target: {
        files: [
          Object.assign(new File([text], 'aanmelding.csv', { type: 'text/csv' }), { text: async () => text }),
        ],
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show preview' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Announce' }));
    expect(
      await screen.findByText('Nothing was announced: fix these rows and import the file again.'),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rows that cannot be announced' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['3', '9999999999994', 'EAN', 'Your shop has no product with this EAN'],
      ['3', '9999999999994', 'Dozen', 'units (boxes) must be a whole number from 1'],
      ['4', '', 'EAN', 'EAN is missing'],
      ['4', '', 'Dozen', 'units (boxes) must be a whole number from 1'],
      ['4', '', 'Stuks per doos', 'packed_per (items per box) must be a whole number from 1'],
      ['4', '', 'Houdbaarheidsdatum', 'expiration_date is not a date (use DD-MM-YYYY or YYYY-MM-DD)'],
      ['5', '9999999999987', 'EAN', 'Your shop has no product with this EAN'],
    ]);
    expect(calls.find((c) => c.path === '/api/inbound/excel/check')?.body).toEqual({
      eans: ['8710000000011', '9999999999994', '9999999999987'],
    });
    expect(calls.some((c) => c.path === '/api/inbound/excel')).toBe(false);
  });
});
