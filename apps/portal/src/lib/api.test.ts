import { openOrdersEndpoint, orderGetEndpoint } from '@hoppa/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageRequest } from '../test/page-request.ts';
import { callTrusted } from './api.ts';

/** A fetch that answers `body` as JSON and records the requests. */
function answering(body: unknown) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return urls;
}

describe('callTrusted (ADR 0117)', () => {
  beforeEach(() => {
    stubPageRequest();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the answer of an endpoint the API writes in its shape as sent, without parsing it', async () => {
    // A key the contract does not have: zod's parse would leave it out, so it shows that no parse ran.
    const answer = { groups: [], total: 0, matching: 0, matching_capped: false, unchecked: 'kept' };
    const urls = answering(answer);
    const got = await callTrusted(openOrdersEndpoint, {
      params: { start: '2026-11-26T00:00:00.000Z', end: '2026-11-30T21:00:00.000Z', pack_size: 'all' },
      query: { limit: 100 },
    });
    expect(got).toEqual(answer);
    expect(urls).toHaveLength(1);
    expect(decodeURIComponent(urls[0] as string)).toMatch(
      /\/api\/orders\/open\/2026-11-26T00:00:00\.000Z\/2026-11-30T21:00:00\.000Z\/all\?limit=100$/,
    );
  });

  it('parses the answer of any other endpoint as call() does', async () => {
    const urls = answering({ not: 'an order' });
    // zod refuses the answer (not the request: it was sent).
    await expect(callTrusted(orderGetEndpoint, { params: { id: 'a'.repeat(24) } })).rejects.toThrow(
      /expected/,
    );
    expect(urls).toHaveLength(1);
  });
});
