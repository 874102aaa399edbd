import { createHash, randomUUID } from 'node:crypto';
import { carrierTrackingUrl, newId } from '@hoppa/core';
import { z } from 'zod';
import { type OutsideClient, OutsideServiceError, outsideClient } from '../outside/http-client.ts';
import type { CarrierAdapter, CarrierEvent, CarrierLabel, ParcelRequest, PostalAddress } from './carrier.ts';

/** Code of DHL Parcel NL in `shipments.carrier` and `shipment_methods.carrier`. */
export const DHL_CARRIER_CODE = 'dhl';
const SERVICE = 'DHL';

/**
 * What the DHL Parcel NL adapter needs (ADR 0046): the API gateway's origin (`DHL_API_URL`, https://api-gw.dhlparcel.nl),
 * the account's API key pair from My DHL Portal (user id and key; the connection's `api_key` and sealed secret) and
 * its account id (the connection's `settings.account_id`). Times in milliseconds.
 */
export interface DhlCarrierConfig {
  baseUrl: string;
  userId: string;
  key: string;
  accountId: string;
  /** DHL's parcel type of every piece (`parcelTypeKey`, e.g. SMALL, MEDIUM, LARGE); default SMALL. */
  parcelTypeKey?: string;
  /** Shipment option keys (capabilities endpoint), default ['DOOR'] (delivery at the door). */
  options?: string[];
  retries?: number;
  backoffMs?: number;
  maxRetryAfterMs?: number;
  timeoutMs?: number;
}

/** `POST /authenticate/api-key` and `/authenticate/refresh-token` answer (times: Unix seconds). */
const TokenSchema = z.object({
  accessToken: z.string().min(1),
  accessTokenExpiration: z.number(),
  refreshToken: z.string().min(1).optional(),
  refreshTokenExpiration: z.number().optional(),
  accountNumbers: z.array(z.string()).optional(),
});

/** `POST /labels` answer (Accept: application/json): the label's id, DHL's tracker code and the base64 PDF. */
const LabelSchema = z.object({
  labelId: z.string().min(1),
  trackerCode: z.string().regex(/^[A-Z0-9]{6,40}$/i, 'a tracker code'),
  pieceNumber: z.number().int().optional(),
  pdf: z.string().min(16),
});

/** `GET /track-trace?key=…` answer: one element per piece with its events (DHL category + status, ISO time). */
const TrackSchema = z.array(
  z.object({
    barcode: z.string(),
    deliveredAt: z.string().nullish(),
    events: z
      .array(z.object({ category: z.string(), status: z.string(), timestamp: z.string().min(10) }))
      .default([]),
  }),
);

/**
 * DHL's event categories (docs chapter 5 Track and Trace) as the event codes of spec 1 §2 Order detail: registered
 * (DATA_RECEIVED, LEG) is A01, accepted by DHL B01, sorted / under way J01, out for delivery J05, delivered I11; the
 * others keep a code of their own (default icon).
 */
const CATEGORY_EVENTS: Record<string, { code: string; description: string }> = {
  DATA_RECEIVED: { code: 'A01', description: 'Zending aangemeld bij DHL; pakket nog niet ontvangen' },
  LEG: { code: 'A01', description: 'Zending aangemeld bij DHL; pakket nog niet ontvangen' },
  UNDERWAY: { code: 'J01', description: 'Zending is gesorteerd' },
  IN_DELIVERY: { code: 'J05', description: 'Bezorger is onderweg' },
  DELIVERED: { code: 'I11', description: 'Zending is bezorgd' },
  CUSTOMS: { code: 'DC01', description: 'Zending bij de douane' },
  EXCEPTION: { code: 'DX01', description: 'Vertraging: er ging iets mis onderweg' },
  PROBLEM: { code: 'DX01', description: 'Vertraging: er ging iets mis onderweg' },
  INTERVENTION: { code: 'DX02', description: 'Ingreep in de bezorging' },
  UNKNOWN: { code: 'DX09', description: 'Status onbekend bij DHL' },
};
const ACCEPTED = { code: 'B01', description: 'Zending is ontvangen door DHL' };

