import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { ResetPage } from './reset-page.tsx';

describe('the mailed password link /reset?token=… (spec 2 §2)', () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('asks an invited person to choose their password, not a new one', async () => {
    renderUi(<ResetPage />, { path: '/reset?token=abc&invite=1' });
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeTruthy();
    expect(screen.queryByText(/new password/i)).toBeNull();
    expect(screen.getByRole('button', { name: 'Save password' })).toBeTruthy();
  });

  it('says "Kies je wachtwoord" to an invited person in Dutch and keeps the reset wording for a reset link', async () => {
    const { unmount } = renderUi(<ResetPage />, { path: '/reset?token=abc&invite=1', lang: 'nl' });
    expect(await screen.findByRole('heading', { name: 'Kies je wachtwoord' })).toBeTruthy();
    unmount();
    renderUi(<ResetPage />, { path: '/reset?token=abc' });
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
  });
});
