import { hostname } from 'node:os';
import {
  bolTransporterFor,
  type ConfirmationStatus,
  confirmationBackoffMs,
  MAX_CONFIRMATION_ATTEMPTS,
  type MarketplaceConfirmation,
  newId,
} from '@hoppa/core';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import type { BolClient } from '../../lib/outside/bol.ts';
import { OutsideServiceError } from '../../lib/outside/http-client.ts';
import { startScheduled } from '../../lib/scheduled.ts';

/** Makes the bol client of a connection (its client id and encrypted secret); routes and tests supply it. */
export type BolClientFor = (conn: { api_key: string; encrypted_secret: string }) => BolClient;

/** What the confirmation worker needs: the database and how to reach bol for a connection. */
export interface ConfirmationDeps {
  db: Db;
  bolFor: BolClientFor;
}

/** How long one worker may hold a confirmation before another may take it (a crashed worker's lease runs out). */
export const CONFIRMATION_LEASE_SECONDS = 120;

/** Most confirmations one round works. */
export const CONFIRMATIONS_PER_ROUND = 25;

/** This process's name on a lease. */
const OWNER = `${hostname()}:${process.pid}:${Math.random().toString(16).slice(2, 8)}`;

/** A shipment of a possibly-bol order, as the shipping transaction knows it. */
export interface ShippedParcel {
  shipmentId: string;
  orderId: string;
  orgId: string;
  /** Our carrier that made the label (`shipments.carrier`: local, postnl, bol, …); names bol's transporter. */
  carrier: string;
  trackingNumber: string;
  /** For bol labels: the bought label's id and bol's transporter code (bol then knows the transport itself). */
  bolLabel?: { shippingLabelId: string; transporterCode: string };
}

/**
 * Queues the confirmation of a shipped bol order to bol (spec 1 §4; ADR 0045), inside the caller's shipping
 * transaction, so the order is shipped and its confirmation owed in one commit, or neither. Does nothing for an
 * order without bol order items (not from bol, or placed by hand). The transporter is bol's code for our carrier
 * (core `bolTransporterFor`: PostNL → TNT, the local carrier → OTHER) or, for a bol label, the label's own. Answers
 * the new confirmation's id, or null when the order owes none. Never calls bol.
 */
