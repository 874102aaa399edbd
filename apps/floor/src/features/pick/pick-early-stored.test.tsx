// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSessionCheck } from '../../app/session.tsx';
import { outboxSender } from '../../app/sync.ts';
import { floorDb } from '../../offline/db.ts';
import { browser } from '../../test/dom-setup.ts';
import { pickItem } from '../../test/fixtures.ts';
import { clearFloorDb, pickListPage, pickListServer, renderFloor } from '../../test/render.tsx';
import { defaultPickFilter } from './pick.rules.ts';
import { storePickList } from './pick-download.ts';
import { earlyFirstPage, startEarlyPickDownload } from './pick-early.ts';

afterEach(() => {
  cleanup();
  outboxSender().stop();
  browser.reset();
});

describe("the early download's first pick on a device whose IndexedDB kept a list (ADR 0078)", () => {
  it('goes when the stored list of the same filter is the screen’s', async () => {
    await clearFloorDb();
    // No session copy (cleared), but a list of the default filter stored, with nothing left to pick.
    await storePickList(floorDb(), [], defaultPickFilter(), Date.now());
    pickListServer(() => pickListPage([pickItem({ rack: 'F-02-01', ean: '8712100486517', lines: [1] })]));
    startSessionCheck();
    startEarlyPickDownload();
    expect((await earlyFirstPage())?.page.items).toHaveLength(1);

    renderFloor('/pick', { lang: 'nl' });
    expect(await screen.findByTestId('pick-empty')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('pick-location')).toBeNull();
  });
});
