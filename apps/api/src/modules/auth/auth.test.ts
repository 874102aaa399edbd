import { APP_HEADER, CurrentUserSchema, ProblemSchema, SIGNUP_MAIL_MESSAGE } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { settleBackgroundWork } from './auth.deps.ts';

const signupBody = {
  first_name: 'Femke',
  family_name: 'de Boer',
  email: 'Femke@Example.nl',
  phone: '+31 6 1234 5678',
  password: 'negen-tek',
};

describe('sign-up, login, logout, current user (spec 2 §2, §5, §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 4 } });
  });
  afterAll(async () => t.close());

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    opts: { payload?: unknown; cookie?: string; app?: boolean } = {},
  ) =>
    t.app.inject({
      method,
      url,
      payload: opts.payload as object | undefined,
      headers: {
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...(opts.app === false ? {} : { [APP_HEADER]: 'test' }),
      },
    });

  it('rejects a sign-up with a missing field or a short password, naming the rule', async () => {
    const { phone: _p, ...noPhone } = signupBody;
    const missing = await inject('POST', '/api/signup', { payload: noPhone });
    expect(missing.statusCode).toBe(400);
    expect(ProblemSchema.parse(missing.json()).issues?.map((i) => i.path)).toEqual(['body.phone']);

    const short = await inject('POST', '/api/signup', { payload: { ...signupBody, password: '8-chars!' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('password: Password must be at least 9 characters');

    const badEmail = await inject('POST', '/api/signup', { payload: { ...signupBody, email: 'femke@' } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain('email');

    // The one phone rule of spec 3 §5 (core phoneField), as the phone field refuses it.
    const badPhone = await inject('POST', '/api/signup', { payload: { ...signupBody, phone: '06-12ab' } });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toBe('phone: Please enter a valid phone number');
  });

  /** The token of the newest sign-up link mailed to `email`, or undefined. */
  const signupToken = (email: string) =>
    t
      .mails()
      .reverse()
      .find((m) => m.includes(`To: ${email}`) && m.includes('/signup?token='))
      ?.match(/\/signup\?token=([A-Za-z0-9_-]+)/)?.[1];

  it('signs up by a mailed link: 202 without a session, the link confirms once and logs in with an httpOnly SameSite=Lax cookie', async () => {
    const res = await inject('POST', '/api/signup', { payload: signupBody });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true, message: SIGNUP_MAIL_MESSAGE });
    expect(res.headers['set-cookie']).toBeUndefined();
    await settleBackgroundWork();
    const token = signupToken('femke@example.nl');
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const waiting = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE lower(email) = 'femke@example.nl'",
    );
    expect(waiting.rows[0]?.n).toBe(0);

    const confirmed = await inject('POST', `/api/signup/confirm/${token}`);
    expect(confirmed.statusCode).toBe(201);
    const user = CurrentUserSchema.parse(confirmed.json());
    expect(user).toMatchObject({
      email: 'femke@example.nl',
      first_name: 'Femke',
      confirmed: true,
      curr_org: null,
    });
    expect(user.curr_role.key).toBe('merchant_owner');
    const setCookie = String(confirmed.headers['set-cookie']);
    expect(setCookie).toMatch(/^hoppa_session=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(';')[0] as string;
    const me = await inject('GET', '/api/current_user', { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    const login = await inject('POST', '/api/login', {
      payload: { email: signupBody.email, password: signupBody.password },
    });
    expect(login.statusCode).toBe(200);

    const twice = await inject('POST', `/api/signup/confirm/${token}`);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('invalid_token');
  });

  it('answers a known address exactly like a new one: no link, no session, no second account, a notice to the owner', async () => {
    const known = await inject('POST', '/api/signup', {
      payload: { ...signupBody, email: DEMO_USERS.picker.email.toUpperCase(), password: 'someone-else' },
    });
    const fresh = await inject('POST', '/api/signup', {
      payload: { ...signupBody, email: 'nieuw@example.nl' },
    });
    for (const r of [known, fresh]) {
      expect(r.statusCode).toBe(202);
      expect(r.json()).toEqual({ ok: true, message: SIGNUP_MAIL_MESSAGE });
      expect(r.headers['set-cookie']).toBeUndefined();
    }
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    await settleBackgroundWork();
    const packer = DEMO_USERS.picker.email.toLowerCase();
    expect(signupToken(packer)).toBeUndefined();
    const notice = t.mails().find((m) => m.includes('Subject: Someone tried to sign up with your address'));
    expect(notice).toContain(`To: ${packer}`);
    expect(signupToken('nieuw@example.nl')).toBeDefined();
    // The owner's password still works; the stranger's does not.
    expect(
      (await inject('POST', '/api/login', { payload: { email: packer, password: 'someone-else' } }))
        .statusCode,
    ).toBe(401);
    const count = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE lower(email) = $1',
      [packer],
    );
    expect(count.rows[0]?.n).toBe(1);
  });

  it('refuses an expired link, and a second link once the address has an account', async () => {
    const body = { ...signupBody, email: 'twee@example.nl' };
    expect((await inject('POST', '/api/signup', { payload: body })).statusCode).toBe(202);
    await settleBackgroundWork();
    const first = signupToken('twee@example.nl');
    expect(
      (await inject('POST', '/api/signup', { payload: { ...body, first_name: 'Tweede' } })).statusCode,
    ).toBe(202);
    await settleBackgroundWork();
    const second = signupToken('twee@example.nl');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await inject('POST', `/api/signup/confirm/${second}`)).statusCode).toBe(201);
    const late = await inject('POST', `/api/signup/confirm/${first}`);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('invalid_token');

    expect(
      (await inject('POST', '/api/signup', { payload: { ...body, email: 'oud@example.nl' } })).statusCode,
    ).toBe(202);
    await settleBackgroundWork();
    await t.db.query("UPDATE signup_requests SET expires_at = now() - interval '1 second' WHERE email = $1", [
      'oud@example.nl',
    ]);
    const expired = await inject('POST', `/api/signup/confirm/${signupToken('oud@example.nl')}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This sign-up link is invalid or has expired. Please sign up again.');
  });

  it('rate-limits sign-ups per client address and per typed address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { ...signupBody, email: `many${i}@example.nl` },
        remoteAddress: '203.0.113.50',
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses[10]).toBe(429);

    const same: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { ...signupBody, email: 'inbox@example.nl' },
        remoteAddress: `203.0.113.${60 + i}`,
      });
      same.push(r.statusCode);
    }
    expect(same).toEqual([202, 202, 202, 429]);
  });

  it('logs in with the right password only, without telling which part was wrong', async () => {
    const ok = await inject('POST', '/api/login', {
      payload: { email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password },
    });
    expect(ok.statusCode).toBe(200);
    const user = CurrentUserSchema.parse(ok.json());
    expect(user.is_admin).toBe(true);
    expect(user.curr_role.key).toBe('provider_admin');
    expect(user.curr_org?.name).toBe('Hoppa Fulfilment');

    const wrongPw = await inject('POST', '/api/login', {
      payload: { email: DEMO_USERS.admin.email, password: 'nope-nope' },
    });
    const unknown = await inject('POST', '/api/login', {
      payload: { email: 'nobody@example.nl', password: 'nope-nope' },
    });
    for (const res of [wrongPw, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        code: 'invalid_credentials',
        message: 'The email address or password is incorrect',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const res = await inject('POST', '/api/login', {
      payload: {
        email: `  ${DEMO_USERS.bolUser.email.toUpperCase()} `,
        password: DEMO_USERS.bolUser.password,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().curr_role.key).toBe('merchant_user');
  });

  it('answers 401 on /current_user without a session or with a made-up cookie', async () => {
    expect((await inject('GET', '/api/current_user')).statusCode).toBe(401);
    const fake = await inject('GET', '/api/current_user', { cookie: 'hoppa_session=made-up-token' });
    expect(fake.statusCode).toBe(401);
    expect(fake.json().code).toBe('unauthorized');
  });

  it('returns the current role with its grants so the apps can call can()', async () => {
    const cookie = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    const me = CurrentUserSchema.parse((await inject('GET', '/api/current_user', { cookie })).json());
    expect(me.curr_role.key).toBe('warehouse_staff');
    expect(me.curr_role.all_orgs).toBe(true);
    expect(me.curr_role.grants.length).toBeGreaterThan(5);
    // Provider staff hold no licence: licences are a shop's (spec 3 §6; ADR 0050).
    expect(me.licences).toEqual([{ organization_id: me.curr_org?.id, licence_id: null }]);
    expect(me.curr_org?.licences).toEqual([]);
  });

  it('logs out: the session ends on the server, the cookie is cleared, the app header is required', async () => {
    const cookie = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    const noHeader = await inject('GET', '/api/logout', { cookie, app: false });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toMatch(/x-hoppa-app/);
    expect((await inject('GET', '/api/current_user', { cookie })).statusCode).toBe(200);

    const out = await inject('GET', '/api/logout', { cookie });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/hoppa_session=;/);
    expect((await inject('GET', '/api/current_user', { cookie })).statusCode).toBe(401);
    const rows = await t.db.query(
      'SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
      [DEMO_USERS.stroopOwner.email],
    );
    expect(rows.rowCount).toBe(0);
  });

  it('stores only the SHA-256 of the session token and an argon2id password hash', async () => {
    const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const token = cookie.split('=')[1] as string;
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(token).digest('hex');
    const s = await t.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [hash]);
    expect(s.rowCount).toBe(1);
    const raw = await t.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [token]);
    expect(raw.rowCount).toBe(0);
    const u = await t.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [DEMO_USERS.bolOwner.email],
    );
    expect(u.rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('ends an expired session', async () => {
    const cookie = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256')
      .update(cookie.split('=')[1] as string)
      .digest('hex');
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hash,
    ]);
    expect((await inject('GET', '/api/current_user', { cookie })).statusCode).toBe(401);
  });
});
