import type { OpenOrderLine } from '@hoppa/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openLine, openOrder } from '../../../test/open-orders.ts';
import { renderUi } from '../../../test/render.tsx';
import { ShipConfirmModal } from './ship-confirm-modal.tsx';

const SCANNED = '8710100121919';
const CRUESLI = '8710100121926';

const line = (n: number, ean: string, over: Partial<OpenOrderLine> = {}) =>
  openLine(n, ean, { pick_location: null, ...over });
const order = (products: OpenOrderLine[]) =>
  openOrder(1, 'SW-1017', products, {
    org_name: 'Stroopwafel & Co',
    shipmentDetails: { firstName: 'Jan', surname: 'Jansen', countryCode: 'NL' },
  });

describe('ShipConfirmModal (spec 1 §4 Open orders screen barcode scan)', () => {
  it('lists every line of a multi-line order to pack, the scanned one marked, in Dutch', () => {
    const o = order([
      line(1, SCANNED, { title: 'Stroopwafels' }),
      line(2, CRUESLI, { title: 'Cruesli Fruta', quantity: 2, pack_note: 'Rechtop in de doos' }),
      line(3, '8712345678906', { title: 'Geannuleerd', cancellationRequest: true, cancelled: true }),
    ]);
    const onConfirm = vi.fn();
    renderUi(
      <ShipConfirmModal
        state={{ order: o, ean: SCANNED, quantity: 1, packNote: null, otherLines: 1 }}
        shipping={false}
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
      { lang: 'nl' },
    );
    const dialog = screen.getByRole('dialog', { name: 'Order SW-1017 verzenden?' });
    expect(within(dialog).getByText('Deze order heeft meer producten')).toBeTruthy();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByText(/Stroopwafels|Cruesli Fruta/).textContent)).toEqual([
      'Stroopwafels',
      'Cruesli Fruta',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Gescand')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('Gescand')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText(CRUESLI)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('2')).toBeTruthy();
    expect(within(dialog).queryByText('Geannuleerd')).toBeNull();
    // Every line's pack note, not only the scanned product's.
    expect(within(dialog).getByText('Rechtop in de doos')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Alles ingepakt, verzenden' })).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/\b(u|uw)\b/i);
  });

  it('shows a single-line order as before: its product, quantity and note, and Ship', () => {
    const o = order([line(1, SCANNED, { title: 'Stroopwafels', quantity: 2 })]);
    renderUi(
      <ShipConfirmModal
        state={{ order: o, ean: SCANNED, quantity: 2, packNote: null, otherLines: 0 }}
        shipping={false}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Ship order SW-1017?' });
    expect(within(dialog).queryByText('This order has more products')).toBeNull();
    expect(within(dialog).queryByText('Scanned')).toBeNull();
    expect(within(dialog).getByText('Put 2 pieces in the box.')).toBeTruthy();
    expect(within(dialog).getByText('No pack note')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Ship' })).toBeTruthy();
  });
});
