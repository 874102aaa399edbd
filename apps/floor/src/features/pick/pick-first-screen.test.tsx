// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTER_BASENAME } from '../../app/api.ts';
import { holdOutboxLoad } from '../../app/outbox-status.ts';
import { startSessionCheck } from '../../app/session.tsx';
import { outboxSender } from '../../app/sync.ts';
import { theme } from '../../app/theme.ts';
import { floorDb } from '../../offline/db.ts';
import { browser } from '../../test/dom-setup.ts';
import { pickItem } from '../../test/fixtures.ts';
import {
  clearFloorDb,
  holdFirstDbOpen,
  pickListPage,
  pickListServer,
  renderFloor,
} from '../../test/render.tsx';
import { defaultPickFilter } from './pick.rules.ts';
import { FirstCardFrame } from './pick-first.screen.tsx';
import { firstCardSettled, sendFirstPickPage } from './pick-first-page.ts';

afterEach(() => {
  cleanup();
  outboxSender().stop();
  browser.reset();
});

describe("a fresh device's first card without IndexedDB (ADR 0136)", () => {
  it('shows the sent page’s first pick, holds the outbox until it is on screen, then the screen stores the list', async () => {
    await clearFloorDb();
    const item = pickItem({ rack: 'E-02-05', ean: '8712100486517', lines: [1] });
    const asked = pickListServer(() => pickListPage([item]));
    // IndexedDB's first open held until `release`, as a slow first open on a phone.
    const { release, restore } = holdFirstDbOpen();
    const db = floorDb();
    try {
      // As main.tsx does on a fresh device's pick start.
      startSessionCheck();
      sendFirstPickPage(`${ROUTER_BASENAME}/pick`);
      const settled = firstCardSettled();
      expect(settled).not.toBeNull();
      holdOutboxLoad(settled as Promise<void>);
      // What is on screen when the outbox's file may load.
      const onScreenAtRelease = (settled as Promise<void>).then(
        () => document.querySelector('[data-testid="pick-location"]')?.textContent ?? 'no card',
      );

      renderFloor('/pick', { lang: 'nl' });
      expect((await screen.findByTestId('pick-location')).textContent).toBe('E-02-05');
      expect(await onScreenAtRelease).toBe('E-02-05');

      release();
      await waitFor(async () => expect(await db.picks.count()).toBe(1));
      // The pick screen took over with the stored pick (scannable), and took the page sent beside the session check.
      await waitFor(() => expect(screen.getByTestId('pick-card').dataset.pickId).toBe(item.id));
      expect(screen.getByTestId('pick-location').textContent).toBe('E-02-05');
      expect(asked).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it('answers a scan made before the pick screen took over: not counted, scan again (nothing is silently lost)', () => {
    const item = pickItem({ rack: 'E-02-05', ean: '8712100486517', lines: [1] });
    const card = {
      record: { id: item.id, seq: 0, item, status: 'open' as const, pickedAt: null, scanned: null },
      count: 1,
      at: Date.now(),
    };
    render(
      <MantineProvider theme={theme} forceColorScheme="light">
        <FirstCardFrame card={card} filter={defaultPickFilter()} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('scan-feedback').dataset.kind).toBe('none');
    const input = screen.getByTestId('scan-input');
    fireEvent.input(input, { target: { value: '8712100486517' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('scan-feedback').dataset.kind).toBe('wrong');
    expect(screen.getByTestId('scan-feedback').textContent).toBe(
      'Nog niet geteld: de pick laadt nog. Scan 8712100486517 zo opnieuw.',
    );
  });
});
