import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { hashToken } from '../../lib/auth.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { settleBackgroundWork } from './auth.deps.ts';
import { RESET_MAIL_MESSAGE } from './password-reset.service.ts';

/** The token of the reset link in an .eml file, as the e2e tests read it. */
function tokenFrom(eml: string): string {
  const m = eml.match(/\/reset\?token=([A-Za-z0-9_-]+)/);
  if (!m?.[1]) throw new Error(`no reset link in:\n${eml}`);
  return m[1];
}

describe('password reset by e-mailed token (spec 2 §2, §5, §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 2 } });
  });
  afterAll(async () => t.close());

  // The lookup and mail run after the answer (no timing oracle): wait for them before reading mails.
  const requestReset = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/password_reset/email',
      payload: { email },
    });
    await settleBackgroundWork();
    return res;
  };
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: `/api/users/password_reset/${token}`, payload: { password } });
  const loginStatus = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })).statusCode;

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const known = await requestReset(DEMO_USERS.bolUser.email);
    const unknown = await requestReset('nobody@nowhere.nl');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ ok: true, message: RESET_MAIL_MESSAGE });
    const mails = t.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${DEMO_USERS.bolUser.email}`);
    expect(mails[0]).toContain('Subject: Reset your Hoppa password');
    expect(mails[0]).toMatch(/http:\/\/localhost:8080\/reset\?token=[A-Za-z0-9_-]{22}\n/);
  });

  it('answers before any lookup or mail: the answer comes first, the mail after it', async () => {
    // The handler does only address-independent work before answering; the mail is written afterwards.
    const before = t.mails().length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/password_reset/email',
      payload: { email: DEMO_USERS.admin.email },
      // Its own address and account, so the rate-limit tests below keep their budgets.
      remoteAddress: '10.44.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(t.mails()).toHaveLength(before);
    await settleBackgroundWork();
    expect(t.mails()).toHaveLength(before + 1);
  });

  it('sets a new password with the mailed token, once; old sessions end', async () => {
    const { email, password } = DEMO_USERS.bolOwner;
    const cookie = await t.login(email, password);
    await requestReset(email);
    const token = tokenFrom(t.mails().at(-1) as string);

    // The link's page asks first whether the token can still set a password; asking uses nothing up.
    const check = () => t.app.inject({ method: 'GET', url: `/api/users/password_reset/${token}` });
    expect((await check()).statusCode).toBe(200);
    expect((await check()).statusCode).toBe(200);

    const short = await reset(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('password: Minimum 6 characters');

    const ok = await reset(token, 'nieuw-wachtwoord');
    expect(ok.statusCode).toBe(200);
    expect(await loginStatus(email, password)).toBe(401);
    expect(await loginStatus(email, 'nieuw-wachtwoord')).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/current_user', headers: { cookie } });
    expect(me.statusCode).toBe(401);

    const twice = await reset(token, 'nog-een-keer');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('invalid_token');
    const used = await check();
    expect(used.statusCode).toBe(400);
    expect(used.json().code).toBe('invalid_token');
    expect(await loginStatus(email, 'nog-een-keer')).toBe(401);
  });

  it('refuses an expired or made-up token', async () => {
    await requestReset(DEMO_USERS.stroopOwner.email);
    const token = tokenFrom(t.mails().at(-1) as string);
    await t.db.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashToken(token)],
    );
    const expired = await reset(token, 'nieuw-wachtwoord');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/invalid or has expired/);
    expect(await loginStatus(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password)).toBe(200);

    const madeUp = await reset('A'.repeat(22), 'nieuw-wachtwoord');
    expect(madeUp.statusCode).toBe(400);
  });

  it('rate-limits reset mails per account with a readable 429, for unknown addresses too', async () => {
    for (const email of [DEMO_USERS.picker.email, 'ghost@nowhere.nl']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await requestReset(email)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
    const limited = await requestReset('ghost@nowhere.nl');
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'rate_limited' });
    expect(limited.json().message).toMatch(/Too many attempts/);
  });

  it('rate-limits reset mails per client address', async () => {
    // The earlier tests of this file used 9 of the 10 requests per hour from this address.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await requestReset(`other${i}@nowhere.nl`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    const fromElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/users/password_reset/email',
      payload: { email: 'fresh@nowhere.nl' },
      remoteAddress: '10.1.2.3',
    });
    expect(fromElsewhere.statusCode).toBe(200);
  });
});

describe('login throttling without lock-out (docs/decisions/0009-login-throttling.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 2 } });
  });
  afterAll(async () => t.close());

  const login = (email: string, password: string, remoteAddress = '127.0.0.1', cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('slows a guesser elsewhere while the owner logs in at once from a known address or device cookie', async () => {
    const { email, password } = DEMO_USERS.bolUser;
    // The owner's usual packing station logs in once (known address), a laptop gets the device cookie.
    expect((await login(email, password, '10.9.9.9')).statusCode).toBe(200);
    const laptop = await login(email, password, '10.8.8.8');
    const device = laptop.cookies.find((c) => c.name === 'hoppa_device');
    expect(device?.httpOnly).toBe(true);

    // A guesser from other addresses hammers the account: 5 failures, then slowed with 429 + Retry-After.
    for (let i = 0; i < 5; i++)
      expect((await login(email, 'wrong-password', `10.0.0.${i}`)).statusCode).toBe(401);
    const slowed = await login(email, 'wrong-password', '10.0.0.99');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(slowed.json()).toMatchObject({ code: 'rate_limited' });
    // Even the right password from an unknown address waits: the guesser learns nothing.
    expect((await login(email, password, '10.0.0.100')).statusCode).toBe(429);

    // The owner is not locked out: the known address and the device cookie (from a new address) go through.
    expect((await login(email, password, '10.9.9.9')).statusCode).toBe(200);
    expect((await login(email, password, '10.7.7.7', `hoppa_device=${device?.value}`)).statusCode).toBe(200);
    // The owner's success does not reset the guesser's delay.
    expect((await login(email, 'wrong-password', '10.0.0.101')).statusCode).toBe(429);
  });

  it('grows the required wait with each further failure, capped, never a fixed lock', async () => {
    const email = DEMO_USERS.bolOwner.email.toLowerCase();
    const key = `login:account:${email}:other`;
    for (let i = 0; i < 5; i++) await t.db.query('INSERT INTO rate_limit_hits (key) VALUES ($1)', [key]);
    const first = Number((await login(email, 'x', '10.3.3.3')).headers['retry-after']);
    for (let i = 0; i < 3; i++) await t.db.query('INSERT INTO rate_limit_hits (key) VALUES ($1)', [key]);
    const later = Number((await login(email, 'x', '10.3.3.4')).headers['retry-after']);
    for (let i = 0; i < 30; i++) await t.db.query('INSERT INTO rate_limit_hits (key) VALUES ($1)', [key]);
    const capped = Number((await login(email, 'x', '10.3.3.5')).headers['retry-after']);
    expect(first).toBe(1);
    expect(later).toBe(8);
    expect(capped).toBe(300);
    // The wait is capped at 5 minutes: once it has passed, even 38 failures hold nobody back.
    await t.db.query(`UPDATE rate_limit_hits SET hit_at = now() - interval '301 seconds' WHERE key = $1`, [
      key,
    ]);
    expect((await login(email, DEMO_USERS.bolOwner.password, '10.3.3.6')).statusCode).toBe(200);
  });

  it('slows an address after 10 failed logins across accounts, other addresses unaffected', async () => {
    for (let i = 0; i < 9; i++)
      await t.db.query('INSERT INTO rate_limit_hits (key) VALUES ($1)', ['login:ip:192.0.2.7']);
    expect((await login('probe@nowhere.nl', 'x', '192.0.2.7')).statusCode).toBe(401);
    const slowed = await login(DEMO_USERS.admin.email, DEMO_USERS.admin.password, '192.0.2.7');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect((await login(DEMO_USERS.admin.email, DEMO_USERS.admin.password, '192.0.2.8')).statusCode).toBe(
      200,
    );
  });

  it('does not count successful logins', async () => {
    for (let i = 0; i < 7; i++) {
      expect(
        (await login(DEMO_USERS.picker.email, DEMO_USERS.picker.password, '198.51.100.1')).statusCode,
      ).toBe(200);
    }
  });
});
