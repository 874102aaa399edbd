import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PostnlFake, startPostnlFake } from '../../test/fakes/postnl-fake.ts';
import { HttpProblem } from '../errors.ts';
import { OutsideServiceError } from '../outside/http-client.ts';
import { readPdf, TEST_SENDER } from '../pdf/pdf.test-helpers.ts';
import type { CarrierCallContext, ParcelRequest } from './carrier.ts';
import { createPostnlCarrier, mapPostnlEvent, postnlTime } from './postnl.carrier.ts';

let fake: PostnlFake;
beforeAll(async () => {
  fake = await startPostnlFake();
});
afterAll(() => fake?.close());
afterEach(() => {
  // Every label request the adapter sent had PostNL's required fields.
  expect(fake.invalid).toEqual([]);
});

// The label calls use no database; tracking and milestones are tested through the API (carriers.test.ts).
const ctx = { db: null, now: new Date('2026-11-26T10:00:00Z') } as unknown as CarrierCallContext;

function carrier(apiKey = fake.apiKey) {
  return createPostnlCarrier({
    apiUrl: fake.url,
    apiKey,
    customerCode: 'DEVC',
    customerNumber: '11223344',
    collectionLocation: '123456',
    retry: { backoffMs: 20, maxRetryAfterMs: 3000 },
  });
}

function parcel(over: Partial<ParcelRequest> = {}): ParcelRequest {
  return {
    shopOrderId: 'WEB-1001',
    orderId: '0123456789abcdef01234567',
    merchantName: 'Bakkerij Bol',
    sender: TEST_SENDER,
    recipient: {
      name: 'Peter de Ruiter',
      company: '',
      street: 'Bilderdijkstraat',
      houseNumber: '9',
      addition: 'a bis',
      zipCode: '3532 va',
      city: 'Utrecht',
      countryCode: 'NL',
      phone: '0612345678',
      email: 'peter@example.nl',
    },
    method: {
      id: 'm1',
      code: 'SMF-POSTNL-NL',
      name: 'PostNL pakket NL',
      carrier: 'postnl',
      priceCents: 695,
      countryCode: 'NL',
      productCode: '3085',
    },
    labelQuantity: 1,
    weightKg: 1.25,
    placedAt: new Date('2026-11-25T10:00:00Z'),
    ...over,
  };
}

/** The body of the last label request the fake received. */
function lastLabelRequest() {
  const r = fake.requests.filter((x) => x.path === '/shipment/v2_2/label').at(-1);
  return { query: r?.query, body: JSON.parse(r?.body ?? '{}') };
}

async function refusal(p: Promise<unknown>): Promise<OutsideServiceError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutsideServiceError);
  return err as OutsideServiceError;
}

