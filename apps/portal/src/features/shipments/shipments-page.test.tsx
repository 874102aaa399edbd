import type { ShipmentListItem } from '@hoppa/core';
import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { shipmentColumns } from './shipments-page.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const STATUS = 'Zending is gesorteerd in het sorteercentrum en wordt morgen bezorgd (SORTED)';

const ROW = {
  id: hex(1),
  order_id: 'BB-1006',
  platform: 'import',
  org_name: 'Bakkerij Bol',
  latest_status: { code: 'J01', description: STATUS, at: '2026-11-30T21:11:00.000Z' },
  products: [1, 2, 3, 4, 5].map((n) => ({
    product_id: hex(10 + n),
    ean: `870000000000${n}`,
    title: `Product ${n}`,
    quantity: 1,
    img_url: null,
  })),
} as unknown as ShipmentListItem;

function Cells({ ids }: { ids: string[] }) {
  const { t } = useTranslation('shipments');
  const columns = shipmentColumns(t).filter((c) => ids.includes(c.id));
  return (
    <div>
      {columns.map((c) => (
        <div key={c.id} data-testid={c.id}>
          {c.cell(ROW)}
        </div>
      ))}
    </div>
  );
}

describe('shipments table cells (spec 1 §2 Shipments)', () => {
  it('gives the whole status text on hover, not only its date (the cell clamps it to two lines)', async () => {
    renderUi(<Cells ids={['status']} />, { lang: 'nl' });
    const status = await screen.findByText(STATUS);
    expect(status.getAttribute('title')).toBe(`${STATUS} (30-11-2026 22:11)`);
  });

  it('shows three product pictures and counts the rest, so the table fits its box at 1366 px', async () => {
    renderUi(<Cells ids={['products']} />);
    expect(await screen.findByText('+2')).toBeTruthy();
    expect(screen.getByTestId('products').querySelectorAll('.mantine-Avatar-root')).toHaveLength(3);
  });
});
