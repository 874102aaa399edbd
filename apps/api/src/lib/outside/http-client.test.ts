import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OutsideServiceError, outsideClient } from './http-client.ts';

/** A local server answering each request with the next planned answer of its path; it counts the hits. */
let server: Server;
let base: string;
const plans = new Map<
  string,
  { status: number; headers?: Record<string, string>; body?: string; delayMs?: number }[]
>();
const hits = new Map<string, number[]>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    hits.set(path, [...(hits.get(path) ?? []), Date.now()]);
    const next = plans.get(path)?.shift() ?? { status: 200, body: '{"ok":true}' };
    setTimeout(() => {
      res.writeHead(next.status, { 'content-type': 'application/json', ...(next.headers ?? {}) });
      res.end(next.body ?? '');
    }, next.delayMs ?? 0);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const client = (o: Partial<Parameters<typeof outsideClient>[0]> = {}) =>
  outsideClient({ service: 'Test', baseUrl: base, backoffMs: 20, retries: 3, ...o });
const Ok = z.object({ ok: z.literal(true) });

async function failure(p: Promise<unknown>): Promise<OutsideServiceError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutsideServiceError);
  return err as OutsideServiceError;
}

describe('outsideClient', () => {
  it('answers the parsed body on success', async () => {
    plans.set('/a', [{ status: 200, body: '{"ok":true}' }]);
    const a = await client().request({ method: 'GET', path: '/a', schema: Ok });
    expect(a.status).toBe(200);
    expect(a.data).toEqual({ ok: true });
  });

  it('retries a 500 and then succeeds', async () => {
    plans.set('/b', [
      { status: 500, body: 'Internal Server Error' },
      { status: 200, body: '{"ok":true}' },
    ]);
    const a = await client().request({ method: 'GET', path: '/b', schema: Ok });
    expect(a.data.ok).toBe(true);
    expect(hits.get('/b')).toHaveLength(2);
  });

  it('waits as long as Retry-After says on a 429', async () => {
    plans.set('/c', [
      { status: 429, headers: { 'retry-after': '1' }, body: '{"title":"Too Many Requests","status":429}' },
      { status: 200, body: '{"ok":true}' },
    ]);
    await client().request({ method: 'GET', path: '/c', schema: Ok });
    const [first, second] = hits.get('/c') as number[];
    expect((second as number) - (first as number)).toBeGreaterThanOrEqual(950);
  });

  it('backs off exponentially on a 429 without Retry-After', async () => {
    plans.set('/d', [
      { status: 429, body: '{"title":"Too Many Requests"}' },
      { status: 429, body: '{"title":"Too Many Requests"}' },
      { status: 200, body: '{"ok":true}' },
    ]);
    await client({ backoffMs: 100 }).request({ method: 'GET', path: '/d', schema: Ok });
    const t = hits.get('/d') as number[];
    expect(t).toHaveLength(3);
    expect((t[1] as number) - (t[0] as number)).toBeGreaterThanOrEqual(90);
    expect((t[2] as number) - (t[1] as number)).toBeGreaterThanOrEqual(190);
  });

  it('gives up after the retries with the service, status, code and message', async () => {
    plans.set(
      '/e',
      [500, 500, 500].map((status) => ({ status, body: '{"title":"Server Error","detail":"Down for now"}' })),
    );
    const err = await failure(client({ retries: 2 }).request({ method: 'GET', path: '/e', schema: Ok }));
    expect(hits.get('/e')).toHaveLength(3);
    expect([err.service, err.status, err.code]).toEqual(['Test', 500, 'Server Error']);
    expect(err.message).toBe('Test: Down for now');
  });

  it('does not retry a 4xx other than 408/413/429, nor a POST unless asked', async () => {
    plans.set('/f', [{ status: 404, body: '{"title":"Not Found","detail":"Some record is not found."}' }]);
    const err = await failure(client().request({ method: 'GET', path: '/f' }));
    expect([err.status, err.code, hits.get('/f')?.length]).toEqual([404, 'Not Found', 1]);
    plans.set('/g', [
      { status: 503, body: '' },
      { status: 200, body: '{"ok":true}' },
    ]);
    await failure(client().request({ method: 'POST', path: '/g', json: {} }));
    expect(hits.get('/g')).toHaveLength(1);
    plans.set('/h', [
      { status: 503, body: '' },
      { status: 200, body: '{"ok":true}' },
    ]);
    await client().request({ method: 'POST', path: '/h', json: {}, retryPost: true, schema: Ok });
    expect(hits.get('/h')).toHaveLength(2);
  });

  it('reads an OAuth error body', async () => {
    plans.set('/i', [
      { status: 401, body: '{"error":"invalid_client","error_description":"Bad client credentials"}' },
    ]);
    const err = await failure(client().request({ method: 'POST', path: '/i', form: { grant_type: 'x' } }));
    expect([err.status, err.code, err.message]).toEqual([
      401,
      'invalid_client',
      'Test: Bad client credentials',
    ]);
  });

  it('calls an answer that does not fit the schema malformed, saying where', async () => {
    plans.set('/j', [{ status: 200, body: '{"ok":"yes"}' }]);
    const err = await failure(client().request({ method: 'GET', path: '/j', schema: Ok }));
    expect(err.code).toBe('malformed_answer');
    expect(err.message).toMatch(/ok/);
    plans.set('/k', [{ status: 200, body: '<html>' }]);
    expect((await failure(client().request({ method: 'GET', path: '/k', schema: Ok }))).code).toBe(
      'malformed_answer',
    );
  });

  it('times out a slow answer (per attempt) with code timeout', async () => {
    plans.set('/l', [
      { status: 200, body: '{"ok":true}', delayMs: 400 },
      { status: 200, body: '{"ok":true}', delayMs: 400 },
    ]);
    const err = await failure(
      client({ timeoutMs: 100, retries: 1 }).request({ method: 'GET', path: '/l', schema: Ok }),
    );
    expect([err.code, err.status]).toEqual(['timeout', null]);
    expect(hits.get('/l')).toHaveLength(2);
  });

  it('says network when nothing listens', async () => {
    const err = await failure(
      outsideClient({ service: 'Gone', baseUrl: 'http://127.0.0.1:9', retries: 0 }).request({
        method: 'GET',
        path: '/',
      }),
    );
    expect([err.code, err.status]).toEqual(['network', null]);
  });
});
