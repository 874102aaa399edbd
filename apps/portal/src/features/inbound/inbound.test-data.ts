/** Inbounds and a fake API for the inbound screens' tests, shaped as core's InboundSchema answers them. */
import { INBOUND_SUMMARY_NAMES, type Inbound, type InboundItem, type InboundSummary } from '@hoppa/core';
import { ORG_ID } from '../../test/fixtures.ts';

export const hex = (n: number) => n.toString(16).padStart(24, '0');

/** An item of `inboundId`: `units` boxes of `packedPer`, `checkedIn` pieces in. */
export function item(
  n: number,
  inboundId: string,
  over: Partial<InboundItem> & { name?: string } = {},
): InboundItem {
  const { name = `Product ${n}`, ...rest } = over;
  const units = rest.units ?? 2;
  const packed = rest.packed_per ?? 6;
  const checked = rest.pieces_checked_in ?? 0;
  return {
    id: hex(500 + n),
    inbound_id: inboundId,
    inbound_number: 'IN-0000ABCD',
    inbound_status: 'pending',
    org_id: ORG_ID,
    org_name: 'Bakkerij Bol',
    product: { id: hex(900 + n), ean: `87100000000${10 + n}`, bsku: null, name },
    units,
    packed_per: packed,
    pieces_expected: units * packed,
    pieces_checked_in: checked,
    boxes_checked_in: Math.floor(checked / packed),
    batch_nr: null,
    expiration_date: null,
    notes: null,
    package_closed: false,
    status: 'pending',
    surcharges: [],
    surcharge_total_eur: 0,
    reserved_locations: [],
    images: [],
    transfers: [],
    ...rest,
  };
}

/** An inbound with `items`; totals summed from them. */
export function inbound(n: number, over: Partial<Inbound> = {}): Inbound {
  const id = hex(100 + n);
  const items = over.items ?? [item(1, id)];
  return {
    id,
    inbound_number: `IN-0000${(0xab00 + n).toString(16).toUpperCase()}`,
    org_id: ORG_ID,
    org_name: 'Bakkerij Bol',
    type: 'package',
    status: 'pending',
    contact_person: 'Anna de Vries',
    contact_person_email: 'anna@example.nl',
    phone: '0612345678',
    shipping_address: 'Oudegracht 12, 3511 LX Utrecht',
    track_trace: '3SHOP123',
    expected_delivery: '2026-06-03',
    direct: false,
    created_at: '2026-06-01T08:00:00.000Z',
    checked_in_at: null,
    created_by: { first_name: 'Anna', family_name: 'de Vries' },
    pieces_expected: items.reduce((s, i) => s + i.pieces_expected, 0),
    pieces_checked_in: items.reduce((s, i) => s + i.pieces_checked_in, 0),
    surcharge_total_eur: items.reduce((s, i) => s + i.surcharge_total_eur, 0),
    ...over,
    items,
  };
}

/**
 * `ib` as the inbound lists answer it (core `InboundSummarySchema`): no items and no contact, their summary instead,
 * counted as the API counts them (products once each, the first names in the items' order).
 */
export function summaryOf(ib: Inbound): InboundSummary {
  const { items, contact_person, contact_person_email, phone, shipping_address, ...fields } = ib;
  const names = [...new Map(items.map((i) => [i.product.id, i.product.name])).values()];
  return {
    ...fields,
    item_count: items.length,
    product_count: names.length,
    items_checked_in: items.filter((i) => i.status === 'checked_in').length,
    units_expected: items.reduce((s, i) => s + i.units, 0),
    product_names: names.slice(0, INBOUND_SUMMARY_NAMES),
  };
}

/** A recorded request of the fake API. */
export interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/**
 * A fetch that answers from `routes` ('METHOD /api/path' → JSON body, or a function of the call answering a
 * Response or a body) and records every call; anything else is a 404 problem.
 */
export function fakeApi(
  routes: Record<string, unknown | ((c: Call) => unknown)>,
  calls: Call[] = [],
): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url);
    const text = req.method === 'GET' || req.method === 'DELETE' ? '' : await req.text();
    const call: Call = {
      method: req.method,
      path: url.pathname,
      search: url.search,
      body: text ? JSON.parse(text) : null,
    };
    calls.push(call);
    const route = routes[`${req.method} ${url.pathname}`];
    if (route === undefined)
      return Response.json({ statusCode: 404, code: 'not_found', message: 'Not found' }, { status: 404 });
    const answer = typeof route === 'function' ? (route as (c: Call) => unknown)(call) : route;
    return answer instanceof Response ? answer : Response.json(answer);
  }) as typeof fetch;
}

/** The current organisation as `GET /current_org` answers it. */
export const CURRENT_ORG = {
  id: ORG_ID,
  name: 'Bakkerij Bol',
  kind: 'merchant',
  active: true,
  contact_person: 'Anna de Vries',
  contact_person_email: 'anna@example.nl',
  phone: '0612345678',
  address: { line1: 'Oudegracht 12, 3511 LX Utrecht' },
  current: true,
};

/** A merchant owner's grants on the inbound calls (as apps/api/src/db/roles.ts gives them). */
export const INBOUND_OWNER_GRANTS = [
  { methods: ['GET'], path: '/current_org' },
  { methods: ['GET'], path: '/inbound*' },
  { methods: ['GET'], path: '/inbound_item/*' },
  { methods: ['GET'], path: '/products*' },
  { methods: ['GET'], path: '/products_org/*' },
  { methods: ['GET'], path: '/pending-items-report' },
  { methods: ['POST', 'PUT'], path: '/inbound' },
  { methods: ['POST', 'PUT'], path: '/inbound/*' },
  { methods: ['POST', 'PUT', 'DELETE'], path: '/inbound_item/*' },
  { methods: ['GET', 'POST'], path: '/inventory/*' },
];
