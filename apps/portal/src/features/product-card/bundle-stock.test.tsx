import type { ProductBundle, ProductLocations } from '@hoppa/core';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { productCard } from '../../test/product-card.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ProductCardPage } from './product-card-page.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const BUNDLE = hex(1);

const PARTS: ProductBundle['parts'] = [
  { product_id: hex(3), ean: '8712345678920', name: 'Mok wit', quantity: 1, stock: 13 },
  { product_id: hex(4), ean: '8712345678937', name: 'Thee rooibos', quantity: 2, stock: 31 },
];

/** A warehouse role that may add, move and delete locations of a product, read bundles and correct stock. */
const staff = role('warehouse_staff', [
  { methods: ['*'], path: '/locations/*' },
  { methods: ['GET'], path: '/product/*' },
  { methods: ['POST'], path: '/product/assign_location' },
  { methods: ['PUT'], path: '/product/switch_loc_position' },
  { methods: ['POST', 'DELETE'], path: '/product/transfer/*' },
]);

/**
 * The API of the demo's gift box: a bundle of two parts whose kept stock (13) is what the parts make, on no location
 * of its own (`is_bundle` in `GET /product/locations/{id}`); `bundle` false answers the same product as a plain one.
 */
function fakeApi(opts: { bundle: boolean; strayPlace?: boolean }) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(req.url).pathname;
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === `/api/product/${BUNDLE}`)
      return json(
        productCard({
          id: BUNDLE,
          name: 'Cadeaubox',
          ean: '8710000000017',
          bsku: null,
          fullfilled_bysf: false,
          sf_stock: 13,
          surcharge_ids: [],
          sold_30d: 0,
          daily_demand: 0,
          days_until_out_of_stock: null,
        }),
      );
    if (path === `/api/product/locations/${BUNDLE}`) {
      const places: ProductLocations = {
        product: {
          id: BUNDLE,
          org_id: hex(9),
          name: 'Cadeaubox',
          ean: '8710000000017',
          needs_recount: false,
          stock: 0,
          return_instruction: null,
          is_bundle: opts.bundle,
        },
        locations: opts.strayPlace
          ? [
              {
                id: hex(101),
                location: {
                  id: hex(201),
                  name: 'A-01-01',
                  parent_name: 'A-01',
                  type: 'half-box',
                  active: true,
                },
                stock: 2,
                active: true,
                to_transfer: false,
                transfer_quantity: null,
                position: 0,
              },
            ]
          : [],
      };
      return json(places);
    }
    if (path === `/api/product/bundle/${BUNDLE}`) {
      const bundle: ProductBundle = {
        product_id: BUNDLE,
        is_bundle: opts.bundle,
        description: null,
        parts: opts.bundle ? PARTS : [],
        stock: opts.bundle ? 13 : 0,
        part_of: [],
      };
      return json(bundle);
    }
    if (path === `/api/product/history_locations/${BUNDLE}`)
      return json({
        product: { id: BUNDLE, name: 'Cadeaubox', ean: '8710000000017' },
        mutations: [],
        next: null,
        locations: [],
      });
    return json({ statusCode: 404, code: 'not_found', message: path }, 404);
  });
}

beforeEach(() => stubPageRequest());
afterEach(() => vi.unstubAllGlobals());

const render = (lang: 'en' | 'nl') =>
  renderRoutes([{ path: '/products/:id', element: <ProductCardPage /> }], {
    path: `/products/${BUNDLE}`,
    lang,
    session: { user: user(staff), orgAuth: orgAuth(staff) },
  });

describe("a bundle's stock on the product card (QA sweep 2026-12-05; ADR 0049, 0142)", {
  timeout: 30_000,
}, () => {
  it('says its stock is what its parts make and lists the parts, instead of "on no location" and location actions', async () => {
    vi.stubGlobal('fetch', fakeApi({ bundle: true }));
    render('nl');
    const section = await screen.findByRole('region', { name: 'Voorraad uit onderdelen' });
    expect(screen.getByLabelText('Voorraad (uit onderdelen)').textContent).toBe('13');
    expect(within(section).getByTestId('bundle-stock-intro').textContent).toBe(
      'Dit is een bundel: die ligt zelf op geen locatie. De voorraad van 13 is het aantal hele bundels dat de onderdelen samen maken; de onderdelen liggen op hun eigen locaties.',
    );
    // Each part linked to its card (its locations), with pieces per bundle, stock and the bundles that makes.
    const parts = await within(section).findByRole('table', { name: 'Onderdelen van de bundel' });
    const mok = within(parts).getByRole('row', { name: 'Mok wit' });
    expect(within(mok).getByRole('link', { name: 'Mok wit' }).getAttribute('href')).toBe(
      `/products/${hex(3)}`,
    );
    expect([...mok.querySelectorAll('td')].slice(1).map((c) => c.textContent)).toEqual(['1', '13', '13']);
    const thee = within(parts).getByRole('row', { name: 'Thee rooibos' });
    expect([...thee.querySelectorAll('td')].slice(1).map((c) => c.textContent)).toEqual(['2', '31', '15']);
    // No location wording or actions of a product that lies on locations.
    expect(screen.queryByText('Dit product ligt nog op geen enkele locatie.')).toBeNull();
    expect(screen.queryByLabelText('Locatie toevoegen')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Locaties' })).toBeNull();
    expect(screen.queryByLabelText('Totale voorraad')).toBeNull();
    expect(within(section).queryByTestId('bundle-stray-places')).toBeNull();
  });

  it('shows a place the product kept from before it became a bundle, saying it counts for nothing, to clear it', async () => {
    vi.stubGlobal('fetch', fakeApi({ bundle: true, strayPlace: true }));
    render('en');
    const section = await screen.findByRole('region', { name: 'Stock from its parts' });
    expect(within(section).getByTestId('bundle-stray-places').textContent).toBe(
      'The bundle still has 1 location from before it became a bundle (below). Pieces there count for nothing: book them onto the parts, set the location to 0 and delete it.',
    );
    const places = await screen.findByRole('region', { name: 'Locations' });
    expect(within(places).getByRole('row', { name: 'A-01-01' })).toBeTruthy();
  });

  it('keeps the locations, with their add field, for a product that is no bundle', async () => {
    vi.stubGlobal('fetch', fakeApi({ bundle: false }));
    render('en');
    const section = await screen.findByRole('region', { name: 'Locations' });
    expect(within(section).getByText('This product lies on no location yet.')).toBeTruthy();
    expect(within(section).getByLabelText('Add a location')).toBeTruthy();
    expect(screen.getByLabelText('Total stock').textContent).toBe('13');
    expect(screen.queryByRole('region', { name: 'Stock from its parts' })).toBeNull();
  });
});
