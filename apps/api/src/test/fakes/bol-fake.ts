import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenAPIBackend } from 'openapi-backend';
import { A6, drawBarcode, MM, renderPdf } from '../../lib/pdf/pdf.ts';
import { CONTRACTS_DIR, type Recording, recording } from './recordings.ts';
import { closeServer, type FakeRequest, listen, readRequest, sendRecording } from './serve.ts';

/** One order of the fake's reduced orders list (the shape of `GET /retailer/orders`). */
export interface FakeBolOrder {
  orderId: string;
  orderPlacedDateTime: string;
  orderItems: { orderItemId: string; ean: string; quantity: number; cancellationRequest?: boolean }[];
}

/** One offer of the fake's offer export (CSV). */
export interface FakeBolOffer {
  offerId: string;
  ean: string;
  referenceCode: string;
  stockAmount: number;
}

/** A label the fake sold (`POST /retailer/shipping-labels`), as `GET /retailer/shipping-labels/{id}` answers it. */
export interface FakeBolLabel {
  shippingLabelId: string;
  shippingLabelOfferId: string;
  orderItemIds: string[];
  transporterCode: string;
  labelType: string;
  /** The track and trace printed on the label as text and Code 128 (`3SBOL` and 10 digits, PostNL's shape). */
  trackAndTrace: string;
}

/** A shipment confirmation the fake took (`POST /retailer/shipments` whose process succeeded). */
export interface FakeBolShipment {
  orderItemIds: string[];
  shipmentReference: string | null;
  shippingLabelId: string | null;
  transport: { transporterCode: string; trackAndTrace?: string } | null;
}

/** A cancellation the fake took (`PUT /retailer/orders/cancellation` whose process succeeded). */
export interface FakeBolCancellation {
  orderItemId: string;
  reasonCode: string;
}

/** The error recordings that can be injected (`../shared/contracts/bol/fixtures/<name>.http`). */
export type BolErrorRecording =
  | '401-jwt-expired'
  | '401-unauthorized'
  | '404-not-found'
  | '429-too-many-requests'
  | '429-too-many-requests-without-retry-after'
  | '500-internal-server-error';

/** A running bol.com fake (issue 14 item 5): its origin, what it received and its switches. */
export interface BolFake {
  /** Origin of both the token endpoint (`POST /token`) and the Retailer API (`/retailer/…`, `/shared/…`). */
  url: string;
  /** Every request received, oldest first (the Authorization header is kept: tests check the token use). */
  requests: FakeRequest[];
  /** Requests that `retailer.v10.json` / `shared.v10.json` refuse, with the validator's reasons (should stay empty). */
  invalid: { request: FakeRequest; errors: string[] }[];
  /** The open orders the reduced list shows. */
  orders: FakeBolOrder[];
  /** The offers the offer export lists. */
  offers: FakeBolOffer[];
  /**
   * The delivery options `POST /retailer/shipping-labels/delivery-options` answers (default: the recording
   * `200-delivery-options.http`, each with handover details of tomorrow 18:00).
   */
  deliveryOptions: Record<string, unknown>[];
  /** The labels sold so far, oldest first. */
  labels: FakeBolLabel[];
  /** The shipment confirmations taken so far, oldest first (one per successful `POST /retailer/shipments`). */
  shipments: FakeBolShipment[];
  /**
   * The cancellations taken so far, oldest first; a cancelled item leaves the open orders list (bol: fulfilment status
   * HANDLED), and an order without open items leaves it too.
   */
  cancellations: FakeBolCancellation[];
  /**
   * Makes the next `times` processes of `eventType` (CREATE_SHIPPING_LABEL, CONFIRM_SHIPMENT) end in FAILURE with
   * `errorMessage` instead of SUCCESS (bol refused the request after accepting it).
   */
  failProcesses(eventType: string, errorMessage: string, times?: number): void;
  /** Keeps processes PENDING for this many polls before they end (default 1: the first poll answers PENDING). */
  pendingPolls: number;
  /** The client id and secret the token endpoint accepts. */
  credentials: { clientId: string; clientSecret: string };
  /**
   * Answers the next `times` Retailer API requests (whose path matches `path`, when given) with an error recording.
   * `malformed` answers 200 with a body that does not fit the contract.
   */
  inject(what: BolErrorRecording | 'malformed', opts?: { times?: number; path?: RegExp }): void;
  /** Makes every token issued so far expired: the next API call with one answers the recorded 401 `Expired JWT`. */
  expireTokens(): void;
  /** Number of tokens issued. */
  tokensIssued(): number;
  close(): Promise<void>;
}

