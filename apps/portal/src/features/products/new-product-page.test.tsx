import type { ProductRow } from '@hoppa/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORG_ID, orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { NewProductPage } from './new-product-page.tsx';
import { type Call, fakeApi, productRow } from './product-table.test-data.ts';

describe('new product form (spec 3 §2 New product form, §5)', { timeout: 30_000 }, () => {
  let calls: Call[];
  let answer: { products: { created: number; updated: number; unchanged: number; errors: unknown[] } };
  let existing: ProductRow[];

  beforeEach(() => {
    calls = [];
    answer = { products: { created: 1, updated: 0, unchanged: 0, errors: [] } };
    stubPageRequest();
    existing = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'POST /api/products/import': () => answer,
          'GET /api/products/ean/8712345678906': () => ({ products: existing }),
        },
        calls,
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The form opened from the product list, so 'back one page' has somewhere to go. */
  const open = () => {
    const r = renderRoutes(
      [
        { path: '/products', element: <p>Product list</p> },
        { path: '/products/new', element: <NewProductPage /> },
      ],
      { path: '/products' },
    );
    void r.router.navigate('/products/new');
    return r;
  };
  const type = (label: string | RegExp, value: string) =>
    fireEvent.input(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

  it('offers the warehouse’s own organisation no form, saying to choose a shop (ADR 0142)', async () => {
    const staff = { ...role('provider_admin', [{ methods: ['*'], path: '/*' }]), all_orgs: true };
    renderRoutes([{ path: '/products/new', element: <NewProductPage /> }], {
      path: '/products/new',
      session: {
        user: user(staff),
        orgAuth: orgAuth(staff, { org: { id: ORG_ID, name: 'Hoppa Fulfilment', kind: 'provider' } }),
      },
    });
    expect((await screen.findByTestId('provider-org')).textContent).toBe(
      'Hoppa Fulfilment sells nothing itself, so products are added, imported and synchronised for a shop: choose the shop at the top right.',
    );
    expect(screen.getByRole('heading', { name: 'New product' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish and add product' })).toBeNull();
  });

  it('names what is missing and a wrong check digit, and sends nothing', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Finish and add product' }));
    expect(await screen.findByText('Add product name')).toBeTruthy();
    expect(screen.getByText('Add EAN')).toBeTruthy();
    type(/^Product name/, 'Drop zout');
    type(/^EAN/, '871234567890');
    fireEvent.click(screen.getByRole('button', { name: 'Finish and add product' }));
    expect(await screen.findByText('Invalid EAN, must contain 13 digits')).toBeTruthy();
    type(/^EAN/, '8712345678907');
    expect(await screen.findByText('Invalid EAN: the check digit does not match (expected 6)')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('submits with Enter in the value field, sends one import row and goes back one page', async () => {
    const { router } = open();
    await screen.findByRole('button', { name: 'Finish and add product' });
    type(/^Product name/, ' Drop zout ');
    type(/^EAN/, '8712345678906');
    type('Note', 'Breekbaar');
    fireEvent.click(screen.getByRole('button', { name: 'Customs' }));
    type('HS code', '170490');
    type('Weight in kg', '0,25');
    type('Value (€)', '2,95');
    fireEvent.submit(
      screen.getByLabelText('Value (€)', { selector: 'input' }).closest('form') as HTMLFormElement,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual([
      {
        Product_name: 'Drop zout',
        barcode_sku_ean: '8712345678906',
        note: 'Breekbaar',
        hs: '170490',
        weight_kg: '0,25',
        value: '2,95',
      },
    ]);
    expect(await screen.findByText('Product Drop zout added')).toBeTruthy();
  });

  it('asks before overwriting the product that already has the EAN, naming it, and sends only after yes', async () => {
    answer = { products: { created: 0, updated: 1, unchanged: 0, errors: [] } };
    existing = [productRow(1, { name: 'Strong pasta', ean: '8712345678906', org: 'a'.repeat(24) })];
    const { router } = open();
    await screen.findByRole('button', { name: 'Finish and add product' });
    type(/^Product name/, 'QA Test Koek');
    type(/^EAN/, '8712345678906');
    fireEvent.click(screen.getByRole('button', { name: 'Finish and add product' }));
    expect(
      await screen.findByText(
        'EAN 8712345678906 already belongs to “Strong pasta”. Adding overwrites that product with “QA Test Koek” and what you filled in.',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Cancel keeps the form and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/already belongs to/)).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Finish and add product' }));
    // The button's label stays short whatever the product's name (a long name was cut off); the text names it.
    fireEvent.click(await screen.findByRole('button', { name: /^Overwrite$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(await screen.findByText('Product QA Test Koek updated (the EAN existed)')).toBeTruthy();
  });

  it('keeps the form and shows the reason when the server refuses the row', async () => {
    answer = {
      products: {
        created: 0,
        updated: 0,
        unchanged: 0,
        errors: [
          {
            row: 1,
            ean: '8712345678906',
            code: 'parent_is_self',
            values: { field: 'parent_ean' },
            reason: 'Parent EAN is the product itself',
          },
        ],
      },
    };
    const { router } = open();
    await screen.findByRole('button', { name: 'Finish and add product' });
    type(/^Product name/, 'Drop zout');
    type(/^EAN/, '8712345678906');
    fireEvent.click(screen.getByRole('button', { name: 'Finish and add product' }));
    expect(
      await screen.findByText('The product was not added: The parent EAN is the product itself'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/products/new');
  });

  it("words the import's reason code in the UI's language (ADR 0119 §3)", async () => {
    answer = {
      products: {
        created: 0,
        updated: 0,
        unchanged: 0,
        errors: [
          {
            row: 1,
            ean: '8712345678906',
            code: 'too_large',
            values: { field: 'weight_kg', limit: 10_000, unit: 'kg' },
            reason: 'weight_kg must be at most 10,000 kg',
          },
        ],
      },
    };
    open();
    await screen.findByRole('button', { name: 'Finish and add product' });
    type(/^Product name/, 'Drop zout');
    type(/^EAN/, '8712345678906');
    fireEvent.click(screen.getByRole('button', { name: 'Finish and add product' }));
    expect(
      await screen.findByText('The product was not added: Weight (kg) must be at most 10000 kg'),
    ).toBeTruthy();
  });
});
