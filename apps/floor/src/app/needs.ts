import type { EndpointRef } from './task.ts';

/**
 * The calls the floor's screens and tiles need (routing guard, task menu), by reference (see {@link EndpointRef}):
 * plain data, so the first load carries no endpoint schemas. `needs.test.ts` checks each against @hoppa/core.
 */
export const NEEDS = {
  /** `GET /pick_list/pick/…` (spec 2 §7): picking, and the scanner set-up of those who pick. */
  pickList: { method: 'GET', path: '/pick_list/pick/:locations/:query_type/:start/:end/:orgs' },
  /** `GET /product/locations/{id}`: reading a product's locations. */
  productLocations: { method: 'GET', path: '/product/locations/:id' },
  /** `POST /locations/assign`: putting stock on locations (warehouse work). */
  assignLocation: { method: 'POST', path: '/locations/assign' },
  /** `POST /returns`: judging returned items at the desk. */
  returnUpdate: { method: 'POST', path: '/returns' },
  /** `PUT /inbound_item/submitInboundItem/{id}`: confirming counted inbound items (check-in, warehouse work). */
  inboundSubmit: { method: 'PUT', path: '/inbound_item/submitInboundItem/:id' },
  /** `POST /inventory/direct_checkin`: checking in goods that arrived unannounced (warehouse work). */
  directCheckin: { method: 'POST', path: '/inventory/direct_checkin' },
} as const satisfies Record<string, EndpointRef>;
