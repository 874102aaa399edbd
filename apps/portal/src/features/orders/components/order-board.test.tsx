import type { OpenOrders, Order } from '@hoppa/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render.tsx';
import { FIRST_SLICE, OrderBoard } from './order-board.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const order = (n: number) => ({ id: hex(n), orderId: `SW-${n}`, products: [] }) as unknown as Order;

/** `groups` pick locations of `each` orders, numbered from 1 in list order. */
function board(groups: number, each: number): OpenOrders['groups'] {
  return Array.from({ length: groups }, (_, g) => {
    const orders = Array.from({ length: each }, (_, i) => order(g * each + i + 1));
    return { location: { id: hex(1000 + g), name: `A-${g}` }, count: each, orders } as OpenOrders['groups'][number];
  });
}

const renderCard = (o: Order) => <article key={o.id} aria-label={o.orderId} />;

describe('order board (spec 1 §2 Open orders list; ADR 0070 slices)', { timeout: 20_000 }, () => {
  it('renders the first cards at once and the rest in later tasks, in list order', async () => {
    renderUi(<OrderBoard groups={board(8, 5)} renderCard={renderCard} />);
    const first = await screen.findAllByRole('article');
    expect(first.length).toBe(FIRST_SLICE);
    expect(first.map((a) => a.getAttribute('aria-label'))).toEqual(
      Array.from({ length: FIRST_SLICE }, (_, i) => `SW-${i + 1}`),
    );
    // Groups past the slice are not rendered yet, the partly shown group is.
    expect(screen.queryByRole('region', { name: /A-7$/ })).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('article').length).toBe(40));
    expect(screen.getByRole('region', { name: /A-7$/ })).toBeTruthy();
  });

  it('renders a later, longer list whole once every card was shown', async () => {
    function Refreshing() {
      const [groups, setGroups] = useState(() => board(2, 3));
      return (
        <>
          <button type="button" onClick={() => setGroups(board(6, 6))}>
            refresh
          </button>
          <OrderBoard groups={groups} renderCard={renderCard} />
        </>
      );
    }
    renderUi(<Refreshing />);
    await waitFor(() => expect(screen.getAllByRole('article').length).toBe(6));
    // Let the board settle on "everything shown" before the longer list comes.
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.click(screen.getByRole('button', { name: 'refresh' }));
    expect(screen.getAllByRole('article').length).toBe(36);
  });
});
