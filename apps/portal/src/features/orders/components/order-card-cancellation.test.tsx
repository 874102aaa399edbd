import type { BolCancellationResult, OpenOrder, OpenOrderLine, ShipmentMethod } from '@hoppa/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hexId, openLine, openOrder } from '../../../test/open-orders.ts';
import { stubPageRequest } from '../../../test/page-request.ts';
import { renderUi } from '../../../test/render.tsx';
import type { OrderPermissions } from '../use-order-permissions.ts';
import { OrderCard } from './order-card.tsx';

const hex = hexId;

const METHOD: ShipmentMethod = {
  id: hex(501),
  code: 'LOCAL-NL',
  name: 'Lokale bezorging NL',
  carrier: 'local',
  price: 5,
  price_cents: 500,
  country_code: 'NL',
  product_code: null,
  active: true,
};

const line = (n: number, title: string, extra: Partial<OpenOrderLine> = {}) =>
  openLine(n, `87000300000${n}9`, {
    title,
    picked_quantity: 0,
    pick_location: { id: hex(300), name: 'A-01-1' },
    group_location: null,
    bundle: null,
    added_by_rule: false,
    ...extra,
  });
const bolOrder = (products: OpenOrderLine[]) =>
  openOrder(1, '1043965710', products, {
    platform: 'bol',
    orderPlacedDateTime: '2026-11-25T09:00:00.000Z',
    shipmentDetails: {
      firstName: 'Jan',
      surname: 'Jansen',
      countryCode: 'NL',
      zipCode: '3511AR',
      city: 'Utrecht',
    },
  });

const OWNER: OrderPermissions = {
  ship: true,
  shipSingles: false,
  selectMethod: true,
  selectBox: true,
  labelQuantity: true,
  packingSlip: false,
  create: false,
  importOrders: false,
  pickList: false,
  returnsDesk: false,
  orderList: false,
  notes: false,
  edit: false,
  attachments: false,
  attach: false,
  acceptCancellation: true,
};

function renderCard(order: OpenOrder, allowed = OWNER) {
  renderUi(
    <OrderCard
      order={order}
      methods={[METHOD]}
      boxes={[]}
      selectedEan={null}
      nextToShip={false}
      shipping={false}
      onShip={vi.fn()}
      onPackingSlip={vi.fn()}
      allowed={allowed}
    />,
    { lang: 'nl' },
  );
}

describe('an order card with a bol cancellation request (spec 1 §4; ADR 0128)', () => {
  let calls: { method: string; url: string }[];
  beforeEach(() => {
    stubPageRequest();
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        calls.push({ method: req.method, url: new URL(req.url).pathname });
        const answer: BolCancellationResult = {
          order_id: hex(1),
          orderId: '1043965710',
          orderItemIds: ['6107434013'],
          lines: [hex(102)],
          order_cancelled: false,
          returned: [{ ean: '8700030000029', title: 'Desembrood', location: 'A-01-1', quantity: 1 }],
        };
        return new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('dims the requested line, disables shipping with the reason, and accepts the request after a confirmation', async () => {
    renderCard(bolOrder([line(1, 'Aardbeienjam'), line(2, 'Desembrood', { cancellationRequest: true })]));
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => [r.getAttribute('aria-disabled'), r.style.opacity])).toEqual([
      [null, '1'],
      ['true', '0.45'],
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Annulering aangevraagd')).toBeTruthy();
    const notice = screen.getByTestId('cancellation-request');
    expect(notice.textContent).toContain(
      'Een regel heeft een annuleringsverzoek: deze order kan niet worden verzonden.',
    );
    expect(notice.textContent).toContain('bol.com kent geen weigering');
    expect((screen.getByRole('button', { name: /1043965710$/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(notice).getByRole('button', { name: 'Annulering accepteren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annulering van order 1043965710 accepteren?' });
    expect(within(dialog).getByText(/1 × Desembrood/)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulering accepteren' }));
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'POST', url: `/api/order/bol/cancellation/${hex(1)}` }]),
    );
    expect(await screen.findByText('Order 1043965710: 1 regel geannuleerd.')).toBeTruthy();
    expect(screen.getByText(/Leg 1 × Desembrood terug op A-01-1\./)).toBeTruthy();
  });

  it('shows a cancelled line as cancelled and lets the rest of the order ship', () => {
    renderCard(
      bolOrder([
        line(1, 'Aardbeienjam'),
        line(2, 'Desembrood', { cancellationRequest: true, cancelled: true }),
      ]),
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[1] as HTMLElement).getByText('Geannuleerd')).toBeTruthy();
    expect(screen.queryByTestId('cancellation-request')).toBeNull();
    expect((screen.getByRole('button', { name: /1043965710$/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers no accept button to a role that may not answer the request', () => {
    renderCard(bolOrder([line(1, 'Desembrood', { cancellationRequest: true })]), {
      ...OWNER,
      acceptCancellation: false,
    });
    expect(screen.getByTestId('cancellation-request')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annulering accepteren' })).toBeNull();
  });
});
