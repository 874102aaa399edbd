import {
  AddUsersResultSchema,
  APP_HEADER,
  CurrentUserSchema,
  newId,
  pageOf,
  ShopUserSchema,
  TERMS_VERSION,
} from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { hashToken } from '../../lib/auth.ts';
import { replayedTransactions } from '../../test/replayed-transactions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { inviteUser, STANDARD_PLANS } from './index.ts';
import { addUsersToShop } from './invite.service.ts';

const UsersPage = pageOf(ShopUserSchema);
const CSR = STANDARD_PLANS.csrManager;
const STAKE = STANDARD_PLANS.stakeholders;

describe('users and licences of a shop (spec 3 §2 Users, §5 add user / users import, §7 users)', () => {
  let t: TestApp;
  let orgs: { provider: string; bol: string; stroop: string };
  let bolOwner: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 4 } });
    orgs = (t.seed as NonNullable<TestApp['seed']>).orgs;
    bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    // The bakery subscribes: 3 CSR Manager and 6 Stakeholders licences (1 + 1 in use by the seed's owner and user).
    const h = { cookie: bolOwner, [APP_HEADER]: 'test' };
    expect((await t.app.inject({ method: 'GET', url: '/api/accept_terms', headers: h })).statusCode).toBe(
      200,
    );
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: h,
      payload: {
        subscription: [
          { id: CSR, count: 3 },
          { id: STAKE, count: 6 },
        ],
      },
    });
    expect(sub.statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, [APP_HEADER]: 'test' },
      ...(payload ? { payload: payload as object } : {}),
    });
  const linkOf = (mail: string) => mail.match(/\/reset\?token(?:=3D|=)([A-Za-z0-9_-]+)/)?.[1];
  const mailTo = (email: string) =>
    t
      .mails()
      .reverse()
      .find((m) => m.includes(`To: ${email}`));

  it("lists the current shop's users with licence and verified tick, searchable and paged", async () => {
    const res = await inject('GET', '/api/users', bolOwner);
    expect(res.statusCode).toBe(200);
    const page = UsersPage.parse(res.json());
    expect(page.items.map((u) => u.email).sort()).toEqual(
      [DEMO_USERS.bolOwner.email, DEMO_USERS.bolUser.email].sort(),
    );
    const owner = page.items.find((u) => u.email === DEMO_USERS.bolOwner.email);
    expect(owner).toMatchObject({
      licence_id: CSR,
      licence_name: 'CSR Manager',
      confirmed: true,
      is_me: true,
    });
    expect(page.items.find((u) => u.email === DEMO_USERS.bolUser.email)?.licence_name).toBe('Stakeholders');
    const searched = UsersPage.parse((await inject('GET', '/api/users?search=GEBRUIKER', bolOwner)).json());
    const other = UsersPage.parse(
      (await inject('GET', `/api/users?search=${DEMO_USERS.bolUser.firstName}`, bolOwner)).json(),
    );
    expect(other.items.map((u) => u.email)).toEqual([DEMO_USERS.bolUser.email]);
    expect(searched.total).toBeLessThanOrEqual(page.total);
    const paged = UsersPage.parse(
      (await inject('GET', '/api/users?limit=1&skip=1&sort=-email', bolOwner)).json(),
    );
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBe(2);
    expect(paged.items[0]?.email).toBe(
      [DEMO_USERS.bolOwner.email, DEMO_USERS.bolUser.email].sort().reverse()[1],
    );
  });

  it("never shows a merchant another shop's users; provider staff see every shop with orgs=all", async () => {
    const stroop = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    const all = UsersPage.parse((await inject('GET', '/api/users?orgs=all&limit=100', stroop)).json());
    expect(new Set(all.items.map((u) => u.org_id))).toEqual(new Set([orgs.stroop]));
    const admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const every = UsersPage.parse((await inject('GET', '/api/users?orgs=all&limit=100', admin)).json());
    expect(new Set(every.items.map((u) => u.org_id))).toEqual(
      new Set([orgs.provider, orgs.bol, orgs.stroop]),
    );
    const current = UsersPage.parse((await inject('GET', '/api/users', admin)).json());
    expect(new Set(current.items.map((u) => u.org_id))).toEqual(new Set([orgs.provider]));
  });

  it('sorts by last and first name case-insensitively ("de Vries" between "Bakker" and "Tester")', async () => {
    const role = await t.db.query<{ role_id: string }>(
      'SELECT role_id FROM memberships WHERE org_id = $1 LIMIT 1',
      [orgs.stroop],
    );
    const people = [
      ['Tom', 'Tester'],
      ['anna', 'de Vries'],
      ['Bert', 'Bakker'],
      ['Zoë', 'van Dam'],
    ];
    for (const [first, family] of people) {
      const id = newId();
      await t.db.query(
        `INSERT INTO users (id, first_name, family_name, email, password_hash) VALUES ($1, $2, $3, $4, 'x')`,
        [id, first, family, `${family?.replace(' ', '')}@sort.example`],
      );
      await t.db.query('INSERT INTO memberships (user_id, org_id, role_id) VALUES ($1, $2, $3)', [
        id,
        orgs.stroop,
        role.rows[0]?.role_id,
      ]);
    }
    const stroop = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    const sorted = async (sort: string, key: 'family_name' | 'first_name') =>
      UsersPage.parse((await inject('GET', `/api/users?orgs=all&limit=100&sort=${sort}`, stroop)).json())
        .items.filter((u) => u.email.endsWith('@sort.example'))
        .map((u) => u[key]);
    expect(await sorted('family_name', 'family_name')).toEqual(['Bakker', 'de Vries', 'Tester', 'van Dam']);
    expect(await sorted('-family_name', 'family_name')).toEqual(['van Dam', 'Tester', 'de Vries', 'Bakker']);
    expect(await sorted('first_name', 'first_name')).toEqual(['anna', 'Bert', 'Tom', 'Zoë']);
  });

  it('invites a colleague: unconfirmed until the mailed link sets a password, then logs in with the licence', async () => {
    const email = 'anna.invited@bakkerijbol.nl';
    const res = await inject('POST', '/api/users', bolOwner, {
      rows: [{ first_name: 'Anna', family_name: 'Jansen', email, licence: CSR }],
      message: '<p>Welkom <b>Anna</b>!</p><script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(201);
    const result = AddUsersResultSchema.parse(res.json());
    expect(result).toMatchObject({ invited: 1, added: 0, errors: [] });
    const listed = UsersPage.parse((await inject('GET', '/api/users?search=anna.invited', bolOwner)).json());
    expect(listed.items[0]).toMatchObject({
      confirmed: false,
      licence_name: 'CSR Manager',
      role: 'merchant_owner',
    });
    const mail = mailTo(email) ?? '';
    expect(mail).toContain('Bakkerij Bol');
    expect(mail).toContain('Welkom');
    expect(mail).not.toContain('alert(1)');
    const token = linkOf(mail);
    expect(token).toBeTruthy();
    // No password yet: logging in fails.
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'x' },
    });
    expect(before.statusCode).toBe(401);
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/users/password_reset/${token}`,
      payload: { password: 'anna-secret-1' },
    });
    expect(set.statusCode).toBe(200);
    const anna = await t.login(email, 'anna-secret-1');
    const me = CurrentUserSchema.parse((await inject('GET', '/api/current_user', anna)).json());
    expect(me.confirmed).toBe(true);
    expect(me.curr_org?.id).toBe(orgs.bol);
    expect(me.licences).toEqual([{ organization_id: orgs.bol, licence_id: CSR }]);
    expect(me.curr_role.key).toBe('merchant_owner');
    expect(me.curr_org?.licences).toEqual([
      { name: 'CSR Manager', used: 2, count: 3 },
      { name: 'Stakeholders', used: 1, count: 6 },
    ]);
  });

  it('imports rows: each refused row is reported with its reason, the others go in together', async () => {
    const rows = [
      {
        first_name: 'Bram',
        family_name: 'Smit',
        email: 'bram@bakkerijbol.nl',
        licence: 'stakeholders',
        stakeholders_group: 'Finance',
      },
      { first_name: '', family_name: 'Leeg', email: 'leeg@bakkerijbol.nl' },
      { first_name: 'Geen', family_name: 'Mail', email: 'not-an-address' },
      { first_name: 'Bram', family_name: 'Twee', email: 'BRAM@bakkerijbol.nl' },
      { first_name: 'Onbekend', family_name: 'Plan', email: 'plan@bakkerijbol.nl', licence: 'Gold' },
      { first_name: 'Al', family_name: 'Lid', email: DEMO_USERS.bolUser.email },
      { first_name: 'Cor', family_name: 'Kok', email: 'cor@bakkerijbol.nl', licence: 'CSR Manager' },
      // The third CSR Manager licence is Cor's: none left for Dirk.
      { first_name: 'Dirk', family_name: 'Dijk', email: 'dirk@bakkerijbol.nl', licence: 'CSR Manager' },
      // An account of another shop is given this shop too.
      {
        first_name: 'Stroop',
        family_name: 'Eigenaar',
        email: DEMO_USERS.stroopOwner.email,
        licence: 'Stakeholders',
      },
    ];
    const res = await inject('POST', '/api/users', bolOwner, rows);
    expect(res.statusCode).toBe(201);
    const r = AddUsersResultSchema.parse(res.json());
    expect(r.invited).toBe(2);
    expect(r.added).toBe(1);
    expect(r.errors.map((e) => [e.row, e.reason.split(' (')[0]])).toEqual([
      [2, 'first name is missing'],
      [3, 'not a valid e-mail address'],
      [4, 'this e-mail address is in the file twice'],
      [5, 'unknown licence "Gold"'],
      [6, 'already a user of this shop'],
      [8, 'no free "CSR Manager" licence left'],
    ]);
    // The two refusals the portal words in the user's language carry their code and the licence.
    expect(r.errors.filter((e) => e.code).map((e) => [e.row, e.code, e.licence])).toEqual([
      [6, 'already_member', 'Stakeholders'],
      [8, 'no_free_licence', 'CSR Manager'],
    ]);
    const list = UsersPage.parse((await inject('GET', '/api/users?limit=100', bolOwner)).json());
    expect(list.items.find((u) => u.email === 'bram@bakkerijbol.nl')).toMatchObject({
      licence_name: 'Stakeholders',
      role: 'merchant_user',
      stakeholders_group: 'Finance',
      confirmed: false,
    });
    expect(list.items.some((u) => u.email === 'dirk@bakkerijbol.nl')).toBe(false);
    expect(mailTo(DEMO_USERS.stroopOwner.email)).toContain('was added to your Hoppa account');
  });

  it('refuses the add call for a read-only user and a warehouse worker (403)', async () => {
    const user = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
    const picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    const row = [{ first_name: 'X', family_name: 'Y', email: 'x@y.nl' }];
    expect((await inject('POST', '/api/users', user, row)).statusCode).toBe(403);
    expect((await inject('POST', '/api/users', picker, row)).statusCode).toBe(403);
    expect((await inject('GET', '/api/users', picker)).statusCode).toBe(403);
  });

  it("changes a licence and the role with it; another shop's user is 404; full plans and the last owner are refused", async () => {
    const list = UsersPage.parse((await inject('GET', '/api/users?limit=100', bolOwner)).json());
    const bram = list.items.find((u) => u.email === 'bram@bakkerijbol.nl');
    const anna = list.items.find((u) => u.email === 'anna.invited@bakkerijbol.nl');
    const owner = list.items.find((u) => u.is_me);
    if (!bram || !anna || !owner) throw new Error('seeded users missing');
    // Every CSR Manager licence is in use (owner, Anna, Cor).
    const full = await inject('PUT', '/api/users/licence', bolOwner, { user_id: bram._id, licence_id: CSR });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('no_licence_left');
    // Anna to Stakeholders frees one; Bram takes it.
    const down = await inject('PUT', '/api/users/licence', bolOwner, {
      user_id: anna._id,
      licence_id: STAKE,
    });
    expect(down.statusCode).toBe(200);
    expect(ShopUserSchema.parse(down.json())).toMatchObject({
      licence_name: 'Stakeholders',
      role: 'merchant_user',
    });
    const up = await inject('PUT', '/api/users/licence', bolOwner, { user_id: bram._id, licence_id: CSR });
    expect(ShopUserSchema.parse(up.json())).toMatchObject({
      licence_name: 'CSR Manager',
      role: 'merchant_owner',
    });
    // Anna's next request works with the read-only role.
    const annaCookie = await t.login('anna.invited@bakkerijbol.nl', 'anna-secret-1');
    await t.sessionsSettled();
    const me = CurrentUserSchema.parse((await inject('GET', '/api/current_user', annaCookie)).json());
    expect(me.curr_role.key).toBe('merchant_user');
    expect((await inject('GET', '/api/users', annaCookie)).statusCode).toBe(403);
    // Another shop's user: 404, as an unknown id; a made-up plan: 400.
    const others = await t.db.query<{ user_id: string }>(
      'SELECT user_id FROM memberships WHERE org_id <> $1',
      [orgs.bol],
    );
    const foreign = others.rows.find((r) => !list.items.some((u) => u._id === r.user_id));
    expect(foreign).toBeDefined();
    const other = await inject('PUT', '/api/users/licence', bolOwner, {
      user_id: foreign?.user_id,
      licence_id: STAKE,
    });
    expect(other.statusCode).toBe(404);
    const unknown = await inject('PUT', '/api/users/licence', bolOwner, {
      user_id: bram._id,
      licence_id: 'ffffffffffffffffffffffff',
    });
    expect(unknown.json().code).toBe('unknown_plan');
    // Demote every other manager, then the owner cannot demote the last one (themselves).
    for (const id of [bram._id, list.items.find((u) => u.email === 'cor@bakkerijbol.nl')?._id])
      expect(
        (await inject('PUT', '/api/users/licence', bolOwner, { user_id: id, licence_id: STAKE })).statusCode,
      ).toBe(200);
    const last = await inject('PUT', '/api/users/licence', bolOwner, {
      user_id: owner._id,
      licence_id: STAKE,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('last_owner');
    const counts = CurrentUserSchema.parse((await inject('GET', '/api/current_user', bolOwner)).json());
    expect(counts.curr_org?.licences.find((l) => l.name === 'CSR Manager')).toEqual({
      name: 'CSR Manager',
      used: 1,
      count: 3,
    });
  });

  it('lets the organisation wizard invite a contact through inviteUser(), before the shop has a subscription', async () => {
    const made = await inviteUser(
      { db: t.db, config: { publicUrl: 'http://localhost:1' }, mail: t.app.hoppa.mail },
      {
        orgId: orgs.stroop,
        invitedBy: null,
        first_name: 'Finn',
        family_name: 'Finance',
        email: 'finn@stroopwafel.nl',
        licence: 'Stakeholders',
        group: 'Finance',
        checkFreeLicence: false,
      },
    );
    expect(made).toMatchObject({ invited: 1, errors: [] });
    expect(linkOf(mailTo('finn@stroopwafel.nl') ?? '')).toBeTruthy();
    const strict = await inviteUser(
      { db: t.db, config: { publicUrl: 'http://localhost:1' }, mail: t.app.hoppa.mail },
      {
        orgId: orgs.stroop,
        invitedBy: null,
        first_name: 'Gijs',
        family_name: 'G',
        email: 'gijs@stroopwafel.nl',
      },
    );
    expect(strict.errors[0]?.reason).toMatch(/no free "Stakeholders" licence/);
  });

  it('mails and answers only the committed attempt when the transaction runs again after a deadlock', async () => {
    const db = replayedTransactions(t.db);
    const emails = ['ria.retry@stroopwafel.nl', 'rob.retry@stroopwafel.nl'];
    const r = await addUsersToShop(
      { db, config: { publicUrl: 'http://localhost:1' }, mail: t.app.hoppa.mail },
      { orgId: orgs.stroop, invitedBy: null },
      {
        rows: emails.map((email, i) => ({ first_name: `R${i}`, family_name: 'Retry', email })),
        checkFreeLicence: false,
      },
    );
    expect(db.replays).toBe(1);
    expect(r).toMatchObject({ invited: 2, added: 0, errors: [] });
    const stored = await t.db.query<{ id: string }>(
      'SELECT id FROM users WHERE lower(email) = ANY($1::text[]) ORDER BY id',
      [emails],
    );
    expect([...r.user_ids].sort()).toEqual(stored.rows.map((u) => u.id));
    for (const email of emails) {
      const sent = t.mails().filter((m) => m.includes(`To: ${email}`));
      expect(sent).toHaveLength(1);
      // The mailed link is the committed attempt's, not the rolled-back one's.
      const token = linkOf(sent[0] ?? '') ?? '';
      const reset = await t.db.query('SELECT 1 FROM password_resets WHERE token_hash = $1', [
        hashToken(token),
      ]);
      expect(reset.rowCount).toBe(1);
    }
  });

  it('stores the own name, phone and language (nl, en, fr, es) and refuses a bad phone number', async () => {
    const cookie = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    const ok = await inject('PUT', '/api/current_user', cookie, {
      first_name: 'Piet',
      family_name: 'Picker',
      phone: '+32 470 12 34 56',
      lang: 'fr',
    });
    expect(ok.statusCode).toBe(200);
    expect(CurrentUserSchema.parse(ok.json())).toMatchObject({ lang: 'fr', phone: '+32 470 12 34 56' });
    const again = CurrentUserSchema.parse((await inject('GET', '/api/current_user', cookie)).json());
    expect(again.lang).toBe('fr');
    // A national number is read in nl and stored in the international form the phone field sends (ADR 0057).
    const national = await inject('PUT', '/api/current_user', cookie, {
      first_name: 'Piet',
      family_name: 'Picker',
      phone: '06 1234 5678',
      lang: 'fr',
    });
    expect(national.statusCode).toBe(200);
    expect(CurrentUserSchema.parse(national.json()).phone).toBe('+31 6 1234 5678');
    const bad = await inject('PUT', '/api/current_user', cookie, {
      first_name: 'Piet',
      family_name: 'Picker',
      phone: '+0612345678',
      lang: 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Please enter a valid phone number');
    const lang = await inject('PUT', '/api/current_user', cookie, {
      first_name: 'Piet',
      family_name: 'Picker',
      phone: '',
      lang: 'de',
    });
    expect(lang.statusCode).toBe(400);
  });

  it('keeps the terms version in force in core', () => {
    expect(TERMS_VERSION).toMatch(/^\d{4}-\d{2}$/);
  });
});