export async function queueMarketplaceConfirmation(
  ctx: { db: Db; now: Date },
  parcel: ShippedParcel,
): Promise<string | null> {
  const scope: TenantScope = { db: ctx.db, orgIds: [parcel.orgId] };
  const items = await tenantSql(scope)
    .selectFrom('bol_order_items as b')
    .innerJoin('api_connections as c', 'c.id', 'b.connection_id')
    .select(['b.order_item_id', 'b.connection_id', 'c.platform'])
    .where('b.order_id', '=', parcel.orderId)
    // Items cancelled at the customer's request (ADR 0128) were not shipped.
    .where('b.cancelled_at', 'is', null)
    .where(orgScope(scope, 'b'))
    .where(orgScope(scope, 'c'))
    .orderBy('b.order_item_id')
    .execute();
  const first = items[0];
  if (!first) return null;
  const id = newId(ctx.now.getTime());
  await tenantSql(scope)
    .insertInto('marketplace_confirmations')
    .values({
      id,
      org_id: parcel.orgId,
      order_id: parcel.orderId,
      shipment_id: parcel.shipmentId,
      connection_id: first.connection_id,
      platform: first.platform,
      order_item_ids: JSON.stringify(
        items.filter((i) => i.connection_id === first.connection_id).map((i) => i.order_item_id),
      ),
      transporter_code: parcel.bolLabel?.transporterCode ?? bolTransporterFor(parcel.carrier),
      track_and_trace: parcel.trackingNumber,
      shipping_label_id: parcel.bolLabel?.shippingLabelId ?? null,
      next_attempt_at: ctx.now,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .execute();
  return id;
}

/** Readable text of a failed attempt: the outside service's own message (`bol.com: …`). */
function failureText(err: unknown): string {
  if (err instanceof OutsideServiceError) return err.message;
  return `bol.com: the confirmation failed: ${(err as Error).message}`;
}

/**
 * Takes the lease of confirmation `id` if it is pending and nobody holds it (one UPDATE … RETURNING, so of two
 * workers exactly one wins; under PostgreSQL's READ COMMITTED the loser re-checks the row after the winner's commit
 * and finds it leased). `due` also requires its next attempt to have come.
 */
async function lease(db: Db, id: string, due: boolean): Promise<boolean> {
  const now = new Date();
  const row = await systemSql(db)
    .updateTable('marketplace_confirmations')
    .set({ lease_owner: OWNER, lease_until: new Date(now.getTime() + CONFIRMATION_LEASE_SECONDS * 1000) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .$if(due, (q) => q.where('next_attempt_at', '<=', now))
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/**
 * Sends one leased confirmation to bol and waits for bol's process (spec 1 §4; ADR 0045): a confirmation whose earlier
 * attempt got a process status id but no final answer is polled again instead of being sent twice. Success marks it
 * confirmed; a failure counts an attempt, keeps bol's reason and sets the next attempt after the backoff (core
 * `confirmationBackoffMs`), or marks it failed after {@link MAX_CONFIRMATION_ATTEMPTS}. Always releases the lease.
 */
async function sendLeased(deps: ConfirmationDeps, id: string): Promise<ConfirmationStatus> {
  const db = systemSql(deps.db);
  const row = await db
    .selectFrom('marketplace_confirmations as m')
    .leftJoin('api_connections as c', 'c.id', 'm.connection_id')
    .select([
      'm.id',
      'm.order_item_ids',
      'm.transporter_code',
      'm.track_and_trace',
      'm.shipping_label_id',
      'm.shipment_id',
      'm.attempts',
      'm.process_status_id',
      'c.active',
      'c.api_key',
      'c.encrypted_secret',
    ])
    .where('m.id', '=', id)
    .executeTakeFirstOrThrow();
  const release = { lease_owner: null, lease_until: null, updated_at: new Date() };
  try {
    if (!row.active || !row.api_key || !row.encrypted_secret)
      throw new OutsideServiceError('bol.com', null, 'connection_inactive', 'the bol connection is disabled');
    const bol = deps.bolFor({ api_key: row.api_key, encrypted_secret: row.encrypted_secret });
    let processId = row.process_status_id;
    if (!processId) {
      processId = await bol.confirmShipment({
        orderItemIds: row.order_item_ids as string[],
        reference: row.shipment_id,
        shippingLabelId: row.shipping_label_id,
        transporterCode: row.transporter_code,
        trackAndTrace: row.track_and_trace,
      });
      // Kept before waiting: if this worker dies now, the next one polls this process instead of sending again.
      await db
        .updateTable('marketplace_confirmations')
        .set({ process_status_id: processId })
        .where('id', '=', id)
        .execute();
    }
    await bol.waitForProcess(processId, 'the shipment confirmation');
    await db
      .updateTable('marketplace_confirmations')
      .set({ ...release, status: 'confirmed', confirmed_at: new Date(), last_error: null })
      .where('id', '=', id)
      .execute();
    return 'confirmed';
  } catch (err) {
    const attempts = row.attempts + 1;
    const failed = attempts >= MAX_CONFIRMATION_ATTEMPTS;
    // A process bol ended (FAILURE / TIMEOUT) is done: the next attempt sends again. One still pending is polled on.
    const ended =
      err instanceof OutsideServiceError &&
      err.status === 200 &&
      (err.code === 'failure' || err.code === 'timeout');
    await db
      .updateTable('marketplace_confirmations')
      .set({
        ...release,
        attempts,
        status: failed ? 'failed' : 'pending',
        last_error: failureText(err).slice(0, 1000),
        next_attempt_at: new Date(Date.now() + confirmationBackoffMs(attempts)),
        ...(ended ? { process_status_id: null } : {}),
      })
      .where('id', '=', id)
      .execute();
    return failed ? 'failed' : 'pending';
  }
}

/**
 * Sends confirmation `id` now if nobody else is sending it (right after `POST /orders/ship/bol`): answers its state
 * afterwards (`confirmed`, or `pending` when bol did not take it yet and the queue retries).
 */
export async function confirmNow(deps: ConfirmationDeps, id: string): Promise<ConfirmationStatus> {
  if (!(await lease(deps.db, id, false))) return 'pending';
  return sendLeased(deps, id);
}

/**
 * One round of the confirmation queue (ADR 0045): the due pending confirmations, oldest due first, each sent by the
 * worker that wins its lease. Answers how many this worker sent.
 */
export async function confirmationRound(deps: ConfirmationDeps): Promise<number> {
  const due = await systemSql(deps.db)
    .selectFrom('marketplace_confirmations')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', new Date())
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', new Date())]))
    .orderBy('next_attempt_at')
    .limit(CONFIRMATIONS_PER_ROUND)
    .execute();
  let sent = 0;
  for (const c of due) {
    if (!(await lease(deps.db, c.id, true))) continue;
    await sendLeased(deps, c.id);
    sent += 1;
  }
  return sent;
}

/**
 * Starts the confirmation worker every `intervalMs` (0 = never): rounds never overlap within a process, leases keep
 * processes apart. Returns the stop function.
 */
export function startConfirmationWorker(
  deps: ConfirmationDeps,
  intervalMs: number,
  log: (msg: string) => void,
): () => Promise<void> {
  return startScheduled({
    name: 'Marketplace confirmation round',
    intervalMs,
    round: () => confirmationRound(deps),
    log,
  });
}

/**
 * The confirmation of each given shipment (tenant-scoped), for the shipment detail and the bol shipment list
 * (spec 1 §2 Order detail; ADR 0045).
 */
export async function confirmationsOfShipments(
  scope: TenantScope,
  shipmentIds: string[],
): Promise<Map<string, MarketplaceConfirmation>> {
  const out = new Map<string, MarketplaceConfirmation>();
  if (!shipmentIds.length) return out;
  const rows = await tenantSql(scope)
    .selectFrom('marketplace_confirmations as m')
    .select([
      'm.shipment_id',
      'm.status',
      'm.attempts',
      'm.last_error',
      'm.transporter_code',
      'm.track_and_trace',
      'm.confirmed_at',
      'm.next_attempt_at',
    ])
    .where(orgScope(scope, 'm'))
    .where('m.shipment_id', 'in', shipmentIds)
    .execute();
  for (const r of rows) out.set(r.shipment_id, toConfirmation(r));
  return out;
}

/** A confirmation row as the API answers it. */
export function toConfirmation(r: {
  status: string;
  attempts: number;
  last_error: string | null;
  transporter_code: string;
  track_and_trace: string;
  confirmed_at: Date | null;
  next_attempt_at: Date;
}): MarketplaceConfirmation {
  return {
    status: r.status as ConfirmationStatus,
    attempts: r.attempts,
    last_error: r.last_error,
    transporter_code: r.transporter_code,
    track_and_trace: r.track_and_trace,
    confirmed_at: r.confirmed_at?.toISOString() ?? null,
    next_attempt_at: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
  };
}
