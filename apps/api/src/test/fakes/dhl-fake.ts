import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { A6, MM, renderPdf } from '../../lib/pdf/pdf.ts';
import type { Recording } from './recordings.ts';
import { closeServer, type FakeRequest, listen, readRequest, sendRecording } from './serve.ts';

/** One DHL track-and-trace event as the gateway answers it (docs chapter 5: category, status, ISO time). */
export interface FakeDhlEvent {
  category: string;
  status: string;
  timestamp: string;
}

/** The error answers that can be injected. */
export type DhlInjected = '401' | '429' | '429-without-retry-after' | '500' | '404' | 'malformed';

/** A running DHL Parcel NL fake (issue 14; ADR 0046): its origin, what it received and its switches. */
export interface DhlFake {
  url: string;
  /** Every request received, oldest first. */
  requests: FakeRequest[];
  /** Label requests the documented body schema refuses, with the reasons (the tests expect it empty). */
  invalid: { request: FakeRequest; errors: string[] }[];
  /** The API key pair (user id, key) and account id the fake accepts. */
  credentials: { userId: string; key: string; accountId: string };
  /** The parcels it made labels for: tracker code → receiver postcode and events (tests add events). */
  parcels: Map<string, { postcode: string; events: FakeDhlEvent[] }>;
  /** Answers the next `times` requests whose path matches `path` (default any) with an error or a malformed body. */
  inject(what: DhlInjected, opts?: { times?: number; path?: RegExp }): void;
  /** Makes every access token issued so far expired: the next secured call with one answers 401. */
  expireTokens(): void;
  /** Access tokens issued (by API key or refresh token). */
  tokensIssued(): number;
  close(): Promise<void>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Recording => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const name = z
  .object({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    companyName: z.string().optional(),
    additionalName: z.string().optional(),
  })
  .refine((n) => !!(n.firstName || n.lastName || n.companyName), 'needs firstName, lastName or companyName');
const party = z.object({
  name,
  address: z.object({
    countryCode: z.string().regex(/^[A-Z]{2}$/),
    postalCode: z.string().min(1),
    city: z.string().min(1),
    street: z.string().min(1),
    number: z.string().optional(),
    addition: z.string().optional(),
    isBusiness: z.boolean().optional(),
  }),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  vatNumber: z.string().optional(),
});
/** The Create label body as DHL's API documentation describes it (labels endpoint; required fields required). */
const LabelBody = z.object({
  labelId: z.uuid(),
  labelFormat: z.unknown().optional(),
  orderReference: z.string().optional(),
  parcelTypeKey: z.string().min(1),
  receiver: party,
  shipper: party,
  accountId: z.string().min(1),
  options: z.array(z.object({ key: z.string().min(1), input: z.string().optional() })),
  returnLabel: z.boolean().optional(),
  pieceNumber: z.number().int().min(1),
  quantity: z.number().int().min(1),
  weight: z.number().optional(),
  automaticPrintDialog: z.boolean().optional(),
  application: z.string().optional(),
});

/** A small A6 PDF that carries the tracker code as text (the tests read it back). */
function labelPdf(trackerCode: string, piece: number, quantity: number, receiver: string): Promise<Buffer> {
  return renderPdf({ title: `DHL label ${trackerCode}` }, (doc) => {
    doc.addPage({ size: A6, margin: 0 });
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .text('DHL Parcel (fake)', 8 * MM, 10 * MM);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(receiver, 8 * MM, 25 * MM);
    doc.fontSize(12).text(trackerCode, 8 * MM, 40 * MM);
    doc.fontSize(9).text(`${piece}/${quantity}`, 8 * MM, 50 * MM);
  });
}

/**
 * Starts a fake of the DHL Parcel NL API gateway on a free port, answering in the shapes of DHL's public API
 * documentation (there are no DHL recordings in shared/contracts; ADR 0046): `POST /authenticate/api-key`,
 * `POST /authenticate/refresh-token`, `POST /labels` (Bearer token; the body checked against the documented
 * fields, refusals listed in `invalid` and answered 400; answer `{labelId, labelType, trackerCode, pieceNumber,
 * routingCode, orderReference, pdf}` with a base64 PDF carrying the tracker code) and `GET /track-trace?key=code+postcode`
 * (an array with the parcel's barcode and events, 404 for an unknown key). Tokens live an hour unless expired by
 * `expireTokens()`.
 */
export async function startDhlFake(): Promise<DhlFake> {
  const requests: FakeRequest[] = [];
  const invalid: DhlFake['invalid'] = [];
  const live = new Set<string>();
  const refreshTokens = new Set<string>();
  const injected: { what: DhlInjected; times: number; path?: RegExp }[] = [];
  let issued = 0;
  let counter = 0;
  const fake: DhlFake = {
    url: '',
    requests,
    invalid,
    credentials: { userId: randomUUID(), key: 'fake-dhl-key', accountId: '01234567' },
    parcels: new Map(),
    inject(what, opts = {}) {
      injected.push({ what, times: opts.times ?? 1, path: opts.path });
    },
    expireTokens() {
      live.clear();
    },
    tokensIssued: () => issued,
    close: async () => {},
  };

  const issue = (): Recording => {
    issued += 1;
    const accessToken = `fake-access-${randomUUID()}`;
    const refreshToken = `fake-refresh-${randomUUID()}`;
    live.add(accessToken);
    refreshTokens.add(refreshToken);
    const now = Math.floor(Date.now() / 1000);
    return json(200, {
      accessToken,
      accessTokenExpiration: now + 900,
      refreshToken,
      refreshTokenExpiration: now + 7 * 86_400,
      accountNumbers: [fake.credentials.accountId],
    });
  };

  const answer = async (r: FakeRequest): Promise<Recording> => {
    const inj = injected.find((i) => i.times > 0 && (!i.path || i.path.test(r.path)));
    if (inj) {
      inj.times -= 1;
      switch (inj.what) {
        case '401':
          return json(401, { key: 'UNAUTHORIZED', message: 'Unauthorized' });
        case '404':
          return json(404, { key: 'NOT_FOUND', message: 'Not found' });
        case '429':
          return json(
            429,
            { key: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
            { 'retry-after': '1' },
          );
        case '429-without-retry-after':
          return json(429, { key: 'TOO_MANY_REQUESTS', message: 'Too many requests' });
        case '500':
          return json(500, { key: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
        case 'malformed':
          return json(200, r.path === '/track-trace' ? [{ events: 'none' }] : { labelId: 'x', status: 'ok' });
      }
    }
    let body: Record<string, unknown> = {};
    try {
      body = r.body ? (JSON.parse(r.body) as Record<string, unknown>) : {};
    } catch {
      return json(400, { key: 'INVALID_JSON', message: 'The body is not JSON' });
    }
    if (r.method === 'POST' && r.path === '/authenticate/api-key') {
      if (body.userId !== fake.credentials.userId || body.key !== fake.credentials.key)
        return json(401, { key: 'INVALID_CREDENTIALS', message: 'Invalid user id or key' });
      return issue();
    }
    if (r.method === 'POST' && r.path === '/authenticate/refresh-token') {
      const token = String(body.refreshToken ?? '');
      if (!refreshTokens.has(token))
        return json(401, { key: 'INVALID_REFRESH_TOKEN', message: 'Invalid refresh token' });
      refreshTokens.delete(token);
      return issue();
    }
    if (r.method === 'GET' && r.path === '/track-trace') {
      // key=<tracker code>+<postcode>, several comma separated; the postcode must match when given.
      const found = (r.query.key ?? '')
        .split(',')
        .map((k) => k.trim().split('+'))
        .flatMap(([code = '', postcode]) => {
          const p = fake.parcels.get(code);
          if (!p || (postcode && postcode.toUpperCase() !== p.postcode)) return [];
          const delivered = p.events.find((e) => e.category === 'DELIVERED');
          return [
            { barcode: code, ...(delivered ? { deliveredAt: delivered.timestamp } : {}), events: p.events },
          ];
        });
      if (found.length === 0)
        return json(404, { key: 'NO_PARCEL_FOUND', message: 'No parcel found for the given key(s)' });
      return json(200, found);
    }
    if (r.method === 'POST' && r.path === '/labels') {
      const token = (r.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!live.has(token)) return json(401, { key: 'UNAUTHORIZED', message: 'Token expired or invalid' });
      const parsed = LabelBody.safeParse(body);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
        invalid.push({ request: r, errors });
        return json(400, { key: 'INVALID_LABEL_REQUEST', message: errors.join('; ') });
      }
      const b = parsed.data;
      if (b.accountId !== fake.credentials.accountId)
        return json(403, { key: 'ACCOUNT_NOT_ALLOWED', message: `Account ${b.accountId} is not yours` });
      counter += 1;
      const trackerCode = `JVGL0618${String(Date.now() % 1e6).padStart(6, '0')}${String(counter).padStart(6, '0')}`;
      fake.parcels.set(trackerCode, {
        postcode: b.receiver.address.postalCode.replace(/\s+/g, '').toUpperCase(),
        events: [
          {
            category: 'DATA_RECEIVED',
            status: 'PRENOTIFICATION_RECEIVED',
            timestamp: new Date().toISOString(),
          },
        ],
      });
      const receiver = [b.receiver.name.firstName, b.receiver.name.lastName].filter(Boolean).join(' ');
      const pdf = await labelPdf(trackerCode, b.pieceNumber, b.quantity, receiver);
      return json(200, {
        labelId: b.labelId,
        labelType: 'B2X_Generic_A6',
        trackerCode,
        pieceNumber: b.pieceNumber,
        routingCode: `2LNL${b.receiver.address.postalCode.replace(/\s+/g, '')}+71000000`,
        userId: fake.credentials.userId,
        organizationId: randomUUID(),
        orderReference: b.orderReference ?? '',
        pdf: pdf.toString('base64'),
      });
    }
    return json(404, { key: 'NOT_FOUND', message: `No route ${r.method} ${r.path}` });
  };

  const { server, url } = await listen(async (req, res) => {
    const r = await readRequest(req);
    requests.push(r);
    sendRecording(res, await answer(r));
  });
  fake.url = url;
  fake.close = () => closeServer(server);
  return fake;
}
