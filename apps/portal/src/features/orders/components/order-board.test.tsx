import type { OpenOrder, OpenOrders } from '@hoppa/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render.tsx';
import {
  BOARD_AHEAD_SCREENS,
  BOARD_FIRST_ROWS,
  BOARD_SLICE_CARDS,
  boardColumns,
  boardFirstCards,
} from '../open-orders.rules.ts';
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
      return { id: hex(n), orderId: `ORD-${n}`, products: [] } as unknown as OpenOrder;
    }),
  }));
}

describe('OrderBoard slices (issue 8, ADR 0071)', () => {
  it('commits the first cards of the walking order first and the rest in later tasks, all in the end', async () => {
    const board = groups([3, 1, 6, 10, 4]);
    renderUi(<OrderBoard groups={board} renderCard={(o) => <article key={o.id} aria-label={o.orderId} />} />);
    // The first commit: the first row(s) of cards (jsdom lays nothing out: one column), in walking order, and only
    // the groups they are in.
    const first = screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(first).toEqual(Array.from({ length: BOARD_FIRST_ROWS }, (_, i) => `ORD-${i + 1}`));
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

/**
 * A screen the test scrolls: every element's box starts 500 px further down per rendered card (so the board's end
 * marker sits below its cards) less what has been scrolled, and is 1200 px wide (three columns).
 */
function fakeScreen() {
  const state = { scrolled: 0 };
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(
    () =>
      ({ width: 1200, top: document.querySelectorAll('article').length * 500 - state.scrolled }) as DOMRect,
  );
  return {
    scrollTo(px: number) {
      state.scrolled = px;
      fireEvent.scroll(document);
    },
  };
}

/** Lets the board's frames and timeouts run (a slice it would add, it has added by then). */
const settle = () => act(() => new Promise((r) => setTimeout(r, 150)));

describe('OrderBoard renders what is near the screen (issue 8, ADR 0109)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const cardsNow = () => screen.queryAllByRole('article').length;
  /** The first commit's cards on fakeScreen's 1200 px board: BOARD_FIRST_ROWS rows of three. */
  const FIRST = boardFirstCards(boardColumns(1200));
  const board = () => (
    <OrderBoard
      groups={groups([3, 1, 6, 10, 4])}
      renderCard={(o) => <article key={o.id} aria-label={o.orderId} />}
    />
  );

  it('stops after the cards that reach past the screen and renders more as the packer scrolls to them', async () => {
    const view = fakeScreen();
    renderUi(board());
    // The first slice (two rows of three) ends 6 × 500 px down, more than a screen below the screen: nothing more is rendered.
    expect(FIRST * 500).toBeGreaterThan(window.innerHeight * (1 + BOARD_AHEAD_SCREENS));
    await settle();
    expect(cardsNow()).toBe(FIRST);
    // Scrolled to the end of what is there: the next slice, and no more (its end is again far below).
    view.scrollTo(FIRST * 500);
    await waitFor(() => expect(cardsNow()).toBe(FIRST + BOARD_SLICE_CARDS));
    await settle();
    expect(cardsNow()).toBe(FIRST + BOARD_SLICE_CARDS);
    // Scrolled on to the end: the rest.
    view.scrollTo(24 * 500);
    await screen.findByRole('article', { name: 'ORD-24' });
    expect(cardsNow()).toBe(24);
  });

  it('renders the whole board for find in page (Ctrl+F), so the browser finds every order', async () => {
    fakeScreen();
    renderUi(board());
    await settle();
    expect(cardsNow()).toBe(FIRST);
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    await screen.findByRole('article', { name: 'ORD-24' });
    expect(cardsNow()).toBe(24);
  });

  it('renders the whole board before a print', async () => {
    fakeScreen();
    renderUi(board());
    await settle();
    expect(cardsNow()).toBe(FIRST);
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    // At once, not in a later task: the print is laid out right after the event.
    expect(cardsNow()).toBe(24);
  });
});
