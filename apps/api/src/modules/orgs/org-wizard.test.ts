import { APP_HEADER, OrgDetailSchema, OrgSchema } from '@hoppa/core';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ORGS, DEMO_USERS } from '../../db/seed.ts';
import { startViesFake, type ViesFake } from '../../test/fakes/vies-fake.ts';
import { wizardBody } from '../../test/org-wizard-fixture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { markContactInvited, pendingContactInvites } from './index.ts';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function pdfBytes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('BTW-vrijstelling');
  return Buffer.from(await doc.save());
}

describe('the organisation wizard, shops lists, activation, platform keys and the VAT lookup (spec 3 §2-§7)', () => {
  let t: TestApp;
  let vies: ViesFake;
  let orgs: { provider: string; bol: string; stroop: string };
  let admin: string;
  const logged: string[] = [];
  beforeAll(async () => {
    vies = await startViesFake({
      NL859123456B01: { name: 'KAASHANDEL GOUDA B.V.', address: 'MARKT 00012\n2801JK GOUDA' },
    });
    t = await createTestApp({
      seed: { products: 6 },
      config: { viesApiUrl: vies.url, carrierRetry: { retries: 0, backoffMs: 1 }, logLevel: 'warn' },
      logStream: { write: (line) => logged.push(line) },
    });
    orgs = (t.seed as NonNullable<TestApp['seed']>).orgs;
    admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  });
  afterAll(async () => {
    await t.close();
    await vies.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, [APP_HEADER]: 'test' }, ...(payload ? { payload } : {}) });
  const names = (body: unknown) =>
    z
      .array(OrgSchema)
      .parse(body)
      .map((o) => o.name);

  async function newMerchant(email: string): Promise<string> {
    return t.signUp({
      first_name: 'Nel',
      family_name: 'Nieuw',
      email,
      phone: '0612345678',
      password: 'nieuw-nieuw-1',
    });
  }

  it('creates a shop with every step, a PNG logo and a VAT exemption PDF; /current_org answers it all', async () => {
    const cookie = await newMerchant('nel@gouda.nl');
    const body = wizardBody('Kaashandel Gouda', {
      company_logo: { img_data: PNG_1PX.toString('base64'), img_ext: 'png' },
      vat_exemption_doc: { data: (await pdfBytes()).toString('base64'), file_name: 'vrijstelling.pdf' },
      contacts: [
        { name: 'Nel Nieuw', email: 'nel@gouda.nl', contact_number: '+31 6 1234 5678', role: 'General' },
        {
          name: 'Fien Financiën',
          email: 'fien@gouda.nl',
          contact_number: '+31201234567',
          role: 'Finance',
          invite_user: true,
        },
      ],
      notSameBilling_email: true,
      address: { ...wizardBody('x').address, billing_email: 'factuur@gouda.nl' },
      notSameBilling: true,
      billingAddress: { street: 'Postbus', houseNumber: '99', postalCode: '2800 AA', city: 'Gouda' },
    });
    const res = await call('POST', '/api/orgs', cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    const org = OrgSchema.parse(res.json());
    expect(org).toMatchObject({
      name: 'Kaashandel Gouda',
      current: true,
      has_logo: true,
      contact_person: 'Nel Nieuw',
    });

    const detail = OrgDetailSchema.parse((await call('GET', '/api/current_org', cookie)).json());
    expect(detail.profile).toMatchObject({
      vat_id: 'NL123456789B01',
      coc_number: '12345678',
      industry: 'food',
      has_logo: true,
      vat_exemption_doc: { file_name: 'vrijstelling.pdf' },
      notSameBilling: true,
      billingAddress: { street: 'Postbus', city: 'Gouda' },
    });
    expect(detail.profile.answers).toMatchObject({
      returns_policy: true,
      return_window: '30',
      pallets_in_storage: 4,
    });
    expect(detail.profile.address).toMatchObject({ billing_email: 'factuur@gouda.nl' });
    // The invitation was requested on the contact and sent at once through the users module (inviteUser).
    expect(detail.profile.contacts.map((c) => c.invite_status)).toEqual(['none', 'sent']);
    expect(await pendingContactInvites(t.db, org.id)).toEqual([]);
    expect(t.mails().some((m) => m.includes('To: fien@gouda.nl'))).toBe(true);
    // Recording a sent invitation again (any case of the address) changes nothing.
    await markContactInvited(t.db, org.id, 'FIEN@gouda.nl');
    expect(await pendingContactInvites(t.db, org.id)).toEqual([]);
    // An invitation sent stays sent when the shop is saved again with the same contact.
    const again = await call('PUT', '/api/orgs', cookie, {
      ...body,
      company_logo: undefined,
      vat_exemption_doc: undefined,
    });
    expect(OrgDetailSchema.parse(again.json()).profile.contacts.map((c) => c.invite_status)).toEqual([
      'none',
      'sent',
    ]);
    expect(detail.apis).toEqual({});

    // The creator holds the shop's managing licence: counted in use, shown on the users page.
    const me = (await call('GET', '/api/current_user', cookie)).json();
    expect(me.curr_org.licences).toContainEqual({ name: 'CSR Manager', used: 1, count: 0 });
    const plans = (await call('GET', '/api/plans', cookie)).json() as { id: string; name: string }[];
    expect(me.licences).toContainEqual({
      organization_id: org.id,
      licence_id: plans.find((p) => p.name === 'CSR Manager')?.id,
    });

    const logo = await call('GET', `/api/orgs/logo/${org.id}`, cookie);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(PNG_1PX)).toBe(true);
    const pdf = await call('GET', `/api/orgs/vat_exemption/${org.id}`, cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another merchant sees neither.
    const bol = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    expect((await call('GET', `/api/orgs/logo/${org.id}`, bol)).statusCode).toBe(404);
    expect((await call('GET', `/api/orgs/vat_exemption/${org.id}`, bol)).statusCode).toBe(404);
  });

  it('sanitises an SVG logo (no script, no handlers) and refuses a renamed file as logo or PDF', async () => {
    const cookie = await newMerchant('svg@gouda.nl');
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script>' +
      '<circle cx="5" cy="5" r="4" fill="#e8590c"/><a href="javascript:alert(3)"><text>x</text></a></svg>';
    const ok = await call(
      'POST',
      '/api/orgs',
      cookie,
      wizardBody('SVG Winkel', {
        company_logo: { img_data: Buffer.from(svg).toString('base64'), img_ext: 'svg' },
      }),
    );
    expect(ok.statusCode).toBe(201);
    const logo = await call('GET', `/api/orgs/logo/${ok.json().id}`, cookie);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['content-security-policy']).toContain('sandbox');
    expect(logo.body).toContain('<circle');
    expect(logo.body).not.toMatch(/script|onload|javascript:/i);

    const before = Number(
      (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM organisations')).rows[0]?.n,
    );
    const asPng = await call(
      'POST',
      '/api/orgs',
      cookie,
      wizardBody('Nep Logo', {
        company_logo: { img_data: Buffer.from(svg).toString('base64'), img_ext: 'png' },
      }),
    );
    expect(asPng.statusCode).toBe(400);
    expect(asPng.json().code).toBe('invalid_upload');
    const notSvg = await call(
      'POST',
      '/api/orgs',
      cookie,
      wizardBody('Nep SVG', { company_logo: { img_data: PNG_1PX.toString('base64'), img_ext: 'svg' } }),
    );
    expect(notSvg.json().code).toBe('invalid_upload');
    const fakePdf = Buffer.from('%PDF-1.7\nthis is no pdf at all').toString('base64');
    const notPdf = await call(
      'POST',
      '/api/orgs',
      cookie,
      wizardBody('Nep PDF', { vat_exemption_doc: { data: fakePdf, file_name: 'x.pdf' } }),
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().code).toBe('invalid_upload');
    const after = Number(
      (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM organisations')).rows[0]?.n,
    );
    expect(after).toBe(before);
  });

  it('asks the returns questions only with a returns policy, and the billing fields only when ticked (spec 3 §4/§5)', async () => {
    const cookie = await newMerchant('retour@gouda.nl');
    const missing = await call(
      'POST',
      '/api/orgs',
      cookie,
      wizardBody('Retour BV', { return_support_email: undefined }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('return_support_email');
    const billing = await call(
      'POST',
      '/api/orgs',
      cookie,
      wizardBody('Retour BV', { notSameBilling: true }),
    );
    expect(billing.statusCode).toBe(400);
    expect(billing.json().message).toContain('billingAddress');
    const noPhone = await call(
      'POST',
      '/api/orgs',
      cookie,
      wizardBody('Retour BV', {
        contacts: [{ name: 'A', email: 'a@b.nl', contact_number: '06-12ab', role: 'General' }],
      }),
    );
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toContain('Please enter a valid phone number');

    // Without a policy the returns answers are not asked, so none is stored even when sent.
    const ok = await call(
      'POST',
      '/api/orgs',
      cookie,
      wizardBody('Retour BV', {
        returns_policy: false,
        return_support_email: undefined,
        billingAddress: { street: 'S', houseNumber: '1', postalCode: '1', city: 'C' },
      }),
    );
    expect(ok.statusCode).toBe(201);
    const detail = OrgDetailSchema.parse((await call('GET', '/api/current_org', cookie)).json());
    expect(detail.profile.answers.returns_policy).toBe(false);
    expect(detail.profile.answers).not.toHaveProperty('return_window');
    expect(detail.profile.answers).not.toHaveProperty('handel_defect_returns');
    expect(detail.profile.billingAddress).toBeNull();
  });

  it('edits the current shop with PUT /orgs (settings/org), keeping uploads left out and removing a null one', async () => {
    const cookie = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    const first = await call(
      'PUT',
      '/api/orgs',
      cookie,
      wizardBody(DEMO_ORGS.stroop, {
        company_logo: { img_data: PNG_1PX.toString('base64'), img_ext: 'png' },
      }),
    );
    expect(first.statusCode).toBe(200);
    expect(OrgDetailSchema.parse(first.json()).profile.has_logo).toBe(true);
    const kept = OrgDetailSchema.parse(
      (await call('PUT', '/api/orgs', cookie, wizardBody(DEMO_ORGS.stroop, { industry: 'home' }))).json(),
    );
    expect(kept.profile).toMatchObject({ has_logo: true, industry: 'home' });
    const removed = OrgDetailSchema.parse(
      (await call('PUT', '/api/orgs', cookie, wizardBody(DEMO_ORGS.stroop, { company_logo: null }))).json(),
    );
    expect(removed.profile.has_logo).toBe(false);
    // A read-only colleague may not.
    const user = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
    expect((await call('PUT', '/api/orgs', user, wizardBody('X'))).statusCode).toBe(403);
  });

  it('stores platform keys with PUT /orgs/editapis, secrets sealed and never answered', async () => {
    const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const res = await call('PUT', '/api/orgs/editapis', cookie, {
      bol: { key: 'client-id', secret: 'geheim-1' },
      woo: { url: 'https://shop.example.nl', key: 'ck_1', secret: 'cs_1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      bol: { key: 'client-id', has_secret: true },
      woo: { url: 'https://shop.example.nl', key: 'ck_1', has_secret: true },
    });
    const stored = await t.db.query<{ apis: Record<string, { secret: string }> }>(
      'SELECT apis FROM organisations WHERE id = $1',
      [orgs.bol],
    );
    expect(stored.rows[0]?.apis.bol?.secret).toMatch(/^v1:/);
    expect(JSON.stringify(stored.rows[0]?.apis)).not.toContain('geheim-1');
    // A secret left out stays; an empty one is removed.
    const again = await call('PUT', '/api/orgs/editapis', cookie, {
      bol: { key: 'client-2' },
      woo: { secret: '' },
    });
    expect(again.json()).toMatchObject({
      bol: { key: 'client-2', has_secret: true },
      woo: { has_secret: false },
    });
    const detail = OrgDetailSchema.parse((await call('GET', '/api/current_org', cookie)).json());
    expect(detail.apis?.bol).toEqual({ key: 'client-2', has_secret: true });
    const user = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
    expect(OrgDetailSchema.parse((await call('GET', '/api/current_org', user)).json()).apis).toBeNull();
    expect((await call('PUT', '/api/orgs/editapis', user, { bol: { key: 'x' } })).statusCode).toBe(403);
  });

  it('deactivates and activates a shop: it leaves and returns in GET /orgs and the pick filter, data kept', async () => {
    const picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    const pickNames = async () =>
      (
        (await call('GET', '/api/pick_list/organisations', picker)).json() as { items: { name: string }[] }
      ).items.map((o) => o.name);
    expect(await pickNames()).toContain(DEMO_ORGS.bol);
    const products = Number(
      (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM products WHERE org_id = $1', [orgs.bol]))
        .rows[0]?.n,
    );

    // A merchant owner may not deactivate, not even his own shop; the provider itself cannot be deactivated.
    const owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    expect((await call('DELETE', `/api/orgs/delete/${orgs.bol}`, owner)).statusCode).toBe(403);
    expect((await call('GET', '/api/orgs/deactive', owner)).statusCode).toBe(403);
    const provider = await call('DELETE', `/api/orgs/delete/${orgs.provider}`, admin);
    expect(provider.statusCode).toBe(409);
    expect(provider.json().code).toBe('provider_org');
    expect((await call('DELETE', '/api/orgs/delete/ffffffffffffffffffffffff', admin)).statusCode).toBe(404);

    const off = await call('DELETE', `/api/orgs/delete/${orgs.bol}`, admin);
    expect(off.statusCode).toBe(200);
    expect(OrgSchema.parse(off.json())).toMatchObject({ active: false });
    expect(await pickNames()).not.toContain(DEMO_ORGS.bol);
    expect(names((await call('GET', '/api/orgs', picker)).json())).not.toContain(DEMO_ORGS.bol);
    const deactive = await call('GET', '/api/orgs/deactive?search=bakkerij', admin);
    expect(names(deactive.json())).toEqual([DEMO_ORGS.bol]);
    expect(deactive.headers['x-total-count']).toBe('1');
    // Its owner still reaches the shop (current) and its data.
    expect(names((await call('GET', '/api/orgs', owner)).json())).toEqual([DEMO_ORGS.bol]);
    expect(
      Number(
        (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM products WHERE org_id = $1', [orgs.bol]))
          .rows[0]?.n,
      ),
    ).toBe(products);

    const on = await call('PUT', `/api/orgs/activate/${orgs.bol}`, admin);
    expect(OrgSchema.parse(on.json())).toMatchObject({ active: true, deactivated_at: null });
    expect(await pickNames()).toContain(DEMO_ORGS.bol);
    expect(names((await call('GET', '/api/orgs/deactive', admin)).json())).not.toContain(DEMO_ORGS.bol);
  });

  it('pages and searches the shops list on the server with the total in x-total-count', async () => {
    const page = await call('GET', '/api/orgs?limit=2&skip=1', admin);
    expect(page.statusCode).toBe(200);
    const all = await call('GET', '/api/orgs', admin);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe((all.json() as unknown[]).length);
    expect(page.headers['x-total-count']).toBe(String(total));
    expect(names(page.json())).toEqual(names(all.json()).slice(1, 3));
    expect(names((await call('GET', '/api/orgs?search=nel%20nieuw', admin)).json())).toEqual([
      'Kaashandel Gouda',
    ]);
  });

  it('looks up a VAT number at VIES (the fake): valid fills the company name and address; a failure is logged and answered unavailable', async () => {
    const cookie = await newMerchant('vies@gouda.nl');
    const ok = await call('GET', '/api/vat_lookup?vatNumber=NL%20859.123.456.B01', cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      vatNumber: 'NL859123456B01',
      available: true,
      valid: true,
      company_name: 'KAASHANDEL GOUDA B.V.',
      address: 'MARKT 00012\n2801JK GOUDA',
      street: 'MARKT',
      houseNumber: '12',
      postalCode: '2801JK',
      city: 'GOUDA',
    });
    const unknown = await call('GET', '/api/vat_lookup?vatNumber=NL000000000B01', cookie);
    expect(unknown.json()).toMatchObject({ valid: false, company_name: null });
    vies.failNext(1);
    const down = await call('GET', '/api/vat_lookup?vatNumber=NL859123456B01', cookie);
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ available: false, valid: false, company_name: null });
    expect(logged.some((l) => l.includes('EU VAT lookup failed') && l.includes('MS_UNAVAILABLE'))).toBe(true);
    expect((await call('GET', '/api/vat_lookup?vatNumber=12', cookie)).statusCode).toBe(400);
    expect(vies.invalid).toEqual([]);
  });
});
