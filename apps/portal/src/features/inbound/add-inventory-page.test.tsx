import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, orgDetail, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { AddInventoryPage } from './add-inventory-page.tsx';
import { type Call, CURRENT_ORG, fakeApi, hex, INBOUND_OWNER_GRANTS, inbound } from './inbound.test-data.ts';

const owner = role('merchant_owner', INBOUND_OWNER_GRANTS);
const JAM = {
  id: hex(901),
  org_id: CURRENT_ORG.id,
  ean: '8710000000011',
  bsku: null,
  name: 'Aardbeienjam',
  img_url: null,
};

function renderWizard(calls: Call[]) {
  vi.stubGlobal(
    'fetch',
    fakeApi(
      {
        'GET /api/current_org': orgDetail(CURRENT_ORG),
        'GET /api/products/search': (c: Call) => ({
          products: new URLSearchParams(c.search).get('search')?.toLowerCase().startsWith('aard')
            ? [JAM]
            : [],
        }),
        'POST /api/inbound': () => Response.json(inbound(7, { type: 'pallet' }), { status: 201 }),
        [`GET /api/products_org/ean/${JAM.ean}`]: { products: [JAM] },
      },
      calls,
    ),
  );
  return renderRoutes([{ path: '/add_inventory', element: <AddInventoryPage /> }], {
    path: '/add_inventory',
    session: { user: user(owner), orgAuth: orgAuth(owner) },
  });
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('add inventory wizard (spec 2 §2, §4, §5)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('refuses each step with the spec message until type, products and information are given, then announces', async () => {
    const calls: Call[] = [];
    renderWizard(calls);

    // Step 0: no type chosen.
    await screen.findByRole('radio', { name: 'Pallet' });
    next();
    expect((await screen.findByTestId('wizard-block')).textContent).toBe('Choose a type of delivery first');
    fireEvent.click(screen.getByRole('radio', { name: 'Pallet' }));
    expect(screen.queryByTestId('wizard-block')).toBeNull();
    next();

    // Step 1: no products yet.
    const search = await screen.findByPlaceholderText('Search by EAN / name');
    next();
    expect((await screen.findByTestId('wizard-block')).textContent).toBe('Add products');
    // Three characters do not search; more do.
    fireEvent.input(search, { target: { value: 'aar' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(calls.some((c) => c.path === '/api/products/search' && c.search.includes('search=aar&'))).toBe(
      false,
    );
    fireEvent.input(search, { target: { value: 'aardbei' } });
    fireEvent.click(await screen.findByRole('listitem', { name: 'Choose Aardbeienjam' }));
    // Both counts are required: nothing is added without them.
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    fireEvent.input(screen.getByLabelText(/^Boxes/), { target: { value: '4' } });
    fireEvent.input(screen.getByLabelText(/^Items per box/), { target: { value: '12' } });
    fireEvent.input(screen.getByLabelText('Batch number'), { target: { value: 'B-77' } });
    expect(screen.getByTestId('product-total').textContent).toBe('Total: 48 pieces');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    const row = await screen.findByRole('row', { name: 'Aardbeienjam' });
    expect(within(row).getByText('48')).toBeTruthy();
    expect(within(row).getByText('B-77')).toBeTruthy();
    next();

    // Step 2: prefilled from the organisation; track and trace is still missing.
    expect(
      ((await screen.findByLabelText(/^Contact person$|^Contact person \*/)) as HTMLInputElement).value,
    ).toBe('Anna de Vries');
    next();
    expect((await screen.findByTestId('wizard-block')).textContent).toBe('Fill in all required fields');
    expect(await screen.findByText('Track & Trace is required.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText(/^Track & Trace/), { target: { value: '3SHOP999' } });
    next();

    // Step 3: the summary, then the call.
    expect(await screen.findByText('4 boxes, 48 pieces')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Announce inbound' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/inbound')).toBe(true),
    );
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/inbound');
    expect(post?.body).toMatchObject({
      type: 'pallet',
      items: [{ product_id: JAM.id, units: 4, packed_per: 12, batch_nr: 'B-77', expiration_date: null }],
      information: {
        contact_person: 'Anna de Vries',
        contact_person_email: 'anna@example.nl',
        track_trace: '3SHOP999',
        shipping_address: 'Oudegracht 12, 3511 LX Utrecht',
      },
    });
    expect((await screen.findByTestId('inbound-created')).textContent).toContain('IN-0000AB07');
    expect(screen.getByRole('link', { name: 'Open the inbound' }).getAttribute('href')).toBe(
      `/checkin_inventory/${hex(107)}`,
    );
    // The text says to print the QR label: its PDF is one click away (session 40: only 'Open the inbound' was).
    expect(screen.getByRole('link', { name: 'QR label (PDF)' }).getAttribute('href')).toBe(
      `/api/inbounds/qr/${hex(107)}`,
    );
  });

  it('puts the cursor in Boxes after a scanned product and back in the search after adding it', async () => {
    // Session 40 (a merchant's day): after a scan the cursor was nowhere, so the next keys (the boxes) went nowhere;
    // after 'Add product' the next scan went nowhere either.
    renderWizard([]);
    fireEvent.click(await screen.findByRole('radio', { name: 'Pallet' }));
    next();
    const search = await screen.findByPlaceholderText('Search by EAN / name');
    fireEvent.input(search, { target: { value: JAM.ean } });
    fireEvent.keyDown(search, { key: 'Enter' });
    const boxes = await screen.findByLabelText(/^Boxes/);
    await waitFor(() => expect(document.activeElement).toBe(boxes));
    fireEvent.input(boxes, { target: { value: '2' } });
    fireEvent.input(screen.getByLabelText(/^Items per box/), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await screen.findByRole('row', { name: 'Aardbeienjam' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByPlaceholderText('Search by EAN / name')),
    );
  });

  it('Cancel goes back to step 0 with nothing chosen', async () => {
    renderWizard([]);
    fireEvent.click(await screen.findByRole('radio', { name: 'Package' }));
    next();
    await screen.findByPlaceholderText('Search by EAN / name');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('radio', { name: 'Package' })).toHaveProperty('ariaChecked', 'false');
    next();
    expect((await screen.findByTestId('wizard-block')).textContent).toBe('Choose a type of delivery first');
  });
});
