import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BolFake, startBolFake } from './bol-fake.ts';
import { type PostnlFake, startPostnlFake } from './postnl-fake.ts';
import { parseRecording, recording } from './recordings.ts';

describe('recorded answers (../shared/contracts/**.http)', () => {
  it('parses status, headers and body', () => {
    const r = recording('bol/fixtures/429-too-many-requests.http');
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('4');
    expect(JSON.parse(r.body)).toMatchObject({ title: 'Too Many Requests', status: 429 });
    expect(() => parseRecording('not a recording')).toThrow('Not a recorded HTTP answer');
  });
});

describe('bol fake', () => {
  let fake: BolFake;
  let token: string;
  const V10 = 'application/vnd.retailer.v10+json';
  beforeAll(async () => {
    fake = await startBolFake();
    const basic = Buffer.from(`${fake.credentials.clientId}:${fake.credentials.clientSecret}`).toString(
      'base64',
    );
    const r = await fetch(`${fake.url}/token?grant_type=client_credentials`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
    });
    token = ((await r.json()) as { access_token: string }).access_token;
  });
  afterAll(() => fake?.close());
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${fake.url}${path}`, { headers: { authorization: `Bearer ${token}`, accept: V10, ...headers } });

  it('answers the recorded reduced orders list and builds details of listed orders in the recorded shape', async () => {
    const list = (await (await get('/retailer/orders?fulfilment-method=FBR&status=OPEN')).json()) as {
      orders: { orderId: string }[];
    };
    expect(list.orders.map((o) => o.orderId)).toEqual([
      '1043946570',
      '1042831430',
      'A4K8290LP0',
      'B3K8290LP0',
    ]);
    const details = (await (await get('/retailer/orders/1042831430')).json()) as {
      orderItems: { orderItemId: string }[];
    };
    expect(details.orderItems.map((i) => i.orderItemId)).toEqual(['6107331382', '6107331383']);
    expect((await get('/retailer/orders/nope')).status).toBe(404);
  });

  it('refuses what retailer.v10.json refuses: a bad query value, a wrong Accept header, a bad body', async () => {
    const before = fake.invalid.length;
    expect((await get('/retailer/orders?fulfilment-method=SOMETIMES')).status).toBe(400);
    expect((await get('/retailer/orders', { accept: 'application/json' })).status).toBe(400);
    const post = await fetch(`${fake.url}/retailer/offers/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: V10, 'content-type': V10 },
      body: JSON.stringify({ format: 'XLS' }),
    });
    expect(post.status).toBe(400);
    expect(fake.invalid.length - before).toBe(3);
    fake.invalid.length = before;
  });

  it('answers the recorded 401s, and injected error recordings on demand', async () => {
    expect((await get('/retailer/orders', { authorization: 'Bearer wrong' })).status).toBe(401);
    fake.expireTokens();
    const expired = await get('/retailer/orders');
    expect([expired.status, ((await expired.json()) as { title: string }).title]).toEqual([
      401,
      'Expired JWT',
    ]);
  });
});

describe('PostNL fake', () => {
  let fake: PostnlFake;
  beforeAll(async () => {
    fake = await startPostnlFake();
  });
  afterAll(() => fake?.close());

  it('answers barcode, label and status from the recordings, 401 without the apikey, errors on demand', async () => {
    const h = { apikey: fake.apiKey };
    const barcode = (await (
      await fetch(`${fake.url}/shipment/v1_1/barcode?CustomerCode=DEVC&CustomerNumber=11223344&Type=3S`, {
        headers: h,
      })
    ).json()) as { Barcode: string };
    expect(barcode.Barcode).toMatch(/^3SDEVC\d{9}$/);
    expect(fake.barcodes).toEqual([barcode.Barcode]);
    const shipment = {
      Addresses: [{ AddressType: '01', Zipcode: '3532VA', City: 'Utrecht', Countrycode: 'NL' }],
      Barcode: barcode.Barcode,
      ProductCodeDelivery: '3085',
    };
    const customer = { CustomerCode: 'DEVC', CustomerNumber: '11223344', CollectionLocation: '123456' };
    const label = (await (
      await fetch(`${fake.url}/shipment/v2_2/label?confirm=true`, {
        method: 'POST',
        headers: h,
        body: JSON.stringify({
          Customer: customer,
          Message: { Printertype: 'GraphicFile|PDF' },
          Shipments: [shipment],
        }),
      })
    ).json()) as { ResponseShipments: { Barcode: string; Labels: { Content: string }[] }[] };
    expect(label.ResponseShipments[0]?.Barcode).toBe(barcode.Barcode);
    const pdf = Buffer.from(label.ResponseShipments[0]?.Labels[0]?.Content ?? '', 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(fake.invalid).toEqual([]);
    // A label request without the product code is refused as PostNL would, and listed.
    const refused = await fetch(`${fake.url}/shipment/v2_2/label`, {
      method: 'POST',
      headers: h,
      body: JSON.stringify({
        Customer: customer,
        Message: { Printertype: 'GraphicFile|PDF' },
        Shipments: [{ ...shipment, ProductCodeDelivery: undefined }],
      }),
    });
    expect(refused.status).toBe(400);
    expect(fake.invalid.map((i) => i.reason)).toEqual([
      'Shipments[0].ProductCodeDelivery must be a 4-digit product code',
    ]);
    const status = (await (
      await fetch(`${fake.url}/shipment/v2/status/barcode/3SDEVC302392342`, { headers: h })
    ).json()) as {
      CurrentStatus: { Shipment: { Barcode: string } };
    };
    expect(status.CurrentStatus.Shipment.Barcode).toBe('3SDEVC302392342');
    expect((await fetch(`${fake.url}/shipment/v1_1/barcode`)).status).toBe(401);
    fake.inject('labelling/error');
    const failed = (await (
      await fetch(`${fake.url}/shipment/v2_2/label`, { method: 'POST', headers: h, body: '{}' })
    ).json()) as {
      ResponseShipments: { Errors: { Description: string }[] }[];
    };
    expect(failed.ResponseShipments[0]?.Errors[0]?.Description).toBe('No label available, Direct Infeed');
    fake.inject('rate-limited', { retryAfter: '1' });
    const limited = await fetch(`${fake.url}/shipment/v1_1/barcode`, { headers: h });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);
  });
});
