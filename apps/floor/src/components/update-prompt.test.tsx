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
import { UpdateStrip } from './update-prompt.tsx';

/** One pick scan waiting in the outbox, as enqueuePick writes it. */
function queuedScan() {
  return floorDb().outbox.add({
    id: 'u1',
    pickId: 'p1',
    kind: 'pick.confirm',
    status: 'pending',
    createdAt: 1,
    attempts: 0,
    nextAttemptAt: 1,
  } as never);
}

function renderStrip(lang: 'nl' | 'en' = 'en') {
  initI18n(lang);
  return render(
    <MantineProvider theme={theme} forceColorScheme="light">
      <UpdateStrip />
    </MantineProvider>,
  );
}

beforeEach(clearFloorDb);
afterEach(() => {
  cleanup();
  // The shared count stops one tick after its last watcher; the next test starts from "unknown" (not this one's 0).
  resetPendingCountForTests();
});

describe('the update strip waits for the outbox count before it offers the update (applying it reloads)', () => {
  it('does not offer Update while it has not read the outbox, then says the queued scan is why it waits', async () => {
    await queuedScan();
    renderStrip();
    // Before IndexedDB answered: not "available, Update" with a scan queued.
    const update = screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    expect(screen.getByRole('region').textContent).toContain('checking the queue');
    await waitFor(() =>
      expect(screen.getByRole('region').textContent).toContain(
        'you can update once the changes have been sent',
      ),
    );
    expect(update.disabled).toBe(true);
    await floorDb().outbox.where('id').equals('u1').delete();
    await waitFor(() => expect(update.disabled).toBe(false));
    expect(screen.getByRole('region').textContent).toContain('A new version of the app is available.');
  });

  it('says in Dutch that it checks the queue', () => {
    renderStrip('nl');
    expect((screen.getByRole('button', { name: 'Bijwerken' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('region').textContent).toContain('wachtrij controleren');
  });
});
