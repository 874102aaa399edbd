import type { Return } from '@hoppa/core';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { merchantOwner, orgAuth, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { returnItem } from '../../test/returns.ts';
import { OrderReturns } from './order-returns.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');

const item = (n: number, title: string, over: Partial<Return['items'][number]>) =>
  returnItem({ id: hex(n), product_id: hex(100 + n), ean: `87100000000${n}`, title, ...over });

const RETURN: Return = {
  id: hex(1),
  return_number: 'R00000777',
  org_id: hex(2),
  org_name: 'Bakkerij Bol',
  order_id: hex(3),
  shop_order_id: 'BOL-9',
  platform: 'bol',
  tracking_number: '3SHOP777',
  carrier: 'local',
  reason: 'DAMAGED',
  customer_comments: null,
  registered_at: new Date().toISOString(),
  closed_at: new Date().toISOString(),
  items: [
    item(1, 'Aardbeienjam', {
      received_quantity: 2,
      product_state: 'good',
      fulfilled_at: new Date().toISOString(),
      quarantined: false,
    }),
    item(2, 'Koffiebekers', {
      received_quantity: 1,
      product_state: 'bad',
      return_action: 'RETURN_DOES_NOT_MEET_CONDITIONS',
      fulfilled_at: new Date().toISOString(),
      quarantined: true,
    }),
  ],
  images: [],
};

describe('the returns of an order on its detail (issue 12)', () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('shows each return with what the desk received, decided and where the pieces went', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      asked.push(url.pathname);
      return new Response(JSON.stringify({ status: 'found', returns: [RETURN] }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    renderUi(<OrderReturns orderNumber="BOL-9" />, {
      session: { user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) },
    });
    const section = await screen.findByRole('region', { name: 'Returns' });
    expect(asked).toEqual(['/api/returns/get/BOL-9']);
    expect(section.textContent).toContain('R00000777');
    expect(within(section).getByRole('row', { name: 'Aardbeienjam' }).textContent).toBe(
      'Aardbeienjam2 / 2GoodReturn receivedBack in stock',
    );
    expect(within(section).getByRole('row', { name: 'Koffiebekers' }).textContent).toBe(
      'Koffiebekers1 / 2BadDoes not meet the conditionsIn quarantine',
    );
  });

  it('names no action for a line the desk has not judged yet (nothing received is not "Return received")', async () => {
    const open: Return = { ...RETURN, closed_at: null, items: [item(3, 'Theedoek', {})] };
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ status: 'found', returns: [open] }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderUi(<OrderReturns orderNumber="BOL-9" />, {
      session: { user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) },
    });
    const section = await screen.findByRole('region', { name: 'Returns' });
    expect(within(section).getByRole('row', { name: 'Theedoek' }).textContent).toBe(
      'Theedoek– / 2–At the returns desk',
    );
  });

  it('shows a line judged in parts per part, where each went, and a line of which nothing came back as such', async () => {
    const at = new Date().toISOString();
    const part = {
      product_state: null,
      damaged_package: false,
      damaged_product: false,
      damaged_product_package: false,
      return_action: 'RETURN_RECEIVED' as const,
    };
    const split: Return = {
      ...RETURN,
      items: [
        item(1, 'Aardbeienjam', {
          received_quantity: 2,
          fulfilled_at: at,
          quarantined: true,
          restocked_quantity: 1,
          parts: [
            { ...part, quantity: 1, product_state: 'good' },
            { ...part, quantity: 1, product_state: 'bad', damaged_product: true },
          ],
        }),
        item(2, 'Koffiebekers', {
          received_quantity: 0,
          fulfilled_at: at,
          quarantined: false,
          restocked_quantity: 0,
        }),
      ],
    };
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ status: 'found', returns: [split] }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderUi(<OrderReturns orderNumber="BOL-9" />, {
      session: { user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) },
    });
    const section = await screen.findByRole('region', { name: 'Returns' });
    expect(within(section).getByRole('row', { name: 'Aardbeienjam' }).textContent).toBe(
      'Aardbeienjam2 / 21 Good · 1 Bad, product damagedReturn received1 back in stock · 1 in quarantine',
    );
    expect(within(section).getByRole('row', { name: 'Koffiebekers' }).textContent).toBe(
      'Koffiebekers0 / 2Return receivedNothing received',
    );
  });
});
