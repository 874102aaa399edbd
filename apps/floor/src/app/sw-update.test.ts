import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A service worker as the browser reports it: its state changes and a `statechange` event follows. */
class FakeWorker extends EventTarget {
  constructor(public state: ServiceWorkerState) {
    super();
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

const registration: { installing: FakeWorker | null; waiting: FakeWorker | null } = {
  installing: null,
  waiting: null,
};
const workboxListeners = new Map<string, () => void>();
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, fn: () => void) {
      workboxListeners.set(type, fn);
    }
    register() {
      return Promise.resolve(registration);
    }
  },
}));

describe('the floor finds a new version (issue 11 item 5: offered, applied once the scans are sent)', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv('PROD', true);
    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    registration.installing = null;
    registration.waiting = null;
    workboxListeners.clear();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('a version still installing when the app registers is offered once it is installed', async () => {
    const { registerServiceWorker, isUpdateWaiting } = await import('./sw-update.ts');
    const next = new FakeWorker('installing');
    registration.installing = next;
    await registerServiceWorker();
    expect(isUpdateWaiting()).toBe(false);
    registration.installing = null;
    registration.waiting = next;
    next.become('installed');
    expect(isUpdateWaiting()).toBe(true);
  });

  it('a version found after the app registered is offered through workbox-window', async () => {
    const { registerServiceWorker, isUpdateWaiting } = await import('./sw-update.ts');
    await registerServiceWorker();
    expect(isUpdateWaiting()).toBe(false);
    workboxListeners.get('waiting')?.();
    expect(isUpdateWaiting()).toBe(true);
  });

  it('the first install (no version controls the page yet) is not offered as an update', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    const { registerServiceWorker, isUpdateWaiting } = await import('./sw-update.ts');
    const first = new FakeWorker('installing');
    registration.installing = first;
    await registerServiceWorker();
    registration.installing = null;
    registration.waiting = first;
    first.become('installed');
    expect(isUpdateWaiting()).toBe(false);
  });

  it('an install that fails offers nothing', async () => {
    const { registerServiceWorker, isUpdateWaiting } = await import('./sw-update.ts');
    const next = new FakeWorker('installing');
    registration.installing = next;
    await registerServiceWorker();
    next.become('redundant');
    expect(isUpdateWaiting()).toBe(false);
  });
});
