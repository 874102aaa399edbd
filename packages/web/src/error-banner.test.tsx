import { ApiError } from '@hoppa/core';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBanner } from './error-banner.tsx';
import { createI18n } from './i18n.ts';

function show(node: ReactNode, path = '/orders', lang: 'nl' | 'en' = 'en') {
  return render(
    <I18nextProvider i18n={createI18n({}, lang)}>
      <MantineProvider>
        <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}

const problem = (status: number, code: string, message: string) =>
  new ApiError(status, { statusCode: status, code, message }, message);

describe('ErrorBanner (spec 1 §8, spec 2 §8)', () => {
  it("shows the server's message for a 400 and the generic text for a 500, in the UI language", () => {
    show(<ErrorBanner error={problem(400, 'bad_ean', 'EAN must have 13 digits')} />);
    expect(screen.getByRole('alert').textContent).toBe('EAN must have 13 digits');
    cleanup();
    show(<ErrorBanner error={problem(500, 'x', 'db down')} />, '/orders', 'nl');
    expect(screen.getByRole('alert').textContent).toBe('Er is iets misgegaan, raadpleeg je logs');
  });

  it("shows nothing for no error or a 401 on the root path, and the screen's own text for a known code", () => {
    show(<ErrorBanner error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    show(<ErrorBanner error={problem(401, 'unauthenticated', 'no')} />, '/');
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    show(
      <ErrorBanner
        error={problem(401, 'invalid_credentials', 'wrong')}
        messages={{ invalid_credentials: 'Onjuist e-mailadres of wachtwoord' }}
      />,
      '/login',
    );
    expect(screen.getByRole('alert').textContent).toBe('Onjuist e-mailadres of wachtwoord');
  });

  it('speaks Dutch on a Dutch-only screen whatever the app language', () => {
    show(<ErrorBanner error={problem(401, 'unauthenticated', 'no')} lng="nl" variant="filled" />);
    expect(screen.getByRole('alert').textContent).toBe('Je bent niet bevoegd voor deze actie');
  });

  it("words a 400's coded issues in the UI language with the shared field names, keeping uncoded issues as sent", () => {
    const refused = new ApiError(
      400,
      {
        statusCode: 400,
        code: 'validation',
        message: 'phone: Not a phone number; products.1.ean: EAN must have 13 digits; foo_bar: Invalid input',
        issues: [
          {
            path: 'body.phone',
            message: 'Not a phone number',
            code: 'phone_invalid',
            values: { field: 'phone', value: '12' },
          },
          { path: 'body.products.1.ean', message: 'EAN must have 13 digits' },
          {
            path: 'body.products.1.quantity',
            message: 'Too small',
            code: 'out_of_range',
            values: { field: 'quantity', min: 1, value: '0' },
          },
          {
            path: 'body.foo_bar',
            message: 'Invalid input: expected number',
            code: 'wrong_type',
            values: { field: 'foo_bar', expected: 'number' },
          },
          {
            path: 'query.from',
            message: 'Invalid date',
            code: 'date_invalid',
            values: { field: 'from', value: '2026-02-31' },
          },
        ],
      },
      'phone: Not a phone number',
    );
    show(<ErrorBanner error={refused} />, '/orders', 'nl');
    expect(screen.getByRole('alert').textContent).toBe(
      "Telefoonnummer is geen geldig telefoonnummer: '12'; products.1.ean: EAN must have 13 digits; " +
        "Aantal (nr. 2) valt buiten het toegestane bereik: '0'; foo_bar moet een getal zijn; " +
        "Van is geen geldige datum: '2026-02-31'",
    );
    cleanup();
    show(<ErrorBanner error={refused} />, '/orders', 'en');
    expect(screen.getByRole('alert').textContent).toBe(
      "Phone number is not a valid phone number: '12'; products.1.ean: EAN must have 13 digits; " +
        "Quantity (item 2) is out of range: '0'; foo_bar must be a number; From is not a valid date: '2026-02-31'",
    );
    cleanup();
    // The floor's Dutch-only pick screen words it in Dutch whatever the app language.
    show(<ErrorBanner error={refused} lng="nl" />, '/pick', 'en');
    expect(screen.getByRole('alert').textContent).toMatch(/^Telefoonnummer is geen geldig telefoonnummer/);
  });

  it("keeps the server's message for a 400 without coded issues, or with codes only another screen words", () => {
    const uncoded = new ApiError(
      400,
      {
        statusCode: 400,
        code: 'validation',
        message: 'vat_id: Not a VAT number',
        issues: [{ path: 'body.vat_id', message: 'Not a VAT number', code: 'unknown_product', values: {} }],
      },
      'vat_id: Not a VAT number',
    );
    show(<ErrorBanner error={uncoded} />, '/orders', 'nl');
    expect(screen.getByRole('alert').textContent).toBe('vat_id: Not a VAT number');
  });

  it('words the VAT number, HS code, shop address and list-length codes through the same texts', () => {
    const issue = (path: string, code: string, values: Record<string, unknown>) => ({
      path,
      message: 'x',
      code,
      values,
    });
    const refused = new ApiError(
      400,
      {
        statusCode: 400,
        code: 'validation',
        message: 'x',
        issues: [
          issue('query.vatNumber', 'format_invalid', {
            field: 'vatNumber',
            format: 'vat_number',
            value: '123',
          }),
          issue('body.hs', 'format_invalid', { field: 'hs', format: 'hs_code', value: '12345' }),
          issue('body.url', 'format_invalid', { field: 'url', format: 'shop_url', value: 'http://a.nl' }),
          issue('body.grants', 'list_too_long', { field: 'grants', limit: 200 }),
          issue('body.rows', 'list_too_short', { field: 'rows', min: 1 }),
        ],
      },
      'x',
    );
    show(<ErrorBanner error={refused} />, '/orders', 'nl');
    expect(screen.getByRole('alert').textContent?.split('; ')).toEqual([
      "Btw-nummer is geen btw-nummer met landcode, zoals NL123456789B01: '123'",
      "HS-code is geen HS-code van 6 tot 10 cijfers: '12345'",
      "Webadres is geen https://-adres van een winkel: 'http://a.nl'",
      'Rechten heeft te veel items (hoogstens 200)',
      'Rijen heeft te weinig items (minstens 1)',
    ]);
  });

  it("words rules across fields, a service's refusal, a bare list body and a choice without a value (ADR 0127)", () => {
    const issue = (path: string, code: string, values: Record<string, unknown>) => ({
      path,
      message: 'x',
      code,
      values,
    });
    const refused = (code: string, issues: ReturnType<typeof issue>[]) =>
      new ApiError(400, { statusCode: 400, code, message: 'English words', issues }, 'English words');
    const cases: [ApiError, string, string][] = [
      [
        refused('validation', [issue('query.end', 'range_reversed', { field: 'end', other: 'start' })]),
        'Einde mag niet vóór Begin liggen',
        'End must not lie before Start',
      ],
      [
        refused('bad_request', [
          issue('body', 'not_enough_stock', { field: 'quantity', limit: 2, value: '3' }),
        ]),
        'Hier liggen maar 2 stuks; 3 kunnen niet verplaatst worden',
        'Only 2 pieces lie here; 3 cannot move',
      ],
      [
        refused('validation', [issue('body', 'list_too_long', { limit: 10000 })]),
        'De lijst heeft meer dan 10.000 regels',
        'The list has more than 10,000 rows',
      ],
      [
        refused('validation', [
          issue('body.carrier', 'not_one_of', { field: 'carrier', allowed: 'dhl, postnl' }),
        ]),
        'Vervoerder moet een van deze zijn: dhl, postnl',
        'Carrier must be one of dhl, postnl',
      ],
      [
        refused('validation', [issue('body', 'nothing_to_change', {})]),
        'Wijzig minstens één veld',
        'Change at least one field',
      ],
      [
        refused('validation', [issue('body.L', 'format_invalid', { field: 'L', format: 'mm', value: '0' })]),
        "Lengte is geen heel aantal millimeters van 1 tot 9999: '0'",
        "Length is not a whole number of millimetres from 1 to 9999: '0'",
      ],
    ];
    for (const [error, nl, en] of cases) {
      show(<ErrorBanner error={error} />, '/orders', 'nl');
      expect(screen.getByRole('alert').textContent).toBe(nl);
      cleanup();
      show(<ErrorBanner error={error} />, '/orders', 'en');
      expect(screen.getByRole('alert').textContent).toBe(en);
      cleanup();
    }
  });

  it('reads the server message until the refusal texts arrive, then the user language (ADR 0128)', async () => {
    // A page's first moments: a module graph whose refusal texts (their own chunk) have not been loaded yet.
    vi.resetModules();
    const [web, core] = await Promise.all([import('./index.ts'), import('@hoppa/core')]);
    const refused = new core.ApiError(
      400,
      {
        statusCode: 400,
        code: 'validation',
        message: 'x',
        issues: [{ path: 'body.ean', message: 'is too long', code: 'text_too_long', values: { limit: 13 } }],
      },
      'x',
    );
    render(
      <I18nextProvider i18n={web.createI18n({}, 'nl')}>
        <MantineProvider>
          <MemoryRouter initialEntries={['/orders']}>
            <web.ErrorBanner error={refused} />
          </MemoryRouter>
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('ean: is too long');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('EAN is te lang (hoogstens 13 tekens)'),
    );
  });
});
