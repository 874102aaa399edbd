import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantOwner, orgAuth, role, user, warehouseStaff } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { buildRoutes } from './router.tsx';

describe('RouteGuard in the real route tree (spec 2 §2)', () => {
  it('shows the login page to an anonymous visitor of /home', async () => {
    const { router } = renderRoutes(buildRoutes(), { path: '/home', session: { user: null } });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/home' });
  });

  it('sends a user without an organisation to /orgs/add', async () => {
    const u = user(warehouseStaff);
    const { router } = renderRoutes(buildRoutes(), {
      path: '/home',
      session: { user: u, orgAuth: orgAuth(warehouseStaff, { org: null }) },
    });
    expect(await screen.findByRole('heading', { name: 'Create your shop' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/orgs/add');
  });

  it('sends a logged-in user from /login to the dashboard, greeted by first name', async () => {
    const session = { user: user(warehouseStaff), orgAuth: orgAuth(warehouseStaff) };
    const { router } = renderRoutes(buildRoutes(), { path: '/login', session });
    expect(await screen.findByRole('heading', { level: 1, name: /Anna$/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    // Warehouse staff may not GET /orders: no order count tiles, but the inbound tile.
    expect(screen.queryByText('Open orders today')).toBeNull();
    expect(screen.getByRole('link', { name: /Check something in/ }).getAttribute('href')).toBe(
      '/inbound/item',
    );
  });

  it('answers an unknown path inside the app with a not-found page and a planned one with a plain notice', async () => {
    const session = { user: user(warehouseStaff), orgAuth: orgAuth(warehouseStaff) };
    renderRoutes(buildRoutes(), { path: '/no-such-page', session });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('puts the settings pages inside the settings side navigation, none of them planned any more (issue 16)', async () => {
    // A shop owner as docs/roles.md grants: the shop, its users, the own account, the subscription, invoices.
    const owner = role('merchant_owner', [
      ...merchantOwner.grants,
      { methods: ['*'], path: '/users*' },
      { methods: ['GET', 'PUT'], path: '/current_user' },
      { methods: ['*'], path: '/subscriptions*' },
      { methods: ['GET'], path: '/current_subscr' },
      { methods: ['GET'], path: '/invoice/*' },
    ]);
    const session = { user: user(owner), orgAuth: orgAuth(owner) };
    renderRoutes(buildRoutes(), { path: '/settings/user', session, lang: 'nl' });
    const side = await screen.findByRole('navigation', { name: 'Instellingen' });
    const links = [...side.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(
      expect.arrayContaining(['/settings/org', '/settings/users', '/settings/user', '/settings/invoices']),
    );
    // The main menu names each of these pages as the settings menu does, and the page's heading too (ADR 0136).
    const main = screen.getByRole('navigation', { name: 'Hoofdnavigatie' });
    const named = [...side.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent]);
    const inMain = named.map(([href]) => [
      href,
      main.querySelector(`a[href="${href}"]`)?.textContent ?? null,
    ]);
    expect(inMain.filter(([, text]) => text !== null)).toEqual(
      named.filter(([href]) => main.querySelector(`a[href="${href}"]`)),
    );
    // … in the same order: side by side, the two lists of the same pages read alike.
    const mainOrder = [...main.querySelectorAll('a')]
      .map((a) => a.getAttribute('href'))
      .filter((href) => named.some(([h]) => h === href));
    expect(mainOrder).toEqual(named.map(([href]) => href ?? null).filter((href) => mainOrder.includes(href)));
    expect(named).toEqual(
      expect.arrayContaining([
        ['/settings/org', 'Winkelinstellingen'],
        ['/settings/user', 'Mijn account'],
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn account' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Nog niet beschikbaar' })).toBeNull();
  });
});
