import type { ProductRow } from '@hoppa/core';

/** A product table row for tests: product `n` of the bol shop, overridable. */
export function productRow(n: number, over: Partial<ProductRow> = {}): ProductRow {
  return {
    id: String(n).padStart(24, 'a'),
    org: 'b'.repeat(24),
    org_name: 'Bakkerij Bol',
    name: `Product ${n}`,
    ean: `87100000000${String(n).padStart(2, '0')}`,
    bsku: null,
    parent: null,
    img_url: null,
    note: null,
    pick_note: null,
    pack_note: null,
    return_instruction: null,
    weight_kg: 0.25,
    length: 20,
    height: 4,
    width: 8,
    customs: { hs: '190590', value: 3.5 },
    fullfilled_bysf: true,
    active: true,
    needs_recount: false,
    sf_stock: 40,
    locations: [],
    platform: null,
    offer_id: null,
    track_trace_email: true,
    share_track_trace: true,
    def_shipping_id: null,
    ship_box_id: null,
    lead_time_days: null,
    total_sold_30d: 30,
    daily_demand: 1,
    days_until_out_of_stock: 40,
    reorder_point: 7,
    ...over,
  };
}

/** A request the fake API received. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = unknown | ((c: Call) => unknown);

/**
 * A fetch that answers from `routes` ('GET /api/products': answer or function of the call) and records every call;
 * an unknown route answers 404.
 */
export function fakeApi(routes: Record<string, Handler>, calls: Call[]) {
  return async (req: Request) => {
    const url = new URL(req.url);
    const text = req.method === 'GET' ? '' : await req.text();
    const call: Call = {
      method: req.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const handler = routes[`${req.method} ${url.pathname}`];
    if (handler === undefined)
      return new Response(JSON.stringify({ code: 'not_found', message: 'Not found' }), { status: 404 });
    const body = typeof handler === 'function' ? (handler as (c: Call) => unknown)(call) : handler;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}
