import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { OrderFilters, type OrderFilterValues } from './components/order-filters.tsx';
import { useOpenOrdersFilters } from './use-open-orders-filters.ts';

const NO_SCAN = { selectedEan: null, pickedLocation: null };

/** The filter hook's state as text, and a button that makes the bar's changes `patch`, one after the other. */
function Probe({ patch }: { patch: Partial<OrderFilterValues> | Partial<OrderFilterValues>[] }) {
  const { filters, setFilters } = useOpenOrdersFilters(NO_SCAN);
  return (
    <>
      <output data-testid="state">{`${filters.until}|${filters.red}|${filters.packSize}|${filters.org}`}</output>
      <button
        type="button"
        onClick={() => {
          for (const p of Array.isArray(patch) ? patch : [patch]) setFilters(p);
        }}
      >
        change
      </button>
    </>
  );
}

describe('the open orders filters (spec 1 §2)', () => {
  it.each([
    {
      // A toggle right after a new period leaves the period.
      name: 'a change keeps what the URL holds now',
      path: '/orders?until=2026-11-30+23%3A59%3A00&pack=1',
      patch: { red: true },
    },
    {
      // react-router hands its functional update the params of the last render.
      name: 'two changes before the next render both stay',
      path: '/orders?pack=1',
      patch: [{ until: '2026-11-30 23:59:00' }, { red: true }],
    },
  ])('$name', async ({ path, patch }) => {
    const { router } = renderUi(<Probe patch={patch} />, { path });
    fireEvent.click(screen.getByRole('button', { name: 'change' }));
    await waitFor(() =>
      expect(screen.getByTestId('state').textContent).toBe('2026-11-30 23:59:00|true|1|null'),
    );
    expect(router.state.location.search).toBe('?until=2026-11-30+23%3A59%3A00&pack=1&red=true');
  });

  it('maps the bar’s names to the URL’s, and "every organisation" to none', async () => {
    const { router } = renderUi(<Probe patch={{ packSize: '2', org: null, locations: ['A-01', 'B-02'] }} />, {
      path: '/orders?org=0000000000000000000000aa&red=true',
    });
    fireEvent.click(screen.getByRole('button', { name: 'change' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pack=2&loc=A-01%2CB-02&red=true'));
  });

  it('the bar sends only the field that changed, whatever value it was last given', async () => {
    const onChange = vi.fn();
    // A stale value, as while the URL's new period is still rendering: it must not travel with the toggle.
    const stale: OrderFilterValues = {
      from: '2026-11-25 00:00:00',
      until: '2026-11-29 22:00:00',
      packSize: 'all',
      locations: [],
      methods: [],
      limit: 100,
      red: false,
      b2b: false,
      org: null,
    };
    renderUi(
      <OrderFilters value={stale} onChange={onChange} locationSuggestions={[]} methods={[]} orgs={[]} />,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Warning orders only' }));
    expect(onChange).toHaveBeenCalledWith({ red: true });
    fireEvent.click(screen.getByRole('switch', { name: 'B2B orders only' }));
    expect(onChange).toHaveBeenLastCalledWith({ b2b: true });
  });
});
