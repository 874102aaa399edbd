import {
  ApiError,
  addSurchargeEndpoint,
  addTransferEndpoint,
  assignLocationByNameEndpoint,
  assignLocationEndpoint,
  clearLocationEndpoint,
  correctStockEndpoint,
  type createApiClient,
  deleteSurchargeEndpoint,
  directCheckinEndpoint,
  editInboundItemCheckinEndpoint,
  type InboundItem,
  type ProductLocations,
  pickConfirmEndpoint,
  pickLinkEndpoint,
  pickProblemEndpoint,
  placeInboundItemEndpoint,
  recountEndpoint,
  request,
  stockUpdateEndpoint,
  submitInboundItemEndpoint,
  switchLocationEndpoint,
  transferEndpoint,
} from '@hoppa/core';
import type { InboundOp, OutboxRecord, ReturnOp, StockOp } from './db.ts';
import type { SendOutcome } from './sync.rules.ts';

/**
 * Sends one outbox row as the call of its endpoint, with the row id as `Idempotency-Key` (the server stores the key
 * with the result in the same transaction as the change, so a replay returns the first answer). Never throws:
 * failures become a status for sync.rules.ts. Loaded by transport.ts on the first send, so the endpoints' schemas
 * stay out of the floor's first load (ADR 0033).
 */
export async function sendOutboxRow(
  client: ReturnType<typeof createApiClient>,
  row: OutboxRecord,
): Promise<SendOutcome> {
  try {
    const headers = { headers: { 'Idempotency-Key': row.id } };
    switch (row.kind) {
      case 'pick.confirm':
        await request(client, pickConfirmEndpoint, { body: row.body }, headers);
        return { status: 200 };
      case 'stock.change':
        return { status: 200, body: await sendStockOp(client, row.body, headers) };
      case 'return.change':
        return { status: 200, body: await sendReturnOp(client, row.body, headers) };
      case 'inbound.change':
        return { status: 200, body: await sendInboundOp(client, row.body, headers) };
      case 'inbound.direct':
        return {
          status: 200,
          body: await request(client, directCheckinEndpoint, { body: row.body }, headers),
        };
      case 'pick.link':
        await request(client, pickLinkEndpoint, { body: row.body }, headers);
        return { status: 200 };
    }
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, body: err.body };
    // A 2xx whose body does not match the contract was still applied by the server: resending
    // would only replay the same answer, so it counts as sent (and is logged for the developers).
    if (err instanceof Error && err.name === 'ZodError') {
      console.error('Outbox: answer does not match the contract', err);
      return { status: 200 };
    }
    // ky's TimeoutError and anything else without an answer: retry later.
    return { status: 0 };
  }
}

/**
 * One change of a product's locations as its endpoint (spec 2 §7 Locations, spec 3 §7 Recount). Returns the
 * product with its locations after the change where the endpoint answers it (every one but the recount flag).
 */
