import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, PdfResponseSchema } from '../http/endpoint.ts';
import {
  APP_HEADER,
  ApiError,
  createApiClient,
  isProblem,
  request,
  requestTrusted,
  requestTrustedCall,
  requestWithHeaders,
} from './request.ts';

// A real HTTP server on loopback: the client is tested against real answers, not a stubbed fetch.
let server: Server;
let base: string;
const seen: { method: string; url: string; app: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        app: req.headers[APP_HEADER] as string,
        body,
      });
      if (req.url?.startsWith('/api/echo/')) {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ id: req.url.split('/')[3]?.split('?')[0], got: body ? JSON.parse(body) : null }),
        );
      } else if (req.url === '/api/bad') {
        res.statusCode = 400;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ statusCode: 400, code: 'validation', message: 'Quantity must be at least 1' }),
        );
      } else if (req.url === '/api/shipped') {
        res.statusCode = 409;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ statusCode: 409, code: 'order_shipped', message: 'Order 1001 has been shipped' }),
        );
      } else if (req.url === '/api/pdf') {
        res.setHeader('content-type', 'application/pdf');
        res.setHeader('x-tracking-number', 'HP123NL');
        res.setHeader('x-count', '3');
        res.end('%PDF-1.4 label');
      } else if (req.url === '/api/text') {
        res.statusCode = 406;
        res.end('Not acceptable here');
      } else if (req.url === '/api/wrong-shape') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: 42 }));
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const echo = defineEndpoint({
  method: 'POST',
  path: '/echo/:id',
  summary: 'echo',
  params: z.object({ id: z.string() }),
  query: z.object({ limit: z.number().optional() }),
  body: z.object({ qty: z.number() }),
  response: z.object({ id: z.string(), got: z.object({ qty: z.number() }) }),
});

