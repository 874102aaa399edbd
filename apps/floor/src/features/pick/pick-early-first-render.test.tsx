// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider, startSessionCheck } from '../../app/session.tsx';
import { outboxSender } from '../../app/sync.ts';
import { browser } from '../../test/dom-setup.ts';
import { pickItem } from '../../test/fixtures.ts';
import { clearFloorDb, pickListPage, pickListServer } from '../../test/render.tsx';
import { earlyFirstPage, startEarlyPickDownload } from './pick-early.ts';
import { usePickList } from './use-pick-list.ts';

afterEach(() => {
  cleanup();
  outboxSender().stop();
  browser.reset();
});

describe("the early download's first pick (ADR 0078)", () => {
  it("is in the pick list's first render when its page came before the screen", async () => {
    await clearFloorDb();
    const item = pickItem({ rack: 'E-01-05', ean: '8712100486517', lines: [1] });
    pickListServer(() => pickListPage([item]));
    startSessionCheck();
    startEarlyPickDownload();
    await earlyFirstPage();

    const previews: (string | null)[] = [];
    // The pick list as the screen uses it: its first load takes the early download and stores the list.
    function Probe() {
      const { preview, firstLoad, refresh } = usePickList();
      previews.push(preview?.item.rack ?? null);
      useEffect(() => firstLoad((f) => void refresh(f)), [firstLoad, refresh]);
      return null;
    }
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(previews[0]).toBe('E-01-05');
    // It stays until the list is stored, then the stored pick takes its place.
    await waitFor(() => expect(previews.at(-1)).toBeNull());
  });
});
