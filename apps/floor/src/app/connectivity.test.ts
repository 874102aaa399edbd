// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  onReachableChange,
  REACHABLE_PROBE_MS,
  reportingFetch,
  reportReachable,
  serverReachable,
} from './connectivity.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  reportReachable(true);
});

describe('server reachability', () => {
  it('turns unreachable when a request gets no answer and reachable again on any answer', async () => {
    const seen: boolean[] = [];
    const stop = onReachableChange(() => seen.push(serverReachable()));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')));
    await expect(reportingFetch('/api/current_user')).rejects.toThrow('Failed to fetch');
    expect(serverReachable()).toBe(false);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(new Response('{}', { status: 503 })));
    await reportingFetch('/api/current_user');
    expect(serverReachable()).toBe(true);
    expect(seen).toEqual([false, true]);
    stop();
  });

  it('ignores aborted requests, which say nothing about the network', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new DOMException('aborted', 'AbortError')));
    await expect(reportingFetch('/api/x')).rejects.toThrow('aborted');
    expect(serverReachable()).toBe(true);
  });

  it('asks the server again while it is unreachable, so the app leaves "Offline" without an online event', async () => {
    // Session 45 (a picker's shift): a page reloaded offline and then back on the network got no 'online' event (nor
    // does a Wi-Fi that had no route to the server and gets it back): with nothing waiting in the outbox no request went
    // out, so the status bar said Offline for good and Vernieuwen stayed disabled.
    vi.useFakeTimers();
    try {
      const fetch = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch'));
      vi.stubGlobal('fetch', fetch);
      await expect(reportingFetch('/api/pick_list')).rejects.toThrow('Failed to fetch');
      expect(serverReachable()).toBe(false);
      // Still no network at the first probe: unreachable, and asked again later.
      fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await vi.advanceTimersByTimeAsync(REACHABLE_PROBE_MS);
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(serverReachable()).toBe(false);
      fetch.mockResolvedValueOnce(new Response('{}', { status: 200 }));
      await vi.advanceTimersByTimeAsync(REACHABLE_PROBE_MS);
      expect(fetch).toHaveBeenCalledTimes(3);
      expect(fetch.mock.calls[2]?.[0]).toBe('/api/health');
      expect(serverReachable()).toBe(true);
      // Reachable: no more probes.
      await vi.advanceTimersByTimeAsync(REACHABLE_PROBE_MS * 3);
      expect(fetch).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('trusts the browser’s online event until the next request says otherwise', () => {
    reportReachable(false);
    window.dispatchEvent(new Event('online'));
    expect(serverReachable()).toBe(true);
  });
});
