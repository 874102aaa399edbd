import { amsterdamWallTimeToIso, carrierAllowsCountry, carrierTrackingUrl } from '@hoppa/core';
import { z } from 'zod';
import { HttpProblem } from '../errors.ts';
import { type OutsideClient, OutsideServiceError, outsideClient } from '../outside/http-client.ts';
import type { CarrierAdapter, CarrierEvent, CarrierLabel, ParcelRequest, PostalAddress } from './carrier.ts';
import { placeLabels } from './label-sheet.ts';
import { localCarrier } from './local.carrier.ts';

/** Code of PostNL in `shipments.carrier` and `shipment_methods.carrier`. */
export const POSTNL_CARRIER_CODE = 'postnl';
const SERVICE = 'PostNL';

/**
 * One PostNL account (issue 14; docs/decisions/0044-postal-carriers.md): the API origin (`POSTNL_API_URL`, so the
 * sandbox, production or a fake need no code change), the `apikey` and the customer's codes from the organisation's
 * PostNL connection (customer code: 4 letters, customer number: 8 digits, collection location: 6 digits).
 */
export interface PostnlAccount {
  apiUrl: string;
  apiKey: string;
  customerCode: string;
  customerNumber: string;
  collectionLocation: string;
  /** Retry tuning of the HTTP client (tests make it quick); defaults suit a packer waiting at the station. */
  retry?: { retries?: number; backoffMs?: number; maxRetryAfterMs?: number; timeoutMs?: number };
}

const BarcodeAnswerSchema = z.object({ Barcode: z.string().regex(/^[0-9A-Z]{11,}$/) });

/** PostNL answers a single item as an object and several as an array; both read as an array. */
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([z.array(item), item]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);

const PostnlErrorSchema = z.object({ Code: z.string().optional(), Description: z.string().optional() });

const LabelAnswerSchema = z.object({
  ResponseShipments: oneOrMany(
    z.object({
      Barcode: z.string().min(1),
      ProductCodeDelivery: z.string().optional(),
      Errors: z.array(PostnlErrorSchema).optional(),
      Labels: oneOrMany(
        z.object({ Content: z.string().min(1), Labeltype: z.string().optional() }),
      ).optional(),
    }),
  ),
});

const StatusEventSchema = z.object({
  Code: z.string().min(1),
  Description: z.string().default(''),
  TimeStamp: z.string().min(1),
});

const StatusAnswerSchema = z.object({
  CompleteStatus: z
    .object({
      Shipment: oneOrMany(
        z.object({
          Barcode: z.string().optional(),
          Event: oneOrMany(StatusEventSchema).optional(),
          Status: z
            .object({ TimeStamp: z.string(), StatusCode: z.string(), StatusDescription: z.string() })
            .optional(),
        }),
      ),
    })
    .optional(),
  CurrentStatus: z
    .object({
      Shipment: oneOrMany(
        z.object({
          Status: z
            .object({ TimeStamp: z.string(), StatusCode: z.string(), StatusDescription: z.string() })
            .optional(),
        }),
      ),
    })
    .optional(),
});

/** PostNL's time stamp ('DD-MM-YYYY HH:mm:ss[.SSS]', Amsterdam time) as a Date; null when unreadable. */
export function postnlTime(stamp: string): Date | null {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})/.exec(stamp.trim());
  if (!m) return null;
  const iso = amsterdamWallTimeToIso(`${m[3]}-${m[2]}-${m[1]} ${m[4]}:${m[5]}:${m[6]}`);
  return iso ? new Date(iso) : null;
}

