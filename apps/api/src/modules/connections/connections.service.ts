import {
  type ApiConnection,
  type ConnectionPlatform,
  type ConnectionSettings,
  type ConnectionSyncReasonCode,
  isShopPlatform,
  isTokenOnlyPlatform,
  newId,
  type Page,
  type ReasonValues,
  type RefusedBolOrder,
  type StoreApiBody,
  StoreApiBodySchema,
  type UpdateApiBody,
} from '@hoppa/core';
import type { ExpressionBuilder } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { DB } from '../../db/schema.generated.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { HttpProblem, notFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';

/** What the connection services need: the tenant scope and the secret box of the app. */
export interface ConnectionsContext extends TenantScope {
  box: SecretBox;
}

/** A stored connection row as the services read it (the sealed secret stays inside this module). */
export interface ConnectionRow {
  id: string;
  org_id: string;
  /** The organisation's name (a correlated subquery, {@link orgName}). */
  org_name: string | null;
  api_name: string;
  platform: ConnectionPlatform;
  /** The shop's base URL (shop platforms; ADR 0107). */
  url: string | null;
  api_key: string;
  encrypted_secret: string;
  settings: ConnectionSettings;
  platform_lang: string;
  send_invoice: boolean;
  active: boolean;
  created_at: Date | string;
  last_sync_at: Date | string | null;
  last_sync_ok: boolean | null;
  last_sync_error: string | null;
  last_sync_imported: number | null;
  /** The last pull's problem as a code (migration 0447), null when it went well. */
  last_sync_problem: {
    code: ConnectionSyncReasonCode;
    values: ReasonValues;
    refused?: RefusedBolOrder[];
  } | null;
  unknown_eans: { order_id: string; eans: string[] }[];
  /** bol orders taken in through this connection so far. */
  imported_total: number | string | null;
}

const COLUMNS = [
  'c.id',
  'c.org_id',
  'c.api_name',
  'c.platform',
  'c.url',
  'c.api_key',
  'c.encrypted_secret',
  'c.settings',
  'c.platform_lang',
  'c.send_invoice',
  'c.active',
  'c.created_at',
  'c.last_sync_at',
  'c.last_sync_ok',
  'c.last_sync_error',
  'c.last_sync_imported',
  'c.last_sync_problem',
  'c.unknown_eans',
] as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The answer shape of a connection: everything but the secret (spec 3 §3 Custom API connection; issue 14 item 4). */
export function toApiConnection(r: ConnectionRow): ApiConnection {
  return {
    _id: r.id,
    org_name: r.org_name ?? '',
    api_name: r.api_name,
    platform: r.platform,
    url: r.url ?? null,
    api_key: r.api_key,
    has_secret: r.encrypted_secret.length > 0,
    settings: r.settings ?? {},
    platform_lang: r.platform_lang as ApiConnection['platform_lang'],
    send_invoice: r.send_invoice,
    active: r.active,
    created_at: iso(r.created_at) as string,
    status: {
      last_sync_at: iso(r.last_sync_at),
      ok: r.last_sync_ok,
      error: r.last_sync_error,
      problem: r.last_sync_problem
        ? { code: r.last_sync_problem.code, values: r.last_sync_problem.values }
        : null,
      refused: r.last_sync_problem?.refused ?? [],
      imported: r.last_sync_imported,
      imported_total: Number(r.imported_total ?? 0),
      unknown_eans: r.unknown_eans ?? [],
    },
  };
}

/** The count of bol orders taken in through connection `c` (a correlated subquery, scoped like the row). */
function importedTotal(scope: TenantScope) {
  return (eb: ExpressionBuilder<DB & { c: DB['api_connections'] }, 'c'>) =>
    eb
      .selectFrom('bol_order_items as b')
      .select((e) => e.fn.count<number>('b.bol_order_id').distinct().as('n'))
      .where(orgScope(scope, 'b'))
      .whereRef('b.connection_id', '=', 'c.id')
      .as('imported_total');
}

/** The name of connection `c`'s organisation (a correlated subquery; the list of a provider admin shows several). */
function orgName(eb: ExpressionBuilder<DB & { c: DB['api_connections'] }, 'c'>) {
  return eb
    .selectFrom('organisations as o')
    .select('o.name')
    .whereRef('o.id', '=', 'c.org_id')
    .as('org_name');
}

/** One connection of the scope's organisations by id; 404 when it is not one of theirs. */
export async function connectionRow(ctx: TenantScope & { db: Db }, id: string): Promise<ConnectionRow> {
  const row = await tenantSql(ctx)
    .selectFrom('api_connections as c')
    .select(COLUMNS)
    .select(importedTotal(ctx))
    .select(orgName)
    .where(orgScope(ctx, 'c'))
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('API connection not found');
  return row as unknown as ConnectionRow;
}

