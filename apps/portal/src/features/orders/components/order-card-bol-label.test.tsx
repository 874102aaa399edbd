import type { BolShipOptions, OpenOrder } from '@hoppa/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageRequest } from '../../../test/page-request.ts';
import { renderUi } from '../../../test/render.tsx';
import { OrderCardBolLabel } from './order-card-bol-label.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const ORDER: OpenOrder = {
  id: hex(1),
  orderId: '1043946570',
  org: hex(9),
  org_name: 'Bakkerij Bol',
  platform: 'bol',
  status: 'open',
  orderPlacedDateTime: '2026-11-25T09:00:00.000Z',
  deliveryDateTime: null,
  shipmentDetails: { firstName: 'Hans', surname: 'de Grote', countryCode: 'NL' },
  notes_text: null,
  notes_color: null,
  notes_notify: false,
  selected_ship_option: null,
  selected_packaging_option: null,
  label_quantity: 1,
  label: false,
  shipped: false,
  isFulfilledBySF: false,
  products: [],
};

const option = (id: string, transporterCode: string, labelType: string, totalPrice: number) => ({
  shippingLabelOfferId: id,
  transporterCode,
  labelType,
  labelDisplayName: null,
  recommended: false,
  validUntilDate: '2026-11-27',
  labelPrice: { totalPrice },
  packageRestrictions: { maxWeight: '2 kg', maxDimensions: '38 x 26,5 x 3,2 cm' },
  handoverDetails: { latestHandoverDateTime: '2026-11-27T18:00:00+01:00', meetsCustomerExpectation: true },
});

const OPTIONS: BolShipOptions = {
  order__id: ORDER.id,
  order_id: ORDER.orderId,
  platform: 'bol',
  unavailable: null,
  orderItems: [{ orderItemId: '6042823871' }],
  options: [
    option('offer-brief', 'TNT_BRIEF', 'MAILBOX_LIGHT', 2.88),
    option('offer-mailbox', 'TNT', 'MAILBOX', 3.9),
  ],
  hidden: 1,
};

/** Stubs fetch: the options, and `ship` as the answer to POST /orders/ship/bol; records what was asked. */
function stubApi(ship: () => Response) {
  const asked: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const req = input instanceof Request ? input : new Request(input);
      const path = new URL(req.url).pathname;
      const text = req.method === 'POST' ? await req.text() : '';
      asked.push({ method: req.method, path, body: text ? JSON.parse(text) : null });
      if (path === `/api/orders/bol/ship_options/${ORDER.id}`) return Response.json(OPTIONS);
      return ship();
    }),
  );
  return asked;
}

describe('bol label options on the order card (spec 1 §3 Ship option, §4 marketplace label)', () => {
  beforeEach(() => {
    stubPageRequest();
    vi.stubGlobal('open', vi.fn());
    URL.createObjectURL = vi.fn(() => 'blob:label');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks bol only when opened, shows transporter, type, price, restrictions and handover, and ships the choice', async () => {
    const asked = stubApi(
      () =>
        new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          headers: {
            'content-type': 'application/pdf',
            'x-tracking-number': '3SBOL0000000001',
            'x-shipment-id': hex(5),
            'x-marketplace-confirmation': 'confirmed',
          },
        }),
    );
    renderUi(<OrderCardBolLabel order={ORDER} disabled={false} />);
    expect(asked).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'bol.com label options' }));
    const select = (await screen.findByRole('combobox', { name: 'bol.com label' })) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    expect(select.options[1]?.textContent).toBe(
      'TNT MAILBOX · € 3,90 · 2 kg, 38 x 26,5 x 3,2 cm · hand over by 27-11-2026 18:00',
    );
    fireEvent.change(select, { target: { value: 'offer-mailbox' } });
    fireEvent.click(screen.getByRole('button', { name: `Ship with bol label ${ORDER.orderId}` }));
    await waitFor(() => expect(window.open).toHaveBeenCalledWith('blob:label', '_blank', 'noopener'));
    expect(asked.at(-1)).toEqual({
      method: 'POST',
      path: '/api/orders/ship/bol',
      body: {
        order_id: ORDER.id,
        shippingLabelOfferId: 'offer-mailbox',
        orderItems: [{ orderItemId: '6042823871' }],
        org_id: ORDER.org,
      },
    });
  });

  it('keeps the order and names bol and its reason when bol refuses the label', async () => {
    stubApi(() =>
      Response.json(
        {
          statusCode: 502,
          code: 'outside_service',
          message: 'bol.com: the label purchase was refused: Order item 1 is already cancelled',
        },
        { status: 502 },
      ),
    );
    renderUi(<OrderCardBolLabel order={ORDER} disabled={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'bol.com label options' }));
    await screen.findByRole('combobox', { name: 'bol.com label' });
    const ship = screen.getByRole('button', { name: `Ship with bol label ${ORDER.orderId}` });
    await waitFor(() => expect((ship as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ship);
    expect(await screen.findByText('bol.com label not made; the order stays open')).toBeTruthy();
    expect(
      screen.getByText('bol.com: the label purchase was refused: Order item 1 is already cancelled'),
    ).toBeTruthy();
    expect(window.open).not.toHaveBeenCalled();
  });

  it('says in Dutch that bol.com no longer offers the chosen label (a coded 400, ADR 0127)', async () => {
    const message = `bol.com no longer offers label offer-brief for order ${ORDER.orderId}; fetch the options again`;
    stubApi(() =>
      Response.json(
        {
          statusCode: 400,
          code: 'bad_request',
          message,
          issues: [{ path: 'body', message, code: 'label_offer_gone', values: { order_id: ORDER.orderId } }],
        },
        { status: 400 },
      ),
    );
    renderUi(<OrderCardBolLabel order={ORDER} disabled={false} />, { lang: 'nl' });
    fireEvent.click(screen.getByRole('button', { name: 'bol.com-labelopties' }));
    await screen.findByRole('combobox', { name: 'bol.com-label' });
    const ship = screen.getByRole('button', { name: `Verzend met bol-label ${ORDER.orderId}` });
    await waitFor(() => expect((ship as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ship);
    expect(await screen.findByText('Geen bol.com-label gemaakt; de order blijft open')).toBeTruthy();
    expect(
      screen.getByText(
        `bol.com biedt dit label voor order ${ORDER.orderId} niet meer aan; haal de opties opnieuw op`,
      ),
    ).toBeTruthy();
  });
});
