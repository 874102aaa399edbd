import { useLiveQuery } from 'dexie-react-hooks';
import { floorDb, getMeta } from '../../offline/db.ts';

/**
 * Downloads the filter choices again; never throws (its calls and their schemas load on the first refresh: the filter
 * menu's opening, not the screen's start).
 */
export function refreshPickLookups(): void {
  import('./pick-lookups-calls.ts')
    .then((m) => m.downloadPickLookups())
    .catch((err: unknown) => console.warn('Pick filter choices not refreshed', err));
}

/**
 * The stored filter choices, live (undefined while reading, null when never downloaded). Read by the filter drawer
 * from its first opening only: read by the screen, their first answer was one more render of the whole pick screen at
 * its start (ADR 0086).
 */
export function usePickLookups() {
  const db = floorDb();
  return useLiveQuery(async () => (await getMeta(db, 'pickLookups')) ?? null, [db]);
}
