import Papa from 'papaparse';
import { z } from 'zod';
import { type OutsideClient, OutsideServiceError, outsideClient } from './http-client.ts';

const V10_JSON = 'application/vnd.retailer.v10+json';
const V10_CSV = 'application/vnd.retailer.v10+csv';
const V10_PDF = 'application/vnd.retailer.v10+pdf';
const SERVICE = 'bol.com';

/** bol's reduced orders list (Retailer API v10 `GET /retailer/orders`; `{}` when there are none). */
export const BolReducedOrdersSchema = z.object({
  orders: z
    .array(
      z.object({
        orderId: z.string().min(1),
        orderPlacedDateTime: z.string().optional(),
        orderItems: z.array(
          z.object({
            orderItemId: z.string().min(1),
            ean: z.string().min(1),
            quantity: z.number().int().positive(),
            /** The customer asked bol to cancel the item before it was shipped. */
            cancellationRequest: z.boolean().optional(),
          }),
        ),
      }),
    )
    .default([]),
});
export type BolReducedOrder = z.infer<typeof BolReducedOrdersSchema>['orders'][number];

const text = z.string().optional();

/** The parts of bol's order details (v10 `GET /retailer/orders/{order-id}`) the order intake uses. */
export const BolOrderSchema = z.object({
  orderId: z.string().min(1),
  orderPlacedDateTime: z.string().optional(),
  shipmentDetails: z.object({
    salutation: text,
    firstName: text,
    surname: text,
    streetName: z.string(),
    houseNumber: z.string(),
    houseNumberExtension: text,
    extraAddressInformation: text,
    zipCode: z.string(),
    city: z.string(),
    countryCode: z.string(),
    email: text,
    company: text,
    deliveryPhoneNumber: text,
    language: text,
  }),
  orderItems: z
    .array(
      z.object({
        orderItemId: z.string().min(1),
        cancellationRequest: z.boolean().optional(),
        product: z.object({ ean: z.string().min(1), title: text }),
        quantity: z.number().int().positive(),
      }),
    )
    .min(1),
});
export type BolOrder = z.infer<typeof BolOrderSchema>;

const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

/**
 * One delivery option of bol's shipping labels (v10 `POST /retailer/shipping-labels/delivery-options`, DeliveryOption;
 * spec 1 §3 Ship option). The fields bol marks required that its own recordings leave out (`labelDisplayName`,
 * `recommended`) are optional here.
 */
export const BolDeliveryOptionSchema = z.object({
  shippingLabelOfferId: z.string().min(1),
  recommended: z.boolean().optional(),
  validUntilDate: z.string().optional(),
  transporterCode: z.string().min(1),
  labelType: z.string().min(1),
  labelDisplayName: z.string().optional(),
  labelPrice: z.object({ totalPrice: z.number() }),
  packageRestrictions: z.object({ maxWeight: z.string(), maxDimensions: z.string() }),
  handoverDetails: z
    .object({
      meetsCustomerExpectation: z.boolean().optional(),
      earliestHandoverDateTime: z.string().optional(),
      latestHandoverDateTime: z.string().optional(),
      collectionMethod: z.string().optional(),
    })
    .optional(),
});
export type BolDeliveryOption = z.infer<typeof BolDeliveryOptionSchema>;

const DeliveryOptionsSchema = z.object({ deliveryOptions: z.array(BolDeliveryOptionSchema).default([]) });

/** A bought bol label (v10 `GET /retailer/shipping-labels/{id}`): the PDF and its metadata headers. */
export interface BolLabel {
  pdf: Buffer;
  /** `X-Track-And-Trace-Code`; null when bol sent none. */
  trackAndTrace: string | null;
  /** `X-Transporter-Code`; null when bol sent none. */
  transporterCode: string | null;
}

/** What a confirmation to bol says (v10 `POST /retailer/shipments`, ShipmentRequest). */
export interface BolShipmentConfirmation {
  orderItemIds: string[];
  /** Our reference (the shipment id), at most 90 characters. */
  reference: string;
  /** The bought label's id when the parcel left with a bol label; then bol knows transporter and code itself. */
  shippingLabelId?: string | null;
  transporterCode: string;
  trackAndTrace: string;
}

/**
 * bol's reasons for cancelling an order item (v10 OrderItemCancellation `reasonCode`); `REQUESTED_BY_CUSTOMER`
 * accepts a customer's cancellation request.
 */
