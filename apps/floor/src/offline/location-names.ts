import { ApiError, locationChildrenEndpoint, locationRootsEndpoint, request } from '@hoppa/core';
import { api } from '../app/api.ts';
import { type FloorDb, getMeta } from './db.ts';

/**
 * A location the check-in found by its name or label: its id, its name as the warehouse spells it, whether it is
 * active and whether it is a quarantine location.
 */
export interface NamedLocation {
  id: string;
  name: string;
  /** False for a deactivated location (the server refuses it: 409 `location_inactive`). */
  active: boolean;
  /**
   * True for a quarantine location (issue 12: returned goods, never picked; the server refuses inbound stock there:
   * 409 `location_quarantine`). False where this device cannot tell (a pick's location, a hall or rack of the filter).
   */
  quarantine: boolean;
}

/**
 * What a typed location name is (spec 2 §4; session 41: a name typed instead of a scanned label): the location, or
 * `unknown` when the warehouse has no location of that name (the server said so), or `offline_unknown` when the
 * device cannot ask the server and does not know the name itself.
 */
export type NameLookup = NamedLocation | 'unknown' | 'offline_unknown';

/**
 * Finds a location by its name as a worker types it: trimmed, any case (names are unique in the warehouse, spec 3 §7
 * `location_exists`). Online the server answers (`GET /locations/null?search=&limit=1`: the search finds names
 * containing the text, the one named exactly so first; only an exact name is taken); offline, or when the call cannot
 * reach the server, the locations this device stored (see {@link storedLocationByName}). Another failure of the call
 * is thrown (ApiError).
 */
export async function findLocationByName(db: FloorDb, typed: string, online: boolean): Promise<NameLookup> {
  const name = typed.trim();
  const key = name.toLowerCase();
  // A location's name is 1 to 64 characters (spec 3 §7 `locationName`): longer text names none.
  if (!key || name.length > 64) return 'unknown';
  if (online) {
    try {
      const page = await request(api, locationRootsEndpoint, {
        query: { skip: 0, limit: 1, search: name },
      });
      const hit = page.items.find((l) => l.name.trim().toLowerCase() === key);
      return hit
        ? { id: hit.id, name: hit.name, active: hit.active, quarantine: hit.quarantine ?? false }
        : 'unknown';
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 0)) throw err;
    }
  }
  return (await storedLocationByName(db, key)) ?? 'offline_unknown';
}

/**
 * The first location this device stored for offline work that `match` takes (by its id and its name): the products'
 * locations (the Locations task, Dexie `products`), the pick list's locations (Dexie `picks`) and the pick filter's
 * halls and racks (meta `pickLookups`), in that order. Null when none does.
 */
async function storedLocation(
  db: FloorDb,
  match: (id: string, name: string) => boolean,
): Promise<NamedLocation | null> {
  for (const p of await db.products.toArray()) {
    const own = p.data.locations.find((l) => match(l.location.id, l.location.name))?.location;
    if (own) return { id: own.id, name: own.name, active: own.active, quarantine: own.quarantine ?? false };
  }
  for (const pick of await db.picks.toArray()) {
    const { loc_id: id, rack: name } = pick.item;
    // The pick list never names a quarantine location (issue 12).
    if (id && name && match(id, name)) return { id, name, active: true, quarantine: false };
  }
  const area = (await getMeta(db, 'pickLookups'))?.locations.find((l) => match(l.id, l.name));
  return area ? { id: area.id, name: area.name, active: true, quarantine: false } : null;
}

/** A location this device knows by its name (lower case, trimmed; see {@link storedLocation}); null when none. */
export function storedLocationByName(db: FloorDb, key: string): Promise<NamedLocation | null> {
  return storedLocation(db, (_, name) => name.trim().toLowerCase() === key);
}

/** The name of a location this device stored (see {@link storedLocation}) by its id; null when none holds it. */
export async function storedLocationName(db: FloorDb, id: string): Promise<string | null> {
  return (await storedLocation(db, (locationId) => locationId === id))?.name ?? null;
}

/**
 * The location scanned by its label (its id; spec 2 §4 a putaway without reservations, spec 2 §2 Direct check-in),
 * for the check-in and the direct check-in: the product's own locations as this device stored them (the Locations
 * task, Dexie `products`; offline too), else online the server's (`GET /locations/:id`: its answer's `parent` is the
 * location itself), offline the other locations this device stored ({@link storedLocation}). Null when none knows it
 * (offline, or the call failed): the caller names it in words ('the scanned location (not yet known on this
 * device)'), never by a part of its id, and the server decides. 'unknown' when the server has no such location (404),
 * which it would refuse to place on.
 */
export async function scannedLocation(
  db: FloorDb,
  id: string,
  productId: string,
  online: boolean,
): Promise<NamedLocation | null | 'unknown'> {
  const stored = await db.products.get(productId);
  const own = stored?.data.locations.find((l) => l.location.id === id)?.location;
  if (own) return { id: own.id, name: own.name, active: own.active, quarantine: own.quarantine ?? false };
  if (!online) return storedLocation(db, (locationId) => locationId === id);
  try {
    const list = await request(api, locationChildrenEndpoint, {
      params: { parent: id },
      query: { limit: 1 },
    });
    const p = list.parent;
    return p ? { id: p.id, name: p.name, active: true, quarantine: p.quarantine ?? false } : null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return 'unknown';
    return err instanceof ApiError && err.status === 0
      ? storedLocation(db, (locationId) => locationId === id)
      : null;
  }
}

/**
 * The name of a location scanned by its label ({@link scannedLocation}): null when none knows it, 'unknown' when the
 * server has no such location.
 */
export async function scannedLocationName(
  db: FloorDb,
  id: string,
  productId: string,
  online: boolean,
): Promise<string | null | 'unknown'> {
  const found = await scannedLocation(db, id, productId, online);
  return found === 'unknown' ? found : (found?.name ?? null);
}
