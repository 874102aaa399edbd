import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_GET_MS, fetchTakingEarly, startEarlyGet } from './early-get.ts';

/** A fetch that answers every call with a new response naming its call number, and records the calls. */
function countingFetch(calls: string[]): typeof fetch {
  return ((input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    calls.push(`${req.method} ${req.url} ${req.headers.get('x-hoppa-app') ?? ''}`);
    return Promise.resolve(new Response(String(calls.length)));
  }) as typeof fetch;
}

const url = (path: string) => new URL(`/api/${path}`, window.location.href).href;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('early GET (ADR 0093)', () => {
  it('hands the early answer to the first GET of its URL, once, and sends it with the app header', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', countingFetch(calls));
    startEarlyGet('orders/open/a%3Ab/c/all?limit=100');
    expect(calls).toEqual([`GET ${url('orders/open/a%3Ab/c/all?limit=100')} portal`]);
    const first = await fetchTakingEarly(new Request(url('orders/open/a%3Ab/c/all?limit=100')));
    expect(await first.text()).toBe('1');
    const second = await fetchTakingEarly(new Request(url('orders/open/a%3Ab/c/all?limit=100')));
    expect(await second.text()).toBe('2');
    expect(calls).toHaveLength(2);
  });

  it('leaves other URLs to the network', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', countingFetch(calls));
    startEarlyGet('orders/open/x/y/all?limit=100');
    const other = await fetchTakingEarly(new Request(url('orders/open/x/y/all?limit=200')));
    expect(await other.text()).toBe('2');
  });

  it('drops early answers when anything but a GET is sent, so a write never leaves an older list behind', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', countingFetch(calls));
    startEarlyGet('orders/open/x/y/all?limit=100');
    await fetchTakingEarly(new Request(url('orders/ship'), { method: 'POST', body: '{}' }));
    const after = await fetchTakingEarly(new Request(url('orders/open/x/y/all?limit=100')));
    expect(await after.text()).toBe('3');
  });

  it(`does not hand over an answer older than ${EARLY_GET_MS} ms`, async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T09:00:00Z') });
    const calls: string[] = [];
    vi.stubGlobal('fetch', countingFetch(calls));
    startEarlyGet('orders/open/x/y/all?limit=100');
    vi.setSystemTime(Date.now() + EARLY_GET_MS + 1);
    const late = await fetchTakingEarly(new Request(url('orders/open/x/y/all?limit=100')));
    expect(await late.text()).toBe('2');
  });
});
