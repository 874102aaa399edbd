import { hostname } from 'node:os';
import { eventMilestone, newId } from '@hoppa/core';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import type { DB } from '../../db/schema.generated.ts';
import type { CarrierAdapter, CarrierEvent } from '../../lib/carriers/index.ts';
import { startScheduled } from '../../lib/scheduled.ts';

/**
 * What the tracking job needs (ADR 0046): the database and the adapter that tracks a parcel of `carrier` for
 * organisation `orgId` (the organisation's own account where the carrier needs one; null: this carrier is not tracked
 * — the parcel is skipped and checked again later). Times in the options are for tests.
 */
export interface TrackingDeps {
  db: Db;
  carrierFor: (orgId: string, carrier: string) => Promise<CarrierAdapter | null>;
  /** Parcels whose label is older than this many days are not tracked any more (TRACKING_MAX_AGE_DAYS). */
  maxAgeDays: number;
  /** Parcels per round; default 50. */
  batchSize?: number;
  /** How long a claimed batch is this process's before another may take it; default 300 s. */
  leaseSeconds?: number;
  /** Carriers never polled: the built-in local carrier writes its events as they happen. Default ['local']. */
  skipCarriers?: readonly string[];
  /** The clock (tests). */
  now?: () => Date;
}

/** One parcel of a claimed batch. */
export interface TrackedShipment {
  id: string;
  org_id: string;
  order_id: string;
  carrier: string;
  tracking_number: string;
  created_at: Date;
}

/** What one round did: parcels asked about, events newly stored, parcels newly delivered, parcels whose carrier failed. */
export interface TrackingRoundResult {
  polled: number;
  stored: number;
  delivered: number;
  failed: number;
}

/** This process's name on a lease. */
const OWNER = `${hostname()}:${process.pid}:${Math.random().toString(16).slice(2, 8)}`;

/**
 * Claims the next batch of parcels to track (ADR 0046): undelivered, label made within `maxAgeDays`, not of a skipped
 * carrier, not leased by a live lease; the longest unchecked first (never checked before all), then the oldest label.
 * One UPDATE over a `FOR UPDATE SKIP LOCKED` selection, so two API processes claiming at once get different parcels.
 * `owner` names the claiming round (default this process).
 */
export async function claimTrackingBatch(deps: TrackingDeps, owner = OWNER): Promise<TrackedShipment[]> {
  const now = deps.now?.() ?? new Date();
  const since = new Date(now.getTime() - deps.maxAgeDays * 86_400_000);
  const skip = [...(deps.skipCarriers ?? ['local'])];
  const db = systemSql(deps.db);
  const free = (eb: ExpressionBuilder<DB, 'shipments'>) =>
    eb.or([eb('track_lease_until', 'is', null), eb('track_lease_until', '<', now)]);
  let due = db
    .selectFrom('shipments')
    .select('id')
    .where('delivered_at', 'is', null)
    .where('created_at', '>=', since)
    .where(free)
    .orderBy('last_tracked_at', (ob) => ob.asc().nullsFirst())
    .orderBy('created_at')
    .limit(deps.batchSize ?? 50)
    .forUpdate()
    .skipLocked();
  if (skip.length > 0) due = due.where('carrier', 'not in', skip);
  const rows = await db
    .updateTable('shipments')
    .set({
      track_lease_owner: owner,
      track_lease_until: new Date(now.getTime() + (deps.leaseSeconds ?? 300) * 1000),
    })
    .where('id', 'in', due)
    .where(free)
    .returning(['id', 'org_id', 'order_id', 'carrier', 'tracking_number', 'created_at'])
    .execute();
  return rows.sort(
    (a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id),
  ) as TrackedShipment[];
}

/**
 * Stores a parcel's carrier events (ADR 0041 `order_events`; ADR 0046) in one transaction: each event once per parcel,
 * code and moment (`ON CONFLICT DO NOTHING` on the unique index, so polling twice or two processes at once store it
 * once), and keeps the delivery state in step (`eventMilestone`): the first scan past the label sets `handed_over_at`,
 * a delivered event `delivered_at` (and `handed_over_at` when still empty), each only when empty, at the event's time.
 * Answers how many events were new and whether the parcel became delivered. Also used by the demo.
 */
