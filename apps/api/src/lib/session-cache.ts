import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '@hoppa/core';
import type { Db } from '../db/client.ts';
import type { SessionUser } from './auth.ts';

/** What a request needs of its session: the user with role and grants, and the organisations it may touch. */
export interface SessionEntry {
  user: SessionUser;
  orgIds: string[];
  /** The GET /current_user answer, filled on first use (it reads organisations and memberships). */
  view?: CurrentUser;
}

/** The channel the database notifies on (migration 0070_session_notify.sql). */
export const SESSION_CHANNEL = 'hoppa_sessions';

/** Options of {@link SessionCache}. */
export interface SessionCacheOptions {
  /**
   * How long an entry may be used, milliseconds: a safety net, invalidation is by notification (default 60 s);
   * 0 caches nothing.
   */
  ttlMs?: number;
  /** Entries kept at most; the oldest go first (default 10,000 sessions). */
  maxEntries?: number;
}

interface Slot {
  entry: SessionEntry;
  until: number;
}

/**
 * A short-lived, per-process cache of sessions by token hash (issue 8 "cheap authentication";
 * docs/decisions/0019-session-cache.md), so a request costs no session queries while nothing changed.
 *
 * Invalidation, in order of speed:
 * - the request that changes its own session (endpoint `changesSession`: switching organisation, creating a shop,
 *   logout) drops it before answering ({@link forgetUser}), so the caller's next request reads fresh data;
 * - every committed change of users, memberships, sessions (deleted), roles or organisations notifies
 *   {@link SESSION_CHANNEL} (database triggers), which every API process listens to: `u:<id>` drops that user's
 *   sessions, `*` everything;
 * - while the listening connection is down nothing is cached at all, and every entry expires after `ttlMs`.
 *
 * A load that was under way when an invalidation arrived is used for its request but not stored (a generation
 * count), so a stale read can never outlive the change that made it stale.
 */
export class SessionCache {
  private readonly slots = new Map<string, Slot>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private generation = 0;
  private listening = false;
  private stop: (() => Promise<void>) | null = null;
  private readonly waiters = new Map<string, () => void>();

  constructor(opts: SessionCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.maxEntries = opts.maxEntries ?? 10_000;
  }

  /** Starts listening to the database's notifications; until then (and if it fails) nothing is cached. */
  async start(db: Db): Promise<void> {
    this.stop = await db.listen(SESSION_CHANNEL, {
      payload: (p) => this.onNotify(p),
      lost: () => {
        this.listening = false;
        this.clear();
      },
      ready: () => {
        this.clear();
        this.listening = true;
      },
    });
    this.listening = true;
  }

  /** Stops listening and empties the cache. */
  async close(): Promise<void> {
    this.listening = false;
    this.clear();
    await this.stop?.();
    this.stop = null;
  }

  /**
   * The session of `tokenHash`: from the cache when present and fresh, else from `load` (stored only when no
   * invalidation happened meanwhile). `null` from `load` (no such session) is not cached.
   */
  async get(tokenHash: string, load: () => Promise<SessionEntry | null>): Promise<SessionEntry | null> {
    const slot = this.slots.get(tokenHash);
    if (slot && slot.until > Date.now()) return slot.entry;
    if (slot) this.drop(tokenHash);
    const gen = this.generation;
    const entry = await load();
    if (entry && this.ttlMs > 0 && this.listening && gen === this.generation) this.put(tokenHash, entry);
    return entry;
  }

  /** Drops every cached session of `userId` (and counts as an invalidation for loads under way). */
  forgetUser(userId: string): void {
    this.generation++;
    for (const key of this.byUser.get(userId) ?? []) this.slots.delete(key);
    this.byUser.delete(userId);
  }

  /** Drops one cached session (logout). */
  forgetToken(tokenHash: string): void {
    this.generation++;
    this.drop(tokenHash);
  }

  /** Drops everything. */
  clear(): void {
    this.generation++;
    this.slots.clear();
    this.byUser.clear();
  }

  /** Sessions held now (tests, metrics). */
  get size(): number {
    return this.slots.size;
  }

  /**
   * Resolves once every notification committed before this call has been applied: it sends a marker through the
   * same channel and waits for it (notifications arrive in commit order). For tests that change users or
   * memberships directly in the database and then call the API; on a broken connection it gives up after 5 s.
   */
  async settled(db: Db): Promise<void> {
    if (!this.listening) return;
    const nonce = `sync:${randomUUID()}`;
    const arrived = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(nonce);
        resolve();
      }, 5000);
      this.waiters.set(nonce, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await db.query('SELECT pg_notify($1, $2)', [SESSION_CHANNEL, nonce]);
    await arrived;
  }

  private onNotify(payload: string): void {
    if (payload === '*') this.clear();
    else if (payload.startsWith('u:')) this.forgetUser(payload.slice(2).trim());
    else if (payload.startsWith('sync:')) {
      this.waiters.get(payload)?.();
      this.waiters.delete(payload);
    }
  }

  private put(tokenHash: string, entry: SessionEntry): void {
    if (this.slots.size >= this.maxEntries) {
      const oldest = this.slots.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.slots.set(tokenHash, { entry, until: Date.now() + this.ttlMs });
    let keys = this.byUser.get(entry.user.id);
    if (!keys) {
      keys = new Set();
      this.byUser.set(entry.user.id, keys);
    }
    keys.add(tokenHash);
  }

  private drop(tokenHash: string): void {
    const slot = this.slots.get(tokenHash);
    if (!slot) return;
    this.slots.delete(tokenHash);
    const keys = this.byUser.get(slot.entry.user.id);
    keys?.delete(tokenHash);
    if (keys && keys.size === 0) this.byUser.delete(slot.entry.user.id);
  }
}