export type BolCancellationReason =
  | 'OUT_OF_STOCK'
  | 'REQUESTED_BY_CUSTOMER'
  | 'BAD_CONDITION'
  | 'HIGHER_SHIPCOST'
  | 'INCORRECT_PRICE'
  | 'NOT_AVAIL_IN_TIME'
  | 'NO_BOL_GUARANTEE'
  | 'ORDERED_TWICE'
  | 'RETAIN_ITEM'
  | 'TECH_ISSUE'
  | 'UNFINDABLE_ITEM'
  | 'OTHER';

/** bol's process status (shared API `GET /shared/process-status/{id}`), the fields we read. */
export type BolProcessStatus = z.infer<typeof ProcessStatusSchema>;

const ProcessStatusSchema = z.object({
  processStatusId: z.string().optional(),
  id: z.union([z.string(), z.number()]).optional(),
  entityId: z.string().optional(),
  status: z.enum(['PENDING', 'SUCCESS', 'FAILURE', 'TIMEOUT']),
  errorMessage: z.string().optional(),
});

/** One row of bol's offer export CSV, the columns the product list uses. */
export interface BolExportOffer {
  offerId: string;
  ean: string;
  referenceCode: string;
  stockAmount: number;
  fulfilmentType: string;
}

/** Options of {@link bolClient}; times in milliseconds. */
export interface BolClientOptions {
  /** Origin of the Retailer API (https://api.bol.com; BOL_API_URL). */
  apiUrl: string;
  /** Origin of the token endpoint (https://login.bol.com; BOL_LOGIN_URL). */
  loginUrl: string;
  clientId: string;
  clientSecret: string;
  retries?: number;
  backoffMs?: number;
  maxRetryAfterMs?: number;
  timeoutMs?: number;
  /** Wait between process-status polls; default 2,000. */
  pollMs?: number;
  /** Most polls of one process status before giving up; default 30. */
  maxPolls?: number;
}

/** The bol.com Retailer API v10 adapter (issue 14 item 3; docs/decisions/0043-api-connections-and-bol.md). */
export interface BolClient {
  /** One page (50 orders) of the open orders bol fulfils by the retailer (FBR), reduced: ids, items, EANs. */
  openOrders(page: number): Promise<BolReducedOrder[]>;
  /** The details of one order: shipment address and items. */
  order(orderId: string): Promise<BolOrder>;
  /** The retailer's offers, through the offer export (request, poll the process status, download the CSV). */
  exportOffers(): Promise<BolExportOffer[]>;
  /** The label options bol offers for the order items (spec 1 §3 Ship option); a read, so retried like a GET. */
  deliveryOptions(orderItemIds: string[]): Promise<BolDeliveryOption[]>;
  /**
   * Asks bol for the label of an offer (`POST /retailer/shipping-labels`, answered 202): the process status id to
   * wait for. Not retried by itself: a repeat could buy a second label.
   */
  requestLabel(orderItemIds: string[], shippingLabelOfferId: string): Promise<string>;
  /** The label PDF and its track and trace (`GET /retailer/shipping-labels/{id}`, Accept `…v10+pdf`). */
  label(shippingLabelId: string): Promise<BolLabel>;
  /**
   * Cancels one order item at bol (`PUT /retailer/orders/cancellation`, answered 202; bol takes one item per request):
   * with `REQUESTED_BY_CUSTOMER` it accepts the customer's cancellation request. Answers the process status id to
   * wait for ({@link BolClient.waitForProcess}). Retried like a read on 429 and 5xx: cancelling an item twice cancels
   * it once.
   */
  cancelOrderItem(orderItemId: string, reasonCode: BolCancellationReason): Promise<string>;
  /** Sends a shipment confirmation (`POST /retailer/shipments`, answered 202): the process status id. */
  confirmShipment(c: BolShipmentConfirmation): Promise<string>;
  /**
   * Polls a process status until it is no longer PENDING, at most `maxPolls` times (the option; default 15, waits
   * growing from 250 ms to 2 s). Answers the SUCCESS status; throws an {@link OutsideServiceError} `failure` with
   * bol's error message, or `timeout` when it is still pending after the last poll.
   */
  waitForProcess(processStatusId: string, what: string): Promise<BolProcessStatus>;
}

interface CachedToken {
  token: string;
  /** Epoch ms after which the token is not used any more. */
  until: number;
}

/** Tokens per API origin and client id, shared by every client of this process (a token lives about 5 minutes). */
const tokens = new Map<string, CachedToken>();

