import { hostname } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type ConnectionSyncReasonCode,
  EAN_PROBLEM_TEXT,
  eanProblem,
  isTokenOnlyPlatform,
  LIGHTSPEED_DEFAULT_URL,
  type ReasonValues,
  SHOP_SYNC_SKIPPED_LISTED,
  type ShopSyncResult,
  type ValidProductImportRow,
} from '@hoppa/core';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, orgScopeSql, tenantSql } from '../../db/tenant.ts';
import { HttpProblem, notFound } from '../../lib/errors.ts';
import { OutsideServiceError } from '../../lib/outside/http-client.ts';
import { privateAddressOf, publicOnlyFetch } from '../../lib/outside/shops/public-host.ts';
import {
  SHOP_SYNC_MAX_UNITS,
  type ShopCredentials,
  type ShopPlatform,
  type ShopProduct,
  type ShopProductSource,
} from '../../lib/outside/shops/source.ts';
import { capPage } from '../../lib/outside/shops/sources-kit.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { insertNewProducts } from '../products/index.ts';
import type { ConnectionRow } from './connections.service.ts';

/** What the product sync needs besides the database: the secret box and the adapters by platform. */
export interface ShopSyncDeps {
  box: SecretBox;
  sources: Partial<Record<ShopPlatform, ShopProductSource>>;
  /**
   * Whether the shop's URL may lead to this machine or a private network (config `allowPrivateShopHosts`); when
   * false, a URL whose host is or resolves to such an address is refused before anything is asked of it.
   */
  allowPrivateHosts: boolean;
  /** The DNS lookup of that check (tests pass their own); default node's. */
  resolveHost?: (host: string) => Promise<string[]>;
  /**
   * The `fetch` the sources send with when private hosts are not allowed; default {@link publicOnlyFetch} with the
   * system's DNS, so a redirect or a changed DNS answer cannot lead the sync to such an address either (ADR 0112).
   */
  publicFetch?: typeof fetch;
}

/** The shop sync's public-only fetch (one connection pool for every sync of this process), made when first needed. */
let sharedPublicFetch: typeof fetch | null = null;

function publicFetchOf(deps: ShopSyncDeps): typeof fetch {
  if (deps.publicFetch) return deps.publicFetch;
  sharedPublicFetch ??= publicOnlyFetch();
  return sharedPublicFetch;
}

/** Units written per transaction; other requests get a turn between chunks (as the product import). */
export const SHOP_SYNC_CHUNK = 500;

/** How long one sync may hold its connection's lease before another request may start one (a crashed one runs out). */
export const SHOP_SYNC_LEASE_SECONDS = 900;

/** Longest product name the sync stores (the product import's Product_name limit). */
const NAME_MAX = 500;
/** Longest SKU stored in `bsku`; a longer one is left out (the product is still linked or created). */
const SKU_MAX = 64;

/** The platforms' names in messages. */
const SERVICE: Record<ShopPlatform, string> = {
  woo: 'WooCommerce',
  shopify: 'Shopify',
  lightspeed: 'Lightspeed',
  shopware: 'Shopware',
  mirakl: 'Mirakl',
  channel_engine: 'ChannelEngine',
};

/** This process's name on a connection's lease. */
const OWNER = `shop-sync:${hostname()}:${process.pid}:${Math.random().toString(16).slice(2, 8)}`;

/**
 * The organisation's active connection of `platform` for the sync: the one asked for (`apiId`), else the oldest.
 * 404 with the platform's name when there is none.
 */
export async function activeShopConnection(
  db: Db,
  orgId: string,
  platform: ShopPlatform,
  apiId?: string,
): Promise<ConnectionRow> {
  const scope = { db, orgIds: [orgId] };
  let q = tenantSql(scope)
    .selectFrom('api_connections as c')
    .selectAll('c')
    .where(orgScope(scope, 'c'))
    .where('c.platform', '=', platform)
    .where('c.active', '=', true);
  if (apiId) q = q.where('c.id', '=', apiId);
  const row = await q.orderBy('c.created_at').orderBy('c.id').executeTakeFirst();
  if (!row) throw notFound(`There is no active ${SERVICE[platform]} connection`);
  return row as unknown as ConnectionRow;
}

/**
 * The adapter's credentials of a connection (ADR 0107): the shop URL (Lightspeed's EU cluster when it has none), the
 * key and the opened secret; for the token-only platforms (Shopify, Mirakl, ChannelEngine) the stored secret is the
 * token and becomes `apiKey`, with no secret.
 */