/**
 * One DHL track-and-trace event as ours: category → code (`CATEGORY_EVENTS`; an UNDERWAY acceptance scan — status
 * `SHIPMENT_ACCEPTANCE…`, the parcel handed to DHL — is B01), Dutch description with DHL's own status, time.
 */
export function dhlEvent(e: { category: string; status: string; timestamp: string }): CarrierEvent {
  const category = e.category.trim().toUpperCase().replace(/\s+/g, '_');
  const status = e.status.trim().toUpperCase();
  const base =
    category === 'UNDERWAY' && status.includes('ACCEPTANCE')
      ? ACCEPTED
      : (CATEGORY_EVENTS[category] ?? CATEGORY_EVENTS.UNKNOWN);
  const at = new Date(e.timestamp);
  if (Number.isNaN(at.getTime()))
    throw new OutsideServiceError(
      SERVICE,
      200,
      'malformed_answer',
      `an event has no valid time: ${e.timestamp}`,
    );
  const b = base as { code: string; description: string };
  return { code: b.code, description: status ? `${b.description} (${status})` : b.description, at };
}

interface CachedTokens {
  access: string;
  /** Epoch ms after which the access token is not used any more (30 s before DHL's expiry). */
  accessUntil: number;
  refresh: string | null;
  refreshUntil: number;
}

/** Tokens per gateway origin and API key pair, shared by every adapter of this process. */
const tokens = new Map<string, CachedTokens>();

/** Forgets every cached DHL token (tests). */
export function forgetDhlTokens(): void {
  tokens.clear();
}

/** DHL's receiver/shipper block from one of our addresses: the name split in first and last name, the company kept. */
function party(a: PostalAddress) {
  const words = a.name.trim().split(/\s+/).filter(Boolean);
  const lastName = words.length > 1 ? (words.at(-1) as string) : (words[0] ?? '');
  const firstName = words.length > 1 ? words.slice(0, -1).join(' ') : '';
  return {
    name: {
      ...(firstName ? { firstName } : {}),
      ...(lastName && lastName !== a.company ? { lastName } : {}),
      ...(a.company ? { companyName: a.company } : {}),
    },
    address: {
      countryCode: a.countryCode || 'NL',
      postalCode: a.zipCode.replace(/\s+/g, '').toUpperCase(),
      city: a.city,
      street: a.street,
      number: a.houseNumber,
      ...(a.addition ? { addition: a.addition } : {}),
      isBusiness: !!a.company,
    },
    ...(a.email ? { email: a.email } : {}),
    ...(a.phone ? { phoneNumber: a.phone } : {}),
  };
}

/** DHL's public track page of a parcel (core `carrierTrackingUrl`: tracker code and postcode). */
function dhlTrackingUrl(trackingNumber: string, recipient: Pick<PostalAddress, 'countryCode' | 'zipCode'>) {
  return carrierTrackingUrl(DHL_CARRIER_CODE, trackingNumber, recipient.countryCode, recipient.zipCode);
}

/** One PDF of all pieces' labels, in order. */
async function joinLabels(pdfs: Buffer[]): Promise<Buffer> {
  if (pdfs.length === 1) return pdfs[0] as Buffer;
  // Loaded on first use, not at start-up (docs/decisions/0088-*.md).
  const { PDFDocument } = await import('pdf-lib');
  const out = await PDFDocument.create();
  for (const bytes of pdfs) {
    const src = await PDFDocument.load(bytes);
    for (const page of await out.copyPages(src, src.getPageIndices())) out.addPage(page);
  }
  return Buffer.from(await out.save());
}

