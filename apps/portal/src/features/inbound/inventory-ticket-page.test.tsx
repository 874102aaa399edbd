import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { type Call, fakeApi, INBOUND_OWNER_GRANTS } from './inbound.test-data.ts';
import { InventoryTicketPage } from './inventory-ticket-page.tsx';

const owner = role('merchant_owner', INBOUND_OWNER_GRANTS);

describe('inventory ticket (spec 2 §2 /products/inventory_ticket)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('says how to send stock and downloads the tickets of every announced inbound as one PDF', async () => {
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'POST /api/inventory/pending_inventory_pdf': () =>
            new Response(new Uint8Array([37, 80, 68, 70]), {
              headers: { 'content-type': 'application/pdf' },
            }),
        },
        calls,
      ),
    );
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    URL.createObjectURL = vi.fn(() => 'blob:tickets');
    renderRoutes([{ path: '/products/inventory_ticket', element: <InventoryTicketPage /> }], {
      path: '/products/inventory_ticket',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    expect(await screen.findByRole('heading', { name: 'Send your products to us' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download ticket' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:tickets'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/inventory/pending_inventory_pdf']);
  });

  it('is Dutch on a Dutch screen: the heading and the button were the spec’s English quotes in the nl texts', async () => {
    vi.stubGlobal('fetch', fakeApi({}, []));
    renderRoutes([{ path: '/products/inventory_ticket', element: <InventoryTicketPage /> }], {
      path: '/products/inventory_ticket',
      lang: 'nl',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    expect(await screen.findByRole('heading', { name: 'Producten naar ons sturen' })).toBeTruthy();
    expect(screen.queryByText('Send your products to us')).toBeNull();
    expect(screen.getByRole('button', { name: 'Voorraadbon downloaden' })).toBeTruthy();
  });
});
