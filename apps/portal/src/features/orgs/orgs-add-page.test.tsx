import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { OrgsAddPage } from './orgs-add-page.tsx';

const owner = role('merchant_owner', [{ methods: ['*'], path: '/*' }]);

describe('organisation wizard /orgs/add (spec 3 §2, §4, §5, §7 VAT lookup)', { timeout: 30_000 }, () => {
  const lookups: string[] = [];
  beforeEach(() => {
    stubPageRequest();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const url = new URL(input.url);
        if (url.pathname === '/api/vat_lookup') {
          lookups.push(url.searchParams.get('vatNumber') ?? '');
          return Response.json({
            vatNumber: 'NL859123456B01',
            available: true,
            valid: true,
            company_name: 'KAASHANDEL GOUDA B.V.',
            address: 'MARKT 00012\n2801JK GOUDA',
            street: 'MARKT',
            houseNumber: '12',
            postalCode: '2801JK',
            city: 'GOUDA',
          });
        }
        return Response.json({ statusCode: 404, code: 'not_found', message: 'Not found' }, { status: 404 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fills the company name from the VAT lookup, refuses Next without the required fields, and asks returns only with a policy', async () => {
    renderRoutes([{ path: '/orgs/add', element: <OrgsAddPage /> }], {
      path: '/orgs/add',
      session: { user: user(owner), orgAuth: orgAuth(owner, { org: null }) },
    });
    const vat = await screen.findByRole('textbox', { name: /VAT number/ });
    fireEvent.input(vat, { target: { value: 'NL859123456B01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /Company name/ }) as HTMLInputElement).value).toBe(
        'KAASHANDEL GOUDA B.V.',
      ),
    );
    expect(lookups.at(-1)).toBe('NL859123456B01');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // CoC number and industry are still missing: the step stays.
    expect((await screen.findAllByText('This field is required!')).length).toBe(2);
    fireEvent.input(screen.getByRole('textbox', { name: /Chamber of Commerce/ }), {
      target: { value: '12345678' },
    });
    // Mantine keeps the dropdown's options in the DOM; jsdom has no layout to show them.
    fireEvent.click(screen.getByLabelText(/Industry/, { selector: 'input' }));
    const list = await screen.findByRole('listbox', { hidden: true });
    fireEvent.click(await within(list).findByRole('option', { name: 'Food and drink', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Contacts: the signed-up user is the first contact.
    expect(await screen.findByText('Contact 1')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^E-mail/ }) as HTMLInputElement).value).toBe(
      'anna@example.nl',
    );
    // The contact's phone: the shared phone field refuses a number that breaks the phone rule (spec 3 §5).
    const phone = screen.getByRole('textbox', { name: /^Phone number/ });
    fireEvent.input(phone, { target: { value: 'bel me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('Contact 1')).toBeTruthy();
  });

  it('labels the seven steps with one word each, so the stepper fits one line at 1280 px; the step keeps its full name', async () => {
    for (const [lang, labels, heading] of [
      ['nl', ['Bedrijf', 'Contacten', 'Verzending', 'Opslag', 'Retouren', 'Groei', 'Facturatie'], 'Bedrijf'],
      ['en', ['Company', 'Contacts', 'Shipping', 'Storage', 'Returns', 'Growth', 'Billing'], 'Company'],
    ] as const) {
      const { unmount } = renderRoutes([{ path: '/orgs/add', element: <OrgsAddPage /> }], {
        path: '/orgs/add',
        lang,
        session: { user: user(owner), orgAuth: orgAuth(owner, { org: null }) },
      });
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
      const stepLabels = [...document.querySelectorAll('.mantine-Stepper-stepLabel')].map(
        (e) => e.textContent,
      );
      expect(stepLabels).toEqual(labels);
      unmount();
    }
  });
});