/**
 * The DHL Parcel NL adapter (issue 14; ADR 0046), built from DHL's public API documentation (api-gw.dhlparcel.nl/docs)
 * — there are no recordings of it in shared/contracts. Every call goes through {@link outsideClient} (timeouts, retries
 * on 429 with and without Retry-After and on 5xx; every failure an {@link OutsideServiceError} naming DHL).
 *
 * - Authentication: `POST /authenticate/api-key {userId, key}` → `{accessToken, accessTokenExpiration, refreshToken,
 *   refreshTokenExpiration}` (Unix seconds); tokens cached per gateway and user id until 30 s before expiry; a call
 *   answered 401 renews once (`POST /authenticate/refresh-token {refreshToken}`, else the API key again).
 * - Labels: one `POST /labels` per piece (`labelId` a new UUID — DHL keeps the call idempotent on it, so it is retried
 *   like a GET —, `orderReference` the shop's order number, receiver, shipper, `accountId`, `options` [{key}],
 *   `parcelTypeKey`, `pieceNumber` i of `quantity` N), answered with `trackerCode` and the base64 `pdf`; the pieces'
 *   PDFs are joined in order and the first piece's tracker code is the shipment's tracking number.
 * - Tracking: `GET /track-trace?key=<trackerCode>+<postcode>` (no token needed), DHL's categories mapped by
 *   {@link dhlEvent}; an unknown parcel (404) has no events.
 * - Tracking link: DHL's public page with tracker code and postcode.
 * `recordMilestone` records only the label (A01 with the moment the label was made); handing over and delivery come
 * from DHL's own events through the tracking job.
 */
