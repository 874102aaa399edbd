import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { ResetPage } from './reset-page.tsx';

describe('the mailed password link /reset?token=… (spec 2 §2)', () => {
  beforeEach(() => {
    stubPageRequest();
    // The token check: 'used' is a used link, any other token still sets a password.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const req =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      if (new URL(req.url).pathname.endsWith('/used'))
        return Response.json(
          { statusCode: 400, code: 'invalid_token', message: 'This reset link is invalid or has expired.' },
          { status: 400 },
        );
      return Response.json({ ok: true, message: 'This link can set a password.' });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks an invited person to choose their password, not a new one', async () => {
    renderUi(<ResetPage />, { path: '/reset?token=abcdefghijklmnopqrstuv&invite=1' });
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeTruthy();
    expect(screen.queryByText(/new password/i)).toBeNull();
    expect(screen.getByRole('button', { name: 'Save password' })).toBeTruthy();
  });

  it('says "Kies je wachtwoord" to an invited person in Dutch and keeps the reset wording for a reset link', async () => {
    const { unmount } = renderUi(<ResetPage />, {
      path: '/reset?token=abcdefghijklmnopqrstuv&invite=1',
      lang: 'nl',
    });
    expect(await screen.findByRole('heading', { name: 'Kies je wachtwoord' })).toBeTruthy();
    unmount();
    renderUi(<ResetPage />, { path: '/reset?token=abcdefghijklmnopqrstuv' });
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
  });

  it('refuses a used invitation link as soon as the page opens, without a password field', async () => {
    renderUi(<ResetPage />, { path: '/reset?token=used&invite=1' });
    expect(await screen.findByText(/This invitation link has already been used or has expired/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText(/Password/)).toBeNull());
    expect(screen.queryByRole('button', { name: 'Save password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });
});
