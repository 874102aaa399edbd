// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onReachableChange, reportingFetch, reportReachable, serverReachable } from './connectivity.ts';

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

  it('trusts the browser’s online event until the next request says otherwise', () => {
    reportReachable(false);
    window.dispatchEvent(new Event('online'));
    expect(serverReachable()).toBe(true);
  });
});
