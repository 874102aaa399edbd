/**
 * Browser APIs that jsdom lacks, stubbed at the boundary for the component tests (import this module
 * FIRST in a `// @vitest-environment jsdom` test: Dexie and canvas-confetti read the globals when they
 * load). Our own modules run unchanged on top of these:
 *
 * - IndexedDB: fake-indexeddb.
 * - `navigator.vibrate`, `window.speechSynthesis` / `SpeechSynthesisUtterance`: recording stubs, so a
 *   test can check what the picker would feel and hear. The media element's `play()` / `load()`
 *   (howler's HTML5 audio) do nothing: jsdom cannot play sound.
 * - `matchMedia`: answers 'reduced motion' (so the confetti does not animate on jsdom's canvas-less
 *   DOM) and no other media query; `ResizeObserver`: inert.
 * - `navigator.onLine` and the network: `browser.online` and `browser.server` decide; `Request`
 *   resolves relative URLs against the page as a browser does, so the app's `/api` client works.
 * - `Blob.prototype.arrayBuffer` (every browser has it, jsdom does not): read through jsdom's FileReader.
 */
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';
import { vi } from 'vitest';

// Shared, busy machines: let a slow render settle before a query gives up (testing-library's default is 1 s).
configure({ asyncUtilTimeout: 5000 });

if (typeof Blob !== 'undefined' && !Blob.prototype.arrayBuffer)
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob): Promise<ArrayBuffer> {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      // A copy in this realm's ArrayBuffer (jsdom's reader answers its own), as a browser's would be.
      reader.onload = () => resolve(Uint8Array.from(new Uint8Array(reader.result as ArrayBuffer)).buffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };

/** One request as the fake network sees it; answer with a Response, or throw for "no connection". */
export type FakeServer = (request: Request) => Response | Promise<Response>;

const offlineServer: FakeServer = () => {
  throw new TypeError('Failed to fetch');
};

export const browser = {
  online: true,
  server: offlineServer,
  vibrate: vi.fn((_pattern: number | number[]) => true),
  speak: vi.fn((_u: { text: string; lang: string; rate: number }) => undefined),
  cancelSpeech: vi.fn(() => undefined),
  /** Switches the network on or off and fires the browser's online/offline event. */
  setOnline(on: boolean) {
    browser.online = on;
    window.dispatchEvent(new Event(on ? 'online' : 'offline'));
  },
  reset() {
    browser.online = true;
    browser.server = offlineServer;
    browser.vibrate.mockClear();
    browser.speak.mockClear();
    browser.cancelSpeech.mockClear();
  },
};

/** A JSON answer for {@link FakeServer}. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => browser.online });
Object.defineProperty(window.navigator, 'vibrate', {
  configurable: true,
  value: (pattern: number | number[]) => browser.vibrate(pattern),
});

class FakeUtterance {
  lang = '';
  rate = 1;
  voice: unknown = null;
  constructor(readonly text: string) {}
}
Object.defineProperty(globalThis, 'SpeechSynthesisUtterance', { configurable: true, value: FakeUtterance });
Object.defineProperty(window, 'speechSynthesis', {
  configurable: true,
  value: {
    speak: (u: FakeUtterance) => browser.speak({ text: u.text, lang: u.lang, rate: u.rate }),
    cancel: () => browser.cancelSpeech(),
    getVoices: () => [],
  },
});

Object.defineProperty(window.HTMLMediaElement.prototype, 'play', {
  configurable: true,
  value: () => Promise.resolve(),
});
Object.defineProperty(window.HTMLMediaElement.prototype, 'load', {
  configurable: true,
  value: () => undefined,
});
Object.defineProperty(window.HTMLMediaElement.prototype, 'pause', {
  configurable: true,
  value: () => undefined,
});

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const NodeRequest = globalThis.Request;
class BrowserRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}
globalThis.Request = BrowserRequest as typeof Request;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) =>
  browser.server(input instanceof Request && !init ? input : new BrowserRequest(input, init));
