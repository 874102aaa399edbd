// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie loads.
import '../test/dom-setup.ts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { floorDb, setMeta } from '../offline/db.ts';
import { browser, json } from '../test/dom-setup.ts';
import { clearFloorDb, currentUser } from '../test/render.tsx';
import { SessionProvider, startSessionCheck, useSession } from './session.tsx';
import { readSessionCopy, writeSessionCopy } from './session-copy.ts';

function Status() {
  const { state } = useSession();
  return <output data-testid="status">{state.status}</output>;
}

/** Answers /current_user with `status` (the picker on 200) and counts the calls. */
function countingServer(status: 200 | 401): { calls: number } {
  const seen = { calls: 0 };
  browser.server = async (req) => {
    if (new URL(req.url).pathname !== '/api/current_user') return json(404, { code: 'not_found' });
    seen.calls++;
    return status === 200
      ? json(200, currentUser('picker'))
      : json(401, { statusCode: 401, code: 'unauthorized', message: 'You are not logged in' });
  };
  return seen;
}

/** The session provider with the status line the tests read. */
function renderStatus() {
  render(
    <SessionProvider>
      <Status />
    </SessionProvider>,
  );
}

beforeEach(clearFloorDb);
afterEach(() => {
  cleanup();
  browser.reset();
});

describe('session check started before the first render (ADR 0064)', () => {
  it('the provider takes the call main.tsx started instead of sending a second one', async () => {
    const seen = countingServer(200);
    startSessionCheck();
    renderStatus();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
    expect(seen.calls).toBe(1);
  });

  it('a 401 on the early call makes the session anonymous, as the provider’s own call does', async () => {
    const seen = countingServer(401);
    startSessionCheck();
    renderStatus();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous'));
    expect(seen.calls).toBe(1);
  });

  it('without an early call the provider asks the server itself', async () => {
    const seen = countingServer(200);
    renderStatus();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
    expect(seen.calls).toBe(1);
  });
});

describe("the device's copy of the session in localStorage (ADR 0072)", () => {
  it('the first render already shows the user of the copy, before the server answers', async () => {
    writeSessionCopy(currentUser('picker'));
    const pending: { answer?: (r: Response) => void } = {};
    browser.server = () =>
      new Promise<Response>((done) => {
        pending.answer = done;
      });
    renderStatus();
    // Synchronously after the render: no IndexedDB read or answer was waited for.
    expect(screen.getByTestId('status').textContent).toBe('authenticated');
    await waitFor(() => expect(pending.answer).toBeDefined());
    pending.answer?.(json(401, { statusCode: 401, code: 'unauthorized', message: 'You are not logged in' }));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous'));
    expect(readSessionCopy()).toBeNull();
  });

  it("keeps the server's answer as the copy", async () => {
    countingServer(200);
    renderStatus();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
    expect(readSessionCopy()?.email).toBe(currentUser('picker').email);
  });

  it('offline, a device whose older version kept the copy in IndexedDB still knows its user', async () => {
    await setMeta(floorDb(), 'session', currentUser('picker'));
    renderStatus(); // browser.server is offline
    expect(screen.getByTestId('status').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
    expect(readSessionCopy()?.email).toBe(currentUser('picker').email);
  });

  it('offline after a 401, an older copy in IndexedDB does not log the device back in', async () => {
    await setMeta(floorDb(), 'session', currentUser('picker'));
    writeSessionCopy(null);
    renderStatus(); // browser.server is offline
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous'));
  });
});
