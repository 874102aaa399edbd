import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newId } from '@hoppa/core';
import Papa from 'papaparse';
import { hashPassword } from '../lib/auth.ts';
import type { Db } from './client.ts';
import { STANDARD_PLANS } from './plans.ts';
import { roleIds, syncDefaultRoles } from './roles.ts';

/** The demo accounts (the same in every environment; /tmp/helper-common.md, docs/roles.md). */
export const DEMO_USERS = {
  admin: {
    email: 'admin@demo.hoppa.nl',
    password: 'Hoppa-admin-2026',
    role: 'provider_admin',
    firstName: 'Anna',
    familyName: 'de Vries',
  },
  picker: {
    email: 'picker@demo.hoppa.nl',
    password: 'Hoppa-picker-2026',
    role: 'warehouse_staff',
    firstName: 'Piet',
    familyName: 'Jansen',
  },
  bolOwner: {
    email: 'owner@bakkerijbol.nl',
    password: 'Bakkerij-owner-2026',
    role: 'merchant_owner',
    firstName: 'Bram',
    familyName: 'Bol',
  },
  bolUser: {
    email: 'user@bakkerijbol.nl',
    password: 'Bakkerij-user-2026',
    role: 'merchant_user',
    firstName: 'Bea',
    familyName: 'Bakker',
  },
  stroopOwner: {
    email: 'owner@stroopwafel.nl',
    password: 'Stroopwafel-owner-2026',
    role: 'merchant_owner',
    firstName: 'Sanne',
    familyName: 'Stroop',
  },
} as const;
export type DemoUserKey = keyof typeof DEMO_USERS;

/** The demo organisations' names. */
export const DEMO_ORGS = {
  provider: 'Hoppa Fulfilment',
  bol: 'Bakkerij Bol',
  stroop: 'Stroopwafel & Co',
} as const;

/** Location types of bins (spec 2 §3). */
export const LOCATION_TYPES = ['half-box', 'rack-box', 'warehousing', '1/2pallet', 'pallet'] as const;

/** The sample products kept beside the seed (Open Food Facts, ODbL; samples/README.md). */
export const SAMPLE_PRODUCTS_CSV = join(
  dirname(fileURLToPath(import.meta.url)),
  'samples',
  'nl-products.csv',
);

/** Options of {@link seedDemo}. */
export interface SeedOptions {
  /** How many sample products to load (default: all 5,000); tests use a few dozen. */
  products?: number;
  /** CSV with columns ean,name,image_url (default: the shared sample). */
  csvPath?: string;
}

/** What {@link seedDemo} created, for tests and the start-up message. */
export interface SeedResult {
  orgs: { provider: string; bol: string; stroop: string };
  users: Record<DemoUserKey, string>;
  products: number;
  locations: number;
  bins: number;
  shipmentMethods: number;
}

/**
 * Shipment methods with the carrier contract codes of spec 1 §9, plus the built-in local carrier
 * (LOCAL-NL, the default). Prices in euro cents. PostNL methods carry PostNL's product code (2928 letterbox parcel,
 * 3085 standard, 3089 signature on delivery, 4946 EU parcel to Belgium, 4945 GlobalPack outside the EU, here the UK); they ship through PostNL
 * when the organisation has an active PostNL connection, else with the local carrier (ADR 0044). Stamps and
 * OWN-SHIPMENT get their own ship buttons.
 */