async function sendStockOp(
  client: ReturnType<typeof createApiClient>,
  op: StockOp,
  headers: { headers: Record<string, string> },
): Promise<ProductLocations | undefined> {
  switch (op.op) {
    case 'assign_by_name':
      return request(
        client,
        assignLocationByNameEndpoint,
        { body: { product_id: op.product_id, rack_number: op.rack_number, raw_scan: op.raw_scan } },
        headers,
      );
    case 'assign':
      return request(
        client,
        assignLocationEndpoint,
        {
          body: {
            product_id: op.product_id,
            location_id: op.location_id,
            amount: op.amount,
            type: op.type ?? 'add',
            raw_scan: op.raw_scan,
          },
        },
        headers,
      );
    case 'set':
      return request(
        client,
        stockUpdateEndpoint,
        {
          params: {
            product_id: op.product_id,
            location_product_id: op.location_product_id,
            amount: op.amount,
          },
          query: { expected: op.expected },
        },
        headers,
      );
    case 'transfer':
      return request(
        client,
        transferEndpoint,
        {
          params: { id: op.location_product_id },
          body: { ...op.to, ...(op.quantity ? { quantity: op.quantity } : {}), raw_scan: op.raw_scan },
        },
        headers,
      );
    case 'clear':
      return request(
        client,
        clearLocationEndpoint,
        {
          params: {
            location_product_id: op.location_product_id,
            product_id: op.product_id,
            location_id: op.location_id,
          },
        },
        headers,
      );
    case 'switch':
      return request(
        client,
        switchLocationEndpoint,
        { body: { product_id: op.product_id, id_to_switch: op.id_to_switch, id_to_be: op.id_to_be } },
        headers,
      );
    case 'correct': {
      const answer = await request(
        client,
        correctStockEndpoint,
        {
          body: {
            org_id: op.org_id,
            ean: op.ean,
            location_id: op.location_id,
            curr_amount: op.curr_amount,
            desc: op.desc,
            language: 'nl',
          },
        },
        headers,
      );
      return answer.result;
    }
    case 'problem':
      await request(
        client,
        pickProblemEndpoint,
        {
          body: {
            product_id: op.product_id,
            location_id: op.location_id,
            kind: op.kind,
            ...(op.seen !== undefined ? { seen: op.seen } : {}),
          },
        },
        headers,
      );
      return undefined;
    case 'recount':
      await request(
        client,
        recountEndpoint,
        { params: { id: op.product_id }, body: { recount: op.recount } },
        headers,
      );
      return undefined;
  }
}

/**
 * One change at the returns desk as its call (issue 12; spec 2 §7 Returns): `POST /returns` for a judgement,
 * `POST /returns/fulfill/{return_id}/{ean}` for a close; answers the return after the change. Called by path, not
 * through the endpoint contracts, so the floor's first load does not carry the returns schemas (the budget of
 * ADR 0033); the answer is only stored when it has a return's shape (outbox.ts `markSent`).
 */
function sendReturnOp(
  client: ReturnType<typeof createApiClient>,
  op: ReturnOp,
  headers: { headers: Record<string, string> },
): Promise<unknown> {
  if (op.op === 'update') return client.post('returns', { json: op.body, ...headers }).json();
  const path = `returns/fulfill/${encodeURIComponent(op.return_id)}/${encodeURIComponent(op.ean)}`;
  return client
    .post(path, { json: op.location_id ? { location_id: op.location_id } : {}, ...headers })
    .json();
}

/**
 * One change of an inbound item at check-in as its endpoint (issue 10; spec 2 §7 Inbound). Every one answers the
 * item after the change, which replaces the stored one (outbox.ts `markSent`).
 */
function sendInboundOp(
  client: ReturnType<typeof createApiClient>,
  op: InboundOp,
  headers: { headers: Record<string, string> },
): Promise<InboundItem> {
  const params = { id: op.item_id };
  switch (op.op) {
    case 'place':
      return request(
        client,
        placeInboundItemEndpoint,
        {
          params,
          body: { location_id: op.location_id, amount: op.amount, raw_scan: op.raw_scan ?? null },
        },
        headers,
      );
    case 'surcharge':
      return request(client, addSurchargeEndpoint, { params, body: op.surcharge }, headers);
    case 'surcharge_delete':
      return request(
        client,
        deleteSurchargeEndpoint,
        { params: { id: op.item_id, index: op.index } },
        headers,
      );
    case 'edit':
      return request(client, editInboundItemCheckinEndpoint, { params, body: op.fields }, headers);
    case 'image':
      return client
        .put(`inventory/checkin/images/${encodeURIComponent(op.item_id)}`, {
          // A view made here: the stored buffer may come back from IndexedDB in another realm's type.
          body: new Uint8Array(op.bytes),
          headers: {
            ...headers.headers,
            'content-type': op.mime,
            'x-file-name': encodeURIComponent(op.name),
          },
        })
        .json<InboundItem>();
    case 'submit':
      return request(client, submitInboundItemEndpoint, { params }, headers);
    case 'transfer':
      return request(
        client,
        addTransferEndpoint,
        {
          params: { id: op.item_id, departedLocationId: op.from_location_id },
          body: {
            ...(op.to_location_id ? { location_id: op.to_location_id } : {}),
            ...(op.amount ? { amount: op.amount } : {}),
          },
        },
        headers,
      );
  }
}
