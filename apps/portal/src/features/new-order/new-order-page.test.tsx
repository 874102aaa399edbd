import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { NewOrderPage } from './new-order-page.tsx';

const owner = role('merchant_owner', [{ methods: ['*'], path: '/*' }]);
const PRODUCT = {
  id: 'c'.repeat(24),
  org_id: 'a'.repeat(24),
  ean: '8710000000011',
  bsku: null,
  name: 'Ontbijtkoek',
  img_url: null,
};

/** The API's address check refusing a Dutch postcode, with its English message (GET /api/o/validate_address). */
const POSTCODE_REFUSED = {
  valid: false,
  source: 'format',
  country: 'NL',
  postalCode: '12345',
  houseNumber: '12',
  street: null,
  city: null,
  message: "Postcode '12345' does not fit NL (e.g. 1234 AB)",
  problem: { code: 'postcode', example: '1234 AB' },
};

function render(path = '/new_order', lang: 'en' | 'nl' = 'en') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname === '/api/o/validate_address') return Response.json(POSTCODE_REFUSED);
      if (url.pathname === '/api/products/search') return Response.json({ products: [PRODUCT] });
      if (url.pathname === '/api/shipment_methods') return Response.json([]);
      if (url.pathname === '/api/countries/europe')
        return Response.json([{ code: 'NL', name_nl: 'Nederland', name_en: 'Netherlands' }]);
      return Response.json({ statusCode: 404, code: 'not_found', message: 'Not found' }, { status: 404 });
    }),
  );
  return renderRoutes([{ path: '/new_order', element: <NewOrderPage /> }], {
    path,
    lang,
    session: { user: user(owner), orgAuth: orgAuth(owner) },
  });
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const stepLabels = () =>
  ['Type', 'Products', 'Shipment type', 'Boxes or pallets', 'Address', 'Confirmation'].filter(
    (s) => screen.queryAllByText(s, { exact: true }).length > 0,
  );

describe('new order wizard page (spec 1 §2, §4, §5)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a step with its message, shows six steps for B2B, and cancel resets to step 0', async () => {
    render();
    await screen.findByRole('radio', { name: 'Manual order' });
    expect(stepLabels()).toEqual(['Type', 'Products', 'Address', 'Confirmation']);
    next();
    expect((await screen.findByTestId('wizard-block')).textContent).toBe('Choose the type of order first');

    fireEvent.click(screen.getByRole('radio', { name: 'B2B order' }));
    expect(screen.queryByTestId('wizard-block')).toBeNull();
    expect(stepLabels()).toEqual([
      'Type',
      'Products',
      'Shipment type',
      'Boxes or pallets',
      'Address',
      'Confirmation',
    ]);
    next();
    next();
    expect((await screen.findByTestId('wizard-block')).textContent).toBe('Add at least one product');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Ontbijtkoek' }));
    expect(screen.queryByTestId('wizard-block')).toBeNull();
    next();
    expect(await screen.findByRole('radio', { name: 'Drop-off' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel and start again' }));
    await waitFor(() => expect(stepLabels()).toEqual(['Type', 'Products', 'Address', 'Confirmation']));
    expect(screen.getByRole('radio', { name: 'B2B order' }).getAttribute('aria-checked')).toBe('false');
  });

  it('refuses a phone number that breaks the phone rule and shows the international form (spec 3 §5)', async () => {
    render();
    fireEvent.click(await screen.findByRole('radio', { name: 'Manual order' }));
    next();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Ontbijtkoek' }));
    next();
    const type = (label: RegExp, value: string) =>
      fireEvent.input(screen.getByRole('textbox', { name: label }), { target: { value } });
    type(/^Postcode/, '1015 CJ');
    type(/^House number/, '125');
    type(/^Street/, 'Keizersgracht');
    type(/^City/, 'Amsterdam');
    type(/^First name/, 'Sanne');
    type(/^Last name/, 'de Vries');
    type(/^E-?mail/i, 'sanne@example.nl');
    type(/^Phone/, 'bel me');
    next();
    expect((await screen.findByTestId('wizard-block')).textContent).toBe('Please enter a valid phone number');
    type(/^Phone/, '06 1234 5678');
    next();
    expect(await screen.findByText(/sanne@example\.nl · \+31 6 1234 5678/)).toBeTruthy();
  });

  it("words a refused address check in the reader's language, not the API's English (ADR 0142)", async () => {
    render('/new_order', 'nl');
    fireEvent.click(await screen.findByRole('radio', { name: 'Handmatige order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ontbijtkoek toevoegen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    const type = (label: RegExp, value: string) =>
      fireEvent.input(screen.getByRole('textbox', { name: label }), { target: { value } });
    type(/^Postcode/, '12345');
    type(/^Huisnummer/, '12');
    const check = screen.getByTestId('address-check');
    await waitFor(() =>
      expect(check.textContent).toBe("Postcode '12345' past niet bij Nederland (bijvoorbeeld 1234 AB)"),
    );
  });
});
