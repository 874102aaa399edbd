import type { OpenOrder } from '@hoppa/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageRequest } from '../../../test/page-request.ts';
import { renderUi } from '../../../test/render.tsx';
import type { OrderPermissions } from '../use-order-permissions.ts';
import { OrderCardActions } from './order-card-actions.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const ORDER: OpenOrder = {
  id: hex(1),
  orderId: 'BOL-1001',
  org: hex(9),
  org_name: 'Bakkerij Bol',
  platform: 'portal',
  status: 'open',
  orderPlacedDateTime: '2026-11-25T09:00:00.000Z',
  deliveryDateTime: null,
  shipmentDetails: { firstName: 'Jan', surname: 'Jansen', countryCode: 'NL' },
  notes_text: null,
  notes_color: null,
  notes_notify: false,
  selected_ship_option: null,
  selected_packaging_option: null,
  label_quantity: 1,
  label: false,
  shipped: false,
  isFulfilledBySF: true,
  products: [],
};

const NONE: OrderPermissions = {
  ship: false,
  shipSingles: false,
  selectMethod: false,
  selectBox: false,
  labelQuantity: false,
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
  acceptCancellation: false,
};

describe('order card actions (spec 1 §2 Order card)', () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it("opens the order's attachments with the packer's instructions, for a role that may read them", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string) => {
        const req = input instanceof Request ? input : new Request(input);
        asked.push(new URL(req.url).pathname);
        return Response.json({
          items: [
            {
              id: hex(7),
              order_id: ORDER.id,
              filename: 'pakbon.pdf',
              size: 2048,
              instruction: 'Pakbon bovenop in de doos',
              created_at: '2026-11-25T09:00:00.000Z',
            },
          ],
          total: 1,
          skip: 0,
          limit: 20,
        });
      }),
    );
    renderUi(
      <OrderCardActions order={ORDER} allowed={{ ...NONE, attachments: true }} onPackingSlip={() => {}} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Attachments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attachments of order BOL-1001' });
    expect(await within(dialog).findByRole('link', { name: 'pakbon.pdf' })).toBeTruthy();
    expect(within(dialog).getByText('Pakbon bovenop in de doos')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(asked).toEqual([`/api/order_attachments/${ORDER.id}`]);
  });

  it('shows no attachments button to a role without the call', () => {
    renderUi(<OrderCardActions order={ORDER} allowed={NONE} onPackingSlip={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Attachments' })).toBeNull();
  });
});