export function shopCredentials(conn: ConnectionRow, box: SecretBox): ShopCredentials {
  const secret = conn.encrypted_secret ? box.open(conn.encrypted_secret) : null;
  const tokenOnly = isTokenOnlyPlatform(conn.platform);
  return {
    url: conn.url ?? (conn.platform === 'lightspeed' ? LIGHTSPEED_DEFAULT_URL : ''),
    apiKey: tokenOnly ? (secret ?? conn.api_key) : conn.api_key,
    secret: tokenOnly ? null : secret,
    lang: conn.platform_lang as ShopCredentials['lang'],
  };
}

/** A unit the sync writes: its EAN valid, and (to create a product) a usable name. */
interface Writable {
  ref: string;
  ean: string;
  name: string;
  sku: string | null;
  imageUrl: string | null;
}

/** The outcome of sorting the shop's units before anything is written. */
interface Sorted {
  writable: Writable[];
  skipped: { ref: string; name: string; reason: string }[];
}

/**
 * Sorts the shop's units (ADR 0107): a unit without a valid EAN (core `eanProblem`: 8 to 14 digits, GS1 check digit)
 * is skipped with the reason; of several units with one EAN the first is taken and the others are reported once, as
 * one skipped entry naming how often the EAN is listed. Names are cut to 500 characters, SKUs over 64 left out.
 */
export function sortShopUnits(units: readonly ShopProduct[]): Sorted {
  const skipped: Sorted['skipped'] = [];
  const byEan = new Map<string, { unit: Writable; count: number; second: ShopProduct | null }>();
  for (const u of units) {
    const ean = (u.ean ?? '').replace(/\s+/g, '');
    const problem = eanProblem(ean);
    if (problem) {
      const shown = problem === 'missing' ? '' : ` (${ean.slice(0, 20)})`;
      skipped.push({ ref: u.ref, name: u.name, reason: `${EAN_PROBLEM_TEXT[problem]}${shown}` });
      continue;
    }
    const seen = byEan.get(ean);
    if (seen) {
      seen.count += 1;
      seen.second ??= u;
      continue;
    }
    const sku = u.sku && u.sku.length <= SKU_MAX ? u.sku : null;
    byEan.set(ean, {
      unit: { ref: u.ref, ean, name: u.name.slice(0, NAME_MAX).trim(), sku, imageUrl: u.imageUrl },
      count: 1,
      second: null,
    });
  }
  for (const [ean, d] of byEan)
    if (d.second)
      skipped.push({
        ref: d.second.ref,
        name: d.second.name,
        reason: `EAN ${ean} is listed ${d.count} times in the shop; only ${d.unit.ref} is synchronised`,
      });
  return { writable: [...byEan.values()].map((d) => d.unit), skipped };
}

/** A product row of the import's shape for a unit to create (only name, EAN and image known). */
function importRow(u: Writable): ValidProductImportRow {
  return {
    name: u.name,
    ean: u.ean,
    parentEan: null,
    fulfilledBySf: null,
    lengthCm: null,
    heightCm: null,
    widthCm: null,
    weightKg: null,
    note: null,
    hs: null,
    customsValue: null,
    imgUrl: u.imageUrl,
  };
}

/**
 * Writes one chunk inside `tx` and returns what it did (ADR 0104: it only changes the database, so it may run twice):
 * products for the EANs the organisation lacks through the product import's insert (`insertNewProducts`), then every
 * product of the chunk's EANs linked: `offer_id` the unit's ref, `api_name` the platform, `bsku` and `img_url` filled
 * only where ours are empty; names are never changed.
 */
async function writeChunk(
  tx: Db,
  orgId: string,
  platform: ShopPlatform,
  chunk: readonly Writable[],
  existing: ReadonlySet<string>,
): Promise<{ linked: number; created: number; skipped: Sorted['skipped'] }> {
  const skipped: Sorted['skipped'] = [];
  const toCreate: Writable[] = [];
  for (const u of chunk) {
    if (existing.has(u.ean)) continue;
    if (u.name) toCreate.push(u);
    else skipped.push({ ref: u.ref, name: '', reason: 'Name is missing: no product was created for it' });
  }
  const created = await insertNewProducts(tx, orgId, toCreate.map(importRow));
  const nameless = new Set(skipped.map((s) => s.ref));
  const link = chunk.filter((u) => !nameless.has(u.ref));
  if (link.length === 0) return { linked: 0, created: 0, skipped };
  const col = <K extends keyof Writable>(k: K) => link.map((u) => u[k]);
  const upd = await sql`
    UPDATE products p
       SET offer_id = u.ref,
           api_name = ${platform},
           bsku = CASE WHEN coalesce(p.bsku, '') = '' THEN u.sku ELSE p.bsku END,
           img_url = CASE WHEN coalesce(p.img_url, '') = '' THEN u.img ELSE p.img_url END,
           updated_at = now()
      FROM unnest(${col('ref')}::text[], ${col('ean')}::text[], ${col('sku')}::text[], ${col('imageUrl')}::text[])
           AS u(ref, ean, sku, img)
     WHERE ${orgScopeSql({ orgIds: [orgId] }, 'p')} AND p.ean = u.ean`.execute(systemSql(tx));
  const touched = Number(upd.numAffectedRows ?? 0);
  return { linked: touched - created.size, created: created.size, skipped };
}