export function createDhlCarrier(config: DhlCarrierConfig): CarrierAdapter {
  const api: OutsideClient = outsideClient({
    service: SERVICE,
    baseUrl: config.baseUrl,
    retries: config.retries,
    backoffMs: config.backoffMs,
    maxRetryAfterMs: config.maxRetryAfterMs,
    timeoutMs: config.timeoutMs,
  });
  // Per gateway, user id and key (hashed): a changed key never reuses the old key's tokens.
  const cacheKey = `${config.baseUrl}|${config.userId}|${createHash('sha256').update(config.key).digest('hex').slice(0, 16)}`;

  const store = (t: z.output<typeof TokenSchema>): string => {
    const now = Date.now();
    tokens.set(cacheKey, {
      access: t.accessToken,
      accessUntil: Math.min(t.accessTokenExpiration * 1000 - 30_000, now + 24 * 3600_000),
      refresh: t.refreshToken ?? null,
      refreshUntil: t.refreshTokenExpiration ? t.refreshTokenExpiration * 1000 - 30_000 : 0,
    });
    return t.accessToken;
  };

  const token = async (fresh: boolean): Promise<string> => {
    const cached = tokens.get(cacheKey);
    if (!fresh && cached && cached.accessUntil > Date.now()) return cached.access;
    if (cached?.refresh && cached.refreshUntil > Date.now()) {
      try {
        const a = await api.request({
          method: 'POST',
          path: 'authenticate/refresh-token',
          json: { refreshToken: cached.refresh },
          accept: 'application/json',
          schema: TokenSchema,
          retryPost: true,
        });
        return store(a.data);
      } catch (err) {
        // A refused refresh token falls back to the API key; anything else (DHL down) is the answer.
        if (!(err instanceof OutsideServiceError) || (err.status !== 401 && err.status !== 400)) throw err;
      }
    }
    tokens.delete(cacheKey);
    const a = await api.request({
      method: 'POST',
      path: 'authenticate/api-key',
      json: { userId: config.userId, key: config.key },
      accept: 'application/json',
      schema: TokenSchema,
      retryPost: true,
    });
    return store(a.data);
  };

  /** A secured call with the cached token, renewed once when DHL answers 401. */
  const secured = async <S extends z.ZodType>(
    req: Parameters<OutsideClient['request']>[0] & { schema: S },
  ) => {
    const send = async (fresh: boolean) =>
      api.request({
        ...req,
        headers: { ...(req.headers ?? {}), authorization: `Bearer ${await token(fresh)}` },
      });
    try {
      return await send(false);
    } catch (err) {
      if (err instanceof OutsideServiceError && err.status === 401) {
        const cached = tokens.get(cacheKey);
        if (cached) tokens.set(cacheKey, { ...cached, accessUntil: 0 });
        return await send(true);
      }
      throw err;
    }
  };

  return {
    code: DHL_CARRIER_CODE,

    async quoteOptions(parcel, methods) {
      const country = parcel.recipient.countryCode;
      return methods
        .filter((m) => m.carrier === DHL_CARRIER_CODE && (!m.countryCode || m.countryCode === country))
        .map((m) => ({ methodCode: m.code, name: m.name, priceCents: m.priceCents }));
    },

    async createLabel(_ctx, parcel: ParcelRequest): Promise<CarrierLabel> {
      if (!config.accountId)
        throw new OutsideServiceError(SERVICE, null, 'no_account', 'the DHL connection has no account id');
      const quantity = parcel.labelQuantity;
      const pdfs: Buffer[] = [];
      let trackingNumber = '';
      for (let piece = 1; piece <= quantity; piece++) {
        const answer = await secured({
          method: 'POST',
          path: 'labels',
          accept: 'application/json',
          json: {
            labelId: randomUUID(),
            orderReference: parcel.shopOrderId,
            parcelTypeKey: config.parcelTypeKey ?? 'SMALL',
            receiver: party(parcel.recipient),
            shipper: party(parcel.sender),
            accountId: config.accountId,
            options: (config.options ?? ['DOOR']).map((key) => ({ key })),
            pieceNumber: piece,
            quantity,
            ...(parcel.weightKg ? { weight: Math.round(parcel.weightKg * 1000) / 1000 } : {}),
          },
          schema: LabelSchema,
          // DHL keeps POST /labels idempotent on labelId, so a lost answer may be asked again.
          retryPost: true,
        });
        const pdf = Buffer.from(answer.data.pdf, 'base64');
        if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
          throw new OutsideServiceError(SERVICE, answer.status, 'malformed_answer', 'the label is not a PDF');
        pdfs.push(pdf);
        if (piece === 1) trackingNumber = answer.data.trackerCode;
      }
      const labelPdf = await joinLabels(pdfs);
      return {
        trackingNumber,
        labelPdf,
        trackingUrl: dhlTrackingUrl(trackingNumber, parcel.recipient),
      };
    },

    async getLabel(ctx, trackingNumber) {
      const r = await ctx.db.query<{ label_pdf: Buffer }>(
        'SELECT label_pdf FROM shipments WHERE tracking_number = $1 AND carrier = $2',
        [trackingNumber, DHL_CARRIER_CODE],
      );
      return r.rows[0]?.label_pdf ?? null;
    },

    async track(ctx, trackingNumber): Promise<CarrierEvent[]> {
      const r = await ctx.db.query<{ details: Record<string, unknown> | null }>(
        `SELECT o.shipment_details AS details FROM shipments s JOIN orders o ON o.id = s.order_id
          WHERE s.tracking_number = $1`,
        [trackingNumber],
      );
      const d = r.rows[0]?.details ?? {};
      const zip = String(d.zipCode ?? d.zipcode ?? d.postalCode ?? '')
        .replace(/\s+/g, '')
        .toUpperCase();
      let pieces: z.output<typeof TrackSchema>;
      try {
        pieces = (
          await api.request({
            method: 'GET',
            path: 'track-trace',
            searchParams: { key: zip ? `${trackingNumber}+${zip}` : trackingNumber },
            accept: 'application/json',
            schema: TrackSchema,
          })
        ).data;
      } catch (err) {
        if (err instanceof OutsideServiceError && err.status === 404) return [];
        throw err;
      }
      const piece = pieces.find((p) => p.barcode === trackingNumber) ?? pieces[0];
      if (!piece) return [];
      return piece.events.map(dhlEvent).sort((a, b) => a.at.getTime() - b.at.getTime());
    },

    async recordMilestone(ctx, shipment, milestone, userId): Promise<CarrierEvent> {
      // Only the label is ours to tell: DHL reports handing over and delivery itself (the tracking job stores them).
      const event = {
        code: 'A01',
        description: 'Label aangemaakt bij DHL; pakket nog niet door DHL ontvangen',
        at: ctx.now,
      };
      if (milestone !== 'label_created')
        return { ...event, description: `${milestone}: DHL reports this itself` };
      await ctx.db.query(
        `INSERT INTO order_events (id, org_id, order_id, shipment_id, code, description, at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
        [
          newId(ctx.now.getTime()),
          shipment.orgId,
          shipment.orderId,
          shipment.id,
          event.code,
          event.description,
          ctx.now,
          userId,
        ],
      );
      return event;
    },

    trackingUrl: dhlTrackingUrl,
  };
}
