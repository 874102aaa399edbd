// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTER_BASENAME } from '../../app/api.ts';
import { startSessionCheck } from '../../app/session.tsx';
import { outboxSender } from '../../app/sync.ts';
import { floorDb } from '../../offline/db.ts';
import { browser } from '../../test/dom-setup.ts';
import { pickItem } from '../../test/fixtures.ts';
import { clearFloorDb, pickListPage, pickListServer, renderFloor } from '../../test/render.tsx';
import { sendFirstPickPage } from './pick-first-page.ts';
import { firstPickPageSent } from './pick-first-sent.ts';

afterEach(() => {
  cleanup();
  outboxSender().stop();
  browser.reset();
});

describe('the pick screen’s light start on a fresh device (ADR 0086)', () => {
  it('shows the first card, then the screen takes over with the card on screen throughout, and the list is stored', async () => {
    await clearFloorDb();
    const items = [
      pickItem({ rack: 'E-01-01', ean: '8712100486517', lines: [1] }),
      pickItem({ rack: 'E-01-02', ean: '8712100486524', lines: [1] }),
    ];
    const asked = pickListServer(() => pickListPage(items));
    // As main.tsx does on a fresh device: the session check and the list's first page before the first render.
    startSessionCheck();
    sendFirstPickPage(`${ROUTER_BASENAME}/pick`);
    expect(firstPickPageSent()).toBe(true);

    // Every removal of the card's location from the page is recorded, from the card's first showing on.
    let removals = 0;
    const watch = new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.removedNodes)
          if (
            node instanceof Element &&
            (node.matches('[data-testid="pick-location"]') ||
              node.querySelector('[data-testid="pick-location"]')) &&
            !document.querySelector('[data-testid="pick-location"]')
          )
            removals++;
    });
    renderFloor('/pick', { lang: 'nl' });
    expect((await screen.findByTestId('pick-location')).textContent).toBe('E-01-01');
    watch.observe(document.body, { childList: true, subtree: true });

    // The screen takes over: the list is stored and its first pick can be scanned (the problem button shows only
    // for a stored pick, never for the read-only card).
    await waitFor(async () => expect(await floorDb().picks.count()).toBe(2));
    expect(await screen.findByTestId('pick-problem')).toBeTruthy();
    expect(screen.getByTestId('pick-location').textContent).toBe('E-01-01');
    watch.disconnect();
    // No frame without the card when the screen replaced the light start (it starts from the card shown).
    expect(removals).toBe(0);
    // The first page sent beside the session check was used: one request for the list (the rest came with it).
    expect(asked).toHaveLength(1);
  });
});