describe('PostNL adapter against the fake (issue 14 item 1)', () => {
  it('gets a barcode, confirms the label and answers PostNL’s label carrying that barcode', async () => {
    const label = await carrier().createLabel(ctx, parcel());
    expect(label.trackingNumber).toBe(fake.barcodes.at(-1));
    expect(label.trackingNumber).toMatch(/^3SDEVC\d{9}$/);
    expect(label.trackingUrl).toBe(
      `https://jouw.postnl.nl/track-and-trace/${label.trackingNumber}-NL-3532VA`,
    );
    const pdf = await readPdf(label.labelPdf as Buffer);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(`*${label.trackingNumber}*`);
    // PostNL's landscape label is turned onto our A6 portrait page.
    const doc = await PDFDocument.load(label.labelPdf as Buffer);
    const size = doc.getPage(0).getSize();
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([298, 420]);

    const { query, body } = lastLabelRequest();
    expect(query).toEqual({ confirm: 'true' });
    expect(body.Customer).toMatchObject({
      CustomerCode: 'DEVC',
      CustomerNumber: '11223344',
      CollectionLocation: '123456',
      Address: { AddressType: '02', Zipcode: '1013AB', City: 'Amsterdam' },
    });
    expect(body.Message.Printertype).toBe('GraphicFile|PDF');
    expect(body.Shipments).toEqual([
      expect.objectContaining({
        Barcode: label.trackingNumber,
        ProductCodeDelivery: '3085',
        Reference: 'WEB-1001',
        Dimension: { Weight: '1250' },
        Addresses: [
          expect.objectContaining({
            AddressType: '01',
            Name: 'Peter de Ruiter',
            Street: 'Bilderdijkstraat',
            HouseNr: '9',
            HouseNrExt: 'a bis',
            Zipcode: '3532VA',
            Countrycode: 'NL',
          }),
        ],
      }),
    ]);
    const barcodeCall = fake.requests.filter((x) => x.path === '/shipment/v1_1/barcode').at(-1);
    expect(barcodeCall?.query).toMatchObject({
      CustomerCode: 'DEVC',
      CustomerNumber: '11223344',
      Type: '3S',
    });
    expect(barcodeCall?.headers.apikey).toBe(fake.apiKey);
  });

  it('labels several parcels as one multi-collo shipment, one page each, and on A4 frames when asked', async () => {
    const label = await carrier().createLabel(ctx, parcel({ labelQuantity: 3 }));
    const codes = fake.barcodes.slice(-3);
    expect(label.trackingNumber).toBe(codes[0]);
    const pdf = await readPdf(label.labelPdf as Buffer);
    expect(pdf.pages).toBe(3);
    codes.forEach((code, i) => {
      expect(pdf.pageTexts[i]).toContain(code);
    });
    const { body } = lastLabelRequest();
    expect(body.Shipments.map((s: { Groups: unknown[] }) => s.Groups[0])).toEqual(
      codes.map((_, i) => ({
        GroupType: '03',
        GroupSequence: String(i + 1),
        GroupCount: '3',
        MainBarcode: codes[0],
      })),
    );

    // From frame 3 of an A4 sheet: frames 3 and 4 on the first sheet, the third label on a second sheet.
    const sheets = await carrier().createLabel(ctx, parcel({ labelQuantity: 3, printFrame: 3 }));
    const doc = await PDFDocument.load(sheets.labelPdf as Buffer);
    expect(doc.getPageCount()).toBe(2);
    expect(Math.round(doc.getPage(0).getSize().height)).toBe(839);
  });

  it('refuses 6440, 6942 and 6945 abroad and multi-collo abroad before calling PostNL', async () => {
    const before = fake.requests.length;
    const abroad = { ...parcel().recipient, countryCode: 'BE', zipCode: '1000', city: 'Brussel' };
    for (const product of ['6440', '6942', '6945']) {
      const p = carrier().createLabel(
        ctx,
        parcel({ recipient: abroad, method: { ...parcel().method, productCode: product } }),
      );
      await expect(p).rejects.toThrow(HttpProblem);
      await expect(p).rejects.toThrow(/only within the Netherlands/);
    }
    await expect(
      carrier().createLabel(
        ctx,
        parcel({ recipient: abroad, labelQuantity: 2, method: { ...parcel().method, productCode: '4946' } }),
      ),
    ).rejects.toThrow(/multi-collo/);
    expect(fake.requests.length).toBe(before);
  });

  it('answers 401 for a missing or wrong API key as one OutsideServiceError', async () => {
    const err = await refusal(carrier('wrong-key').createLabel(ctx, parcel()));
    expect([err.service, err.status]).toEqual(['PostNL', 401]);
    expect(err.message).toContain('Invalid ApiKey');
    fake.inject('unauthorized');
    const again = await refusal(carrier().createLabel(ctx, parcel()));
    expect(again.status).toBe(401);
  });

  it('waits as a 429 Retry-After asks, backs off without it, and retries a 500 on the barcode call', async () => {
    fake.inject('rate-limited', { retryAfter: '1', path: /barcode/ });
    let started = Date.now();
    const waited = await carrier().createLabel(ctx, parcel());
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(waited.trackingNumber).toBe(fake.barcodes.at(-1));

    fake.inject('rate-limited', { path: /barcode/, times: 2 });
    started = Date.now();
    const backedOff = await carrier().createLabel(ctx, parcel());
    expect(Date.now() - started).toBeLessThan(900);
    expect(backedOff.trackingNumber).toBe(fake.barcodes.at(-1));

    fake.inject('server-error', { path: /barcode/ });
    const count = fake.requests.length;
    const recovered = await carrier().createLabel(ctx, parcel());
    // 500, then the barcode, then the label.
    expect(fake.requests.length - count).toBe(3);
    expect((await readPdf(recovered.labelPdf as Buffer)).text).toContain(recovered.trackingNumber);
  });

  it('never repeats the label call: a 500 there is the answer', async () => {
    fake.inject('server-error', { path: /label/ });
    const err = await refusal(carrier().createLabel(ctx, parcel()));
    expect([err.status, err.message]).toEqual([500, 'PostNL: Internal server error, please try again later']);
    expect(fake.requests.filter((r) => r.path === '/shipment/v2_2/label').at(-1)?.query).toEqual({
      confirm: 'true',
    });
  });

  it('gives up after the retries when PostNL keeps failing', async () => {
    // The first attempt and both retries fail.
    fake.inject('server-error', { path: /barcode/, times: 3 });
    const err = await refusal(carrier().createLabel(ctx, parcel()));
    expect(err.status).toBe(500);
  });

  it('reads malformed answers and label errors as clear refusals', async () => {
    fake.inject('barcode/invalid');
    const notJson = await refusal(carrier().createLabel(ctx, parcel()));
    expect(notJson.code).toBe('malformed_answer');
    expect(notJson.message).toMatch(/not JSON/);

    fake.inject('malformed', { path: /label/ });
    const shape = await refusal(carrier().createLabel(ctx, parcel()));
    expect(shape.code).toBe('malformed_answer');
    expect(shape.message).toContain('ResponseShipments');

    fake.inject('labelling/error', { path: /label/ });
    const refused = await refusal(carrier().createLabel(ctx, parcel()));
    expect([refused.code, refused.message]).toEqual([
      'label_111',
      'PostNL: No label available, Direct Infeed',
    ]);
  });

  it('times out a call that takes too long', async () => {
    const slow = createPostnlCarrier({
      apiUrl: fake.url,
      apiKey: fake.apiKey,
      customerCode: 'DEVC',
      customerNumber: '11223344',
      collectionLocation: '123456',
      retry: { timeoutMs: 200, retries: 0 },
    });
    fake.inject('slow', { path: /barcode/, delayMs: 600 });
    const err = await refusal(slow.createLabel(ctx, parcel()));
    expect([err.code, err.status]).toEqual(['timeout', null]);
  });

  it('tracks a parcel: PostNL’s events oldest first with the screens’ codes', async () => {
    const events = await carrier().track(ctx, '3SDEVC123456789');
    // By their time stamps: the recording's J01 (sorted) carries the day before A01's.
    expect(events.map((e) => e.code)).toEqual(['J01', 'A01', 'B01', 'J05', 'I11']);
    expect(events.map((e) => e.at.toISOString())).toEqual([
      '2021-03-25T08:30:58.000Z',
      '2021-03-25T11:11:10.000Z',
      '2021-03-26T00:15:18.000Z',
      '2021-03-26T08:44:45.000Z',
      '2021-03-26T14:06:53.000Z',
    ]);
    expect(events[1]?.description).toBe('Pakket is nog niet door PostNL ontvangen of verwerkt');
    expect(events[4]?.description).toBe('Zending is bezorgd');
    const status = fake.requests.at(-1);
    expect([status?.path, status?.query.detail]).toEqual([
      '/shipment/v2/status/barcode/3SDEVC123456789',
      'true',
    ]);
  });

  it('maps PostNL codes and reads its time stamps in Amsterdam time', () => {
    expect(mapPostnlEvent('01B', 'Zending is bezorgd')).toBe('I11');
    expect(mapPostnlEvent('01B', 'Zending is bij PostNL')).toBe('B01');
    expect(mapPostnlEvent('01A', 'Zending wordt verwacht')).toBe('A01');
    expect(mapPostnlEvent('J05', 'Bezorger is onderweg')).toBe('J05');
    expect(mapPostnlEvent('X99', 'iets anders')).toBe('X99');
    expect(postnlTime('26-03-2021 15:06:53')?.toISOString()).toBe('2021-03-26T14:06:53.000Z');
    expect(postnlTime('07-07-2021 10:00:00.123')?.toISOString()).toBe('2021-07-07T08:00:00.000Z');
    expect(postnlTime('2021-03-26')).toBeNull();
  });
});
