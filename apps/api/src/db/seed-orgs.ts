import { APP_HEADER, type OrgWizardInput } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from './client.ts';
import { DEMO_ORGS, type DemoUserKey } from './seed.ts';
import { login } from './seed-orders.ts';

/** A simple SVG logo: a coloured disc with the shop's initials (sanitised by the API like any upload). */
function logo(initials: string, colour: string): { img_data: string; img_ext: 'svg' } {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="${colour}"/><text x="32" y="41" font-family="Arial, sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return { img_data: Buffer.from(svg).toString('base64'), img_ext: 'svg' };
}

/** The demo shops' wizard answers (spec 3 §3), as their owners would fill in the seven steps. */
export const DEMO_ORG_PROFILES: Record<'bol' | 'stroop' | 'closed', OrgWizardInput> = {
  bol: {
    vat_id: 'NL851234567B01',
    coc_number: '81234567',
    name: DEMO_ORGS.bol,
    website: 'https://www.bakkerijbol.nl',
    industry: 'food',
    company_logo: logo('BB', '#c2410c'),
    contacts: [
      { name: 'Bram Bol', email: 'owner@bakkerijbol.nl', contact_number: '+31 6 1234 5678', role: 'General' },
      {
        name: 'Fleur de Boer',
        email: 'administratie@bakkerijbol.nl',
        contact_number: '+31 20 123 4567',
        role: 'Finance',
      },
      {
        name: 'Jeroen Smit',
        email: 'webshop@bakkerijbol.nl',
        contact_number: '+31 6 2345 6789',
        role: 'Technical',
      },
    ],
    sku_count: '51_250',
    annual_orders: '10000_50000',
    country: 'NL',
    preferred_shipping_carrier: 'postnl',
    special_packaging: 'Koekjes in doosjes, niet stapelen boven 5 lagen.',
    pallets_in_storage: 6,
    storage_duration: '1_3_months',
    pallet_change_frequency: 'monthly',
    returns_policy: true,
    handel_defect_returns: 'destroy',
    handel_sellable_returns: 'inbound_same',
    require_original_packaging: true,
    return_window: '14',
    return_shipping_cost: 'customer',
    return_processing: 'refund',
    return_conditions: 'Alleen ongeopende verpakkingen.',
    return_processing_time: '1_3',
    return_support_email: 'retour@bakkerijbol.nl',
    return_support_phone: '+31 20 123 4567',
    expected_order_growth: 'moderate',
    expansion_plans: 'Verkoop via bol.com in België vanaf het voorjaar.',
    address: {
      street: 'Bakkerstraat',
      houseNumber: '12',
      postalCode: '1012 AB',
      city: 'Amsterdam',
      country: 'NL',
      email: 'info@bakkerijbol.nl',
      billing_email: 'facturen@bakkerijbol.nl',
    },
    notSameBilling_email: true,
    notSameBilling: false,
  },
  stroop: {
    vat_id: 'NL862345678B01',
    coc_number: '72345678',
    name: DEMO_ORGS.stroop,
    website: 'https://www.stroopwafel-co.nl',
    industry: 'food',
    company_logo: logo('S&', '#b45309'),
    contacts: [
      {
        name: 'Sanne Stroop',
        email: 'owner@stroopwafel.nl',
        contact_number: '+31 182 123 456',
        role: 'General',
      },
      {
        name: 'Ahmed Yilmaz',
        email: 'support@stroopwafel.nl',
        contact_number: '+31 6 3456 7890',
        role: 'Support',
      },
    ],
    sku_count: '1_50',
    annual_orders: '1000_10000',
    country: 'NL',
    preferred_shipping_carrier: 'dhl',
    pallets_in_storage: 3,
    storage_duration: 'lt_1_month',
    pallet_change_frequency: 'weekly',
    returns_policy: false,
    expected_order_growth: 'seasonal',
    expansion_plans: 'Kerstpakketten voor bedrijven in het vierde kwartaal.',
    address: {
      street: 'Markt',
      houseNumber: '3',
      postalCode: '2801 JK',
      city: 'Gouda',
      country: 'NL',
      email: 'hallo@stroopwafel.nl',
    },
    notSameBilling_email: false,
    notSameBilling: true,
    billingAddress: { street: 'Postbus', houseNumber: '120', postalCode: '2800 AC', city: 'Gouda' },
  },
  closed: {
    vat_id: 'BE0123456749',
    coc_number: '0123456749',
    name: 'Kaashandel De Gouden Korst',
    website: 'https://www.goudenkorst.be',
    industry: 'food',
    company_logo: logo('GK', '#a16207'),
    contacts: [
      {
        name: 'Wim Peeters',
        email: 'wim@goudenkorst.be',
        contact_number: '+32 3 123 45 67',
        role: 'General',
      },
    ],
    sku_count: '1_50',
    annual_orders: 'lt_1000',
    country: 'BE',
    preferred_shipping_carrier: 'dpd',
    returns_policy: false,
    address: {
      street: 'Meir',
      houseNumber: '50',
      postalCode: '2000',
      city: 'Antwerpen',
      country: 'BE',
      email: 'info@goudenkorst.be',
    },
    notSameBilling_email: false,
    notSameBilling: false,
  },
};

async function send(
  app: FastifyInstance,
  cookie: string,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await app.inject({
    method,
    url,
    headers: { cookie, [APP_HEADER]: 'demo' },
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300)
    throw new Error(`demo ${method} ${url} failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.json() as { id: string };
}

/**
 * The demo shops' organisation data (issue 16; ADR 0051), through the wizard's own calls: each merchant owner saves
 * the seven steps for their shop with `PUT /orgs` (logo, contacts, addresses, VAT and CoC numbers, returns answers),
 * and the provider administrator makes a third, Belgian shop with `POST /orgs` and deactivates it with
 * `DELETE /orgs/delete/{id}`, so /orgs shows one deactivated shop ('Activeren'). Returns the deactivated shop's id.
 */
export async function seedLiveOrgs(app: FastifyInstance, db: Db): Promise<string> {
  for (const [key, profile] of [
    ['bolOwner', DEMO_ORG_PROFILES.bol],
    ['stroopOwner', DEMO_ORG_PROFILES.stroop],
  ] as [DemoUserKey, OrgWizardInput][]) {
    const cookie = await login(app, key);
    await send(app, cookie, 'PUT', '/api/orgs', profile);
  }
  const admin = await login(app, 'admin');
  const provider = await db.query<{ id: string }>(
    "SELECT id FROM organisations WHERE kind = 'provider' LIMIT 1",
  );
  const closed = await send(app, admin, 'POST', '/api/orgs', DEMO_ORG_PROFILES.closed);
  await send(app, admin, 'DELETE', `/api/orgs/delete/${closed.id}`);
  // The administrator works for the provider again.
  await send(app, admin, 'POST', '/api/orgs/set_curr', { customer_id: provider.rows[0]?.id as string });
  return closed.id;
}
