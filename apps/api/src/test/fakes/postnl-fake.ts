import { randomInt } from 'node:crypto';
import { decodePDFRawStream, PDFDocument, PDFName, type PDFRawStream, PDFRef } from 'pdf-lib';
import { type Recording, recording } from './recordings.ts';
import { closeServer, type FakeRequest, listen, readRequest, sendRecording } from './serve.ts';

/** The PostNL error recordings that can be injected (answered as recorded). */
export type PostnlErrorRecording = 'barcode/invalid' | 'labelling/error' | 'labelling/invalid';

/**
 * What {@link PostnlFake.inject} can make the next matching requests answer: a recording above, or `unauthorized`
 * (401 'Invalid ApiKey'), `rate-limited` (429, with `Retry-After` when `retryAfter` is given), `server-error` (500),
 * `malformed` (200 with JSON in an unexpected shape) and `slow` (answers after `delayMs`, for timeouts).
 */
export type PostnlInjection =
  | PostnlErrorRecording
  | 'unauthorized'
  | 'rate-limited'
  | 'server-error'
  | 'malformed'
  | 'slow';

/** A running PostNL fake (issue 14 item 5): its origin, what it received and its switches. */
export interface PostnlFake {
  url: string;
  requests: FakeRequest[];
  /** The `apikey` header value it accepts. */
  apiKey: string;
  /** Barcodes handed out so far, in order. */
  barcodes: string[];
  /** Label requests it refused as invalid (the tests expect none), with the reason. */
  invalid: { path: string; reason: string }[];
  /** Answers the next `times` requests whose path matches `path` with `what`. */
  inject(
    what: PostnlInjection,
    opts?: { times?: number; path?: RegExp; retryAfter?: string; delayMs?: number },
  ): void;
  close(): Promise<void>;
}

const JSON_TYPE = { 'content-type': 'application/json;charset=UTF-8' };

/** The barcode printed in the recorded label PDF, replaced by the one of each answered shipment. */
const RECORDED_LABEL_BARCODE = '3SDEVC201611210';

/** PostNL's gateway fault shape (401, 429). */
function fault(status: number, text: string, code: string, headers: Record<string, string> = {}): Recording {
  return {
    status,
    headers: { ...JSON_TYPE, ...headers },
    body: JSON.stringify({ fault: { faultstring: text, detail: { errorcode: code } } }),
  };
}

/** A refused request in PostNL's error shape (`Errors[{Code, Description}]`). */
function refusal(status: number, description: string): Recording {
  return {
    status,
    headers: JSON_TYPE,
    body: JSON.stringify({ Errors: [{ Code: '3', Description: description }] }),
  };
}

/**
 * The recorded label PDF with `barcode` in place of the recorded barcode text, so a label can be told apart by the
 * parcel it belongs to (the recording's layout, address and image stay as recorded).
 */
async function labelPdfFor(recorded: Buffer, barcode: string): Promise<string> {
  const doc = await PDFDocument.load(recorded);
  const page = doc.getPage(0);
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFRef ? [contents] : [];
  for (const ref of refs) {
    const stream = doc.context.lookup(ref) as PDFRawStream;
    const text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    doc.context.assign(
      ref,
      doc.context.flateStream(Buffer.from(text.replaceAll(RECORDED_LABEL_BARCODE, barcode), 'latin1')),
    );
  }
  return Buffer.from(await doc.save()).toString('base64');
}

/** Why a label request is refused, or null: the required fields of `POST /shipment/v2_2/label`. */
function labelRequestProblem(body: string): string | null {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return 'The request body is not JSON';
  }
  const customer = json.Customer as Record<string, unknown> | undefined;
  if (!customer) return 'Customer is required';
  for (const f of ['CustomerCode', 'CustomerNumber', 'CollectionLocation'])
    if (typeof customer[f] !== 'string' || !customer[f]) return `Customer.${f} is required`;
  const message = json.Message as Record<string, unknown> | undefined;
  if (!message?.Printertype) return 'Message.Printertype is required';
  const shipments = json.Shipments as Record<string, unknown>[] | undefined;
  if (!Array.isArray(shipments) || shipments.length === 0) return 'Shipments must hold at least one shipment';
  for (const [i, s] of shipments.entries()) {
    if (typeof s.Barcode !== 'string' || !/^3S[A-Z]{4}\d{7,9}$/.test(s.Barcode))
      return `Shipments[${i}].Barcode is missing or not a 3S barcode`;
    if (typeof s.ProductCodeDelivery !== 'string' || !/^\d{4}$/.test(s.ProductCodeDelivery))
      return `Shipments[${i}].ProductCodeDelivery must be a 4-digit product code`;
    const addresses = s.Addresses as Record<string, unknown>[] | undefined;
    const receiver = Array.isArray(addresses) ? addresses.find((a) => a.AddressType === '01') : undefined;
    if (!receiver) return `Shipments[${i}].Addresses needs the receiver (AddressType 01)`;
    for (const f of ['Zipcode', 'City', 'Countrycode'])
      if (typeof receiver[f] !== 'string' || !receiver[f])
        return `Shipments[${i}].Addresses[01].${f} is required`;
  }
  return null;
}

