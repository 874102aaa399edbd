import type { ShipmentListItem } from '@hoppa/core';
import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { renderRoutes, renderUi } from '../../test/render.tsx';
import { ShipmentsPage, shipmentColumns } from './shipments-page.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const STATUS = 'Zending is gesorteerd in het sorteercentrum en wordt morgen bezorgd (SORTED)';

const ROW = {
  id: hex(1),
  order_id: 'BB-1006',
  platform: 'import',
  org_name: 'Bakkerij Bol',
  latest_status: { code: 'J01', status: 'sorted', description: STATUS, at: '2026-11-30T21:11:00.000Z' },
  products: [1, 2, 3, 4, 5].map((n) => ({
    product_id: hex(10 + n),
    ean: `870000000000${n}`,
    title: `Product ${n}`,
    quantity: 1,
    img_url: null,
  })),
} as unknown as ShipmentListItem;

function Cells({ ids, row = ROW }: { ids: string[]; row?: ShipmentListItem }) {
  const { t } = useTranslation('shipments');
  const columns = shipmentColumns(t).filter((c) => ids.includes(c.id));
  return (
    <div>
      {columns.map((c) => (
        <div key={c.id} data-testid={c.id}>
          {c.cell(row)}
        </div>
      ))}
    </div>
  );
}

describe('shipments table cells (spec 1 §2 Shipments)', () => {
  it("shows a carrier's own words whole and on hover with the time, for a status the portal has no words for", async () => {
    const unknown = {
      ...ROW,
      latest_status: { ...ROW.latest_status, code: 'P01', status: null },
    } as ShipmentListItem;
    renderUi(<Cells ids={['status']} row={unknown} />, { lang: 'nl' });
    const status = await screen.findByText(STATUS);
    expect(status.getAttribute('title')).toBe(`${STATUS} (30-11-2026 22:11)`);
    expect(status.hasAttribute('data-line-clamp')).toBe(false);
  });

  it('shows the status in the UI language: Dutch in a Dutch UI, English in an English one (ADR 0118)', async () => {
    const nl = renderUi(<Cells ids={['status']} />, { lang: 'nl' });
    expect((await screen.findByText('Gesorteerd')).closest('[title]')?.getAttribute('title')).toBe(
      'Zending is gesorteerd (30-11-2026 22:11)',
    );
    nl.unmount();
    renderUi(<Cells ids={['status']} />, { lang: 'en' });
    expect(await screen.findByText('Sorted')).toBeTruthy();
    expect(screen.queryByText(STATUS)).toBeNull();
  });

  it('shows a known status as a short word that is not clamped, the whole sentence in the hover text', async () => {
    const labelled = {
      ...ROW,
      latest_status: {
        code: 'A01',
        status: 'label_created',
        description: 'Pre-notified',
        at: ROW.latest_status?.at,
      },
    } as ShipmentListItem;
    const nl = renderUi(<Cells ids={['status']} row={labelled} />, { lang: 'nl' });
    const cell = await screen.findByTestId('shipment-status');
    expect(cell.textContent).toBe('Label aangemaakt');
    expect(cell.getAttribute('title')).toBe(
      'Label aangemaakt; pakket nog niet door de vervoerder ontvangen (30-11-2026 22:11)',
    );
    expect(cell.hasAttribute('data-line-clamp')).toBe(false);
    nl.unmount();
    renderUi(<Cells ids={['status']} row={labelled} />, { lang: 'en' });
    expect((await screen.findByTestId('shipment-status')).textContent).toBe('Label created');
  });

  it('shows three product pictures and counts the rest, so the table fits its box at 1366 px', async () => {
    renderUi(<Cells ids={['products']} />);
    expect(await screen.findByText('+2')).toBeTruthy();
    expect(screen.getByTestId('products').querySelectorAll('.mantine-Avatar-root')).toHaveLength(3);
  });
});

describe('shipments search (spec 1 §5 Shipments search)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says it finds a recipient by surname, which is what it searches (a first name finds nothing)', async () => {
    vi.stubGlobal('fetch', fakeApi({}));
    const owner = role('merchant_owner', [{ methods: ['*'], path: '/*' }]);
    renderRoutes([{ path: '/shipments', element: <ShipmentsPage /> }], {
      path: '/shipments',
      lang: 'nl',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    const search = (await screen.findByPlaceholderText(/^Ordernummer/)) as HTMLInputElement;
    expect(search.placeholder).toMatch(/achternaam/);
  });
});
