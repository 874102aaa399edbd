import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ShopsPage } from './shops-page.tsx';

const admin = { ...role('provider_admin', [{ methods: ['*'], path: '/*' }]), all_orgs: true };
const owner = role('merchant_owner', [{ methods: ['GET'], path: '/orgs' }]);
const shop = (id: string, name: string, active: boolean, current = false) => ({
  id: id.repeat(24),
  name,
  kind: 'merchant',
  active,
  contact_person: 'Bram Bol',
  contact_person_email: 'bram@bol.nl',
  phone: null,
  address: {},
  current,
  deactivated_at: active ? null : '2026-11-20T10:00:00.000Z',
  has_logo: false,
  vat_id: 'NL851234567B01',
});

describe('shops list /orgs (spec 3 §2 Shops, §4 active states)', { timeout: 30_000 }, () => {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    stubPageRequest();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const url = new URL(input.url);
        calls.push(`${input.method} ${url.pathname}${url.search}`);
        const headers = { 'x-total-count': '1' };
        if (url.pathname === '/api/orgs')
          return Response.json([shop('a', 'Bakkerij Bol', true, true)], { headers });
        if (url.pathname === '/api/orgs/deactive')
          return Response.json([shop('b', 'Kaashandel', false)], { headers });
        if (url.pathname.startsWith('/api/orgs/delete/'))
          return Response.json(shop('a', 'Bakkerij Bol', false));
        if (url.pathname.startsWith('/api/orgs/activate/'))
          return Response.json(shop('b', 'Kaashandel', true));
        return Response.json({ statusCode: 404, code: 'not_found', message: 'Not found' }, { status: 404 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lets provider staff list the deactivated shops and activate one', async () => {
    renderRoutes([{ path: '/orgs', element: <ShopsPage /> }], {
      path: '/orgs',
      session: { user: user(admin), orgAuth: orgAuth(admin) },
    });
    expect(await screen.findByText('Bakkerij Bol')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Deactivated' }));
    expect(await screen.findByText('Kaashandel')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(calls).toContain(`PUT /api/orgs/activate/${'b'.repeat(24)}`));
    expect(calls.some((c) => c.startsWith('GET /api/orgs/deactive?') && c.includes('limit=25'))).toBe(true);
  });

  it('asks before deactivating a shop, naming it and what happens', async () => {
    renderRoutes([{ path: '/orgs', element: <ShopsPage /> }], {
      path: '/orgs',
      session: { user: user(admin), orgAuth: orgAuth(admin) },
    });
    expect(await screen.findByText('Bakkerij Bol')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Bakkerij Bol?' });
    expect(dialog.textContent).toContain('disappears from the shop switchers and from the pick filters');
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate Bakkerij Bol?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    await waitFor(() => expect(calls).toContain(`DELETE /api/orgs/delete/${'a'.repeat(24)}`));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a merchant owner his shops without activation controls, searching on the server', async () => {
    renderRoutes([{ path: '/orgs', element: <ShopsPage /> }], {
      path: '/orgs',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    expect(await screen.findByText('Bakkerij Bol')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Deactivated' })).toBeNull();
    fireEvent.input(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'bram' } });
    await waitFor(() => expect(calls.some((c) => c.includes('search=bram'))).toBe(true));
  });
});