/** The EANs of `eans` that organisation `orgId` has a product of. */
async function knownEans(db: Db, orgId: string, eans: readonly string[]): Promise<Set<string>> {
  const scope = { db, orgIds: [orgId] };
  const out = new Set<string>();
  for (let i = 0; i < eans.length; i += 5000) {
    const part = eans.slice(i, i + 5000);
    const rows = await tenantSql(scope)
      .selectFrom('products as p')
      .select('p.ean')
      .where(orgScope(scope, 'p'))
      .where('p.ean', 'in', part)
      .execute();
    for (const r of rows) out.add(r.ean);
  }
  return out;
}

/** Takes the connection's lease for this sync; false when another sync (or the order pull) holds it. */
async function takeLease(db: Db, connectionId: string): Promise<boolean> {
  const r = await systemSql(db)
    .updateTable('api_connections')
    .set({
      sync_lease_owner: OWNER,
      sync_lease_until: new Date(Date.now() + SHOP_SYNC_LEASE_SECONDS * 1000),
    })
    .where('id', '=', connectionId)
    .where((eb) => eb.or([eb('sync_lease_until', 'is', null), eb('sync_lease_until', '<', new Date())]))
    .returning('id')
    .executeTakeFirst();
  return Boolean(r);
}

/** Why a product sync failed, as the status's `problem` (core `CONNECTION_SYNC_REASON_CODES`; ADR 0119 §3). */
type SyncProblem = {
  code: Extract<
    ConnectionSyncReasonCode,
    'products_sync_failed' | 'shop_url_not_public' | 'shop_led_elsewhere'
  >;
  values: ReasonValues;
};

/**
 * Stores the sync's outcome on the connection's status and gives the lease back: `error` in English for older
 * clients, `problem` as its code with values (null when the sync went well).
 */
async function endSync(
  db: Db,
  connectionId: string,
  status: { ok: boolean; error: string | null; problem: SyncProblem | null; written: number },
): Promise<void> {
  await systemSql(db)
    .updateTable('api_connections')
    .set({
      last_sync_at: new Date(),
      last_sync_ok: status.ok,
      last_sync_error: status.error?.slice(0, 1000) ?? null,
      last_sync_problem: status.problem
        ? JSON.stringify({
            code: status.problem.code,
            values: Object.fromEntries(
              Object.entries(status.problem.values).map(([k, v]) => [
                k,
                typeof v === 'string' ? v.slice(0, 1000) : v,
              ]),
            ),
          })
        : null,
      last_sync_imported: status.written,
      sync_lease_owner: null,
      sync_lease_until: null,
    })
    .where('id', '=', connectionId)
    .where('sync_lease_owner', '=', OWNER)
    .execute();
}

/**
 * The product sync of spec 3 §7 Sync (`GET /products/sync/{platform}`; ADR 0107) for organisation `orgId`:
 * 1. the active connection of the platform (`apiId`, else the oldest; 404 without one), its adapter (501
 *    `shop_platform_unavailable` without one) and its lease (409 `shop_sync_running` while another sync runs); a
 *    shop URL that is or resolves to a private or local address is refused (422 `shop_url_not_public`) unless
 *    `deps.allowPrivateHosts`;
 * 2. every page of the shop read first, at most {@link SHOP_SYNC_MAX_UNITS} units (`truncated` when the cap is met),
 *    so a shop that fails mid-way leaves nothing written (502 `outside_service` with the platform's message);
 * 3. the units sorted ({@link sortShopUnits}) and written in chunks of {@link SHOP_SYNC_CHUNK}, one transaction each:
 *    a unit whose EAN is one of the organisation's products links it, a unit with a new valid EAN creates the product
 *    (name, EAN, SKU, image) and links it; a second sync of the same shop finds everything linked and creates nothing.
 * The outcome lands on the connection's status (last_sync_at, ok, error, imported = linked + created).
 * Returns `{ platform, api_id, api_name, units, linked, created, skipped (first 100), skipped_count, truncated }`.
 */
