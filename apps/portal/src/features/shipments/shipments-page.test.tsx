import type { ShipmentListItem } from '@hoppa/core';
import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
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

  it('greys out the period while a search looks through every shipped order, and says so (ADR 0142)', async () => {
    vi.stubGlobal('fetch', fakeApi({}));
    const owner = role('merchant_owner', [{ methods: ['*'], path: '/*' }]);
    renderRoutes([{ path: '/shipments', element: <ShipmentsPage /> }], {
      path: '/shipments?search=Jansen',
      lang: 'nl',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    expect(await screen.findByText('Zoekt in alle verzonden orders, los van de periode')).toBeTruthy();
    expect((screen.getByLabelText('Van') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Tot') as HTMLInputElement).disabled).toBe(true);
  });

  it("writes the delivery percentages in the reader's notation: 42.4% in English, 42,4% in Dutch (ADR 0142)", async () => {
    const perf = {
      start: '2026-11-29',
      end: '2026-12-06',
      total: 33,
      counts: { d_24h: 14, d_48h: 3, d_late: 2, on_the_way: 8, not_sorted: 6 },
      percentage_d_24h: 42.4,
      percentage_d_48H: 9.1,
      percentage_late: 6.1,
      percentage_on_the_way: 42.4,
      percentage_not_sorted: 18.2,
    };
    stubPageRequest();
    const rest = fakeApi({});
    vi.stubGlobal('fetch', (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      return new URL(url, 'http://localhost').pathname.startsWith('/api/orders/perform/')
        ? Response.json(perf)
        : rest(input, init);
    }) as typeof fetch);
    const owner = role('merchant_owner', [{ methods: ['*'], path: '/*' }]);
    const { unmount } = renderRoutes([{ path: '/shipments', element: <ShipmentsPage /> }], {
      path: '/shipments',
      lang: 'en',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    expect(await screen.findByText('42.4%', { selector: '[data-testid="perf-d24"] *' })).toBeTruthy();
    expect(screen.getByTestId('perf-late').textContent).toContain('6.1%');
    unmount();
    renderRoutes([{ path: '/shipments', element: <ShipmentsPage /> }], {
      path: '/shipments',
      lang: 'nl',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    expect(await screen.findByText('42,4%', { selector: '[data-testid="perf-d24"] *' })).toBeTruthy();
  });
});