describe('request()', () => {
  it('fills the path, sends query, JSON body and the app header, and parses the answer', async () => {
    const client = createApiClient({ prefix: base, app: 'floor' });
    const out = await request(client, echo, { params: { id: 'a b' }, query: { limit: 5 }, body: { qty: 3 } });
    expect(out).toEqual({ id: 'a%20b', got: { qty: 3 } });
    const last = seen.at(-1);
    expect(last?.url).toBe('/api/echo/a%20b?limit=5');
    expect(last?.app).toBe('floor');
  });

  it('keeps the app header when the client is made with headers of its own, and with headers per call', async () => {
    const client = createApiClient({ prefix: base, app: 'floor', headers: { cookie: 'hoppa_session=x' } });
    await request(
      client,
      echo,
      { params: { id: 'c' }, body: { qty: 1 } },
      { headers: { 'Idempotency-Key': 'k1' } },
    );
    expect(seen.at(-1)?.app).toBe('floor');
  });

  it('throws ApiError with the problem body of a 400', async () => {
    const client = createApiClient({ prefix: base, app: 'portal' });
    const ep = defineEndpoint({ method: 'GET', path: '/bad', summary: 'bad', response: z.unknown() });
    const err = await request(client, ep, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).message).toBe('Quantity must be at least 1');
    expect((err as ApiError).body).toMatchObject({ code: 'validation' });
  });

  it('keeps a plain-text error body as a string', async () => {
    const client = createApiClient({ prefix: base, app: 'portal' });
    const ep = defineEndpoint({ method: 'GET', path: '/text', summary: 'text', response: z.unknown() });
    const err = (await request(client, ep, {}).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(406);
    expect(err.body).toBe('Not acceptable here');
  });

  it('fails loudly when the answer breaks the contract', async () => {
    const client = createApiClient({ prefix: base, app: 'portal' });
    const ep = defineEndpoint({
      method: 'GET',
      path: '/wrong-shape',
      summary: 'shape',
      response: z.object({ id: z.string() }),
    });
    await expect(request(client, ep, {})).rejects.toThrow();
  });

  it('answers a trusted call as sent, and its problems and an unreachable server like request', async () => {
    const client = createApiClient({ prefix: base, app: 'floor' });
    expect(await requestTrusted<{ id: string }>(client, 'GET', '/wrong-shape')).toEqual(
      await (await fetch(`${base}/wrong-shape`)).json(),
    );
    const bad = (await requestTrusted(client, 'GET', '/bad').catch((e: unknown) => e)) as ApiError;
    expect(bad).toBeInstanceOf(ApiError);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation' });
    const gone = createApiClient({ prefix: 'http://127.0.0.1:1/api', app: 'floor' });
    expect(((await requestTrusted(gone, 'GET', '/x').catch((e: unknown) => e)) as ApiError).status).toBe(0);
  });

  it('sends a trusted call with its path parameters, query and JSON body as request does', async () => {
    const client = createApiClient({ prefix: base, app: 'floor' });
    seen.length = 0;
    const answer = await requestTrusted<{ id: string; got: unknown }>(
      client,
      'POST',
      '/echo/:id',
      { id: 'abc' },
      { query: { skip: 0, limit: 30, none: undefined, gone: null }, body: { item_id: 'x' } },
    );
    expect(answer).toEqual({ id: 'abc', got: { item_id: 'x' } });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/echo/abc?skip=0&limit=30' });
  });

  it("sends an endpoint's input object through requestTrustedCall as requestTrusted sends its parts", async () => {
    const client = createApiClient({ prefix: base, app: 'floor' });
    const echo = defineEndpoint({
      method: 'POST',
      path: '/echo/:id',
      summary: 'echo',
      params: z.object({ id: z.string() }),
      query: z.object({ skip: z.number(), limit: z.number() }),
      body: z.object({ item_id: z.string() }),
      // A shape the answer does not have: a parse would refuse it, so the answer shows none ran.
      response: z.object({ other: z.string() }),
    });
    seen.length = 0;
    const answer = await requestTrustedCall<typeof echo>(client, echo, {
      params: { id: 'abc' },
      query: { skip: 0, limit: 30 },
      body: { item_id: 'x' },
    });
    expect(answer).toEqual({ id: 'abc', got: { item_id: 'x' } });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/echo/abc?skip=0&limit=30' });
  });

  it('reports an unreachable server as status 0', async () => {
    const client = createApiClient({ prefix: 'http://127.0.0.1:1/api', app: 'portal' });
    const ep = defineEndpoint({ method: 'GET', path: '/x', summary: 'x', response: z.unknown() });
    const err = (await request(client, ep, {}).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
  });
});

describe('typed problems, PDFs and response headers', () => {
  const ship = defineEndpoint({
    method: 'POST',
    path: '/shipped',
    summary: 'ship',
    response: z.object({ ok: z.literal(true) }),
    problems: ['order_shipped', 'order_cancelled'],
  });
  const pdf = defineEndpoint({
    method: 'GET',
    path: '/pdf',
    summary: 'pdf',
    response: PdfResponseSchema,
    binary: true,
    responseHeaders: z.object({ 'x-tracking-number': z.string(), 'x-count': z.coerce.number() }),
  });

  it('narrows an answer to the declared problem code, and only that one', async () => {
    const err = await request(createApiClient({ prefix: base, app: 'test' }), ship, {}).catch((e) => e);
    expect(isProblem(err, ship, 'order_shipped')).toBe(true);
    expect(isProblem(err, ship, 'order_cancelled')).toBe(false);
    expect(isProblem(new Error('x'), ship, 'order_shipped')).toBe(false);
    if (isProblem(err, ship, 'order_shipped')) expect(err.body.message).toBe('Order 1001 has been shipped');
  });

  it('answers a PDF as a Blob with its declared headers parsed', async () => {
    const { data, headers } = await requestWithHeaders(
      createApiClient({ prefix: base, app: 'test' }),
      pdf,
      {},
    );
    expect(data).toBeInstanceOf(Blob);
    expect(await data.text()).toBe('%PDF-1.4 label');
    expect(headers).toEqual({ 'x-tracking-number': 'HP123NL', 'x-count': 3 });
  });
});
