// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSessionCheck } from '../../app/session.tsx';
import { outboxSender } from '../../app/sync.ts';
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
import { startEarlyPickDownload } from './pick-early.ts';

afterEach(() => {
  cleanup();
  outboxSender().stop();
  browser.reset();
});

describe("the early download's first pick on a fresh device (ADR 0078)", () => {
  it('shows before IndexedDB has opened, and the list is stored once it has', async () => {
    await clearFloorDb();
    const item = pickItem({ rack: 'D-07-02', ean: '8712100486517', lines: [1] });
    const asked = pickListServer(() => pickListPage([item]));
    // IndexedDB's first open (an upgrade on a fresh device) held until `release`: the live query cannot answer.
    const { release, restore } = holdFirstDbOpen();
    const db = floorDb();
    try {
      startSessionCheck();
      startEarlyPickDownload();
      renderFloor('/pick', { lang: 'nl' });
      expect((await screen.findByTestId('pick-location')).textContent).toBe('D-07-02');
      // IndexedDB has still not answered a read.
      const read = db.meta.count().then(() => 'answered');
      expect(await Promise.race([read, new Promise((r) => setTimeout(() => r('held'), 200))])).toBe('held');

      release();
      await waitFor(async () => expect(await db.picks.count()).toBe(1));
      await waitFor(() => expect(screen.getByTestId('pick-card').dataset.pickId).toBe(item.id));
      expect(asked).toHaveLength(1);
    } finally {
      restore();
    }
  });
});
