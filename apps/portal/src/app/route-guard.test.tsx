import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantOwner, orgAuth, user, warehouseStaff } from '../test/fixtures.ts';
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

  it('tells plainly that a planned screen is not available yet, inside the settings side navigation', async () => {
    const session = { user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) };
    renderRoutes(buildRoutes(), { path: '/settings/users', session, lang: 'nl' });
    expect(await screen.findByRole('heading', { name: 'Nog niet beschikbaar' })).toBeTruthy();
    const side = screen.getByRole('navigation', { name: 'Instellingen' });
    expect(side.querySelector('a[href="/settings/org"]')?.textContent).toBe('Organisatie');
  });
});
