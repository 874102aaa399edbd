// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie loads.
import '../test/dom-setup.ts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetPendingCountForTests } from '../app/outbox-status.ts';
import { theme } from '../app/theme.ts';
import { initI18n } from '../i18n/index.ts';
import { floorDb } from '../offline/db.ts';
import { clearFloorDb } from '../test/render.tsx';
import { StatusBar } from './status-bar.tsx';

beforeEach(clearFloorDb);
afterEach(() => {
  cleanup();
  // The shared count stops one tick after its last watcher; the next test starts from "unknown" (not this one's 0).
  resetPendingCountForTests();
});

describe('the status bar says what waits in the outbox only once it has read it', () => {
  it('says it checks the queue, not "Everything sent", until IndexedDB answered with the queued change', async () => {
    await floorDb().outbox.add({
      id: 's1',
      pickId: 'p1',
      kind: 'pick.confirm',
      status: 'pending',
      createdAt: 1,
      attempts: 0,
      nextAttemptAt: 1,
    } as never);
    initI18n('nl');
    render(
      <MantineProvider theme={theme} forceColorScheme="light">
        <StatusBar />
      </MantineProvider>,
    );
    const count = screen.getByTestId('outbox-count');
    expect(count.textContent).toBe('Wachtrij controleren…');
    expect(count.dataset.count).toBeUndefined();
    await waitFor(() => expect(count.textContent).toBe('1 te versturen'));
    expect(count.dataset.count).toBe('1');
  });
});