export const DEMO_SHIPMENT_METHODS = [
  {
    code: 'LOCAL-NL',
    name: 'Lokale bezorging NL',
    carrier: 'local',
    price_cents: 495,
    country_code: 'NL',
    product_code: null,
    is_default: true,
  },
  {
    code: 'SMF-BRIEF-NL',
    name: 'PostNL brievenbuspakje NL',
    carrier: 'postnl',
    price_cents: 425,
    country_code: 'NL',
    product_code: '2928',
    is_default: false,
  },
  {
    code: 'SMF-POSTNL-NL',
    name: 'PostNL pakket NL',
    carrier: 'postnl',
    price_cents: 695,
    country_code: 'NL',
    product_code: '3085',
    is_default: false,
  },
  {
    code: 'SMF-POSTNL-NL-SIGN',
    name: 'PostNL pakket NL, handtekening voor ontvangst',
    carrier: 'postnl',
    price_cents: 795,
    country_code: 'NL',
    product_code: '3089',
    is_default: false,
  },
  {
    code: 'SMF-POSTNL-GB',
    name: 'PostNL pakket Verenigd Koninkrijk (GlobalPack)',
    carrier: 'postnl',
    price_cents: 1995,
    country_code: 'GB',
    product_code: '4945',
    is_default: false,
  },
  {
    code: 'SMF-POSTNL-BE',
    name: 'PostNL pakket BE',
    carrier: 'postnl',
    price_cents: 895,
    country_code: 'BE',
    product_code: '4946',
    is_default: false,
  },
  {
    code: 'DHL-NL',
    name: 'DHL Parcel pakket NL',
    carrier: 'dhl',
    price_cents: 650,
    country_code: 'NL',
    product_code: null,
    is_default: false,
  },
  {
    code: 'SMF-STAMP1-NL',
    name: 'Postzegel 1 NL',
    carrier: 'stamp',
    price_cents: 128,
    country_code: 'NL',
    product_code: null,
    is_default: false,
  },
  {
    code: 'SMF-STAMP2-NL',
    name: 'Postzegel 2 NL',
    carrier: 'stamp',
    price_cents: 256,
    country_code: 'NL',
    product_code: null,
    is_default: false,
  },
  {
    code: 'SMF-STAMP1-INTL',
    name: 'Postzegel 1 internationaal',
    carrier: 'stamp',
    price_cents: 210,
    country_code: null,
    product_code: null,
    is_default: false,
  },
  {
    code: 'SMF-STAMP2-INTL',
    name: 'Postzegel 2 internationaal',
    carrier: 'stamp',
    price_cents: 420,
    country_code: null,
    product_code: null,
    is_default: false,
  },
  {
    code: 'OWN-SHIPMENT',
    name: 'Eigen verzendwijze',
    carrier: 'own',
    price_cents: 0,
    country_code: null,
    product_code: null,
    is_default: false,
  },
] as const;

/** Shipment boxes of the demo warehouse (prices in euro cents). */
export const DEMO_SHIPMENT_BOXES = [
  { name: 'Brievenbusdoos', label: 'BB', price_cents: 45, package_cost_cents: 30 },
  { name: 'Doos S (20x15x10)', label: 'S', price_cents: 65, package_cost_cents: 40 },
  { name: 'Doos M (30x20x15)', label: 'M', price_cents: 85, package_cost_cents: 55 },
  { name: 'Doos L (40x30x20)', label: 'L', price_cents: 120, package_cost_cents: 80 },
  { name: 'Pallet', label: 'PAL', price_cents: 1500, package_cost_cents: 1000 },
] as const;

/**
 * Inserts rows with multi-row INSERT statements, `chunk` rows per statement (keeps the parameter count
 * far below PostgreSQL's 65,535).
 */
