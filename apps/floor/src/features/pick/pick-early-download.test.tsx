// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSessionCopy } from '../../app/session-copy.ts';
import { outboxSender } from '../../app/sync.ts';
import { browser } from '../../test/dom-setup.ts';
import { pickItem } from '../../test/fixtures.ts';
import { clearFloorDb, currentUser, pickListPage, pickListServer, renderFloor } from '../../test/render.tsx';
import { startEarlyPickDownload } from './pick-early.ts';

afterEach(() => {
  cleanup();
  outboxSender().stop();
  browser.reset();
});

describe("a fresh device's first pick list download (ADR 0072)", () => {
  it('leaves before the screen renders, and the screen takes it instead of downloading again', async () => {
    await clearFloorDb();
    writeSessionCopy(currentUser('picker'));
    const item = pickItem({ rack: 'B-12-03', ean: '8712100486517', lines: [2] });
    const asked = pickListServer(() => pickListPage([item]));

    startEarlyPickDownload();
    // Nothing rendered yet: the download is already on its way.
    await waitFor(() => expect(asked).toHaveLength(1));

    renderFloor('/pick', { lang: 'nl' });
    expect((await screen.findByTestId('pick-location')).textContent).toBe('B-12-03');
    await waitFor(() => expect(screen.getByTestId('pick-card').dataset.pickId).toBe(item.id));
    expect(asked).toHaveLength(1);
  });
});
