import type { Sale, SaleList } from '@hoppa/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { SalesPage } from './sales-page.tsx';

const admin = role('provider_admin', [{ methods: ['GET', 'PUT'], path: '/sales' }]);

const lead: Sale = {
  id: 'c'.repeat(24),
  name: 'Kaashandel Bos',
  address: 'Stationsweg 21, 2011 RT Haarlem',
  products: 42,
  delivery_time: '1-2 werkdagen',
  updated: '2026-12-01T10:00:00.000Z',
  contacted: false,
  contacted_at: null,
  contact_link: null,
  profile_link: 'https://marketplace.example/shop/bos',
};

beforeEach(() => {
  stubPageRequest();
  // The query's autosizing textarea listens for font loads; jsdom has no `document.fonts`.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('sales dashboard (spec 3 §2 Sales dashboard (beta))', { timeout: 30_000 }, () => {
  it("keeps 'contacted' ticked from the click until the list has the saved lead", async () => {
    // The admin journey (ADR 0133 §8): under load the box went back to unticked between the click and the mutation's
    // first render (the controlled checkbox follows the list until then), and again between the save and the reload.
    let contacted = false;
    let answerPut = () => {};
    const putHeld = new Promise<void>((resolve) => {
      answerPut = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req =
          input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        if (new URL(req.url).pathname === '/api/sales' && req.method === 'PUT') {
          await putHeld;
          contacted = true;
          return json({ ...lead, contacted, contacted_at: '2026-12-03T20:00:00.000Z' });
        }
        if (new URL(req.url).pathname === '/api/sales') {
          const page: SaleList = { items: [{ ...lead, contacted }], total: 1, skip: 0, limit: 50 };
          return json(page);
        }
        return new Response('{}', { status: 404 });
      }),
    );
    renderUi(<SalesPage />, { path: '/sales', session: { user: user(admin), orgAuth: orgAuth(admin) } });
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: /Kaashandel Bos/ });
    expect(box.checked).toBe(false);

    act(() => {
      fireEvent.click(box);
    });
    expect(box.checked).toBe(true);
    await act(async () => answerPut());
    await waitFor(() => expect(contacted).toBe(true));
    // The reloaded list draws the row anew: its box is ticked, and free again.
    await waitFor(() => {
      const after = screen.getByRole<HTMLInputElement>('checkbox', { name: /Kaashandel Bos/ });
      expect(after.disabled).toBe(false);
      expect(after.checked).toBe(true);
    });
  });
});
