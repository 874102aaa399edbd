/**
 * CPU time of the PostgreSQL backends serving a benchmark (issue 8 §3, ADR 0077): read per backend from
 * `/proc/<pid>/schedstat`, which works when the server runs on this host. A busy machine inflates it far less than
 * latency, so two versions measured on a shared machine can still be ranked by it.
 */
import { readFileSync } from 'node:fs';
import type { Db } from '../src/db/client.ts';

/** The process ids of the client backends connected to `db`'s current database (PostgreSQL only). */
export async function backendPids(db: Db): Promise<number[]> {
  return (
    await db.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
    )
  ).rows.map((r) => r.pid);
}

/**
 * CPU time so far of each of `pids`, in milliseconds, by pid; a pid that is gone (or a host without /proc) is left
 * out.
 */
export function backendCpuMs(pids: number[]): Map<number, number> {
  const ms = new Map<number, number>();
  for (const pid of pids) {
    try {
      ms.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
    } catch {
      // not on this host, or the backend has gone
    }
  }
  return ms;
}
