// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie loads.
import '../test/dom-setup.ts';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { floorDb } from '../offline/db.ts';
import { clearFloorDb } from '../test/render.tsx';
import { useRejectedRows } from './sync.ts';

afterEach(cleanup);

/** How many rows each render of {@link Probe} saw. */
const seen: number[] = [];
function Probe() {
  seen.push(useRejectedRows().length);
  return null;
}

describe('useRejectedRows (ADR 0078)', () => {
  it('renders once while nothing was refused, and again when a row is', async () => {
    await clearFloorDb();
    seen.length = 0;
    render(<Probe />);
    // IndexedDB's answer (no rows) is no change: no second render.
    await floorDb().outbox.count();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([0]);

    await floorDb().outbox.add({
      id: 'a1',
      pickId: 'p1',
      status: 'rejected',
      createdAt: 1,
      attempts: 1,
    } as never);
    await waitFor(() => expect(seen.at(-1)).toBe(1));
  });
});
