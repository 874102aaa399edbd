import {
  APP_HEADER,
  CurrentSubscriptionSchema,
  CurrentUserSchema,
  PlanSchema,
  ProblemSchema,
  pageOf,
  SubscriptionSchema,
  TERMS_VERSION,
  TermsAcceptanceSchema,
} from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_USERS } from '../../db/seed.ts';
import { readPdf } from '../../lib/pdf/pdf.test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { STANDARD_PLANS } from '../users/index.ts';

const CSR = STANDARD_PLANS.csrManager;
const STAKE = STANDARD_PLANS.stakeholders;

describe('plans, subscriptions and terms (spec 3 §2 pricing and terms, §3, §4, §7 billing)', () => {
  let t: TestApp;
  let orgs: { provider: string; bol: string; stroop: string };
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 4 } });
    orgs = (t.seed as NonNullable<TestApp['seed']>).orgs;
    owner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, [APP_HEADER]: 'test' }, ...(payload ? { payload } : {}) });

  it('lists the plans with their price per order in cents and sanitised descriptions', async () => {
    const plans = z.array(PlanSchema).parse((await call('GET', '/api/plans', owner)).json());
    expect(plans.map((p) => [p.name, p.price_cents, p.role])).toEqual([
      ['CSR Manager', 35, 'merchant_owner'],
      ['Stakeholders', 10, 'merchant_user'],
    ]);
    // A description per UI language (migration 0452): a Dutch merchant reads Dutch; `description` stays English.
    expect(plans[0]?.descriptions.nl).toContain('<strong>gebruikers en het abonnement</strong>');
    expect(plans[1]?.descriptions.nl).toContain('zonder iets te wijzigen');
    expect(plans[0]?.descriptions.en).toContain('<strong>users and the subscription</strong>');
    expect(plans[0]?.description).toBe(plans[0]?.descriptions.en);
    // A description stored with script (an older installation, a direct edit) still reaches no screen unsanitised.
    await t.db.query(
      `UPDATE plans SET descriptions = jsonb_build_object('en', (descriptions->>'en') || '<img src=x onerror=alert(1)>',
                                                         'nl', (descriptions->>'nl') || '<script>alert(1)</script>')
        WHERE id = $1`,
      [CSR],
    );
    const again = z.array(PlanSchema).parse((await call('GET', '/api/plans', owner)).json());
    for (const html of [again[0]?.description, again[0]?.descriptions.en, again[0]?.descriptions.nl]) {
      expect(html).not.toContain('onerror');
      expect(html).not.toContain('<script');
      expect(html).toContain('<strong>');
    }
    // Only the languages of the UI are stored (spec 3 §3 User lang).
    await expect(
      t.db.query(`UPDATE plans SET descriptions = '{"de": "<p>Führt den Laden</p>"}' WHERE id = $1`, [CSR]),
    ).rejects.toThrow();
  });

  it('refuses to subscribe before the terms are accepted, and records who accepted which version when', async () => {
    const before = CurrentSubscriptionSchema.parse((await call('GET', '/api/current_subscr', owner)).json());
    expect(before).toMatchObject({
      org_id: orgs.stroop,
      subscription: null,
      terms_accepted: null,
      terms_version: TERMS_VERSION,
    });
    const early = await call('POST', '/api/subscriptions', owner, { subscription: [{ id: CSR, count: 2 }] });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('terms_not_accepted');
    // A state-changing GET: without the app header a cross-site link cannot accept for the merchant.
    const noHeader = await t.app.inject({
      method: 'GET',
      url: '/api/accept_terms',
      headers: { cookie: owner },
    });
    expect(noHeader.statusCode).toBe(400);
    const accepted = TermsAcceptanceSchema.parse((await call('GET', '/api/accept_terms', owner)).json());
    expect(accepted.version).toBe(TERMS_VERSION);
    expect(accepted.accepted_by).toBe(
      `${DEMO_USERS.stroopOwner.firstName} ${DEMO_USERS.stroopOwner.familyName}`,
    );
    expect(Date.now() - Date.parse(accepted.accepted_at)).toBeLessThan(60_000);
    // Accepting again keeps the first moment.
    const twice = TermsAcceptanceSchema.parse((await call('GET', '/api/accept_terms', owner)).json());
    expect(twice.accepted_at).toBe(accepted.accepted_at);
    const rows = await t.db.query('SELECT * FROM terms_acceptances WHERE org_id = $1', [orgs.stroop]);
    expect(rows.rows).toHaveLength(1);
  });

  it('subscribes with totals in cents and the volume discount; a second POST is 409', async () => {
    const res = await call('POST', '/api/subscriptions', owner, {
      subscription: [
        { id: CSR, count: 3 },
        { id: STAKE, count: 2 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const sub = SubscriptionSchema.parse(res.json());
    // 3 × 35 + 2 × 10 = 125; 5 licences: 5 % = 6.25 → 6.
    expect(sub.plans.map((p) => [p.name, p.count, p.total_cents])).toEqual([
      ['CSR Manager', 3, 105],
      ['Stakeholders', 2, 20],
    ]);
    expect([sub.subtotal_cents, sub.discount_cents, sub.total_cents]).toEqual([125, 6, 119]);
    expect(sub.created_by).toBe(`${DEMO_USERS.stroopOwner.firstName} ${DEMO_USERS.stroopOwner.familyName}`);
    const again = await call('POST', '/api/subscriptions', owner, { subscription: [{ id: CSR, count: 1 }] });
    expect(again.json().code).toBe('subscription_exists');
    const me = CurrentUserSchema.parse((await call('GET', '/api/current_user', owner)).json());
    expect(me.curr_org?.licences).toEqual([
      { name: 'CSR Manager', used: 1, count: 3 },
      { name: 'Stakeholders', used: 0, count: 2 },
    ]);
  });

  it('changes the counts as a new version, never below the licences in use; bad input is 400', async () => {
    const below = await call('PUT', '/api/subscriptions', owner, { subscription: [{ id: STAKE, count: 4 }] });
    expect(below.statusCode).toBe(409);
    expect(below.json().code).toBe('licences_in_use');
    const unknown = await call('PUT', '/api/subscriptions', owner, {
      subscription: [{ id: 'ffffffffffffffffffffffff', count: 1 }],
    });
    expect(unknown.json().code).toBe('unknown_plan');
    for (const bad of [
      { subscription: [] },
      { subscription: [{ id: CSR, count: 0 }] },
      { subscription: [{ id: CSR, count: -1 }] },
      { subscription: [{ id: CSR, count: 1.5 }] },
      {
        subscription: [
          { id: CSR, count: 1 },
          { id: CSR, count: 2 },
        ],
      },
    ])
      expect((await call('PUT', '/api/subscriptions', owner, bad)).statusCode).toBe(400);
    const ok = await call('PUT', '/api/subscriptions', owner, {
      subscription: [
        { id: CSR, count: 10 },
        { id: STAKE, count: 1 },
      ],
    });
    expect(ok.statusCode).toBe(200);
    // 350 + 10 = 360; 11 licences: 10 % = 36.
    expect(SubscriptionSchema.parse(ok.json())).toMatchObject({
      subtotal_cents: 360,
      discount_cents: 36,
      total_cents: 324,
    });
    const list = pageOf(SubscriptionSchema).parse((await call('GET', '/api/subscriptions', owner)).json());
    expect(list.total).toBe(2);
    expect(list.items[0]?.ended_at).toBeNull();
    expect(list.items[1]?.ended_at).not.toBeNull();
    const curr = CurrentSubscriptionSchema.parse((await call('GET', '/api/current_subscr', owner)).json());
    expect(curr.subscription?.total_cents).toBe(324);
  });

  it("keeps shops apart: a merchant sees only its shop's subscriptions, provider staff switch with set_curr", async () => {
    const bol = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const all = pageOf(SubscriptionSchema).parse(
      (await call('GET', '/api/subscriptions?orgs=all', bol)).json(),
    );
    expect(all.total).toBe(0);
    expect(
      (await call('POST', '/api/subscriptions/set_curr', bol, { customer_id: orgs.stroop })).statusCode,
    ).toBe(404);
    await call('GET', '/api/accept_terms', bol);
    // The bakery has no subscription to change (the stroopwafel shop's is not its).
    expect(
      (await call('PUT', '/api/subscriptions', bol, { subscription: [{ id: CSR, count: 1 }] })).statusCode,
    ).toBe(404);
    const admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const switched = await call('POST', '/api/subscriptions/set_curr', admin, { customer_id: orgs.stroop });
    expect(switched.statusCode).toBe(200);
    expect(CurrentSubscriptionSchema.parse(switched.json()).subscription?.total_cents).toBe(324);
    const every = pageOf(SubscriptionSchema).parse(
      (await call('GET', '/api/subscriptions?orgs=all', admin)).json(),
    );
    expect(every.items.map((s) => s.org_name)).toContain('Stroopwafel & Co');
    const picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    expect((await call('GET', '/api/plans', picker)).statusCode).toBe(403);
    expect((await call('GET', '/api/accept_terms', picker)).statusCode).toBe(403);
  });

  it('serves the terms of service as a PDF in the language asked, Dutch without one, naming the version', async () => {
    const pdf = async (query: string) => {
      const res = await call('GET', `/api/terms/pdf${query}`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      return { res, text: (await readPdf(res.rawPayload)).text };
    };
    const nl = await pdf('?lang=nl');
    expect(nl.text).toContain('Algemene voorwaarden');
    expect(nl.text).toContain(`Versie ${TERMS_VERSION}`);
    expect(nl.text).toContain('Artikel 7. Duur en beëindiging');
    expect(nl.text).toContain('Bij verschil tussen beide teksten is de Nederlandse tekst beslissend.');
    expect(nl.text).not.toContain('Terms of service');
    expect(nl.res.headers['content-disposition']).toContain(`hoppa-terms-${TERMS_VERSION}-nl.pdf`);
    const en = await pdf('?lang=en');
    expect(en.text).toContain('Terms of service');
    expect(en.text).toContain(`Version ${TERMS_VERSION}`);
    expect(en.text).toContain('7. Term and termination');
    expect(en.text).toContain('In case of differences between the two texts, the Dutch text prevails.');
    expect(en.text).not.toContain('Algemene voorwaarden');
    // Seven articles in each text: one agreement in two languages.
    expect(nl.text.match(/Artikel \d\./g)).toHaveLength(7);
    expect(en.text.match(/\b\d\. [A-Z]/g)).toHaveLength(7);
    expect((await pdf('')).text).toContain('Algemene voorwaarden');
    const other = await call('GET', '/api/terms/pdf?lang=de', owner);
    expect(other.statusCode).toBe(400);
    expect(ProblemSchema.parse(other.json()).issues?.map((i) => i.path)).toEqual(['query.lang']);
  });
});