const V10_JSON = 'application/vnd.retailer.v10+json';
const V10_CSV = 'application/vnd.retailer.v10+csv';
const V10_PDF = 'application/vnd.retailer.v10+pdf';

/** The recorded demo order, for its shipment details and the recorded order id. */
const RECORDED_ORDER = () =>
  JSON.parse(recording('bol/fixtures/200-order.http').body) as Record<string, unknown>;

/** The orders of the recorded reduced list (`200-reduced-orders.http`). */
export function recordedBolOrders(): FakeBolOrder[] {
  return (JSON.parse(recording('bol/fixtures/200-reduced-orders.http').body) as { orders: FakeBolOrder[] })
    .orders;
}

/**
 * The delivery options of the recording `200-delivery-options.http`, each with the handover details bol adds (latest
 * handover tomorrow 18:00 Dutch time) and the display name and `recommended` flag the contract requires.
 */
export function recordedDeliveryOptions(): Record<string, unknown>[] {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const recorded = JSON.parse(recording('bol/fixtures/200-delivery-options.http').body) as {
    deliveryOptions: Record<string, unknown>[];
  };
  return recorded.deliveryOptions.map((o, i) => ({
    ...o,
    validUntilDate: tomorrow,
    recommended: i === 0,
    labelDisplayName: `${String(o.transporterCode)} ${String(o.labelType)}`,
    handoverDetails: {
      meetsCustomerExpectation: true,
      latestHandoverDateTime: `${tomorrow}T18:00:00+01:00`,
      collectionMethod: 'DROP_OFF',
    },
  }));
}

/** A small A6 label PDF as bol sells it: transporter, label type, the track and trace as text and as Code 128. */
function labelPdf(label: FakeBolLabel): Promise<Buffer> {
  return renderPdf({ title: `bol.com label ${label.trackAndTrace}` }, async (doc) => {
    doc.addPage({ size: A6, margin: 0 });
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .text('bol.com verzendlabel', 8 * MM, 8 * MM);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`${label.transporterCode} ${label.labelType}`, 8 * MM, 16 * MM);
    drawBarcode(doc, 'code128', label.trackAndTrace, 8 * MM, 30 * MM, { width: 80 * MM, height: 20 * MM });
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(label.trackAndTrace, 8 * MM, 62 * MM);
  });
}

function api(file: string): OpenAPIBackend {
  const definition = JSON.parse(readFileSync(join(CONTRACTS_DIR, 'bol', file), 'utf8'));
  // openapi-backend validates a body against its `application/json` schema; bol names it by its own media type.
  for (const path of Object.values(definition.paths) as Record<
    string,
    { requestBody?: { content?: Record<string, unknown> } }
  >[])
    for (const op of Object.values(path)) {
      const content = op?.requestBody?.content;
      if (content?.[V10_JSON] && !content['application/json'])
        content['application/json'] = content[V10_JSON];
    }
  return new OpenAPIBackend({ definition, validate: true, quick: false, strict: false });
}

/**
 * Starts a fake of bol.com's token endpoint and Retailer API v10 on a free port (issue 14 item 5): it answers from
 * the recordings in `../shared/contracts/bol/fixtures` (token, reduced orders, the order, the offer export's process
 * status) and, for calls without a recording, answers built in the recorded shape (the details of another order of
 * the list carry the recorded customer with that order's items). Every Retailer API request is validated against
 * `retailer.v10.json` (or `shared.v10.json` for process status) with openapi-backend, and must send the
 * `application/vnd.retailer.v10+json` Accept header and a valid Bearer token; a refused request answers 400 and is
 * listed in `invalid`.
 */
