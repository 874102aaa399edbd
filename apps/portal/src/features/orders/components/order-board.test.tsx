import type { OpenOrders, Order } from '@hoppa/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render.tsx';
import { BOARD_FIRST_CARDS } from '../open-orders.rules.ts';
import { OrderBoard } from './order-board.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
type Group = OpenOrders['groups'][number];

/** `sizes` groups of that many orders each (only the fields the board reads are filled). */
function groups(sizes: number[]): Group[] {
  let n = 0;
  return sizes.map((size, g) => ({
    location: { id: hex(500 + g), name: `A-${g}` },
    count: size,
    orders: Array.from({ length: size }, () => {
      n += 1;
      return { id: hex(n), orderId: `ORD-${n}`, products: [] } as unknown as Order;
    }),
  }));
}

describe('OrderBoard slices (issue 8, ADR 0071)', () => {
  it('commits the first cards of the walking order first and the rest in later tasks, all in the end', async () => {
    const board = groups([3, 1, 6, 10, 4]);
    renderUi(<OrderBoard groups={board} renderCard={(o) => <article key={o.id} aria-label={o.orderId} />} />);
    // The first commit: the first BOARD_FIRST_CARDS cards, in walking order, and only the groups they are in.
    const first = screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(first).toEqual(Array.from({ length: BOARD_FIRST_CARDS }, (_, i) => `ORD-${i + 1}`));
    expect(screen.queryByRole('region', { name: 'VAK A-3' })).toBeNull();
    // Then the rest, in later tasks.
    await screen.findByRole('article', { name: 'ORD-24' });
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      'VAK A-0',
      'VAK A-1',
      'VAK A-2',
      'VAK A-3',
      'VAK A-4',
    ]);
  });
});