/** A shop URL as stored: trimmed, without a trailing slash (adapters add their paths to it). */
export function shopBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

const nameTaken = () =>
  new HttpProblem(409, 'connection_exists', 'There is already an API connection with this name');

/** Whether a database error is the unique name index. */
function isNameClash(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || /api_connections_name_idx/.test(e.message ?? '');
}

/**
 * Saves a new connection for `orgId` (spec 3 §7 `POST /store-api`): the secret sealed with the app's key (AES-256-GCM),
 * status empty until the first pull. Returns the connection without its secret. 409 `connection_exists` for a name the
 * organisation uses already.
 */
export async function storeConnection(
  ctx: ConnectionsContext & { orgId: string; userId: string | null },
  body: z.output<typeof StoreApiBodySchema> | StoreApiBody,
): Promise<ApiConnection> {
  const b = StoreApiBodySchema.parse(body);
  const id = newId();
  try {
    await tenantSql(ctx)
      .insertInto('api_connections')
      .values({
        id,
        org_id: ctx.orgId,
        api_name: b.api_name,
        platform: b.platform,
        url: b.url ? shopBaseUrl(b.url) : null,
        api_key: b.api_key.trim(),
        encrypted_secret: ctx.box.seal(b.secret),
        settings: JSON.stringify(b.settings),
        platform_lang: b.platform_lang,
        send_invoice: b.send_invoice,
        active: b.active,
        created_by: ctx.userId,
      })
      .execute();
  } catch (err) {
    if (isNameClash(err)) throw nameTaken();
    throw err;
  }
  return toApiConnection(await connectionRow(ctx, id));
}

/** The connections of the scope's organisations, oldest first, one page (spec 3 §7 `GET /get-apis`). */
export async function listConnections(
  ctx: TenantScope,
  page: { skip: number; limit: number },
): Promise<Page<ApiConnection>> {
  const q = tenantSql(ctx);
  const [rows, count] = await Promise.all([
    q
      .selectFrom('api_connections as c')
      .select(COLUMNS)
      .select(importedTotal(ctx))
      .select(orgName)
      .where(orgScope(ctx, 'c'))
      .orderBy('c.created_at')
      .orderBy('c.id')
      .offset(page.skip)
      .limit(page.limit)
      .execute(),
    q
      .selectFrom('api_connections as c')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(orgScope(ctx, 'c'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: (rows as unknown as ConnectionRow[]).map(toApiConnection),
    total: Number(count.n),
    skip: page.skip,
    limit: page.limit,
  };
}

/**
 * Changes a connection (spec 3 §7 `PUT /update-api`): only the fields given; an empty or missing secret keeps the
 * stored one. 404 for another organisation's; 409 `connection_exists` for a taken name.
 */
export async function updateConnection(ctx: ConnectionsContext, body: UpdateApiBody): Promise<ApiConnection> {
  const current = await connectionRow(ctx, body._id);
  const settings = body.settings ? { ...current.settings, ...body.settings } : undefined;
  if (body.api_key !== undefined && !body.api_key.trim() && !isTokenOnlyPlatform(current.platform))
    throw new HttpProblem(400, 'validation', 'Add the API key', [
      { path: 'body.api_key', message: 'Add the API key' },
    ]);
  if (body.url !== undefined && !isShopPlatform(current.platform))
    throw new HttpProblem(400, 'validation', 'Only shop platforms have a URL', [
      { path: 'body.url', message: 'Only shop platforms have a URL' },
    ]);
  if (current.platform === 'postnl' && settings)
    for (const f of ['customer_code', 'customer_number', 'collection_location'] as const)
      if (!settings[f])
        throw new HttpProblem(400, 'validation', `PostNL needs the ${f.replace('_', ' ')}`, [
          { path: `body.settings.${f}`, message: `PostNL needs the ${f.replace('_', ' ')}` },
        ]);
  try {
    await tenantSql(ctx)
      .updateTable('api_connections as c')
      .set({
        ...(body.api_name !== undefined ? { api_name: body.api_name } : {}),
        ...(body.api_key !== undefined ? { api_key: body.api_key } : {}),
        ...(body.url !== undefined ? { url: shopBaseUrl(body.url) } : {}),
        ...(body.secret ? { encrypted_secret: ctx.box.seal(body.secret) } : {}),
        ...(settings ? { settings: JSON.stringify(settings) } : {}),
        ...(body.platform_lang !== undefined ? { platform_lang: body.platform_lang } : {}),
        ...(body.send_invoice !== undefined ? { send_invoice: body.send_invoice } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        updated_at: new Date(),
      })
      .where(orgScope(ctx, 'c'))
      .where('c.id', '=', body._id)
      .execute();
  } catch (err) {
    if (isNameClash(err)) throw nameTaken();
    throw err;
  }
  return toApiConnection(await connectionRow(ctx, body._id));
}
