// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../app/session.tsx';
import { outboxSender } from '../../app/sync.ts';
import { floorDb, getMeta } from '../../offline/db.ts';
import { browser } from '../../test/dom-setup.ts';
import { pickItem } from '../../test/fixtures.ts';
import { clearFloorDb, pickListPage, pickListServer } from '../../test/render.tsx';
import { defaultPickFilter } from './pick-filter.rules.ts';
import { usePickList } from './use-pick-list.ts';

afterEach(() => {
  outboxSender().stop();
  browser.reset();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter>
    <SessionProvider>{children}</SessionProvider>
  </MemoryRouter>
);

describe('the pick list’s first load (spec 2 §2 Pick screen)', () => {
  it('does not download the older filter after a filter was applied before the stored state was read', async () => {
    await clearFloorDb();
    // The filtered list's answer is held until the first load has had its say, as a slow network would.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    pickListServer(async (url) => {
      if (url.searchParams.get('order_id') !== 'CAM-1')
        return pickListPage([pickItem({ rack: 'A-01-01', ean: '8710532454746', lines: [1] })]);
      await held;
      return pickListPage([pickItem({ rack: 'C-01-01', ean: '8711427003704', lines: [1] })]);
    });
    const { result } = renderHook(() => usePickList(), { wrapper });
    // The picker applies an order-number filter at once: the stored state has not been read yet.
    const chosen = { ...defaultPickFilter(), orderId: 'CAM-1' };
    let applied: Promise<boolean> | undefined;
    act(() => {
      applied = result.current.refresh(chosen);
    });
    await waitFor(() => expect(result.current.listKnown).toBe(true));
    // The screen's first load (its effect runs once the stored state is known) has nothing left to decide.
    const firstDownload = vi.fn();
    act(() => result.current.firstLoad(firstDownload));
    expect(firstDownload).not.toHaveBeenCalled();
    release();
    expect(await applied).toBe(true);
    await waitFor(() => expect(result.current.pick?.item.ean).toBe('8711427003704'));
    expect((await getMeta(floorDb(), 'pickFilter'))?.orderId).toBe('CAM-1');
  });
});
