import { ApiError } from '@hoppa/core';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
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
});
