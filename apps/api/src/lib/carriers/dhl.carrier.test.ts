import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DhlFake, startDhlFake } from '../../test/fakes/dhl-fake.ts';
import { OutsideServiceError } from '../outside/http-client.ts';
import { readPdf, TEST_SENDER } from '../pdf/pdf.test-helpers.ts';
import type { CarrierAdapter, ParcelRequest } from './carrier.ts';
import { createDhlCarrier, dhlEvent, forgetDhlTokens } from './dhl.carrier.ts';

let fake: DhlFake;
beforeAll(async () => {
  fake = await startDhlFake();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  forgetDhlTokens();
  fake.requests.length = 0;
});

function dhl(overrides: Partial<Parameters<typeof createDhlCarrier>[0]> = {}): CarrierAdapter {
  return createDhlCarrier({
    baseUrl: fake.url,
    userId: fake.credentials.userId,
    key: fake.credentials.key,
    accountId: fake.credentials.accountId,
    backoffMs: 5,
    maxRetryAfterMs: 2000,
    ...overrides,
  });
}

const parcel = (labelQuantity = 1): ParcelRequest => ({
  shopOrderId: 'WEB-1001',
  orderId: '0'.repeat(24),
  merchantName: 'Bakkerij Bol',
  sender: TEST_SENDER,
  recipient: {
    name: 'Anna de Vries',
    company: '',
    street: 'Reactorweg',
    houseNumber: '25',
    addition: 'A',
    zipCode: '3542 AD',
    city: 'Utrecht',
    countryCode: 'NL',
    phone: '0612345678',
    email: 'anna@example.nl',
  },
  method: {
    id: '1'.repeat(24),
    code: 'DHL-NL',
    name: 'DHL Parcel pakket NL',
    carrier: 'dhl',
    priceCents: 650,
    countryCode: 'NL',
    productCode: null,
  },
  labelQuantity,
  weightKg: 1.2,
  placedAt: new Date('2026-11-25T09:00:00Z'),
});

// createLabel does not touch the database: the adapter only talks to DHL.
const ctx = { db: undefined as never, now: new Date() };
const labelCalls = () => fake.requests.filter((r) => r.path === '/labels');

