import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { hashToken } from '../../lib/auth.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { RESET_MAIL_MESSAGE } from './auth.service.ts';

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

  const requestReset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/password_reset/email', payload: { email } });
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

  it('sets a new password with the mailed token, once; old sessions end', async () => {
    const { email, password } = DEMO_USERS.bolOwner;
    const cookie = await t.login(email, password);
    await requestReset(email);
    const token = tokenFrom(t.mails().at(-1) as string);

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

describe('login rate limiting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 2 } });
  });
  afterAll(async () => t.close());

  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

  it('locks an account after 5 failed logins, even with the right password, from any address', async () => {
    const { email, password } = DEMO_USERS.bolUser;
    for (let i = 0; i < 5; i++)
      expect((await login(email, 'wrong-password', `10.0.0.${i}`)).statusCode).toBe(401);
    const locked = await login(email, password, '10.9.9.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many attempts\. Please wait 15 minutes/);
    expect(
      (await login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password, '10.9.9.9')).statusCode,
    ).toBe(200);
  });

  it('blocks an address after 30 failed logins across accounts', async () => {
    // 28 earlier failures from this address (argon2 makes 30 real attempts slow), then two real ones.
    for (let i = 0; i < 28; i++)
      await t.db.query('INSERT INTO rate_limit_hits (key) VALUES ($1)', ['login:ip:192.0.2.7']);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await login(`probe${i}@nowhere.nl`, 'x', '192.0.2.7')).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
    expect((await login(DEMO_USERS.admin.email, DEMO_USERS.admin.password, '192.0.2.7')).statusCode).toBe(
      429,
    );
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