/**
 * Starts a fake of the PostNL Shipment API on a free port, answering from the recordings in
 * `../shared/contracts/postnl/responses`:
 * - `GET /shipment/v1_1/barcode` (barcode/singlebarcode's shape): a new 3S barcode with the asked CustomerCode and 9
 *   random digits, kept in `barcodes`;
 * - `POST /shipment/v2_2/label` (labelling/singlelabel3's shape): checks the required fields (Customer codes, Message
 *   Printertype, Shipments with the receiver address, ProductCodeDelivery, a 3S Barcode; else 400 in PostNL's error
 *   shape, listed in `invalid`) and answers one ResponseShipment per shipment with the recorded label PDF carrying
 *   that shipment's barcode;
 * - `GET /shipment/v2/status/barcode/{code}`: shippingstatus/completestatus3 with `detail=true` (events A01, B01, J01,
 *   J05, 01B delivered), else currentstatus, with the asked barcode.
 * Without the right `apikey` header it answers 401 as PostNL's gateway does; an unknown path 404.
 */
export async function startPostnlFake(): Promise<PostnlFake> {
  const requests: FakeRequest[] = [];
  const injected: {
    what: PostnlInjection;
    times: number;
    path?: RegExp;
    retryAfter?: string;
    delayMs?: number;
  }[] = [];
  const recordedLabel = (() => {
    const rec = JSON.parse(recording('postnl/responses/labelling/singlelabel3.http').body) as {
      ResponseShipments: { Labels: { Content: string }[] }[];
    };
    return Buffer.from(rec.ResponseShipments[0]?.Labels[0]?.Content ?? '', 'base64');
  })();
  const fake: PostnlFake = {
    url: '',
    requests,
    apiKey: 'fake-postnl-key',
    barcodes: [],
    invalid: [],
    inject(what, opts = {}) {
      injected.push({ what, times: opts.times ?? 1, ...opts });
    },
    close: async () => {},
  };

  const answer = async (r: FakeRequest): Promise<Recording> => {
    if (r.headers.apikey !== fake.apiKey)
      return fault(401, 'Invalid ApiKey', 'steps.oauth.v2.FailedToResolveAPIKey');
    const inj = injected.find((i) => i.times > 0 && (!i.path || i.path.test(r.path)));
    if (inj) {
      inj.times -= 1;
      switch (inj.what) {
        case 'unauthorized':
          return fault(401, 'Invalid ApiKey', 'steps.oauth.v2.FailedToResolveAPIKey');
        case 'rate-limited':
          return fault(
            429,
            'Rate limit quota violation. Quota limit exceeded.',
            'policies.ratelimit.QuotaViolation',
            inj.retryAfter ? { 'retry-after': inj.retryAfter } : {},
          );
        case 'server-error':
          return refusal(500, 'Internal server error, please try again later');
        case 'malformed':
          return { status: 200, headers: JSON_TYPE, body: JSON.stringify({ Unexpected: true }) };
        case 'slow':
          await new Promise((done) => setTimeout(done, inj.delayMs ?? 2000));
          break;
        default:
          return recording(`postnl/responses/${inj.what}.http`);
      }
    }
    if (r.method === 'GET' && r.path === '/shipment/v1_1/barcode') {
      const rec = recording('postnl/responses/barcode/singlebarcode.http');
      const code = `3S${(r.query.CustomerCode ?? 'DEVC').toUpperCase()}${String(randomInt(1e9)).padStart(9, '0')}`;
      fake.barcodes.push(code);
      return { ...rec, body: JSON.stringify({ Barcode: code }) };
    }
    if (r.method === 'POST' && r.path === '/shipment/v2_2/label') {
      const problem = labelRequestProblem(r.body);
      if (problem) {
        fake.invalid.push({ path: r.path, reason: problem });
        return refusal(400, problem);
      }
      const rec = recording('postnl/responses/labelling/singlelabel3.http');
      const shipments = (
        JSON.parse(r.body) as { Shipments: { Barcode: string; ProductCodeDelivery: string }[] }
      ).Shipments;
      const ResponseShipments = [];
      for (const s of shipments)
        ResponseShipments.push({
          Barcode: s.Barcode,
          DownPartnerLocation: {},
          ProductCodeDelivery: s.ProductCodeDelivery,
          Labels: [{ Content: await labelPdfFor(recordedLabel, s.Barcode), Labeltype: 'Label' }],
        });
      return { ...rec, body: JSON.stringify({ MergedLabels: [], ResponseShipments }) };
    }
    const status = /^\/shipment\/v2\/status\/barcode\/([^/]+)$/.exec(r.path);
    if (r.method === 'GET' && status) {
      const code = decodeURIComponent(status[1] as string);
      const rec = recording(
        r.query.detail === 'true'
          ? 'postnl/responses/shippingstatus/completestatus3.http'
          : 'postnl/responses/shippingstatus/currentstatus.http',
      );
      return {
        ...rec,
        body: rec.body.replace(
          /"(Main)?Barcode": "[^"]*"/g,
          (_m, main) => `"${main ?? ''}Barcode": "${code}"`,
        ),
      };
    }
    return { status: 404, headers: JSON_TYPE, body: '{"message":"not found"}' };
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
