import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { type Call, fakeApi, productRow } from './product-table.test-data.ts';
import { ScannerPage } from './scanner-page.tsx';

/** Types a code the way a keyboard-wedge scanner does: one keydown per character (1 ms apart), then Enter. */
function wedge(code: string) {
  for (const key of [...code, 'Enter']) fireEvent.keyDown(document.body, { key });
}

describe('scanner page (spec 3 §2 Scanner)', { timeout: 30_000 }, () => {
  let calls: Call[];
  const eanCalls = () => calls.filter((c) => c.path.startsWith('/api/products/ean/')).map((c) => c.path);
  const drop = productRow(1, {
    name: 'Drop zout',
    ean: '8712345678906',
    sf_stock: 3,
    locations: [
      {
        id: 'c'.repeat(24),
        location_id: 'd'.repeat(24),
        name: 'A-01-02',
        stock: 3,
        active: true,
        position: 0,
      },
    ],
  });

  beforeEach(() => {
    calls = [];
    stubPageRequest();
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/products/ean/8712345678906': { products: [drop] },
          'GET /api/products/ean/4006381333931': { products: [] },
          'GET /api/products/search': {
            products: [
              { id: drop.id, org_id: drop.org, ean: drop.ean, bsku: null, name: drop.name, img_url: null },
            ],
          },
        },
        calls,
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the illustration, then the product a wedge scan finds, with stock and locations', async () => {
    renderUi(<ScannerPage />, { path: '/scanner' });
    expect(screen.getByTestId('scanner-illustration')).toBeTruthy();
    expect(screen.getByText('Ready to scan')).toBeTruthy();
    wedge('8712345678906');
    const result = await screen.findByTestId('scanner-result');
    expect(within(result).getByRole('link', { name: 'Drop zout' })).toBeTruthy();
    expect(within(result).getByText('A-01-02 · 3')).toBeTruthy();
    expect(screen.getByText('1 product for “8712345678906”')).toBeTruthy();
    expect(screen.queryByTestId('scanner-illustration')).toBeNull();
  });

  it('searches a typed EAN on Enter only when longer than 10 characters, and says when nothing is found', async () => {
    renderUi(<ScannerPage />, { path: '/scanner' });
    const field = screen.getByRole('textbox', { name: 'EAN' });
    fireEvent.input(field, { target: { value: '4006381333' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('A barcode needs more than 10 characters')).toBeTruthy();
    expect(eanCalls()).toEqual([]);
    fireEvent.input(field, { target: { value: '4006381333931' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('No product found for “4006381333931”')).toBeTruthy();
    expect(eanCalls()).toEqual(['/api/products/ean/4006381333931']);
  });

  it('ignores a short wedge burst and finds a product from the search dropdown', async () => {
    renderUi(<ScannerPage />, { path: '/scanner' });
    wedge('12345');
    await new Promise((r) => setTimeout(r, 50));
    expect(eanCalls()).toEqual([]);
    fireEvent.input(screen.getByLabelText('Search product', { selector: 'input' }), {
      target: { value: 'drop' },
    });
    await waitFor(
      () =>
        expect(calls.some((c) => c.path === '/api/products/search' && c.query.get('search') === 'drop')).toBe(
          true,
        ),
      { timeout: 5000 },
    );
    const option = await screen.findByRole('option', { name: 'Drop zout · 8712345678906', hidden: true });
    fireEvent.click(option);
    expect(await screen.findByTestId('scanner-result')).toBeTruthy();
    expect(eanCalls()).toEqual(['/api/products/ean/8712345678906']);
  });
});
