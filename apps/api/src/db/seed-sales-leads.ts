import { APP_HEADER, newId, type Sale } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { type SaleLeadInput, saveSaleLeads } from '../modules/sales/index.ts';
import type { Db } from './client.ts';
import { login } from './seed-orders.ts';

const KINDS = [
  'Bakkerij',
  'Kaashandel',
  'Koffiebranderij',
  'Theehuis',
  'Speelgoedwinkel',
  'Boekhandel',
  'Tuincentrum',
  'Fietsenwinkel',
  'Wolwinkel',
  'Kaarsenmakerij',
  'Zeepziederij',
  'Woonwinkel',
  'Dierenspeciaalzaak',
  'Drogisterij',
  'Sportwinkel',
];
const NAMES = [
  'De Vries',
  'Jansen',
  'Van Dijk',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'De Boer',
  'Mulder',
  'De Groot',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'Van Leeuwen',
];
const STREETS = [
  'Dorpsstraat',
  'Kerkstraat',
  'Molenweg',
  'Stationsweg',
  'Marktplein',
  'Havenkade',
  'Lindelaan',
];
const CITIES: [string, string][] = [
  ['1012', 'Amsterdam'],
  ['3511', 'Utrecht'],
  ['8011', 'Zwolle'],
  ['9711', 'Groningen'],
  ['5611', 'Eindhoven'],
  ['2011', 'Haarlem'],
  ['2311', 'Leiden'],
  ['6811', 'Arnhem'],
  ['6511', 'Nijmegen'],
  ['4811', 'Breda'],
  ['2611', 'Delft'],
  ['6211', 'Maastricht'],
];
const DELIVERY = [
  'Vandaag besteld, morgen in huis',
  '1-2 werkdagen',
  '2-3 werkdagen',
  '3-5 werkdagen',
  '1-2 weken',
];
const DAY_MS = 86_400_000;

/** A small deterministic generator (mulberry32), so every fresh demo has the same leads. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * `count` plausible Dutch webshops selling on bol.com as sales leads (spec 3 §3 Sale), the same for every seed:
 * names like 'Kaashandel De Vries', a street address, 3–400 products (about half at most 75), a delivery promise,
 * `updated` from 30 days before `now` up to `now`, never after it (about half within the last week), and their
 * seller page and its contact page on the marketplace.
 */
export function demoSaleLeads(now: Date, count = 120): SaleLeadInput[] {
  const rnd = random(20_261_203);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const out: SaleLeadInput[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${KINDS[i % KINDS.length]} ${NAMES[(i * 7 + Math.floor(i / KINDS.length)) % NAMES.length]}`;
    const [pc, city] = pick(CITIES);
    const letters = String.fromCharCode(65 + Math.floor(rnd() * 26), 65 + Math.floor(rnd() * 26));
    const small = rnd() < 0.55;
    const products = small ? 3 + Math.floor(rnd() * 73) : 76 + Math.floor(rnd() * 325);
    const recent = rnd() < 0.55;
    // Never after now: the seed saw each lead's page on the marketplace at the latest when it ran.
    const offsetDays = recent ? -6.5 * rnd() : -30 + rnd() * 22;
    const seller = 1_200_000 + i * 37;
    const page = `https://www.bol.com/nl/nl/v/${slug(name)}/${seller}/`;
    out.push({
      name,
      address: `${pick(STREETS)} ${1 + Math.floor(rnd() * 120)}, ${pc} ${letters} ${city}`,
      products,
      delivery_time: pick(DELIVERY),
      // Down to the whole minute, so rounding cannot carry a lead of just now past now.
      updated: new Date(Math.floor((now.getTime() + offsetDays * DAY_MS) / 60_000) * 60_000),
      contact_link: i % 9 === 4 ? null : `${page}contact/`,
      profile_link: page,
    });
  }
  return out;
}

/**
 * The sales dashboard's demo (spec 3 §2 Sales dashboard (beta)): {@link demoSaleLeads} saved through the sales
 * service, then three of those the default query shows ticked 'contacted' by the provider administrator through
 * `PUT /sales`, as the dashboard does. Returns how many leads there are and how many are contacted.
 */
export async function seedLiveSalesLeads(
  app: FastifyInstance,
  db: Db,
  now = new Date(),
): Promise<{ leads: number; contacted: number }> {
  const saved = await saveSaleLeads(db, demoSaleLeads(now), newId);
  const cookie = await login(app, 'admin');
  const headers = { cookie, [APP_HEADER]: 'seed' };
  const page = await app.inject({ method: 'GET', url: '/api/sales?limit=3', headers });
  if (page.statusCode !== 200) throw new Error(`GET /sales answered ${page.statusCode}: ${page.body}`);
  const first = page.json<{ items: Sale[] }>().items;
  for (const lead of first) {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/sales',
      headers,
      payload: { id: lead.id, contacted: true },
    });
    if (res.statusCode !== 200) throw new Error(`PUT /sales answered ${res.statusCode}: ${res.body}`);
  }
  return { leads: saved.added + saved.updated, contacted: first.length };
}