export async function insertMany(
  db: Db,
  table: string,
  columns: string[],
  rows: unknown[][],
  chunk = Math.max(1, Math.floor(8000 / columns.length)),
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const params: unknown[] = [];
    const values = part.map((row) => {
      const ph = row.map((v) => {
        params.push(v);
        return `$${params.length}`;
      });
      return `(${ph.join(', ')})`;
    });
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`, params);
  }
}

/** Reads the sample CSV (ean,name,image_url): trimmed names, valid digits-only EANs, first of duplicates. */
export function readSampleProducts(
  csvPath: string = SAMPLE_PRODUCTS_CSV,
): { ean: string; name: string; imageUrl: string | null }[] {
  const parsed = Papa.parse<Record<string, string>>(readFileSync(csvPath, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  const seen = new Set<string>();
  const out: { ean: string; name: string; imageUrl: string | null }[] = [];
  for (const row of parsed.data) {
    const ean = (row.ean ?? '').trim();
    const name = (row.name ?? '').replace(/\s+/g, ' ').trim();
    if (!/^\d{6,14}$/.test(ean) || !name || seen.has(ean)) continue;
    seen.add(ean);
    const url = (row.image_url ?? '').trim();
    out.push({ ean, name, imageUrl: /^https?:\/\//.test(url) ? url : null });
  }
  return out;
}

/** A small deterministic random generator (numbers in [0, 1)), so every environment gets the same demo. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The provider and the two demo merchants (spec 3 §3 Organisation), with their addresses. */
async function seedOrganisations(tx: Db): Promise<SeedResult['orgs']> {
  const orgs = { provider: newId(), bol: newId(), stroop: newId() };
  await insertMany(
    tx,
    'organisations',
    ['id', 'name', 'kind', 'contact_person', 'contact_person_email', 'phone', 'address'],
    [
      [
        orgs.provider,
        DEMO_ORGS.provider,
        'provider',
        'Anna de Vries',
        'admin@demo.hoppa.nl',
        '+31 20 123 4567',
        JSON.stringify({
          street: 'Havenweg',
          houseNumber: '12',
          postalCode: '1013 AB',
          city: 'Amsterdam',
          country: 'NL',
          line1: 'Havenweg 12, 1013 AB Amsterdam',
        }),
      ],
      [
        orgs.bol,
        DEMO_ORGS.bol,
        'merchant',
        'Bram Bol',
        'owner@bakkerijbol.nl',
        '+31 30 765 4321',
        JSON.stringify({
          street: 'Bakkersstraat',
          houseNumber: '5',
          postalCode: '3511 AA',
          city: 'Utrecht',
          country: 'NL',
          line1: 'Bakkersstraat 5, 3511 AA Utrecht',
        }),
      ],
      [
        orgs.stroop,
        DEMO_ORGS.stroop,
        'merchant',
        'Sanne Stroop',
        'owner@stroopwafel.nl',
        '+31 182 555 010',
        JSON.stringify({
          street: 'Markt',
          houseNumber: '1',
          postalCode: '2801 JG',
          city: 'Gouda',
          country: 'NL',
          line1: 'Markt 1, 2801 JG Gouda',
        }),
      ],
    ],
  );

  return orgs;
}

/** The {@link DEMO_USERS} with their roles and memberships (docs/roles.md); `hashes` in DEMO_USERS order. */
async function seedUsers(
  tx: Db,
  orgs: SeedResult['orgs'],
  roles: Record<string, string>,
  hashes: string[],
): Promise<SeedResult['users']> {
  const orgOf: Record<DemoUserKey, string> = {
    admin: orgs.provider,
    picker: orgs.provider,
    bolOwner: orgs.bol,
    bolUser: orgs.bol,
    stroopOwner: orgs.stroop,
  };
  const users = {} as Record<DemoUserKey, string>;
  const userRows: unknown[][] = [];
  const membershipRows: unknown[][] = [];
  (Object.keys(DEMO_USERS) as DemoUserKey[]).forEach((key, i) => {
    const u = DEMO_USERS[key];
    const id = newId();
    users[key] = id;
    const roleId = roles[u.role];
    if (!roleId) throw new Error(`role ${u.role} is missing`);
    userRows.push([
      id,
      u.firstName,
      u.familyName,
      u.email,
      `+31 6 1234 56${pad(i)}`,
      hashes[i],
      key === 'admin',
      roleId,
      orgOf[key],
      null,
      true,
    ]);
    // Provider staff hold no licence (licences are a shop's, spec 3 §6); the merchants' as their role.
    const licence =
      orgOf[key] === orgs.provider
        ? null
        : key === 'bolUser'
          ? STANDARD_PLANS.stakeholders
          : STANDARD_PLANS.csrManager;
    membershipRows.push([id, orgOf[key], roleId, licence]);
  });
  await insertMany(
    tx,
    'users',
    [
      'id',
      'first_name',
      'family_name',
      'email',
      'phone',
      'password_hash',
      'is_admin',
      'curr_role_id',
      'curr_org_id',
      'lang',
      'confirmed',
    ],
    userRows,
  );
  await insertMany(tx, 'memberships', ['user_id', 'org_id', 'role_id', 'licence_id'], membershipRows);

  return users;
}

/** Every how manyth demo product also has reserve stock on a pallet place (position 1). */
const RESERVE_EVERY = 25;
/** Bins per rack of the pick halls: 30 half-box and 15 rack-box (the pick bins), 5 warehousing on top. */
const BINS_PER_RACK = 50;
const PICK_BINS_PER_RACK = 45;
/** Pallet places per rack of hall P: 5 half pallet, 5 pallet. */
const PALLET_PLACES_PER_RACK = 10;

/**
 * The warehouse map (spec 2 §3 Location types): pick halls A, B, … of racks with 50 bins each, sized so that
 * `products` products each get a pick bin of their own with 10% of the pick bins free, and pallet hall P, sized so
 * that every product with reserve stock gets a pallet place of its own, again with 10% free (at least 4 racks). A
 * bin holding more than one product is shown in error on the map (spec 3 §2 Locations), so the base map has none.
 * Returns the pick and pallet bins and the counts.
 */
async function seedLocations(
  tx: Db,
  providerId: string,
  products: number,
): Promise<{ pickBins: string[]; palletBins: string[]; locations: number; bins: number }> {
  const orgs = { provider: providerId };
  // Location tree. Pick halls A, B, … with racks of 50 bins (half-box low, rack-box higher, warehousing
  // on top), sized for one bin per product plus 10% free; hall P holds the pallet places (reserve stock).
  const RACKS_PER_HALL = 25;
  // Racks are counted by their pick bins (45 of 50): counting all 50 left too few, and the products wrapped round
  // onto bins already holding one (about 550 bins in error on the full demo).
  const pickBinsNeeded = Math.max(PICK_BINS_PER_RACK, products + Math.ceil(products / 10));
  const racksNeeded = Math.ceil(pickBinsNeeded / PICK_BINS_PER_RACK);
  const locRows: unknown[][] = [];
  const pickBins: string[] = [];
  const palletBins: string[] = [];
  let sequence = 0;
  for (let h = 0; h * RACKS_PER_HALL < racksNeeded; h++) {
    const hallName = String.fromCharCode(65 + h);
    const hallId = newId();
    locRows.push([hallId, orgs.provider, null, hallName, 'hall', null, sequence++]);
    const racksHere = Math.min(RACKS_PER_HALL, racksNeeded - h * RACKS_PER_HALL);
    for (let r = 1; r <= racksHere; r++) {
      const rackId = newId();
      const rackName = `${hallName}-${pad(r)}`;
      locRows.push([rackId, orgs.provider, hallId, rackName, 'rack', null, sequence++]);
      for (let b = 1; b <= BINS_PER_RACK; b++) {
        const binId = newId();
        const type = b <= 30 ? 'half-box' : b <= 45 ? 'rack-box' : 'warehousing';
        locRows.push([binId, orgs.provider, rackId, `${rackName}-${pad(b)}`, 'bin', type, sequence++]);
        if (type !== 'warehousing') pickBins.push(binId);
      }
    }
  }
  const palletHall = newId();
  locRows.push([palletHall, orgs.provider, null, 'P', 'hall', null, sequence++]);
  const reserves = Math.floor(products / RESERVE_EVERY);
  const palletRacks = Math.max(4, Math.ceil((reserves + Math.ceil(reserves / 10)) / PALLET_PLACES_PER_RACK));
  for (let r = 1; r <= palletRacks; r++) {
    const rackId = newId();
    locRows.push([rackId, orgs.provider, palletHall, `P-${pad(r)}`, 'rack', null, sequence++]);
    for (let b = 1; b <= PALLET_PLACES_PER_RACK; b++) {
      const binId = newId();
      locRows.push([
        binId,
        orgs.provider,
        rackId,
        `P-${pad(r)}-${pad(b)}`,
        'bin',
        b <= 5 ? '1/2pallet' : 'pallet',
        sequence++,
      ]);
      palletBins.push(binId);
    }
  }
  await insertMany(
    tx,
    'locations',
    ['id', 'org_id', 'parent_id', 'name', 'level', 'type', 'sequence'],
    locRows,
  );

  return {
    pickBins,
    palletBins,
    locations: locRows.length,
    bins: locRows.filter((r) => r[4] === 'bin').length,
  };
}

/** The shipment methods and boxes of spec 1 §9 ({@link DEMO_SHIPMENT_METHODS}, {@link DEMO_SHIPMENT_BOXES}). */
async function seedShipping(tx: Db): Promise<void> {
  await insertMany(
    tx,
    'shipment_methods',
    ['id', 'code', 'name', 'carrier', 'price_cents', 'country_code', 'product_code', 'is_default'],
    DEMO_SHIPMENT_METHODS.map((m) => [
      newId(),
      m.code,
      m.name,
      m.carrier,
      m.price_cents,
      m.country_code,
      m.product_code,
      m.is_default,
    ]),
  );
  await insertMany(
    tx,
    'shipment_boxes',
    ['id', 'name', 'label', 'price_cents', 'package_cost_cents'],
    DEMO_SHIPMENT_BOXES.map((b) => [newId(), b.name, b.label, b.price_cents, b.package_cost_cents]),
  );
}

/**
 * The sample products, alternating between the two merchants, each with stock on its own pick bin (every 25th
 * also on a pallet place of its own) and the matching `seed` rows in the stock ledger; every tenth pick bin stays
 * free for put-away. Needs the map of {@link seedLocations} for as many products (throws when a bin would be
 * shared). Returns how many.
 */
async function seedProducts(
  tx: Db,
  orgs: SeedResult['orgs'],
  users: SeedResult['users'],
  products: ReturnType<typeof readSampleProducts>,
  places: { pickBins: string[]; palletBins: string[] },
): Promise<number> {
  const { pickBins, palletBins } = places;
  // Products alternate between the two merchants; each gets its own pick bin with stock, and every
  // 25th also reserve stock on a pallet place of its own (position 1).
  const rand = lcg(20_260_101);
  const productRows: unknown[][] = [];
  const plRows: unknown[][] = [];
  const mutationRows: unknown[][] = [];
  let bin = 0;
  products.forEach((p, i) => {
    const orgId = i % 2 === 0 ? orgs.bol : orgs.stroop;
    const productId = newId();
    const weight = (0.1 + Math.round(rand() * 1900) / 1000).toFixed(3);
    productRows.push([productId, orgId, p.name, p.ean, `SKU-${p.ean.slice(-6)}`, p.imageUrl, weight]);
    // Skip a free bin now and then so the racks have empty places for put-away.
    if (i % 10 === 9) bin++;
    const binId = pickBins[bin++];
    if (!binId) throw new Error(`the demo map has too few pick bins for ${products.length} products`);
    const stock = 5 + Math.floor(rand() * 60);
    const plId = newId();
    plRows.push([plId, orgId, productId, binId, stock, 0]);
    mutationRows.push([newId(), orgId, productId, binId, stock, 'seed', users.admin, 'Demo stock']);
    const reserveBin =
      i % RESERVE_EVERY === RESERVE_EVERY - 1 ? palletBins[Math.floor(i / RESERVE_EVERY)] : null;
    if (reserveBin) {
      const reserve = 50 + Math.floor(rand() * 150);
      plRows.push([newId(), orgId, productId, reserveBin, reserve, 1]);
      mutationRows.push([
        newId(),
        orgId,
        productId,
        reserveBin,
        reserve,
        'seed',
        users.admin,
        'Demo reserve stock',
      ]);
    }
  });
  await insertMany(
    tx,
    'products',
    ['id', 'org_id', 'name', 'ean', 'bsku', 'img_url', 'weight_kg'],
    productRows,
  );
  await insertMany(
    tx,
    'product_locations',
    ['id', 'org_id', 'product_id', 'location_id', 'stock', 'position'],
    plRows,
  );
  await insertMany(
    tx,
    'stock_mutations',
    ['id', 'org_id', 'product_id', 'location_id', 'quantity', 'reason', 'user_id', 'note'],
    mutationRows,
  );

  return productRows.length;
}

/**
 * Seeds the demo warehouse into an empty database (spec 2 §3, spec 1 §9; docs/roles.md): the provider and
 * two merchant organisations, the {@link DEMO_USERS}, a location tree hall → rack → bin (bins named like
 * `A-01-03`, with a pick `sequence` in walking order and the location types of spec 2 §3), the shipment
 * methods and boxes, and the sample products split over the two merchants with stock on their pick
 * locations (product_locations plus `seed` stock mutations). Runs in one transaction.
 * Throws when organisations already exist.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const all = readSampleProducts(opts.csvPath);
  const products = all.slice(0, Math.max(0, Math.min(opts.products ?? all.length, all.length)));
  const hashes = await Promise.all(Object.values(DEMO_USERS).map((u) => hashPassword(u.password)));

  return db.transaction(async (tx) => {
    const existing = await tx.query<{ n: number }>('SELECT count(*) AS n FROM organisations');
    if ((existing.rows[0]?.n ?? 0) > 0)
      throw new Error('The database already has organisations; the demo seed needs an empty one');
    await syncDefaultRoles(tx);
    const roles = await roleIds(tx);
    const orgs = await seedOrganisations(tx);
    const users = await seedUsers(tx, orgs, roles, hashes);
    const map = await seedLocations(tx, orgs.provider, products.length);
    await seedShipping(tx);
    const productCount = await seedProducts(tx, orgs, users, products, map);
    return {
      orgs,
      users,
      products: productCount,
      locations: map.locations,
      bins: map.bins,
      shipmentMethods: DEMO_SHIPMENT_METHODS.length,
    };
  });
}

/** Whether the database has no organisations yet (first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  const r = await db.query<{ n: number }>('SELECT count(*) AS n FROM organisations');
  return (r.rows[0]?.n ?? 0) === 0;
}