export async function storeCarrierEvents(
  db: Db,
  shipment: Pick<TrackedShipment, 'id' | 'org_id' | 'order_id'>,
  events: readonly CarrierEvent[],
  now = new Date(),
): Promise<{ stored: number; delivered: boolean }> {
  if (events.length === 0) return { stored: 0, delivered: false };
  return db.transaction(async (tx) => {
    const q = systemSql(tx);
    let stored = 0;
    for (const e of events) {
      const made = await q
        .insertInto('order_events')
        .values({
          id: newId(now.getTime()),
          org_id: shipment.org_id,
          order_id: shipment.order_id,
          shipment_id: shipment.id,
          code: e.code,
          description: e.description.slice(0, 500),
          at: e.at,
          created_by: null,
        })
        .onConflict((oc) => oc.columns(['shipment_id', 'code', 'at']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (made) stored += 1;
    }
    const times = (m: string) =>
      events.filter((e) => eventMilestone(e.code) === m).map((e) => e.at.getTime());
    const handed = [...times('handed_over'), ...times('delivered')];
    const delivered = times('delivered');
    const before = await q
      .selectFrom('shipments')
      .select(['handed_over_at', 'delivered_at'])
      .where('id', '=', shipment.id)
      .executeTakeFirstOrThrow();
    const set: { handed_over_at?: Date; delivered_at?: Date } = {};
    if (!before.handed_over_at && handed.length > 0) set.handed_over_at = new Date(Math.min(...handed));
    if (!before.delivered_at && delivered.length > 0) set.delivered_at = new Date(Math.min(...delivered));
    if (set.handed_over_at || set.delivered_at)
      await q.updateTable('shipments').set(set).where('id', '=', shipment.id).execute();
    return { stored, delivered: !!set.delivered_at };
  });
}

/** Readable text of a tracking failure for the parcel's `track_error` (the carrier's own message). */
function failureText(err: unknown): string {
  return ((err as Error).message || String(err)).slice(0, 500);
}

/**
 * One round of the tracking job (issue 14; ADR 0046): claims a batch ({@link claimTrackingBatch}), asks each parcel's
 * carrier for its events (`CarrierAdapter.track`), stores the new ones ({@link storeCarrierEvents}) and records
 * `last_tracked_at` with the error (null after a good answer), releasing the lease. A carrier failure is recorded on
 * that parcel only: the others of the batch are still asked.
 */
export async function trackingRound(deps: TrackingDeps, owner = OWNER): Promise<TrackingRoundResult> {
  const batch = await claimTrackingBatch(deps, owner);
  const result: TrackingRoundResult = { polled: 0, stored: 0, delivered: 0, failed: 0 };
  for (const s of batch) {
    const now = deps.now?.() ?? new Date();
    let error: string | null = null;
    try {
      const carrier = await deps.carrierFor(s.org_id, s.carrier);
      if (carrier) {
        result.polled += 1;
        const events = await carrier.track({ db: deps.db, now }, s.tracking_number, s.created_at);
        const r = await storeCarrierEvents(deps.db, s, events, now);
        result.stored += r.stored;
        if (r.delivered) result.delivered += 1;
      }
    } catch (err) {
      result.failed += 1;
      error = failureText(err);
    }
    await systemSql(deps.db)
      .updateTable('shipments')
      .set({ last_tracked_at: now, track_error: error, track_lease_owner: null, track_lease_until: null })
      .where('id', '=', s.id)
      .where('track_lease_owner', '=', owner)
      .execute();
  }
  return result;
}

/**
 * Starts the tracking job every `intervalMs` (TRACKING_POLL_MS; 0 = never): rounds never overlap within a process, and
 * the leases keep processes apart. Returns the stop function (called when the app closes).
 */
export function startTrackingJob(
  deps: TrackingDeps,
  intervalMs: number,
  log: (msg: string) => void,
): () => Promise<void> {
  return startScheduled({
    name: 'Tracking round',
    intervalMs,
    round: () => trackingRound(deps),
    log,
    onDone: (r) => {
      if (r.failed > 0) log(`Tracking: ${r.failed} of ${r.polled + r.failed} parcels could not be asked`);
    },
  });
}
