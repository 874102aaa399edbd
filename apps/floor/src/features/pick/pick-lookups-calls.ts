import {
  cutOffGroupsEndpoint,
  locationGroupsEndpoint,
  pickingLocationsEndpoint,
  pickOrgsEndpoint,
  request,
  shipmentMethodsEndpoint,
} from '@hoppa/core';
import { api } from '../../app/api.ts';
import { floorDb, type PickLookups, setMeta } from '../../offline/db.ts';

/**
 * Downloads the pick filter's choices (spec 2 §3 Other pick lookups; §7: `GET /picking_locations`,
 * `GET /location/groups`, the cut-off groups and organisations lists, the shipment methods) and keeps them in
 * IndexedDB, so the filter works offline with the choices of the last download. Throws the API error. Loaded when the
 * filter menu first opens, with the endpoints' schemas (use-pick-lookups.ts; ADR 0072).
 */
export async function downloadPickLookups(now = Date.now()): Promise<PickLookups> {
  const [locations, groups, cutOffs, methods, orgs] = await Promise.all([
    request(api, pickingLocationsEndpoint, { query: { skip: 0, limit: 200 } }),
    request(api, locationGroupsEndpoint, { query: { skip: 0, limit: 200 } }),
    request(api, cutOffGroupsEndpoint, { query: { skip: 0, limit: 200 } }),
    request(api, shipmentMethodsEndpoint, {}),
    request(api, pickOrgsEndpoint, {}),
  ]);
  const lookups: PickLookups = {
    at: now,
    locations: locations.items.map((l) => ({ id: l.id, name: l.name, parent_name: l.parent_name })),
    locationGroups: groups.items.map((g) => ({ id: g.id, name: g.name })),
    cutOffGroups: cutOffs.items.map((g) => ({ id: g.id, name: g.name, cut_off: g.cut_off })),
    methods: methods.map((m) => ({ code: m.code, name: m.name })),
    orgs: orgs.items,
  };
  await setMeta(floorDb(), 'pickLookups', lookups);
  return lookups;
}
