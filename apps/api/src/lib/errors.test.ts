import {
  CustomsBodySchema,
  DateTimeParamSchema,
  EditAddressSchema,
  InboundInformationSchema,
  InboundItemInputSchema,
  ProblemSchema,
  ReportRangeQuerySchema,
  ReturnAddressSchema,
  RolePreviewBodySchema,
  ShipmentBoxFormSchema,
  ShipmentMethodBodySchema,
  ShipStampBodySchema,
  ShopUrlSchema,
  SurchargePatchSchema,
  VatLookupQuerySchema,
} from '@hoppa/core';
import Fastify, { type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { HttpProblem, installErrorHandlers, toProblem } from './errors.ts';

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

/**
 * zod's own refusals at the edge as reason codes (core `VALIDATION_REASON_CODES`), so the apps word them in the
 * user's language: phone numbers, dates, wrong kinds of value and named formats, through the request schemas of core
 * that hold them. No database: a bare Fastify app with the API's validator and error handler.
 */
describe("zod's refusals coded (core VALIDATION_REASON_CODES)", () => {
  const Body = z
    .object({
      phone: InboundInformationSchema.shape.phone,
      expected_delivery: InboundInformationSchema.shape.expected_delivery,
      contact_person: InboundInformationSchema.shape.contact_person,
      units: InboundItemInputSchema.shape.units,
      packed_per: InboundItemInputSchema.shape.packed_per,
      cut_off: ShipmentMethodBodySchema.shape.cut_off,
      email: EditAddressSchema.shape.email,
      start: DateTimeParamSchema,
      end: DateTimeParamSchema,
      country: z.string().regex(/^[A-Za-z]{2}$/, 'Use a two-letter country code'),
      website: z.union([z.literal(''), z.url()]),
      vat: z.string().min(4),
      tags: z.array(z.string()),
      key: z.string().regex(/^[a-z]+$/, 'Lower-case letters'),
      address: ReturnAddressSchema,
      vatNumber: VatLookupQuerySchema.shape.vatNumber,
      hs: CustomsBodySchema.shape.hs,
      value: CustomsBodySchema.shape.value,
      weight_kg: CustomsBodySchema.shape.weight_kg,
      url: ShopUrlSchema,
      grants: RolePreviewBodySchema.shape.grants,
      eans: z.array(z.string()).min(1),
      L: ShipmentBoxFormSchema.shape.L,
      amount: ShipStampBodySchema.shape.amount,
      method: ShipmentMethodBodySchema.shape.carrier,
    })
    .partial();
  const app = Fastify();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    installErrorHandlers(app);
    app.post('/check', { schema: { body: Body } }, async () => ({ ok: true }));
    app.post('/list', { schema: { body: z.array(z.string()).max(3) } }, async () => ({ ok: true }));
    app.post('/patch', { schema: { body: SurchargePatchSchema } }, async () => ({ ok: true }));
    app.get('/range', { schema: { querystring: ReportRangeQuerySchema } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  /** The coded issues of the answer to `body` (posted to `url`), by field. */
  async function coded(body: unknown, url = '/check') {
    const res = await app.inject({ method: 'POST', url, payload: body as Record<string, unknown> });
    expect(res.statusCode, res.body).toBe(400);
    const problem = ProblemSchema.parse(res.json());
    expect(problem.code).toBe('validation');
    return Object.fromEntries(
      (problem.issues ?? []).map((i) => [i.path, { code: i.code, values: i.values }]),
    );
  }

  it('codes phone numbers, dates and texts with invalid characters, with the value given', async () => {
    expect(
      await coded({
        phone: 'abc',
        expected_delivery: '2026-02-31',
        contact_person: 'Jan\u0007',
        start: 'gisteren',
        end: '1999-12-31',
      }),
    ).toEqual({
      'body.phone': { code: 'phone_invalid', values: { field: 'phone', value: 'abc' } },
      'body.expected_delivery': {
        code: 'date_invalid',
        values: { field: 'expected_delivery', value: '2026-02-31' },
      },
      'body.contact_person': { code: 'text_invalid', values: { field: 'contact_person' } },
      'body.start': { code: 'date_invalid', values: { field: 'start', value: 'gisteren' } },
      'body.end': {
        code: 'out_of_range',
        values: { field: 'end', min: 2000, limit: 2100, value: '1999-12-31' },
      },
    });
    // A day in another form, and a blank one (left empty, not wrongly written).
    expect(await coded({ expected_delivery: '31-12-2026', start: ' ' })).toEqual({
      'body.expected_delivery': {
        code: 'date_invalid',
        values: { field: 'expected_delivery', value: '31-12-2026' },
      },
      'body.start': { code: 'missing', values: { field: 'start' } },
    });
  });

  it('codes a wrong kind of value with the kind expected, and named formats with their name', async () => {
    expect(
      await coded({
        units: 'two',
        packed_per: 2.5,
        tags: 'a',
        cut_off: '25:00',
        country: 'NLD',
        website: 'not a web address',
        email: 'jan@',
        vat: 'NL1',
      }),
    ).toEqual({
      'body.units': { code: 'wrong_type', values: { field: 'units', expected: 'number' } },
      'body.packed_per': { code: 'wrong_type', values: { field: 'packed_per', expected: 'int' } },
      'body.tags': { code: 'wrong_type', values: { field: 'tags', expected: 'array' } },
      'body.cut_off': {
        code: 'format_invalid',
        values: { field: 'cut_off', format: 'time', value: '25:00' },
      },
      'body.country': {
        code: 'format_invalid',
        values: { field: 'country', format: 'country_code', value: 'NLD' },
      },
      'body.website': {
        code: 'format_invalid',
        values: { field: 'website', format: 'url', value: 'not a web address' },
      },
      'body.email': { code: 'email_invalid', values: { field: 'email', value: 'jan@' } },
      'body.vat': { code: 'text_too_short', values: { field: 'vat', min: 4 } },
    });
  });

  it("codes a return address's house number and Dutch postcode as formats", async () => {
    const address = {
      countryCode: 'NL',
      zipCode: '1015 CJ',
      houseNumber: '125',
      streetName: 'Keizersgracht',
      city: 'Amsterdam',
      firstName: 'Anna',
      surname: 'Bol',
      email: 'anna@example.nl',
    };
    expect(await coded({ address: { ...address, houseNumber: '0' } })).toEqual({
      'body.address.houseNumber': {
        code: 'format_invalid',
        values: { field: 'houseNumber', format: 'house_number', value: '0' },
      },
    });
    expect(await coded({ address: { ...address, zipCode: '10155' } })).toEqual({
      'body.address.zipCode': {
        code: 'format_invalid',
        values: { field: 'zipCode', format: 'postcode_nl', value: '10155' },
      },
    });
  });

  it('codes VAT numbers, HS codes, shop addresses and list lengths, keeping the English message', async () => {
    const body = {
      vatNumber: '123456789',
      hs: '12345',
      url: 'http://winkel.nl',
      grants: Array.from({ length: 201 }, () => ({ path: '/orders' })),
      eans: [],
    };
    expect(await coded(body)).toEqual({
      'body.vatNumber': {
        code: 'format_invalid',
        values: { field: 'vatNumber', format: 'vat_number', value: '123456789' },
      },
      'body.hs': { code: 'format_invalid', values: { field: 'hs', format: 'hs_code', value: '12345' } },
      'body.url': {
        code: 'format_invalid',
        values: { field: 'url', format: 'shop_url', value: 'http://winkel.nl' },
      },
      'body.grants': { code: 'list_too_long', values: { field: 'grants', limit: 200 } },
      'body.eans': { code: 'list_too_short', values: { field: 'eans', min: 1 } },
    });
    const res = await app.inject({ method: 'POST', url: '/check', payload: body });
    expect(ProblemSchema.parse(res.json()).issues?.map((i) => i.message)).toEqual([
      'Invalid VAT number',
      'HS code must be 6 to 10 digits',
      'URL must be an https:// address of the shop',
      'Too big: expected array to have <=200 items',
      'Too small: expected array to have >=1 items',
    ]);
  });

  it('codes a euro amount past cents and a weight past grams with the decimals allowed', async () => {
    expect(await coded({ value: 12.505, weight_kg: 0.2665 })).toEqual({
      'body.value': { code: 'too_many_decimals', values: { field: 'value', limit: 2, value: '12.505' } },
      'body.weight_kg': {
        code: 'too_many_decimals',
        values: { field: 'weight_kg', limit: 3, value: '0.2665' },
      },
    });
    // Whole cents and grams pass (0.1 + 0.2 is no refusal of a step of 0.01).
    const res = await app.inject({
      method: 'POST',
      url: '/check',
      payload: { value: 0.1 + 0.2, weight_kg: 1.001 },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('leaves a refusal of no named kind uncoded, with its English message', async () => {
    const res = await app.inject({ method: 'POST', url: '/check', payload: { key: 'ABC' } });
    expect(ProblemSchema.parse(res.json()).issues).toEqual([
      { path: 'body.key', message: 'Lower-case letters' },
    ]);
  });

  it('codes rules across fields with the other field, and a rule of the whole body without a field', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/range?start=2026-03-01T00:00:00Z&end=2026-02-01T00:00:00Z',
    });
    expect(ProblemSchema.parse(res.json()).issues).toEqual([
      {
        path: 'query.end',
        message: 'Start must lie before end',
        code: 'range_reversed',
        values: { field: 'end', other: 'start', value: '2026-02-01T00:00:00Z' },
      },
    ]);
    const long = await app.inject({
      method: 'GET',
      url: '/range?start=2026-01-01T00:00:00Z&end=2026-03-01T00:00:00Z',
    });
    expect(ProblemSchema.parse(long.json()).issues?.map((i) => [i.code, i.values?.limit])).toEqual([
      ['range_too_long', 31],
    ]);
    expect(await coded({}, '/patch')).toEqual({ body: { code: 'nothing_to_change', values: {} } });
  });

  it('codes a bare list body too long without a field (POST /orders/import, /products/import, /users)', async () => {
    expect(await coded(['a', 'b', 'c', 'd'], '/list')).toEqual({
      body: { code: 'list_too_long', values: { limit: 3 } },
    });
  });

  it("codes a box's millimetres as a format, a choice of numbers and a non-text value not one of a list", async () => {
    expect(await coded({ L: '0', amount: 3, method: { name: 'dhl' } })).toEqual({
      'body.L': { code: 'format_invalid', values: { field: 'L', format: 'mm', value: '0' } },
      'body.amount': { code: 'not_one_of', values: { field: 'amount', allowed: '1, 2', value: '3' } },
      'body.method': {
        code: 'not_one_of',
        values: { field: 'method', allowed: expect.stringContaining('dhl') },
      },
    });
    expect((await coded({ method: true }))['body.method']?.values).toMatchObject({ value: 'true' });
  });
});
