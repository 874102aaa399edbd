import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi } from '../../test/fake-api.ts';
import { merchantOwner, merchantUser, orgAuth, user, warehouseStaff } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { MainLayout } from './main-layout.tsx';

type Session = NonNullable<Parameters<typeof renderRoutes>[1]>['session'];

function renderLayout(session: Session, lang: 'en' | 'nl' = 'en', path = '/orders') {
  return renderRoutes([{ element: <MainLayout />, children: [{ path: '*', element: <p>page body</p> }] }], {
    path,
    session,
    lang,
  });
}

function navLinks(name: RegExp | string) {
  const nav = screen.getByRole('navigation', { name });
  return within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

describe('MainLayout navigation (permission-gated menu)', () => {
  it('shows a merchant user the order, shipment and product links but no settings or admin', () => {
    renderLayout({ user: user(merchantUser), orgAuth: orgAuth(merchantUser) });
    expect(navLinks('Main navigation')).toEqual([
      ['Dashboard', '/home'],
      ['Orders', '/orders'],
      ['Shipments', '/shipments'],
      ['Products', '/products'],
    ]);
    expect(screen.getByText('page body')).toBeTruthy();
  });

  it('shows warehouse staff the scanner but not the order links', () => {
    renderLayout({ user: user(warehouseStaff), orgAuth: orgAuth(warehouseStaff) });
    expect(navLinks('Main navigation')).toEqual([
      ['Dashboard', '/home'],
      ['Scanner', '/scanner'],
    ]);
  });

  it('decides on the role of the current organisation and adds the admin link for is_admin, in Dutch', () => {
    // The user's curr_role allows little; the role in force at the current organisation allows more.
    renderLayout(
      { user: user(warehouseStaff, { is_admin: true }), orgAuth: orgAuth(merchantOwner, { is_admin: true }) },
      'nl',
    );
    const links = navLinks('Hoofdnavigatie').map(([text]) => text);
    expect(links).toEqual([
      'Dashboard',
      'Orders',
      'Nieuwe order',
      'Zendingen',
      'Producten',
      'Scanner', // the owner's '/products*' grant covers GET /products/ean/*
      'Winkels',
      'Winkelinstellingen',
      'API-koppelingen',
      'Nieuwe winkel',
      'Beheer',
    ]);
  });

  it('marks the current page and shows the current organisation', () => {
    renderLayout({ user: user(merchantUser), orgAuth: orgAuth(merchantUser) });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByLabelText('Current organisation')[0]?.textContent).toBe('Bakkerij Bol');
  });
});

describe('MainLayout on a screen the role may not use (a typed or bookmarked address)', () => {
  it('shows a merchant user "not allowed" on an admin page and on the shop settings instead of the page', () => {
    for (const path of ['/admin/surcharge', '/settings/org']) {
      const view = renderLayout({ user: user(merchantUser), orgAuth: orgAuth(merchantUser) }, 'en', path);
      expect(screen.getByRole('heading', { name: 'Not allowed' })).toBeTruthy();
      expect(screen.queryByText('page body')).toBeNull();
      view.unmount();
    }
  });

  it('shows the page to a role that may use it, in Dutch the refusal too', () => {
    const owner = renderLayout(
      { user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) },
      'en',
      '/settings/org',
    );
    expect(screen.getByText('page body')).toBeTruthy();
    owner.unmount();
    renderLayout({ user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) }, 'nl', '/admin');
    expect(screen.getByRole('heading', { name: 'Geen toegang' })).toBeTruthy();
  });
});

describe('MainLayout account menu (spec 2 §2: name, e-mail, role, log out; its code loads on first use, ADR 0071)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the first click, before its code was fetched, and logs out', async () => {
    const calls: Call[] = [];
    stubPageRequest();
    vi.stubGlobal('fetch', fakeApi({ 'GET /api/logout': { ok: true } }, calls));
    const { router } = renderRoutes(
      [
        { element: <MainLayout />, children: [{ path: '*', element: <p>page body</p> }] },
        { path: '/login', element: <p>login page</p> },
      ],
      { path: '/orders', session: { user: user(merchantUser), orgAuth: orgAuth(merchantUser) } },
    );
    // The first paint has the button only: no menu, its items not in the document.
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const logout = await screen.findByRole('menuitem', { name: 'Log out' });
    expect(screen.getByText(user(merchantUser).email)).toBeTruthy();
    fireEvent.click(logout);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /api/logout');
  });

  it('keeps the focus on the button when its code arrives after the focus reached it', async () => {
    renderLayout({ user: user(merchantUser), orgAuth: orgAuth(merchantUser) });
    const placeholder = screen.getByRole('button', { name: 'Account menu' });
    placeholder.focus();
    fireEvent.focus(placeholder);
    // The menu's own button replaces the placeholder (it carries the menu's aria-controls once mounted).
    const button = await screen.findByRole('button', { name: 'Account menu', expanded: false });
    await vi.waitFor(() => expect(button.getAttribute('aria-haspopup')).toBe('menu'));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Account menu' })).not.toBe(placeholder),
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