describe('DHL Parcel NL adapter against the DHL fake (ADR 0046)', () => {
  it('authenticates with the API key and answers the label PDF that carries DHL’s tracker code', async () => {
    const label = await dhl().createLabel(ctx, parcel());
    expect(label.trackingNumber).toMatch(/^JVGL\d+$/);
    const { pages, text } = await readPdf(label.labelPdf ?? Buffer.alloc(0));
    expect(pages).toBe(1);
    expect(text).toContain(label.trackingNumber);
    expect(text).toContain('Anna de Vries');
    expect(label.trackingUrl).toBe(
      `https://www.dhlparcel.nl/nl/volg-uw-zending?tc=${label.trackingNumber}&pc=3542AD`,
    );
    expect(fake.invalid).toEqual([]);
    const auth = fake.requests.find((r) => r.path === '/authenticate/api-key');
    expect(JSON.parse(auth?.body ?? '{}')).toEqual({
      userId: fake.credentials.userId,
      key: fake.credentials.key,
    });
    const sent = JSON.parse(labelCalls()[0]?.body ?? '{}');
    expect(sent).toMatchObject({
      orderReference: 'WEB-1001',
      accountId: fake.credentials.accountId,
      options: [{ key: 'DOOR' }],
      pieceNumber: 1,
      quantity: 1,
      receiver: {
        name: { firstName: 'Anna de', lastName: 'Vries' },
        address: {
          postalCode: '3542AD',
          street: 'Reactorweg',
          number: '25',
          addition: 'A',
          countryCode: 'NL',
        },
      },
    });
    expect(sent.labelId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes one label per piece, joined in order, the first piece’s tracker code as tracking number', async () => {
    const label = await dhl().createLabel(ctx, parcel(3));
    const { pages, pageTexts } = await readPdf(label.labelPdf ?? Buffer.alloc(0));
    expect(pages).toBe(3);
    expect(pageTexts[0]).toContain(label.trackingNumber);
    expect(pageTexts.map((t) => /(\d)\/3/.exec(t)?.[1])).toEqual(['1', '2', '3']);
    expect(labelCalls().map((r) => JSON.parse(r.body).pieceNumber)).toEqual([1, 2, 3]);
    expect(new Set(labelCalls().map((r) => JSON.parse(r.body).labelId)).size).toBe(3);
  });

  it('reuses the token, and renews it once when DHL answers 401 (expired)', async () => {
    const carrier = dhl();
    await carrier.createLabel(ctx, parcel());
    const before = fake.tokensIssued();
    await carrier.createLabel(ctx, parcel());
    expect(fake.tokensIssued()).toBe(before);
    fake.expireTokens();
    const label = await carrier.createLabel(ctx, parcel());
    expect(label.trackingNumber).toMatch(/^JVGL/);
    expect(fake.tokensIssued()).toBe(before + 1);
    // The renewal went through the refresh token, not the API key again.
    expect(fake.requests.filter((r) => r.path === '/authenticate/refresh-token')).toHaveLength(1);
    expect(labelCalls().at(-2)?.headers.authorization).not.toBe(labelCalls().at(-1)?.headers.authorization);
  });

  it('waits and retries on 429 with and without Retry-After', async () => {
    fake.inject('429', { path: /^\/labels$/ });
    const started = Date.now();
    const a = await dhl().createLabel(ctx, parcel());
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(a.trackingNumber).toMatch(/^JVGL/);
    fake.inject('429-without-retry-after', { path: /^\/labels$/, times: 2 });
    const b = await dhl().createLabel(ctx, parcel());
    expect(b.trackingNumber).toMatch(/^JVGL/);
    expect(labelCalls()).toHaveLength(5);
  });

  it('retries a 500 and then succeeds with the same label id (DHL keeps it idempotent)', async () => {
    fake.inject('500', { path: /^\/labels$/ });
    const label = await dhl().createLabel(ctx, parcel());
    expect(label.trackingNumber).toMatch(/^JVGL/);
    const ids = labelCalls().map((r) => JSON.parse(r.body).labelId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('throws an error naming DHL for a malformed answer, refused credentials and a lasting outage', async () => {
    fake.inject('malformed', { path: /^\/labels$/ });
    const malformed = await dhl()
      .createLabel(ctx, parcel())
      .catch((e: unknown) => e);
    expect(malformed).toBeInstanceOf(OutsideServiceError);
    expect((malformed as OutsideServiceError).code).toBe('malformed_answer');
    expect((malformed as Error).message).toMatch(/^DHL: /);

    const refused = await dhl({ key: 'wrong' })
      .createLabel(ctx, parcel())
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect((refused as Error).message).toBe('DHL: Invalid user id or key');

    fake.inject('500', { path: /^\/labels$/, times: 4 });
    const down = await dhl({ retries: 3 })
      .createLabel(ctx, parcel())
      .catch((e: unknown) => e);
    expect(down).toMatchObject({ service: 'DHL', status: 500 });
  });
});

describe('dhlEvent: DHL categories as the event codes of spec 1 §2', () => {
  it('maps registered, accepted, sorted, out for delivery and delivered', () => {
    const at = '2026-11-25T10:00:00Z';
    const codes = [
      ['DATA_RECEIVED', 'PRENOTIFICATION_RECEIVED'],
      ['UNDERWAY', 'SHIPMENT_ACCEPTANCE_PARCELSHOP'],
      ['UNDERWAY', 'SORTED'],
      ['IN_DELIVERY', 'OUT_FOR_DELIVERY'],
      ['DELIVERED', 'DELIVERED'],
      ['EXCEPTION', 'DAMAGED'],
    ].map(([category = '', status = '']) => dhlEvent({ category, status, timestamp: at }).code);
    expect(codes).toEqual(['A01', 'B01', 'J01', 'J05', 'I11', 'DX01']);
    expect(dhlEvent({ category: 'IN DELIVERY', status: 'X', timestamp: at }).description).toBe(
      'Bezorger is onderweg (X)',
    );
    expect(() => dhlEvent({ category: 'DELIVERED', status: 'D', timestamp: 'gisteren!!' })).toThrow(
      OutsideServiceError,
    );
  });
});
