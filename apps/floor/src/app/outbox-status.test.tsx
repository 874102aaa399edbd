// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie loads.
import '../test/dom-setup.ts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { floorDb } from '../offline/db.ts';
import { clearFloorDb } from '../test/render.tsx';
import {
  holdOutboxLoad,
  resetPendingCountForTests,
  startOutboxSync,
  usePendingCount,
} from './outbox-status.ts';
import { outboxSender } from './sync.ts';

function Count() {
  return <output data-testid="count">{usePendingCount()}</output>;
}

beforeEach(clearFloorDb);
afterEach(() => {
  cleanup();
  // The shared count stops one tick after its last watcher; the next test starts from "unknown" (not this one's 0).
  resetPendingCountForTests();
});

/** Counts the outbox sender's drains until `restore()` (call it in a `finally`). */
function countDrains(): { count: number; restore: () => void } {
  const sender = outboxSender();
  const drain = sender.drain.bind(sender);
  const counted = {
    count: 0,
    restore: () => {
      sender.drain = drain;
    },
  };
  sender.drain = (opts) => {
    counted.count++;
    return drain(opts);
  };
  return counted;
}

describe('outbox-status: the first file’s outbox hooks without Dexie (ADR 0082)', () => {
  it('counts the pending scans live once the outbox module has loaded, unknown (not 0) before', async () => {
    render(<Count />);
    expect(screen.getByTestId('count').textContent).toBe('');
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('0'));
    await floorDb().outbox.add({
      id: 'a1',
      pickId: 'p1',
      status: 'pending',
      createdAt: 1,
      attempts: 0,
      nextAttemptAt: 1,
    } as never);
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('1'));
    await floorDb().outbox.where('id').equals('a1').delete();
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('0'));
  });

  it('starts no sending when it is stopped before the outbox module has loaded', async () => {
    const drains = countDrains();
    try {
      startOutboxSync()();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(drains.count).toBe(0);
      const stop = startOutboxSync();
      await waitFor(() => expect(drains.count).toBe(1));
      stop();
    } finally {
      drains.restore();
    }
  });

  it('sends nothing and counts nothing while a fresh pick start holds the outbox, then both (ADR 0136)', async () => {
    const drains = countDrains();
    let release: () => void = () => undefined;
    holdOutboxLoad(new Promise<void>((resolve) => (release = resolve)));
    let stop: () => void = () => undefined;
    try {
      render(<Count />);
      stop = startOutboxSync();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(drains.count).toBe(0);
      expect(screen.getByTestId('count').textContent).toBe('');
      release();
      await waitFor(() => expect(drains.count).toBe(1));
      await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('0'));
    } finally {
      stop();
      release();
      drains.restore();
    }
  });
});
