import {
  addressFromOrganisation,
  addressFromShipmentDetails,
  DRIVE_CARRIER_CODE,
  type DriveOrder,
  MAX_ROUTE_STOPS,
  type Page,
  type RoutePlan,
  type RouteRequest,
  type RouteResult,
  type RouteWaypoint,
  routePlanEndpoint,
  streetLine,
} from '@hoppa/core';
import { sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { badRequest, problem } from '../../lib/errors.ts';
import type { Geocoder } from './geocoder.ts';
import type { PlanStop } from './planner.ts';
import type { RoutingProvider } from './routing-provider.ts';

/** What the route plan needs besides the request: the geocoder and the routing provider (routing.routes.ts). */
export interface RoutingDeps {
  geocoder: Geocoder;
  routing: RoutingProvider;
}

/** The open, undeleted orders of the scope whose shipment method's carrier is the own drivers', oldest first. */
function driveOrdersQuery(scope: TenantScope) {
  return tenantSql(scope)
    .selectFrom('orders as o')
    .innerJoin('shipment_methods as m', 'm.id', 'o.selected_ship_method_id')
    .innerJoin('organisations as org', 'org.id', 'o.org_id')
    .where(orgScope(scope, 'o'))
    .where('o.status', '=', 'open')
    .where('o.deleted_at', 'is', null)
    .where('m.carrier', '=', DRIVE_CARRIER_CODE);
}

type DriveRow = {
  id: string;
  order_id: string;
  org_id: string;
  org_name: string;
  placed_at: Date | string;
  shipment_details: unknown;
};

/**
 * A drive order as `GET /orders/drive` answers it: the address as every document reads it (core
 * `addressFromShipmentDetails`: the import's and wizard's spellings, country NL when missing, spec 2 §9) and where
 * the geocoder placed it.
 */
async function toDriveOrder(row: DriveRow, geocoder: Geocoder): Promise<DriveOrder> {
  const a = addressFromShipmentDetails(row.shipment_details as Record<string, unknown> | null);
  const hit = await geocoder.geocode({ city: a.city, zip: a.zipCode, country: a.countryCode });
  return {
    id: row.id,
    order_id: row.order_id,
    org_id: row.org_id,
    org_name: row.org_name,
    placed_at: new Date(row.placed_at).toISOString(),
    name: a.name,
    street: streetLine(a),
    zip: a.zipCode,
    city: a.city,
    country: a.countryCode,
    location: hit?.location ?? null,
    place: hit?.place ?? null,
    placeable: hit !== null,
  };
}

const DRIVE_COLUMNS = [
  'o.id',
  'o.order_id',
  'o.org_id',
  'org.name as org_name',
  'o.placed_at',
  'o.shipment_details',
] as const;

/** `GET /orders/drive` (spec 3 §7): a page of the open drive orders, oldest first, each geocoded. */
export async function listDriveOrders(
  scope: TenantScope,
  query: { skip: number; limit: number },
  geocoder: Geocoder,
): Promise<Page<DriveOrder>> {
  const [rows, count] = await Promise.all([
    driveOrdersQuery(scope)
      .select(DRIVE_COLUMNS)
      .orderBy('o.placed_at')
      .orderBy('o.id')
      .offset(query.skip)
      .limit(query.limit)
      .execute(),
    driveOrdersQuery(scope).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const items = await Promise.all(rows.map((r) => toDriveOrder(r, geocoder)));
  return { items, total: count.n, skip: query.skip, limit: query.limit };
}

/** The depot: the provider's (warehouse's) address, geocoded; 409 `no_depot` when it has none the geocoder places. */
async function depot(scope: TenantScope, geocoder: Geocoder) {
  const provider = await systemSql(scope.db)
    .selectFrom('organisations')
    .select(['name', 'address'])
    .where('kind', '=', 'provider')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const a = addressFromOrganisation(
    provider?.name ?? '',
    provider?.address as Record<string, unknown> | null,
  );
  const hit = await geocoder.geocode({ city: a.city, zip: a.zipCode, country: a.countryCode });
  if (!provider || !hit)
    throw problem(
      routePlanEndpoint,
      'no_depot',
      "The warehouse's address (the provider organisation's city and country) cannot be placed on the map: set it in the organisation's settings",
    );
  return { location: hit.location, label: [provider.name, streetLine(a), a.city].filter(Boolean).join(', ') };
}

/**
 * The route plan (spec 3 §7 getRoutePlan; §3 Route plan): the open drive orders (or `order_ids` of them, at most
 * {@link MAX_ROUTE_STOPS}, oldest first) divided over `agents` routes from the warehouse by the routing provider.
 * Orders the geocoder cannot place are answered in `unplaced`, not planned. 400 when an id is not an open drive order.
 */
export async function planRoutes(
  scope: TenantScope,
  body: { agents: number; order_ids?: string[] | undefined },
  deps: RoutingDeps,
): Promise<RoutePlan> {
  const home = await depot(scope, deps.geocoder);
  let q = driveOrdersQuery(scope).select(DRIVE_COLUMNS);
  if (body.order_ids) q = q.where('o.id', 'in', [...new Set(body.order_ids)]);
  const rows = await q.orderBy('o.placed_at').orderBy('o.id').limit(MAX_ROUTE_STOPS).execute();
  if (body.order_ids) {
    const found = new Set(rows.map((r) => r.id));
    const missing = [...new Set(body.order_ids)].filter((id) => !found.has(id));
    if (missing.length)
      throw badRequest(
        `Not an open order for the own drivers: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''}`,
        [
          {
            path: 'order_ids',
            message: 'Only open orders with a shipment method of the own drivers can be planned',
          },
        ],
      );
  }
  const orders = await Promise.all(rows.map((r) => toDriveOrder(r, deps.geocoder)));
  const byId = new Map(orders.map((o) => [o.id, o]));
  const stops: PlanStop[] = orders.flatMap((o) => (o.location ? [{ id: o.id, location: o.location }] : []));
  const routes = await deps.routing.plan(home.location, stops, body.agents);
  const depotPoint: RouteWaypoint = {
    location: home.location,
    kind: 'depot',
    order: null,
    order_id: null,
    label: home.label,
  };
  return {
    type: 'FeatureCollection',
    features: routes.map((r) => {
      const waypoints: RouteWaypoint[] = [
        depotPoint,
        ...r.stops.map((s): RouteWaypoint => {
          const o = byId.get(s.id) as DriveOrder;
          return {
            location: s.location,
            kind: 'stop',
            order: o.id,
            order_id: o.order_id,
            label: `${o.order_id} · ${o.name} · ${o.city}`,
          };
        }),
      ];
      return {
        type: 'Feature' as const,
        geometry: {
          type: 'LineString' as const,
          coordinates: [...waypoints.map((w) => w.location), home.location],
        },
        properties: {
          agent_index: r.agentIndex,
          agent_id: `agent-${r.agentIndex + 1}`,
          time: r.time,
          distance: r.distance,
          waypoints,
        },
      };
    }),
    depot: home,
    unplaced: orders.filter((o) => !o.placeable),
    provider: deps.routing.name,
    assumptions: deps.routing.assumptions,
  };
}

/** `POST /routing/route` (spec 3 §7 routing service): the provider's drive along the waypoints. */
export async function routeDrive(body: RouteRequest, routing: RoutingProvider): Promise<RouteResult> {
  const m = await routing.route(body.waypoints.map((w) => w.location));
  return { mode: 'drive', ...m, provider: routing.name };
}