/** A moment as PostNL's 'DD-MM-YYYY HH:mm:ss' in Amsterdam time (Message.MessageTimeStamp). */
function postnlStamp(d: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Amsterdam',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * PostNL's event codes as the screens know them (spec 1 §2 Order detail icons A01, B01, J01, J05, I11; ADR 0041):
 * A01/B01/J01/J05 as they are, 01A (expected) as A01, 01B as I11 when its text says delivered ('bezorgd',
 * 'afgeleverd') and as B01 otherwise ('Zending is bij PostNL'); any other code is kept (the default icon).
 */
export function mapPostnlEvent(code: string, description: string): string {
  const c = code.trim().toUpperCase();
  if (c === '01A') return 'A01';
  if (c === '01B' || c === 'I01') return /bezorgd|afgeleverd|delivered/i.test(description) ? 'I11' : 'B01';
  return c;
}

/** Postcode as PostNL wants it: Dutch ones without space and upper case; others as given, trimmed. */
function postnlZip(a: Pick<PostalAddress, 'zipCode' | 'countryCode'>): string {
  return a.countryCode === 'NL' ? a.zipCode.replace(/\s+/g, '').toUpperCase() : a.zipCode.trim();
}

/** The label request's recipient block (AddressType 01). */
function recipientAddress(r: PostalAddress) {
  return {
    AddressType: '01',
    ...(r.company && r.company !== r.name ? { CompanyName: r.company } : {}),
    Name: r.name,
    Street: r.street,
    HouseNr: r.houseNumber,
    ...(r.addition ? { HouseNrExt: r.addition } : {}),
    Zipcode: postnlZip(r),
    City: r.city,
    Countrycode: r.countryCode,
  };
}

/** The request's sender block (AddressType 02): the warehouse ships on behalf of the merchant. */
function senderAddress(s: PostalAddress) {
  return {
    AddressType: '02',
    CompanyName: s.company || s.name,
    Street: s.street,
    HouseNr: s.houseNumber,
    ...(s.addition ? { HouseNrExt: s.addition } : {}),
    Zipcode: postnlZip(s),
    City: s.city,
    Countrycode: s.countryCode,
  };
}

/**
 * The PostNL adapter for one account (issue 14 item 1; spec 1 §4 Shipping a card 'a postal carrier'): every call
 * through the outside HTTP client (`apikey` header, timeouts, retries on 429/5xx honouring Retry-After, one
 * {@link OutsideServiceError}).
 * - `createLabel`: one barcode per parcel (`GET /shipment/v1_1/barcode`, type 3S), then one
 *   `POST /shipment/v2_2/label?confirm=true` with Customer, Message (Printertype GraphicFile|PDF) and a Shipment per
 *   parcel (several parcels within NL as a multi-collo group); PostNL's base64 PDF labels are placed one per A6 page
 *   or on A4 frames (`parcel.printFrame`). The first barcode is the tracking number. A label error in the answer
 *   (`Errors`) is a refusal; an answer without a label for each parcel is `malformed_answer`.
 * - `track`: `GET /shipment/v2/status/barcode/{barcode}?detail=true`, events oldest first with {@link mapPostnlEvent}.
 * - `trackingUrl`: PostNL's track-and-trace page with barcode, country and postcode.
 * Milestones the warehouse records itself (label made, handed over, delivered by hand) go into `order_events` as the
 * local carrier does.
 */
export function createPostnlCarrier(account: PostnlAccount): CarrierAdapter {
  const http: OutsideClient = outsideClient({
    service: SERVICE,
    baseUrl: account.apiUrl,
    headers: { apikey: account.apiKey, accept: 'application/json' },
    timeoutMs: account.retry?.timeoutMs ?? 15_000,
    retries: account.retry?.retries ?? 2,
    backoffMs: account.retry?.backoffMs,
    maxRetryAfterMs: account.retry?.maxRetryAfterMs ?? 10_000,
  });

  async function barcode(countryCode: string): Promise<string> {
    const domestic = countryCode === 'NL';
    const res = await http.request({
      method: 'GET',
      path: 'shipment/v1_1/barcode',
      searchParams: {
        CustomerCode: account.customerCode,
        CustomerNumber: account.customerNumber,
        Type: '3S',
        Serie: domestic ? '000000000-999999999' : '0000000-9999999',
      },
      schema: BarcodeAnswerSchema,
    });
    return res.data.Barcode;
  }

  return {
    code: POSTNL_CARRIER_CODE,

    async quoteOptions(parcel, methods) {
      const country = parcel.recipient.countryCode;
      return methods
        .filter((m) => m.carrier === POSTNL_CARRIER_CODE && m.productCode)
        .filter((m) => !m.countryCode || m.countryCode === country)
        .filter((m) => carrierAllowsCountry({ ...m, product_code: m.productCode }, country))
        .map((m) => ({ methodCode: m.code, name: m.name, priceCents: m.priceCents }));
    },

    async createLabel(ctx, parcel: ParcelRequest): Promise<CarrierLabel> {
      const product = parcel.method.productCode;
      const r = parcel.recipient;
      if (!product)
        throw new HttpProblem(
          400,
          'bad_request',
          `Shipment method ${parcel.method.code} has no PostNL product code; set one under shipment methods`,
        );
      if (!carrierAllowsCountry({ ...parcel.method, product_code: product }, r.countryCode))
        throw new HttpProblem(
          400,
          'bad_request',
          `PostNL product ${product} ships only within the Netherlands, not to ${r.countryCode}`,
        );
      if (parcel.labelQuantity > 1 && r.countryCode !== 'NL')
        throw new HttpProblem(
          400,
          'bad_request',
          'PostNL ships several parcels as one shipment (multi-collo) only within the Netherlands; ship one label',
        );
      const barcodes: string[] = [];
      for (let i = 0; i < parcel.labelQuantity; i++) barcodes.push(await barcode(r.countryCode));
      const main = barcodes[0] as string;
      const grams = parcel.weightKg
        ? Math.max(1, Math.round((parcel.weightKg * 1000) / barcodes.length))
        : null;
      const shipments = barcodes.map((code, i) => ({
        Addresses: [recipientAddress(r)],
        Barcode: code,
        Contacts: [
          {
            ContactType: '01',
            ...(r.email ? { Email: r.email } : {}),
            ...(r.phone ? { TelNr: r.phone } : {}),
          },
        ],
        ...(grams ? { Dimension: { Weight: String(grams) } } : {}),
        ...(barcodes.length > 1
          ? {
              Groups: [
                {
                  GroupType: '03',
                  GroupSequence: String(i + 1),
                  GroupCount: String(barcodes.length),
                  MainBarcode: main,
                },
              ],
            }
          : {}),
        ProductCodeDelivery: product,
        Reference: parcel.shopOrderId.slice(0, 35),
      }));
      const res = await http.request({
        method: 'POST',
        path: 'shipment/v2_2/label',
        searchParams: { confirm: 'true' },
        json: {
          Customer: {
            Address: senderAddress(parcel.sender),
            CollectionLocation: account.collectionLocation,
            CustomerCode: account.customerCode,
            CustomerNumber: account.customerNumber,
            Name: parcel.merchantName.slice(0, 35),
            ...(parcel.sender.email ? { Email: parcel.sender.email } : {}),
          },
          Message: {
            MessageID: parcel.orderId,
            MessageTimeStamp: postnlStamp(ctx.now),
            Printertype: 'GraphicFile|PDF',
          },
          Shipments: shipments,
        },
        schema: LabelAnswerSchema,
      });
      const refused = res.data.ResponseShipments.flatMap((s) => s.Errors ?? []);
      if (refused.length > 0)
        throw new OutsideServiceError(
          SERVICE,
          res.status,
          refused[0]?.Code ? `label_${refused[0].Code}` : 'label_refused',
          refused.map((e) => e.Description ?? e.Code ?? 'label refused').join('; '),
        );
      const pdfs: Buffer[] = [];
      for (const code of barcodes) {
        const answered = res.data.ResponseShipments.find((s) => s.Barcode === code);
        const content = answered?.Labels?.[0]?.Content;
        if (!content)
          throw new OutsideServiceError(
            SERVICE,
            res.status,
            'malformed_answer',
            `the label answer has no label for parcel ${code}`,
          );
        const pdf = Buffer.from(content, 'base64');
        if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
          throw new OutsideServiceError(
            SERVICE,
            res.status,
            'malformed_answer',
            `the label of ${code} is no PDF`,
          );
        pdfs.push(pdf);
      }
      let labelPdf: Buffer;
      try {
        labelPdf = await placeLabels(pdfs, parcel.printFrame ?? null, ctx.lang);
      } catch (err) {
        throw new OutsideServiceError(
          SERVICE,
          res.status,
          'malformed_answer',
          `a label PDF cannot be read: ${(err as Error).message}`,
        );
      }
      return {
        trackingNumber: main,
        labelPdf,
        trackingUrl: carrierTrackingUrl(POSTNL_CARRIER_CODE, main, r.countryCode, r.zipCode),
      };
    },

    async getLabel(ctx, trackingNumber) {
      const r = await ctx.db.query<{ label_pdf: Buffer | null }>(
        'SELECT label_pdf FROM shipments WHERE tracking_number = $1 AND carrier = $2',
        [trackingNumber, POSTNL_CARRIER_CODE],
      );
      return r.rows[0]?.label_pdf ?? null;
    },

    async track(_ctx, trackingNumber): Promise<CarrierEvent[]> {
      const res = await http.request({
        method: 'GET',
        path: `shipment/v2/status/barcode/${encodeURIComponent(trackingNumber)}`,
        searchParams: { detail: 'true' },
        schema: StatusAnswerSchema,
      });
      const shipment = res.data.CompleteStatus?.Shipment[0];
      const raw = shipment?.Event ?? [];
      const events: CarrierEvent[] = [];
      for (const e of raw) {
        const at = postnlTime(e.TimeStamp);
        if (!at)
          throw new OutsideServiceError(
            SERVICE,
            res.status,
            'malformed_answer',
            `unreadable time ${e.TimeStamp}`,
          );
        events.push({ code: mapPostnlEvent(e.Code, e.Description), description: e.Description, at });
      }
      return events.sort((a, b) => a.at.getTime() - b.at.getTime());
    },

    recordMilestone: (ctx, shipment, milestone, userId) =>
      localCarrier.recordMilestone(ctx, shipment, milestone, userId),

    trackingUrl(trackingNumber, recipient) {
      return carrierTrackingUrl(
        POSTNL_CARRIER_CODE,
        trackingNumber,
        recipient.countryCode,
        recipient.zipCode,
      );
    },
  };
}
