import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../db/seed.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { redactUrl } from './security-headers.ts';

/** The token of the reset link in an .eml file. */
function tokenFrom(eml: string): string {
  const m = eml.match(/\/reset\?token=([A-Za-z0-9_-]+)/);
  if (!m?.[1]) throw new Error(`no reset link in:\n${eml}`);
  return m[1];
}

describe('security headers, caching, decoded permission paths and log redaction (issue 7)', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      seed: { products: 2 },
      config: { logLevel: 'info' },
      logStream: { write: (line) => logLines.push(line) },
    });
  });
  afterAll(async () => t.close());

  it('sends CSP with frame-ancestors none, nosniff and Referrer-Policy on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/current_user' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    // Our own scripts, and the camera's WebAssembly barcode reader: no inline script, no JS eval.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    // Product photos come from the merchant's own https addresses (img_url).
    expect(csp).toContain("img-src 'self' data: blob: https:;");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('marks every /api answer no-store, errors and successes alike', async () => {
    const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const ok = await t.app.inject({ method: 'GET', url: '/api/current_user', headers: { cookie } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const anon = await t.app.inject({ method: 'GET', url: '/api/current_user' });
    expect(anon.statusCode).toBe(401);
    expect(anon.headers['cache-control']).toBe('no-store');
  });

  it('serves Swagger UI at /api/docs with its own CSP that still forbids framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('checks permissions on the decoded path: /api/current%5Fuser answers like /api/current_user', async () => {
    const cookie = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
    const plain = await t.app.inject({ method: 'GET', url: '/api/current_user', headers: { cookie } });
    const encoded = await t.app.inject({ method: 'GET', url: '/api/current%5Fuser', headers: { cookie } });
    expect(plain.statusCode).toBe(200);
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json()).toEqual(plain.json());
  });

  it('keeps reset tokens, cookies and passwords out of the log', async () => {
    const { email } = DEMO_USERS.bolUser;
    const before = t.mails().length;
    await t.app.inject({ method: 'POST', url: '/api/users/password_reset/email', payload: { email } });
    for (let i = 0; i < 50 && t.mails().length === before; i++) await new Promise((r) => setTimeout(r, 20));
    const token = tokenFrom(t.mails().at(-1) ?? '');
    const password = 'a brand new secret 123';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/password_reset/${token}`,
      payload: { password },
      headers: { cookie: 'hoppa_session=sekrit-cookie-value', authorization: 'Bearer sekrit-bearer' },
    });
    expect(res.statusCode).toBe(200);
    const log = logLines.join('');
    expect(log).toContain('/api/users/password_reset/[REDACTED]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(password);
    expect(log).not.toContain('sekrit');
  });

  it('redacts only the token segment of reset URLs', () => {
    expect(redactUrl('/api/users/password_reset/abc_DEF-1?x=1')).toBe(
      '/api/users/password_reset/[REDACTED]?x=1',
    );
    expect(redactUrl('/api/users/password_reset/email')).toBe('/api/users/password_reset/email');
    expect(redactUrl('/api/orders/5')).toBe('/api/orders/5');
  });

  it('redacts the secret of the public inbound calendar link, in the API call and the portal page', () => {
    const token = 'wT9eDIqY7_B0IHWrahjN6hjCjIad9F4VEQTxi_BWGqU';
    expect(redactUrl(`/api/inbounds-report/${token}?from=2026-11-23&to=2026-11-29`)).toBe(
      '/api/inbounds-report/[REDACTED]?from=2026-11-23&to=2026-11-29',
    );
    expect(redactUrl(`/inbounds-report/${token}`)).toBe('/inbounds-report/[REDACTED]');
    expect(redactUrl('/inbounds-report')).toBe('/inbounds-report');
  });
});

describe('Secure cookies behind a TLS-terminating reverse proxy (TRUST_PROXY)', () => {
  const loginVia = async (trustProxy: boolean) => {
    const t = await createTestApp({ seed: { products: 2 }, config: { trustProxy } });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: DEMO_USERS.bolUser.email, password: DEMO_USERS.bolUser.password },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      return res.cookies.find((c) => c.name === 'hoppa_session')?.secure ?? false;
    } finally {
      await t.close();
    }
  };

  it('marks the session cookie Secure only when the proxy header is trusted', async () => {
    expect(await loginVia(true)).toBe(true);
    expect(await loginVia(false)).toBe(false);
  });
});
