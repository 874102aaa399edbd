import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantOwner, merchantUser, orgAuth, user, warehouseStaff } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { MainLayout } from './main-layout.tsx';

type Session = NonNullable<Parameters<typeof renderRoutes>[1]>['session'];

function renderLayout(session: Session, lang: 'en' | 'nl' = 'en') {
  return renderRoutes([{ element: <MainLayout />, children: [{ path: '*', element: <p>page body</p> }] }], {
    path: '/orders',
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
