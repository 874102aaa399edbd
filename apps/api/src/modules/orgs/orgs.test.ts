import { CurrentOrgAuthSchema, OrgSchema, type OrgWizardInput } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ORGS, DEMO_USERS } from '../../db/seed.ts';
import { wizardBody } from '../../test/org-wizard-fixture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('organisations: current, list, switch, create (spec 2 §2, spec 3 §2, §7)', () => {
  let t: TestApp;
  let orgs: { provider: string; bol: string; stroop: string };
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 6 } });
    orgs = (t.seed as NonNullable<TestApp['seed']>).orgs;
  });
  afterAll(async () => t.close());

  const get = async (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = async (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const names = (body: unknown) =>
    z
      .array(OrgSchema)
      .parse(body)
      .map((o) => o.name);

  it('shows a merchant only its own organisation, as current', async () => {
    const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const list = await get('/api/orgs', cookie);
    expect(list.statusCode).toBe(200);
    expect(names(list.json())).toEqual([DEMO_ORGS.bol]);
    expect(list.json()[0].current).toBe(true);
    const curr = OrgSchema.parse((await get('/api/current_org', cookie)).json());
    expect(curr.id).toBe(orgs.bol);
    const auth = CurrentOrgAuthSchema.parse((await get('/api/current_org_auth', cookie)).json());
    expect(auth.org?.id).toBe(orgs.bol);
    expect(auth.role.key).toBe('merchant_owner');
    expect(auth.org_count).toBe(1);
  });

  it("does not let a merchant switch to another merchant's organisation: 404, current unchanged", async () => {
    const cookie = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    for (const other of [orgs.bol, orgs.provider, 'ffffffffffffffffffffffff']) {
      const res = await post('/api/orgs/set_curr', cookie, { customer_id: other });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect(OrgSchema.parse((await get('/api/current_org', cookie)).json()).id).toBe(orgs.stroop);
    const bad = await post('/api/orgs/set_curr', cookie, { customer_id: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
  });

  it('gives is_admin no extra organisations: a merchant-role admin lists, reads and switches only its memberships', async () => {
    // is_admin only shows the admin link (docs/roles.md); access follows all_orgs or memberships.
    await t.db.query('UPDATE users SET is_admin = true WHERE lower(email) = lower($1)', [
      DEMO_USERS.stroopOwner.email,
    ]);
    await t.sessionsSettled();
    try {
      const cookie = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
      expect(names((await get('/api/orgs', cookie)).json())).toEqual([DEMO_ORGS.stroop]);
      const res = await post('/api/orgs/set_curr', cookie, { customer_id: orgs.bol });
      expect(res.statusCode).toBe(404);
      expect(OrgSchema.parse((await get('/api/current_org', cookie)).json()).id).toBe(orgs.stroop);
    } finally {
      await t.db.query('UPDATE users SET is_admin = false WHERE lower(email) = lower($1)', [
        DEMO_USERS.stroopOwner.email,
      ]);
      await t.sessionsSettled();
    }
  });

  it('lets provider staff see every organisation and switch between them, keeping their role', async () => {
    const cookie = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    expect(names((await get('/api/orgs', cookie)).json())).toEqual([
      DEMO_ORGS.provider,
      DEMO_ORGS.bol,
      DEMO_ORGS.stroop,
    ]);
    const res = await post('/api/orgs/set_curr', cookie, { customer_id: orgs.stroop });
    expect(res.statusCode).toBe(200);
    const auth = CurrentOrgAuthSchema.parse(res.json());
    expect(auth.org).toEqual({ id: orgs.stroop, name: DEMO_ORGS.stroop, kind: 'merchant' });
    expect(auth.role.key).toBe('warehouse_staff');
    const me = (await get('/api/current_user', cookie)).json();
    expect(me.curr_org.id).toBe(orgs.stroop);
    const list = z.array(OrgSchema).parse((await get('/api/orgs', cookie)).json());
    expect(list.find((o) => o.current)?.id).toBe(orgs.stroop);
  });

  it('searches organisations by name or contact person, case-insensitively', async () => {
    const cookie = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    expect(names((await get('/api/orgs?search=STROOP', cookie)).json())).toEqual([DEMO_ORGS.stroop]);
    expect(names((await get('/api/orgs?search=bram', cookie)).json())).toEqual([DEMO_ORGS.bol]);
    expect(names((await get('/api/orgs?search=%25', cookie)).json())).toEqual([]);
  });

  it('sends a new sign-up without organisation to /orgs/add, then makes them owner of the shop they create', async () => {
    const cookie = await t.signUp({
      first_name: 'Kees',
      family_name: 'Kaas',
      email: 'kees@kaas.nl',
      phone: '0612345678',
      password: 'kaaskaas1',
    });
    const before = CurrentOrgAuthSchema.parse((await get('/api/current_org_auth', cookie)).json());
    expect(before.org).toBeNull();
    expect((await get('/api/current_org', cookie)).statusCode).toBe(404);
    expect(names((await get('/api/orgs', cookie)).json())).toEqual([]);

    const created = await post('/api/orgs', cookie, wizardBody('  Kaashandel Kees '));
    expect(created.statusCode).toBe(201);
    const org = OrgSchema.parse(created.json());
    expect(org).toMatchObject({
      name: 'Kaashandel Kees',
      kind: 'merchant',
      current: true,
      contact_person_email: 'kees@kaas.nl',
    });
    const after = CurrentOrgAuthSchema.parse((await get('/api/current_org_auth', cookie)).json());
    expect(after.org?.id).toBe(org.id);
    expect(after.role.key).toBe('merchant_owner');

    // The new shop stays invisible to the other merchants.
    const bol = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    expect((await post('/api/orgs/set_curr', bol, { customer_id: org.id })).statusCode).toBe(404);
  });

  it('invites the wizard contacts marked as users once: the mail with its link, the contact recorded as sent', async () => {
    const cookie = await t.signUp({
      first_name: 'Mies',
      family_name: 'Melk',
      email: 'mies@melk.nl',
      phone: '0612345678',
      password: 'melkmelk1',
    });
    const contacts: OrgWizardInput['contacts'] = [
      { name: 'Mies Melk', email: 'mies@melk.nl', contact_number: '+31 6 1234 5678', role: 'General' },
      {
        name: 'Fien van der Boter',
        email: 'fien@melk.nl',
        contact_number: '+31 6 8765 4321',
        role: 'Finance',
        invite_user: true,
      },
    ];
    const mailsBefore = t.mails().length;
    const created = await post('/api/orgs', cookie, wizardBody('Zuivelhuis Melk', { contacts }));
    expect(created.statusCode, created.body).toBe(201);
    const sent = t.mails().slice(mailsBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('To: fien@melk.nl');
    expect(sent[0]).toMatch(/\/reset\?token=|password/i);
    const orgId = OrgSchema.parse(created.json()).id;
    const member = await t.db.query<{ family_name: string; confirmed: boolean }>(
      `SELECT u.family_name, u.confirmed FROM users u JOIN memberships m ON m.user_id = u.id
        WHERE m.org_id = $1 AND lower(u.email) = 'fien@melk.nl'`,
      [orgId],
    );
    expect(member.rows).toEqual([{ family_name: 'van der Boter', confirmed: false }]);
    const stored = await t.db.query<{ contacts: { email: string; invite_status: string }[] }>(
      'SELECT contacts FROM organisations WHERE id = $1',
      [orgId],
    );
    expect(stored.rows[0]?.contacts.map((c) => [c.email, c.invite_status])).toEqual([
      ['mies@melk.nl', 'none'],
      ['fien@melk.nl', 'sent'],
    ]);
    // Saving the shop again sends nothing more.
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/orgs',
      headers: { cookie },
      payload: wizardBody('Zuivelhuis Melk', { contacts }),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(t.mails().slice(mailsBefore)).toHaveLength(1);
  });

  it('does not let a read-only merchant user create organisations', async () => {
    const cookie = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
    const res = await post('/api/orgs', cookie, wizardBody('Sneaky BV'));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('refuses a 1 MB city and a NUL in the name with a short 400, storing nothing (issue 7)', async () => {
    const cookie = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const count = async () =>
      Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM organisations')).rows[0]?.n);
    const before = await count();
    const city = await post('/api/orgs', cookie, {
      ...wizardBody('Grote Stad BV'),
      address: { ...wizardBody('x').address, city: 'x'.repeat(1024 * 1024) },
    });
    expect(city.statusCode).toBe(400);
    expect(city.json().message).toBe('address.city: City is too long (at most 200 characters)');
    const nul = await post('/api/orgs', cookie, wizardBody('Nul\u0000BV'));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('name: Name contains control or invalid characters');
    expect(await count()).toBe(before);
  });
});
