import { ProblemSchema } from '@hoppa/core';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { HttpProblem, toProblem } from './errors.ts';

describe('error contract (spec 1 §8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { bodyLimit: 4096 } });
  });
  afterAll(async () => t.close());

  const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload, headers });

  it('answers malformed JSON with a readable 400 problem', async () => {
    const res = await post('{"email": "a@b.nl", "password": ');
    expect(res.statusCode).toBe(400);
    const body = ProblemSchema.parse(res.json());
    expect(body.code).toBe('invalid_json');
    expect(body.message).toMatch(/not valid JSON/);
  });

  it('answers a field of the wrong type with 400 naming the field', async () => {
    const res = await post(JSON.stringify({ email: 42, password: 'x' }));
    expect(res.statusCode).toBe(400);
    const body = ProblemSchema.parse(res.json());
    expect(body.code).toBe('validation');
    expect(body.issues?.map((i) => i.path)).toContain('body.email');
    expect(body.message).toMatch(/^email: /);
  });

  it('answers a missing body with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login' });
    expect(res.statusCode).toBe(400);
    expect(ProblemSchema.parse(res.json()).statusCode).toBe(400);
  });

  it('answers an oversized body with 400', async () => {
    const res = await post(JSON.stringify({ email: 'a@b.nl', password: 'x'.repeat(10_000) }));
    expect(res.statusCode).toBe(400);
    const body = ProblemSchema.parse(res.json());
    expect(body.code).toBe('body_too_large');
    expect(body.message).toMatch(/too large/);
  });

  it('answers an unsupported content type with 400', async () => {
    const res = await post('email=a', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(400);
    expect(ProblemSchema.parse(res.json()).code).toBe('unsupported_media_type');
  });

  it('answers unknown API routes with a 404 problem', async () => {
    for (const [method, url] of [
      ['GET', '/api/no/such/route'],
      ['POST', '/api/orders/nothing-here'],
      ['GET', '/no-such-page'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      const body = ProblemSchema.parse(res.json());
      expect(body.code).toBe('not_found');
      expect(body.message).toContain(url);
    }
  });

  it('hides unexpected errors behind the generic 500 text', () => {
    const logged: unknown[] = [];
    const req = { log: { error: (x: unknown) => logged.push(x) }, headers: {} } as unknown as FastifyRequest;
    const p = toProblem(new Error('connection refused at 10.0.0.3'), req);
    expect(p.statusCode).toBe(500);
    expect(p.message).toBe('Something went wrong, please consult your logs');
    expect(logged).toHaveLength(1);
    const own = toProblem(new HttpProblem(409, 'conflict', 'Already shipped'), req);
    expect(own.toBody()).toEqual({ statusCode: 409, code: 'conflict', message: 'Already shipped' });
  });

  it('caps a problem body whatever a service put into it (issue 7: 6–9 MB error bodies)', () => {
    const huge = 'x'.repeat(1024 * 1024);
    const body = new HttpProblem(
      400,
      'bad_request',
      huge,
      Array.from({ length: 500 }, (_, n) => ({ path: `body.${n}`, message: huge })),
    ).toBody();
    expect(JSON.stringify(body).length).toBeLessThan(4096);
    expect(body.message.endsWith('…')).toBe(true);
    expect(body.issues).toHaveLength(10);
  });

  it('answers an over-long path parameter and bad percent-encoding with a short 400 problem', async () => {
    for (const url of [`/api/order/get/${'x'.repeat(5000)}`, '/api/order/get/%ZZ%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(ProblemSchema.parse(res.json()).code).toBe('bad_request');
      expect(res.body.length, url).toBeLessThan(300);
    }
  });
});
