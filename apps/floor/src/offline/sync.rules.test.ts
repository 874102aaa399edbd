import { describe, expect, it } from 'vitest';
import { backoffDelayMs, classifySendOutcome, OUTBOX_BACKOFF } from './sync.rules.ts';

describe('classifySendOutcome', () => {
  it('counts every 2xx as sent', () => {
    for (const status of [200, 201, 204]) expect(classifySendOutcome({ status })).toEqual({ kind: 'sent' });
  });

  it('retries when there was no answer, on 408, 429 and every 5xx', () => {
    expect(classifySendOutcome({ status: 0 })).toEqual({ kind: 'retry', reason: 'network' });
    for (const status of [408, 429, 500, 502, 503, 504]) {
      expect(classifySendOutcome({ status })).toEqual({ kind: 'retry', reason: `HTTP ${status}` });
    }
  });

  it('pauses for login on 401', () => {
    expect(
      classifySendOutcome({ status: 401, body: { statusCode: 401, code: 'unauthorized', message: 'x' } }),
    ).toEqual({
      kind: 'auth',
    });
  });

  it('rejects a 409 for good with the problem code and message', () => {
    const body = { statusCode: 409, code: 'order_cancelled', message: 'Order BOL-7 is cancelled' };
    expect(classifySendOutcome({ status: 409, body })).toEqual({
      kind: 'rejected',
      rejection: { status: 409, code: 'order_cancelled', message: 'Order BOL-7 is cancelled' },
    });
  });

  it("keeps a refusal's issues, which name the products holding a location (405 location_held)", () => {
    const issues = [{ path: 'location_products.a.b', message: 'Stroopwafel (871, Shop): 0 in stock' }];
    const body = {
      statusCode: 405,
      code: 'location_held',
      message: 'Location A holds other products',
      issues,
    };
    expect(classifySendOutcome({ status: 405, body })).toEqual({
      kind: 'rejected',
      rejection: { status: 405, code: 'location_held', message: 'Location A holds other products', issues },
    });
  });

  it('rejects other 4xx answers, reading a plain-text or missing body', () => {
    expect(classifySendOutcome({ status: 404, body: 'Order line not found' })).toEqual({
      kind: 'rejected',
      rejection: { status: 404, code: 'http_404', message: 'Order line not found' },
    });
    expect(classifySendOutcome({ status: 400 })).toEqual({
      kind: 'rejected',
      rejection: { status: 400, code: 'http_400', message: 'HTTP 400' },
    });
  });
});

describe('backoffDelayMs', () => {
  it('doubles from 1 s and stops at 60 s without jitter', () => {
    const exact = { ...OUTBOX_BACKOFF, jitter: 0 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => backoffDelayMs(n, exact))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });

  it('spreads the delay by at most the jitter share', () => {
    expect(backoffDelayMs(3, OUTBOX_BACKOFF, () => 0)).toBe(3200);
    expect(backoffDelayMs(3, OUTBOX_BACKOFF, () => 1)).toBe(4800);
    expect(backoffDelayMs(3, OUTBOX_BACKOFF, () => 0.5)).toBe(4000);
  });

  it('treats attempt 0 or less as the first retry', () => {
    expect(backoffDelayMs(0, { ...OUTBOX_BACKOFF, jitter: 0 })).toBe(1000);
  });
});
