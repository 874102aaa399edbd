import { APP_HEADER, CurrentUserSchema, ProblemSchema } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { settleBackgroundWork } from './auth.service.ts';

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
  });

  it('signs up, logs the new user in with an httpOnly SameSite=Lax cookie; a known address gets the same answer and a notice mail', async () => {
    const res = await inject('POST', '/api/signup', { payload: signupBody });
    expect(res.statusCode).toBe(201);
    const user = CurrentUserSchema.parse(res.json());
    expect(user.email).toBe('femke@example.nl');
    expect(user.curr_org).toBeNull();
    expect(user.curr_role.key).toBe('merchant_owner');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^hoppa_session=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(';')[0] as string;
    const me = await inject('GET', '/api/current_user', { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    const again = await inject('POST', '/api/signup', {
      payload: { ...signupBody, email: 'FEMKE@example.nl' },
    });
    // No account enumeration (issue 7): same status and shape, no second account, the owner is told by mail.
    expect(again.statusCode).toBe(201);
    const decoy = CurrentUserSchema.parse(again.json());
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(res.json()).sort());
    expect(decoy.email).toBe('femke@example.nl');
    expect(decoy.id).not.toBe(user.id);
    expect(String(again.headers['set-cookie'])).toMatch(/^hoppa_session=[A-Za-z0-9_-]{40,};/);
    const decoyCookie = String(again.headers['set-cookie']).split(';')[0] as string;
    expect((await inject('GET', '/api/current_user', { cookie: decoyCookie })).statusCode).toBe(401);
    const count = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE lower(email) = 'femke@example.nl'",
    );
    expect(count.rows[0]?.n).toBe(1);
    await settleBackgroundWork();
    const notice = t.mails().find((m) => m.includes('Subject: Someone tried to sign up with your address'));
    expect(notice).toContain('To: femke@example.nl');
  });

  it('rate-limits sign-ups per client address', async () => {
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
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
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
    expect(me.licences).toEqual([{ organization_id: me.curr_org?.id, licence_id: 'CSR Manager' }]);
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