export async function syncShopProducts(
  db: Db,
  orgId: string,
  platform: ShopPlatform,
  deps: ShopSyncDeps,
  apiId?: string,
): Promise<ShopSyncResult> {
  const conn = await activeShopConnection(db, orgId, platform, apiId);
  const source = deps.sources[platform];
  if (!source)
    throw new HttpProblem(
      501,
      'shop_platform_unavailable',
      `Synchronising products from ${SERVICE[platform]} is not available yet`,
    );
  if (!(await takeLease(db, conn.id)))
    throw new HttpProblem(
      409,
      'shop_sync_running',
      `A product sync of ${conn.api_name} is running already; try again when it has finished`,
    );
  let written = 0;
  let blocked: string | null = null;
  try {
    const creds = shopCredentials(conn, deps.box);
    blocked = deps.allowPrivateHosts ? null : await privateAddressOf(creds.url, deps.resolveHost);
    if (blocked)
      throw new HttpProblem(
        422,
        'shop_url_not_public',
        `The shop URL of ${conn.api_name} leads to ${blocked}, an address on this server's own network; Hoppa only connects to shops on the internet`,
      );
    const units: ShopProduct[] = [];
    let truncated = false;
    const via = deps.allowPrivateHosts ? {} : { fetch: publicFetchOf(deps) };
    for await (const page of source.pages(creds, via)) {
      units.push(...capPage(page, units.length));
      if (units.length >= SHOP_SYNC_MAX_UNITS) {
        truncated = true;
        break;
      }
    }
    const sorted = sortShopUnits(units);
    const existing = await knownEans(
      db,
      orgId,
      sorted.writable.map((u) => u.ean),
    );
    let linked = 0;
    let created = 0;
    const skipped = [...sorted.skipped];
    for (let start = 0; start < sorted.writable.length; start += SHOP_SYNC_CHUNK) {
      if (start > 0) await nextTurn();
      const chunk = sorted.writable.slice(start, start + SHOP_SYNC_CHUNK);
      const did = await db.transaction((tx) => writeChunk(tx, orgId, platform, chunk, existing));
      linked += did.linked;
      created += did.created;
      skipped.push(...did.skipped);
      written += did.linked + did.created;
    }
    await endSync(db, conn.id, { ok: true, error: null, problem: null, written });
    return {
      platform,
      api_id: conn.id,
      api_name: conn.api_name,
      units: units.length,
      linked,
      created,
      skipped: skipped.slice(0, SHOP_SYNC_SKIPPED_LISTED),
      skipped_count: skipped.length,
      truncated,
    };
  } catch (caught) {
    // A connection refused on the way (a redirect or DNS answer leading to this server's network) answers as the
    // check before the first request does.
    const err =
      caught instanceof OutsideServiceError && caught.code === 'host_not_public'
        ? new HttpProblem(
            422,
            'shop_url_not_public',
            `The shop of ${conn.api_name} led the sync elsewhere: ${caught.detail}; Hoppa only connects to shops on the internet`,
          )
        : caught;
    const message =
      err instanceof OutsideServiceError || err instanceof HttpProblem
        ? err.message
        : `The product sync failed: ${(err as Error).message}`;
    const problem: SyncProblem =
      blocked !== null
        ? { code: 'shop_url_not_public', values: { value: blocked } }
        : err !== caught
          ? { code: 'shop_led_elsewhere', values: { message: (caught as OutsideServiceError).detail } }
          : {
              code: 'products_sync_failed',
              values: {
                message:
                  err instanceof HttpProblem || err instanceof OutsideServiceError
                    ? message
                    : (err as Error).message,
              },
            };
    await endSync(db, conn.id, { ok: false, error: message, problem, written }).catch(() => {});
    // The answer carries the coded problem the status keeps, so the product table's Sync button words it too.
    const issue = [{ path: 'api_id', message, ...problem }];
    if (err instanceof OutsideServiceError) throw new HttpProblem(502, 'outside_service', err.message, issue);
    if (err instanceof HttpProblem && !err.issues?.length)
      throw new HttpProblem(err.statusCode, err.code, err.message, issue);
    throw err;
  }
}
