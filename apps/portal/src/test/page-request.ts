import { vi } from 'vitest';

/**
 * The portal calls relative URLs ('/api/…'), which a browser resolves against the page; Node's Request (used under
 * jsdom) does not. Stubs `Request` with one that resolves them against jsdom's location; undo with
 * `vi.unstubAllGlobals()`.
 */
export function stubPageRequest(): void {
  const NodeRequest = globalThis.Request;
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
}
