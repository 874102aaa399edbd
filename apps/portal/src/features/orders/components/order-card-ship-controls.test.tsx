import type { OpenOrder, ShipmentMethod } from '@hoppa/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageRequest } from '../../../test/page-request.ts';
import { renderUi } from '../../../test/render.tsx';
import type { OrderPermissions } from '../use-order-permissions.ts';
import { OrderCardShipControls } from './order-card-ship-controls.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');

function method(
  n: number,
  code: string,
  name: string,
  carrier: string,
  product: string | null,
  country: string | null,
) {
  return {
    id: hex(500 + n),
    code,
    name,
    carrier,
    price: 5,
    price_cents: 500,
    country_code: country,
    product_code: product,
    active: true,
  } satisfies ShipmentMethod;
}

const METHODS: ShipmentMethod[] = [
  method(1, 'SMF-POSTNL-NL', 'PostNL pakket NL', 'postnl', '3085', 'NL'),
  method(2, 'SMF-STAMP2-NL', 'Postzegel 2 NL', 'stamp', null, 'NL'),
  method(3, 'SMF-STAMP1-INTL', 'Postzegel 1 internationaal', 'stamp', null, null),
  method(4, 'OWN-SHIPMENT', 'Eigen verzendwijze', 'own', null, null),
  method(5, 'PNL-6942', 'PostNL brievenbuspakje plus', 'postnl', '6942', null),
  method(6, 'SMF-POSTNL-INTL', 'PostNL pakket buiten de EU', 'postnl', '4945', null),
  method(7, 'LOCAL-NL', 'Lokale bezorging NL', 'local', null, 'NL'),
];

function order(selected: string | null, countryCode = 'NL'): OpenOrder {
  return {
    id: hex(1),
    orderId: 'BOL-1001',
    org: hex(9),
    org_name: 'Bakkerij Bol',
    platform: 'portal',
    status: 'open',
    orderPlacedDateTime: '2026-11-25T09:00:00.000Z',
    deliveryDateTime: null,
    shipmentDetails: { firstName: 'Jan', surname: 'Jansen', countryCode },
    notes_text: null,
    notes_color: null,
    notes_notify: false,
    selected_ship_option: selected,
    selected_packaging_option: null,
    label_quantity: 2,
    label: false,
    shipped: false,
    isFulfilledBySF: true,
    products: [],
  };
}

const PACKER: OrderPermissions = {
  ship: true,
  shipSingles: false,
  selectMethod: true,
  selectBox: true,
  labelQuantity: true,
  packingSlip: true,
  create: false,
  importOrders: false,
  pickList: false,
  returnsDesk: false,
  orderList: false,
  notes: false,
  edit: false,
  attachments: false,
  attach: false,
  acceptCancellation: false,
};

function renderControls(o: OpenOrder, onShip = vi.fn(), shipError: string | null = null) {
  renderUi(
    <OrderCardShipControls
      order={o}
      methods={METHODS}
      boxes={[]}
      shipping={false}
      shipError={shipError}
      onShip={onShip}
      allowed={PACKER}
    />,
  );
  return onShip;
}

describe('order card ship buttons per carrier (spec 1 §4 Shipping a card)', () => {
  beforeEach(() => {
    stubPageRequest();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers PostNL with its print frame and sends the chosen frame', () => {
    const onShip = renderControls(order('SMF-POSTNL-NL'));
    const frame = screen.getByLabelText('Print on') as HTMLSelectElement;
    expect([...frame.options].map((o) => o.text)).toEqual([
      'Label printer (A6)',
      'A4 sheet, frame 1',
      'A4 sheet, frame 2',
      'A4 sheet, frame 3',
      'A4 sheet, frame 4',
    ]);
    fireEvent.change(frame, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'PostNL label BOL-1001' }));
    expect(onShip).toHaveBeenCalledWith(expect.objectContaining({ id: hex(1) }), {
      methodCode: 'SMF-POSTNL-NL',
      boxId: null,
      labelQuantity: 2,
      printFrame: 3,
    });
  });

  it('gives a STAMP code the stamp button with its amount, and OWN-SHIPMENT Eigen verzendwijze', () => {
    renderControls(order('SMF-STAMP2-NL'));
    expect(screen.getByRole('button', { name: 'Stamp label (2 stamps) BOL-1001' })).toBeTruthy();
    expect(screen.queryByLabelText('Print on')).toBeNull();
    // Choosing another method changes the button.
    fireEvent.change(screen.getByLabelText('Shipment method'), { target: { value: 'OWN-SHIPMENT' } });
    const own = screen.getByRole('button', { name: 'Own shipment (Eigen verzendwijze) BOL-1001' });
    expect(own).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Shipment method'), { target: { value: 'LOCAL-NL' } });
    expect(screen.getByRole('button', { name: 'Ship BOL-1001' })).toBeTruthy();
  });

  it('leaves PostNL 6440/6942/6945 out of a foreign order’s choices', () => {
    renderControls(order(null, 'BE'));
    const options = [...(screen.getByLabelText('Shipment method') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    expect(options).toEqual(['', 'SMF-STAMP1-INTL', 'OWN-SHIPMENT', 'SMF-POSTNL-INTL']);
  });

  it('keeps 6942 for a Dutch order', () => {
    renderControls(order(null, 'NL'));
    const options = [...(screen.getByLabelText('Shipment method') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    expect(options).toContain('PNL-6942');
  });

  it("shows the carrier's refusal on the card", () => {
    renderControls(
      order('SMF-POSTNL-NL'),
      vi.fn(),
      'PostNL refused the label: No label available, Direct Infeed.',
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Not shipped')).toBeTruthy();
    expect(
      within(alert).getByText('PostNL refused the label: No label available, Direct Infeed.'),
    ).toBeTruthy();
  });
});
