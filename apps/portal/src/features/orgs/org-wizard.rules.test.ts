import { type OrgDetail, OrgWizardBodySchema } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import {
  type ContactValues,
  emptyWizard,
  internationalPhone,
  type OrgWizardValues,
  stepProblems,
  valuesOfOrg,
  wizardBody,
} from './org-wizard.rules.ts';

function filled(): OrgWizardValues {
  const v = emptyWizard({ name: 'Nel Nieuw', email: 'nel@gouda.nl', phone: '06 1234 5678' });
  return {
    ...v,
    vat_id: 'nl 859123456b01',
    coc_number: '12345678',
    name: 'Kaashandel Gouda',
    industry: 'food',
    sku_count: '1_50',
    annual_orders: 'lt_1000',
    country: 'NL',
    returns_policy: 'no',
    address: { ...v.address, street: 'Markt', houseNumber: '12', postalCode: '2801 JK', city: 'Gouda' },
  };
}

describe('organisation wizard form rules (spec 3 §4, §5)', () => {
  it('turns a national Dutch phone number into an international one (phone field defaults to nl)', () => {
    expect(internationalPhone('06 1234 5678')).toBe('+31 6 1234 5678');
    expect(internationalPhone('0032 3 123 45 67')).toBe('+32 3 123 45 67');
    expect(internationalPhone('+49 30 1234567')).toBe('+49 30 1234567');
  });

  it('makes a body the API accepts from a filled form, without the hidden answers', () => {
    const body = wizardBody(filled());
    expect(OrgWizardBodySchema.safeParse(body).success).toBe(true);
    expect(body.contacts[0]?.contact_number).toBe('+31 6 1234 5678');
    expect(body).not.toHaveProperty('billingAddress');
    expect(body.address).not.toHaveProperty('billing_email');
    expect(stepProblems(filled())).toEqual([]);
  });

  it('checks one step at a time: an empty company step names its required fields, not those of later steps', () => {
    const problems = stepProblems(emptyWizard(), 'company');
    expect(problems.map((p) => p.path).sort()).toEqual(['coc_number', 'industry', 'name', 'vat_id']);
    expect(new Set(problems.map((p) => p.code))).toEqual(new Set(['required']));
    expect(stepProblems(emptyWizard(), 'growth')).toEqual([]);
  });

  it('asks the returns answers only with a returns policy, and a valid support e-mail (spec 3 §5)', () => {
    const v = { ...filled(), returns_policy: 'yes' as const };
    const paths = stepProblems(v, 'returns').map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'handel_defect_returns',
        'handel_sellable_returns',
        'return_window',
        'return_support_email',
      ]),
    );
    const bad = stepProblems({ ...v, return_support_email: 'nope' }, 'returns').find(
      (p) => p.path === 'return_support_email',
    );
    expect(bad?.code).toBe('email');
    expect(stepProblems({ ...filled(), returns_policy: '' }, 'returns')).toEqual([
      expect.objectContaining({ path: 'returns_policy', code: 'required' }),
    ]);
  });

  it('needs the billing e-mail and address only when ticked', () => {
    const v = { ...filled(), notSameBilling_email: true, notSameBilling: true };
    const paths = stepProblems(v, 'address').map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining(['address.billing_email', 'billingAddress.street', 'billingAddress.city']),
    );
    const contact = stepProblems(
      { ...filled(), contacts: [{ ...(filled().contacts[0] as ContactValues), contact_number: '+0123' }] },
      'contacts',
    );
    expect(contact).toEqual([expect.objectContaining({ path: 'contacts.0.contact_number', code: 'phone' })]);
  });

  it('sends an upload on edit only when it changed, null when removed', () => {
    const v = filled();
    expect(wizardBody(v, 'edit')).not.toHaveProperty('company_logo');
    expect(wizardBody({ ...v, logoChanged: true }, 'edit').company_logo).toBeNull();
    const logo = { img_data: 'iVBO', img_ext: 'png' as const, preview: 'blob:x' };
    expect(wizardBody({ ...v, logo, logoChanged: true }, 'edit').company_logo).toEqual({
      img_data: 'iVBO',
      img_ext: 'png',
    });
  });

  it('reads a stored shop back into the form', () => {
    const body = wizardBody({
      ...filled(),
      returns_policy: 'yes',
      return_window: 'custom',
      return_window_days: 45,
    });
    const org = {
      id: 'a'.repeat(24),
      name: 'Kaashandel Gouda',
      kind: 'merchant',
      active: true,
      contact_person: 'Nel Nieuw',
      contact_person_email: 'nel@gouda.nl',
      phone: null,
      address: body.address,
      current: true,
      apis: null,
      profile: {
        vat_id: 'NL859123456B01',
        coc_number: '12345678',
        website: null,
        industry: 'food',
        has_logo: false,
        vat_exemption_doc: null,
        contacts: body.contacts.map((c) => ({ ...c, invite_user: false, invite_status: 'none' as const })),
        answers: {
          sku_count: '1_50',
          annual_orders: 'lt_1000',
          country: 'NL',
          returns_policy: true,
          return_window: 'custom',
          return_window_days: 45,
        },
        address: body.address,
        notSameBilling_email: false,
        notSameBilling: false,
        billingAddress: null,
      },
    } as OrgDetail;
    const v = valuesOfOrg(org);
    expect(v).toMatchObject({
      vat_id: 'NL859123456B01',
      returns_policy: 'yes',
      return_window: 'custom',
      return_window_days: 45,
    });
    expect(v.address.city).toBe('Gouda');
  });
});
