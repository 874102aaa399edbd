import type { OrderImportIssue, OrderImportResult } from '@hoppa/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi } from '../../test/fake-api.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { OrderImportPage } from './order-import-page.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');

const HEADER =
  'order_id,product_ean,quantity,firstName,surName,streetName,houseNumber,zipcode,city,countryCode';
const line = (id: string) => `${id},8712345678906,1,Anna,de Vries,Kerkstraat,12,1234 AB,Utrecht,NL`;

const duplicate = (row: number, order_id: string): OrderImportIssue => ({
  row,
  order_id,
  code: 'duplicate',
  values: {},
  rejected_by_row: null,
  reason: 'duplicate order id already imported',
});

/** Chooses a CSV of `ids` (one row each), shows the preview and imports it; the fake API answers `result`. */
async function importFile(ids: string[], result: OrderImportResult, lang: 'nl' | 'en' = 'en') {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', fakeApi({ 'POST /api/orders/import': () => result }, calls));
  const view = renderRoutes(
    [
      { path: '/orders/import', element: <OrderImportPage /> },
      { path: '/orders', element: <p>open orders</p> },
    ],
    { path: '/orders/import', lang },
  );
  const csv = [HEADER, ...ids.map(line)].join('\n');
  const input = screen.getByLabelText(lang === 'nl' ? /Bestand kiezen/i : /Choose file/i);
  // jsdom's File has no text(); the browser's has.
  const file = Object.assign(new File([csv], 'orders.csv', { type: 'text/csv' }), { text: async () => csv });
  fireEvent.change(input, { target: { files: [file] } });
  fireEvent.click(
    await screen.findByRole('button', { name: lang === 'nl' ? 'Voorbeeld tonen' : 'Show preview' }),
  );
  fireEvent.click(await screen.findByRole('button', { name: lang === 'nl' ? 'Importeren' : 'Import' }));
  await waitFor(() => expect(calls.some((c) => c.path === '/api/orders/import')).toBe(true));
  return view;
}

describe('order import results (spec 1 §2 Import, §4, §7)', () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('reports a re-imported file’s orders as skipped, already imported, not as rows to fix', async () => {
    await importFile(['SH-1', 'SH-2', 'SH-3'], {
      created: 1,
      orders: [{ order_id: 'SH-3', id: hex(3) }],
      errors: [],
      skipped: 2,
      skipped_rows: [duplicate(1, 'SH-1'), duplicate(2, 'SH-2')],
      warnings: [],
    });
    expect(await screen.findByText('2 orders were imported before and were skipped')).toBeTruthy();
    expect(screen.getByText(/There is nothing to fix/)).toBeTruthy();
    expect(screen.getByText('Order numbers: SH-1, SH-2')).toBeTruthy();
    expect(screen.getAllByText('1 order imported').length).toBeGreaterThan(0);
    // Not under the rows to fix.
    expect(screen.queryByText('Rows that were not imported')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Rows that were not imported' })).toBeNull();
    expect(screen.queryByText('This order number was imported before')).toBeNull();
    // The results step stays, with its way to the orders.
    expect(screen.getByRole('button', { name: 'Go to orders' })).toBeTruthy();
  });

  it('lists only the faulty rows to fix when a file mixes skipped and faulty orders, in Dutch', async () => {
    await importFile(
      ['SH-1', 'SH-2'],
      {
        created: 0,
        orders: [],
        errors: [
          {
            row: 2,
            order_id: 'SH-2',
            code: 'missing_address',
            values: { field: 'city' },
            rejected_by_row: null,
            reason: 'missing required address field: city',
          },
        ],
        skipped: 1,
        skipped_rows: [duplicate(1, 'SH-1')],
        warnings: [],
      },
      'nl',
    );
    expect(await screen.findByText('1 order was al eerder geïmporteerd en is overgeslagen')).toBeTruthy();
    expect(screen.getByText('Ordernummers: SH-1')).toBeTruthy();
    const toFix = screen.getByRole('table', { name: 'Regels die niet zijn geïmporteerd' });
    expect(toFix.textContent).toContain('SH-2');
    expect(toFix.textContent).toContain('Plaats ontbreekt');
    expect(toFix.textContent).not.toContain('SH-1');
  });

  it('goes to the open orders when every order was new and clean', async () => {
    const { router } = await importFile(['SH-9'], {
      created: 1,
      orders: [{ order_id: 'SH-9', id: hex(9) }],
      errors: [],
      skipped: 0,
      skipped_rows: [],
      warnings: [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });
});
