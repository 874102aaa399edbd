// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie loads.
import '../test/dom-setup.ts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, json } from '../test/dom-setup.ts';
import { clearFloorDb, currentUser } from '../test/render.tsx';
import { SessionProvider, startSessionCheck, useSession } from './session.tsx';

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