/** Forgets every cached bol token (tests). */
export function forgetBolTokens(): void {
  tokens.clear();
}

/**
 * Makes the bol adapter for one retailer account: OAuth2 client credentials (`POST {loginUrl}/token`, Basic
 * clientId:clientSecret) with the token cached until 30 s before it expires and renewed once when a call answers
 * 401 (bol's `Expired JWT`, or another 401 on a cached token); every call through {@link outsideClient} (timeouts,
 * retries on 429 with or without Retry-After and on 5xx). Answers are checked with zod: one that does not fit throws an
 * {@link OutsideServiceError} `malformed_answer`.
 */
export function bolClient(opts: BolClientOptions): BolClient {
  const common = {
    retries: opts.retries,
    backoffMs: opts.backoffMs,
    maxRetryAfterMs: opts.maxRetryAfterMs,
    timeoutMs: opts.timeoutMs,
  };
  const api: OutsideClient = outsideClient({ service: SERVICE, baseUrl: opts.apiUrl, ...common });
  const login: OutsideClient = outsideClient({ service: SERVICE, baseUrl: opts.loginUrl, ...common });
  const cacheKey = `${opts.apiUrl}|${opts.clientId}`;

  const token = async (fresh: boolean): Promise<string> => {
    const cached = tokens.get(cacheKey);
    if (!fresh && cached && cached.until > Date.now()) return cached.token;
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const answer = await login.request({
      method: 'POST',
      path: 'token',
      searchParams: { grant_type: 'client_credentials' },
      headers: { authorization: `Basic ${basic}` },
      accept: 'application/json',
      schema: TokenSchema,
      retryPost: true,
    });
    const until = Date.now() + Math.max(0, answer.data.expires_in - 30) * 1000;
    tokens.set(cacheKey, { token: answer.data.access_token, until });
    return answer.data.access_token;
  };

  /** Runs `send` with the cached token; on a 401 once more with a fresh one. */
  const authorised = async <T>(send: (bearer: string) => Promise<T>): Promise<T> => {
    try {
      return await send(`Bearer ${await token(false)}`);
    } catch (err) {
      if (err instanceof OutsideServiceError && err.status === 401) {
        tokens.delete(cacheKey);
        return await send(`Bearer ${await token(true)}`);
      }
      throw err;
    }
  };

  const call = async <S extends z.ZodType | undefined>(
    req: Parameters<OutsideClient['request']>[0] & { schema?: S },
  ) =>
    authorised((bearer) =>
      api.request({
        accept: V10_JSON,
        ...req,
        ...(req.json !== undefined ? { contentType: V10_JSON } : {}),
        headers: { ...(req.headers ?? {}), authorization: bearer },
      }),
    );

  const processId = (p: BolProcessStatus, what: string): string => {
    const id = p.processStatusId ?? (p.id === undefined ? '' : String(p.id));
    if (!id)
      throw new OutsideServiceError(SERVICE, 202, 'malformed_answer', `${what} gave no process status id`);
    return id;
  };

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  return {
    async deliveryOptions(orderItemIds) {
      const a = await call({
        method: 'POST',
        path: 'retailer/shipping-labels/delivery-options',
        json: { orderItems: orderItemIds.map((orderItemId) => ({ orderItemId })) },
        schema: DeliveryOptionsSchema,
        retryPost: true,
      });
      return a.data.deliveryOptions;
    },
    async requestLabel(orderItemIds, shippingLabelOfferId) {
      const a = await call({
        method: 'POST',
        path: 'retailer/shipping-labels',
        json: { orderItems: orderItemIds.map((orderItemId) => ({ orderItemId })), shippingLabelOfferId },
        schema: ProcessStatusSchema,
      });
      return processId(a.data, 'the label request');
    },
    async label(shippingLabelId) {
      const a = await authorised((bearer) =>
        api.binary({
          method: 'GET',
          path: `retailer/shipping-labels/${encodeURIComponent(shippingLabelId)}`,
          accept: V10_PDF,
          headers: { authorization: bearer },
        }),
      );
      if (a.data.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new OutsideServiceError(
          SERVICE,
          a.status,
          'malformed_answer',
          'the shipping label is not a PDF',
        );
      return {
        pdf: a.data,
        trackAndTrace: a.headers.get('x-track-and-trace-code')?.trim() || null,
        transporterCode: a.headers.get('x-transporter-code')?.trim() || null,
      };
    },
    async cancelOrderItem(orderItemId, reasonCode) {
      const a = await call({
        method: 'PUT',
        path: 'retailer/orders/cancellation',
        json: { orderItems: [{ orderItemId, reasonCode }] },
        schema: ProcessStatusSchema,
      });
      return processId(a.data, 'the cancellation');
    },
    async confirmShipment(c) {
      const a = await call({
        method: 'POST',
        path: 'retailer/shipments',
        json: {
          orderItems: c.orderItemIds.map((orderItemId) => ({ orderItemId })),
          shipmentReference: c.reference.slice(0, 90),
          ...(c.shippingLabelId
            ? { shippingLabelId: c.shippingLabelId }
            : { transport: { transporterCode: c.transporterCode, trackAndTrace: c.trackAndTrace } }),
        },
        schema: ProcessStatusSchema,
      });
      return processId(a.data, 'the shipment confirmation');
    },
    async waitForProcess(id, what) {
      const max = opts.maxPolls ?? 15;
      for (let i = 0; i < max; i += 1) {
        await sleep(opts.pollMs ?? Math.min(250 * 2 ** i, 2000));
        const status = (
          await call({
            method: 'GET',
            path: `shared/process-status/${encodeURIComponent(id)}`,
            schema: ProcessStatusSchema,
          })
        ).data;
        if (status.status === 'SUCCESS') return status;
        if (status.status !== 'PENDING')
          throw new OutsideServiceError(
            SERVICE,
            200,
            status.status.toLowerCase(),
            `${what} ${status.status === 'TIMEOUT' ? 'timed out at bol' : 'was refused'}: ${status.errorMessage ?? status.status}`,
          );
      }
      throw new OutsideServiceError(
        SERVICE,
        null,
        'timeout',
        `${what} was not done in time; try again later`,
      );
    },
    async openOrders(page) {
      const a = await call({
        method: 'GET',
        path: 'retailer/orders',
        searchParams: { page, 'fulfilment-method': 'FBR', status: 'OPEN' },
        schema: BolReducedOrdersSchema,
      });
      return a.data.orders;
    },
    async order(orderId) {
      const a = await call({
        method: 'GET',
        path: `retailer/orders/${encodeURIComponent(orderId)}`,
        schema: BolOrderSchema,
      });
      return a.data;
    },
    async exportOffers() {
      const started = await call({
        method: 'POST',
        path: 'retailer/offers/export',
        json: { format: 'CSV' },
        schema: ProcessStatusSchema,
      });
      const id = started.data.processStatusId ?? String(started.data.id ?? '');
      if (!id)
        throw new OutsideServiceError(
          SERVICE,
          202,
          'malformed_answer',
          'the offer export gave no process status id',
        );
      let status = started.data;
      for (let i = 0; status.status === 'PENDING'; i += 1) {
        if (i >= (opts.maxPolls ?? 30))
          throw new OutsideServiceError(
            SERVICE,
            null,
            'timeout',
            'the offer export was not ready in time; try again later',
          );
        await sleep(opts.pollMs ?? 2000);
        status = (
          await call({
            method: 'GET',
            path: `shared/process-status/${encodeURIComponent(id)}`,
            schema: ProcessStatusSchema,
          })
        ).data;
      }
      if (status.status !== 'SUCCESS' || !status.entityId)
        throw new OutsideServiceError(
          SERVICE,
          200,
          status.status.toLowerCase(),
          status.errorMessage ?? `offer export ${status.status}`,
        );
      const csv = await call({
        method: 'GET',
        path: `retailer/offers/export/${encodeURIComponent(status.entityId)}`,
        accept: V10_CSV,
      });
      const parsed = Papa.parse<Record<string, string>>(String(csv.data), {
        header: true,
        skipEmptyLines: true,
      });
      const head = parsed.meta.fields ?? [];
      if (!head.includes('offerId') || !head.includes('ean'))
        throw new OutsideServiceError(
          SERVICE,
          200,
          'malformed_answer',
          'the offer export has no offerId and ean columns',
        );
      return parsed.data.map((row) => ({
        offerId: row.offerId ?? '',
        ean: row.ean ?? '',
        referenceCode: row.referenceCode ?? '',
        stockAmount: Number.parseInt(row.stockAmount ?? '0', 10) || 0,
        fulfilmentType: row.fulfilmentType ?? '',
      }));
    },
  };
}