export async function startBolFake(
  init: { orders?: FakeBolOrder[]; offers?: FakeBolOffer[] } = {},
): Promise<BolFake> {
  const retailer = api('retailer.v10.json');
  const shared = api('shared.v10.json');
  await Promise.all([retailer.init(), shared.init()]);

  const requests: FakeRequest[] = [];
  const invalid: BolFake['invalid'] = [];
  const live = new Set<string>();
  let issued = 0;
  let processes = 0;
  const polls = new Map<string, number>();
  /** Every process started: what it does and what it ends in. */
  const processOf = new Map<
    string,
    { eventType: string; description: string; entityId: string; fail: string | null; onSuccess?: () => void }
  >();
  const failing: { eventType: string; errorMessage: string; times: number }[] = [];
  const startProcess = (
    eventType: string,
    description: string,
    entityId: string,
    onSuccess?: () => void,
  ): Recording => {
    processes += 1;
    const id = String(processes);
    const f = failing.find((x) => x.eventType === eventType && x.times > 0);
    if (f) f.times -= 1;
    processOf.set(id, { eventType, description, entityId, fail: f?.errorMessage ?? null, onSuccess });
    const rec = recording('bol/fixtures/202-offers-export.http');
    const body = {
      ...JSON.parse(rec.body),
      id: processes,
      processStatusId: id,
      entityId,
      eventType,
      description,
      links: [{ rel: 'self', href: `${fake.url}/shared/process-status/${id}`, method: 'GET' }],
    };
    return { ...rec, body: JSON.stringify(body) };
  };
  const injected: { what: BolErrorRecording | 'malformed'; times: number; path?: RegExp }[] = [];

  const fake: BolFake = {
    url: '',
    requests,
    invalid,
    orders: init.orders ?? recordedBolOrders(),
    offers: init.offers ?? [],
    deliveryOptions: recordedDeliveryOptions(),
    labels: [],
    shipments: [],
    cancellations: [],
    pendingPolls: 1,
    failProcesses(eventType, errorMessage, times = 1) {
      failing.push({ eventType, errorMessage, times });
    },
    credentials: { clientId: 'fake-client', clientSecret: 'fake-secret' },
    inject(what, opts = {}) {
      injected.push({ what, times: opts.times ?? 1, path: opts.path });
    },
    expireTokens() {
      live.clear();
    },
    tokensIssued: () => issued,
    close: async () => {},
  };

  const json = (status: number, body: unknown, type = V10_JSON): Recording => ({
    status,
    headers: { 'content-type': type },
    body: JSON.stringify(body),
  });
  const problem = (status: number, title: string, detail: string) =>
    json(status, { type: 'https://api.bol.com/problems', title, status, detail });

  const orderDetails = (orderId: string) => {
    const recorded = RECORDED_ORDER();
    const listed = fake.orders.find((o) => o.orderId === orderId);
    if (!listed) return recorded.orderId === orderId ? recorded : null;
    return {
      ...recorded,
      orderId,
      orderPlacedDateTime: listed.orderPlacedDateTime,
      orderItems: listed.orderItems.map((i) => ({
        orderItemId: i.orderItemId,
        cancellationRequest: i.cancellationRequest ?? false,
        fulfilment: { method: 'FBR', latestDeliveryDate: '2026-12-01', expiryDate: '2026-12-04' },
        offer: { offerId: `offer-${i.ean}`, reference: `REF-${i.ean}` },
        product: { ean: i.ean, title: `Product ${i.ean}` },
        quantity: i.quantity,
        unitPrice: 9.95,
        commission: 1.1,
      })),
    };
  };

  const answer = async (r: FakeRequest): Promise<Recording & { bytes?: Buffer }> => {
    // The token endpoint (login.bol.com/token): Basic clientId:clientSecret, grant_type client_credentials.
    if (r.method === 'POST' && r.path === '/token') {
      const basic = /^Basic (.+)$/.exec(r.headers.authorization ?? '')?.[1];
      const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
      const grant = r.query.grant_type ?? new URLSearchParams(r.body).get('grant_type');
      if (
        id !== fake.credentials.clientId ||
        secret !== fake.credentials.clientSecret ||
        grant !== 'client_credentials'
      )
        return recording('bol/fixtures/401-unauthorized.http');
      const rec = recording('bol/fixtures/200-token.http');
      issued += 1;
      const token = `fake-token-${issued}`;
      live.add(token);
      return { ...rec, body: JSON.stringify({ ...JSON.parse(rec.body), access_token: token }) };
    }

    const onShared = r.path.startsWith('/shared/');
    const backend = onShared ? shared : retailer;
    const req = {
      method: r.method,
      path: r.path,
      query: r.query,
      headers: r.headers,
      body: r.body ? safeJson(r.body) : undefined,
    };
    const op = backend.matchOperation(req);
    if (!op) return recording('bol/fixtures/404-not-found.http');
    const accept = r.headers.accept ?? '';
    const wanted = r.path.startsWith('/retailer/offers/export/')
      ? V10_CSV
      : op.operationId === 'get-shipping-label'
        ? V10_PDF
        : V10_JSON;
    const validation = backend.validateRequest(req, op);
    const errors = (validation.errors ?? []).map((e) =>
      `${e.instancePath || 'request'} ${e.message ?? ''}`.trim(),
    );
    if (!accept.includes(wanted)) errors.push(`Accept must be ${wanted}`);
    if (r.body && !(r.headers['content-type'] ?? '').includes(V10_JSON))
      errors.push(`Content-Type must be ${V10_JSON}`);
    if (errors.length) {
      invalid.push({ request: r, errors });
      return json(400, {
        type: 'https://api.bol.com/problems',
        title: 'Bad Request',
        status: 400,
        detail: errors.join('; '),
      });
    }
    const token = /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1];
    if (!token?.startsWith('fake-token-')) return recording('bol/fixtures/401-unauthorized.http');
    if (!live.has(token)) return recording('bol/fixtures/401-jwt-expired.http');

    const inj = injected.find((i) => i.times > 0 && (!i.path || i.path.test(r.path)));
    if (inj) {
      inj.times -= 1;
      if (inj.what === 'malformed')
        return json(200, { orders: [{ orderId: 42, orderItems: 'none' }], orderItems: 'none' });
      return recording(`bol/fixtures/${inj.what}.http`);
    }

    switch (op.operationId) {
      case 'get-orders': {
        const page = Number(r.query.page ?? '1');
        const slice = fake.orders.slice((page - 1) * 50, page * 50);
        if (!slice.length) return recording('bol/fixtures/200-reduced-orders-empty.http');
        const rec = recording('bol/fixtures/200-reduced-orders.http');
        return { ...rec, body: JSON.stringify({ orders: slice }) };
      }
      case 'get-order': {
        const id = r.path.split('/').pop() as string;
        const details = orderDetails(decodeURIComponent(id));
        if (!details) return recording('bol/fixtures/404-not-found.http');
        return { ...recording('bol/fixtures/200-order.http'), body: JSON.stringify(details) };
      }
      case 'post-offer-export':
        return startProcess('CREATE_OFFER_EXPORT', 'Create an offer export.', `report-${processes + 1}`);
      case 'get-process-status': {
        const id = r.path.split('/').pop() as string;
        const p = processOf.get(id);
        if (!p) return recording('bol/fixtures/404-not-found.http');
        const seen = (polls.get(id) ?? 0) + 1;
        polls.set(id, seen);
        const done = seen > fake.pendingPolls;
        if (done && !p.fail && p.onSuccess) {
          p.onSuccess();
          p.onSuccess = undefined;
        }
        return json(200, {
          processStatusId: id,
          entityId: p.entityId,
          eventType: p.eventType,
          description: p.description,
          status: done ? (p.fail ? 'FAILURE' : 'SUCCESS') : 'PENDING',
          ...(done && p.fail ? { errorMessage: p.fail } : {}),
          createTimestamp: '2026-11-25T10:06:40+01:00',
          links: [{ rel: 'self', href: `${fake.url}/shared/process-status/${id}`, method: 'GET' }],
        });
      }
      case 'get-delivery-options': {
        const body = JSON.parse(r.body) as { orderItems: { orderItemId: string }[] };
        if (!body.orderItems.every((i) => knownItem(i.orderItemId)))
          return recording('bol/fixtures/404-not-found.http');
        return {
          ...recording('bol/fixtures/200-delivery-options.http'),
          body: JSON.stringify({ deliveryOptions: fake.deliveryOptions }),
        };
      }
      case 'post-shipping-label': {
        const body = JSON.parse(r.body) as {
          orderItems: { orderItemId: string }[];
          shippingLabelOfferId: string;
        };
        const offer = fake.deliveryOptions.find((o) => o.shippingLabelOfferId === body.shippingLabelOfferId);
        if (!offer)
          return problem(400, 'Bad Request', `Unknown shippingLabelOfferId ${body.shippingLabelOfferId}`);
        const label: FakeBolLabel = {
          shippingLabelId: `lbl-${String(fake.labels.length + 1).padStart(4, '0')}-${body.shippingLabelOfferId.slice(0, 8)}`,
          shippingLabelOfferId: body.shippingLabelOfferId,
          orderItemIds: body.orderItems.map((i) => i.orderItemId),
          transporterCode: String(offer.transporterCode),
          labelType: String(offer.labelType),
          trackAndTrace: `3SBOL${String(1_000_000_000 + processes + 1).slice(-10)}`,
        };
        return startProcess(
          'CREATE_SHIPPING_LABEL',
          `Create shipping label for ${label.orderItemIds.join(', ')}.`,
          label.shippingLabelId,
          () => fake.labels.push(label),
        );
      }
      case 'get-shipping-label': {
        const id = decodeURIComponent(r.path.split('/').pop() as string);
        const label = fake.labels.find((l) => l.shippingLabelId === id);
        if (!label) return recording('bol/fixtures/404-not-found.http');
        return {
          status: 200,
          headers: {
            'content-type': V10_PDF,
            'x-track-and-trace-code': label.trackAndTrace,
            'x-transporter-code': label.transporterCode,
          },
          body: '',
          bytes: await labelPdf(label),
        };
      }
      case 'create-shipment': {
        const body = JSON.parse(r.body) as {
          orderItems: { orderItemId: string }[];
          shipmentReference?: string;
          shippingLabelId?: string;
          transport?: { transporterCode: string; trackAndTrace?: string };
        };
        const ids = body.orderItems.map((i) => i.orderItemId);
        if (!ids.every(knownItem)) return recording('bol/fixtures/404-not-found.http');
        if (body.shippingLabelId && !fake.labels.some((l) => l.shippingLabelId === body.shippingLabelId))
          return problem(400, 'Bad Request', `Unknown shippingLabelId ${body.shippingLabelId}`);
        const shipment: FakeBolShipment = {
          orderItemIds: ids,
          shipmentReference: body.shipmentReference ?? null,
          shippingLabelId: body.shippingLabelId ?? null,
          transport: body.transport ?? null,
        };
        return startProcess(
          'CONFIRM_SHIPMENT',
          `Confirm shipment for order item ${ids.join(', ')}.`,
          ids[0] ?? '',
          () => fake.shipments.push(shipment),
        );
      }
      case 'cancel-order-item': {
        const body = JSON.parse(r.body) as { orderItems: { orderItemId: string; reasonCode: string }[] };
        const item = body.orderItems[0] as { orderItemId: string; reasonCode: string };
        if (!knownItem(item.orderItemId)) return recording('bol/fixtures/404-not-found.http');
        return startProcess(
          'CANCEL_ORDER',
          `Cancel order item ${item.orderItemId}.`,
          item.orderItemId,
          () => {
            fake.cancellations.push({ orderItemId: item.orderItemId, reasonCode: item.reasonCode });
            for (const o of fake.orders)
              o.orderItems = o.orderItems.filter((i) => i.orderItemId !== item.orderItemId);
            fake.orders = fake.orders.filter((o) => o.orderItems.length > 0);
          },
        );
      }
      case 'get-offer-export': {
        const head =
          'offerId,ean,conditionName,conditionCategory,conditionComment,bundlePricesPrice,fulfilmentDeliveryCode,stockAmount,onHoldByRetailer,fulfilmentType,mutationDateTime,referenceCode,correctedStock';
        const rows = fake.offers.map(
          (o) =>
            `${o.offerId},${o.ean},NEW,NEW,,9.95,1-2d,${o.stockAmount},false,FBR,2026-11-25 10:00:00.000+01:00,${o.referenceCode},${o.stockAmount}`,
        );
        return { status: 200, headers: { 'content-type': V10_CSV }, body: `${[head, ...rows].join('\n')}\n` };
      }
      default:
        return problem(501, 'Not Implemented', `the fake does not answer ${op.operationId}`);
    }
  };

  /** An order item the fake knows: one of its open orders' or of the recorded order. */
  const knownItem = (orderItemId: string) =>
    fake.orders.some((o) => o.orderItems.some((i) => i.orderItemId === orderItemId)) ||
    (RECORDED_ORDER().orderItems as { orderItemId: string }[]).some((i) => i.orderItemId === orderItemId);

  const { server, url } = await listen(async (req, res) => {
    const r = await readRequest(req);
    requests.push(r);
    const rec = await answer(r);
    if (rec.bytes) {
      res.writeHead(rec.status, rec.headers);
      res.end(rec.bytes);
      return;
    }
    sendRecording(res, rec);
  });
  fake.url = url;
  fake.close = () => closeServer(server);
  return fake;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
