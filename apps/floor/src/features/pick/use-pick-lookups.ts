import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import { floorDb, getMeta } from '../../offline/db.ts';

/**
 * The stored filter choices (undefined while reading, null when never downloaded) and a refresh that never throws (its
 * calls and their schemas load on the first refresh: the filter menu's opening, not the screen's start).
 */
export function usePickLookups() {
  const db = floorDb();
  const lookups = useLiveQuery(async () => (await getMeta(db, 'pickLookups')) ?? null, [db]);
  const refresh = useCallback(() => {
    import('./pick-lookups-calls.ts')
      .then((m) => m.downloadPickLookups())
      .catch((err: unknown) => console.warn('Pick filter choices not refreshed', err));
  }, []);
  return { lookups, refresh };
}
