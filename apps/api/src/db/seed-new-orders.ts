import { randomUUID } from 'node:crypto';
import { APP_HEADER, type CreateOrderBody, type CreateOrderResult, minDeliveryDate } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { renderPdf } from '../lib/pdf/pdf.ts';
import type { Db } from './client.ts';
import { demoShopsWithStock } from './seed-orders.ts';

/** What {@link seedLiveNewOrders} made. */
export interface LiveNewOrdersResult {
  manual: number;
  b2b: number;
  attachments: number;
}

/** The demo's instruction PDF: what a merchant attaches for the packer (a customer's own packing slip). */
function demoInstructionPdf(orderNote: string): Promise<Buffer> {
  return renderPdf({ title: 'Pakbon van de klant', subject: orderNote }, (doc) => {
    doc.addPage({ size: 'A4', margin: 56 });
    doc.font('Helvetica-Bold').fontSize(20).text('Pakbon van de klant');
    doc.moveDown(0.5).font('Helvetica').fontSize(11).text(orderNote);
    doc
      .moveDown()
      .text('Graag deze pakbon bovenop in de doos leggen, met de bedrukte kant naar boven.')
      .moveDown()
      .text('Met vriendelijke groet,\nBakkerij Bol');
  });
}

async function post<T>(app: FastifyInstance, cookie: string, url: string, payload: unknown): Promise<T> {
  const res = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'demo', 'idempotency-key': randomUUID() },
    payload: payload as object,
  });
  if (res.statusCode >= 300)
    throw new Error(`demo POST ${url} failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as T;
}

/** Uploads PDFs as the wizard does: multipart `files[]` with the instruction text. */
async function attach(
  app: FastifyInstance,
  cookie: string,
  orderId: string,
  name: string,
  pdf: Buffer,
  text: string,
) {
  const form = new FormData();
  form.append('instructions', text);
  form.append('files[]', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
  const req = new Request('http://demo/', { method: 'POST', body: form });
  const res = await app.inject({
    method: 'POST',
    url: `/api/order_attachments/${orderId}`,
    headers: {
      cookie,
      [APP_HEADER]: 'demo',
      'content-type': req.headers.get('content-type') as string,
    },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  if (res.statusCode >= 300)
    throw new Error(`demo attachment upload failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
}

const address = (o: Partial<CreateOrderBody['shipment_details']>): CreateOrderBody['shipment_details'] => ({
  countryCode: 'NL',
  ...o,
});

/**
 * Orders made by the new order wizard's calls (issue 13 item 1, spec 1 §2 New order wizard), so the open orders list
 * and the pick list show them on a fresh start: Bakkerij Bol makes a replacement for a customer with a PDF
 * attachment and its instruction, a manual order for a damaged parcel, and a B2B pallet order to a shop (delivery
 * five days out); Stroopwafel & Co a manual webshop order. Each takes products with stock, so each is on the pick
 * list. Made through `POST /orders` and `POST /order_attachments` as the merchants' owners; throws when a call fails.
 */
export async function seedLiveNewOrders(app: FastifyInstance, db: Db): Promise<LiveNewOrdersResult> {
  const made: LiveNewOrdersResult = { manual: 0, b2b: 0, attachments: 0 };
  const method = await db.query<{ code: string }>(
    `SELECT code FROM shipment_methods WHERE active AND price_cents > 0 AND (country_code IS NULL OR country_code = 'NL')
     ORDER BY is_default DESC, (carrier = 'local') DESC, price_cents LIMIT 1`,
  );
  const ship = method.rows[0]?.code ?? 'OWN-SHIPMENT';
  for (const { key, cookie, products } of await demoShopsWithStock(app, db, 4)) {
    const [p1, p2, p3] = products;
    if (!p1) continue;
    const create = (body: CreateOrderBody) => post<CreateOrderResult>(app, cookie, '/orders', body);
    if (key === 'bolOwner') {
      const instructions = 'Pakbon van de klant bovenop in de doos leggen.';
      const replacement = await create({
        order_type: 'manual_order',
        products: [{ product_id: p1, quantity: 1 }, ...(p2 ? [{ product_id: p2, quantity: 2 }] : [])],
        shipment_details: address({
          name: 'Sanne',
          surename: 'de Boer',
          streetname: 'Keizersgracht',
          housenumber: '125',
          houseNumberExtension: 'A',
          postalcode: '1015 CJ',
          city: 'Amsterdam',
          email: 'sanne.deboer@example.nl',
          phone: '06 1234 5678',
        }),
        ship_option: ship,
        type: 'wrong_product',
        remark: 'Vervanging: de klant kreeg het verkeerde product.',
        attachments: { available: true, instructions },
      });
      await attach(
        app,
        cookie,
        replacement.order_id,
        'pakbon-klant.pdf',
        await demoInstructionPdf(`Order ${replacement.orderId}`),
        instructions,
      );
      made.manual++;
      made.attachments++;
      await create({
        order_type: 'manual_order',
        products: [{ product_id: p3 ?? p1, quantity: 1 }],
        shipment_details: address({
          name: 'Pieter',
          surename: 'Jansen',
          streetname: 'Oudegracht',
          housenumber: '42',
          postalcode: '3511 AR',
          city: 'Utrecht',
          email: 'pieter.jansen@example.nl',
        }),
        ship_option: ship,
        type: 'damaged_product',
      });
      made.manual++;
      await create({
        order_type: 'b2b_order',
        products: [{ product_id: p1, quantity: 6 }, ...(p2 ? [{ product_id: p2, quantity: 4 }] : [])],
        shipment_details: address({
          name: 'Femke',
          surename: 'Visser',
          company: 'Lunchroom De Zoete Inval',
          streetname: 'Grote Markt',
          housenumber: '7',
          postalcode: '9711 LV',
          city: 'Groningen',
          email: 'inkoop@dezoeteinval.example',
          phone: '050 123 4567',
        }),
        ship_option: ship,
        type: 'webshop_order',
        shipmentType: 'drop_off',
        deliveryUnit: 'pallet',
        deliveryBoxes: 1,
        deliveryDateTime: minDeliveryDate(new Date(Date.now() + 2 * 86_400_000)),
      });
      made.b2b++;
    } else {
      await create({
        order_type: 'manual_order',
        products: [{ product_id: p1, quantity: 3 }],
        shipment_details: address({
          name: 'Lotte',
          surename: 'Bakker',
          streetname: 'Lange Voorhout',
          housenumber: '9',
          postalcode: '2514 EA',
          city: 'Den Haag',
          email: 'lotte.bakker@example.nl',
        }),
        ship_option: ship,
        type: 'webshop_order',
      });
      made.manual++;
    }
  }
  return made;
}
