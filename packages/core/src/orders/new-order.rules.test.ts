import { describe, expect, it } from 'vitest';
import {
  deliveryDateOk,
  firstNewOrderProblem,
  isPdfBytes,
  minDeliveryDate,
  type NewOrderDraft,
  shipmentMethodChoices,
} from './new-order.rules.ts';

const ADDRESS = {
  name: 'Sanne',
  surename: 'de Boer',
  countryCode: 'NL',
  postalcode: '1015 CJ',
  housenumber: '125',
  streetname: 'Keizersgracht',
  city: 'Amsterdam',
  email: 'sanne@example.nl',
};

const draft = (over: Partial<NewOrderDraft> = {}): NewOrderDraft => ({
  order_type: 'manual_order',
  products: [{ quantity: 1 }],
  address: ADDRESS,
  ship_option: 'OWN-SHIPMENT',
  reason: 'webshop_order',
  attachments: { text: '', files: 0 },
  ...over,
});

// 2026-03-02 12:00 in Amsterdam.
const NOW = new Date('2026-03-02T11:00:00Z');

describe('firstNewOrderProblem (spec 1 §5: checked in this order)', () => {
  it('passes a complete order', () => {
    expect(firstNewOrderProblem(draft(), 'create', { now: NOW })).toBeNull();
  });

  it('names the first failure in the spec order: products, first name, surname, country, postcode, house number, street, city, email', () => {
    const empty = draft({ products: [], address: {}, ship_option: null, reason: null });
    const order: string[] = [];
    let d = empty;
    const fill: Record<string, (x: NewOrderDraft) => NewOrderDraft> = {
      products: (x) => ({ ...x, products: [{ quantity: 1 }] }),
      firstName: (x) => ({ ...x, address: { ...x.address, name: 'Sanne' } }),
      surname: (x) => ({ ...x, address: { ...x.address, surename: 'de Boer' } }),
      country: (x) => ({ ...x, address: { ...x.address, countryCode: 'NL' } }),
      postalCode: (x) => ({ ...x, address: { ...x.address, postalcode: '1015CJ' } }),
      houseNumber: (x) => ({ ...x, address: { ...x.address, housenumber: '1' } }),
      street: (x) => ({ ...x, address: { ...x.address, streetname: 'Dam' } }),
      city: (x) => ({ ...x, address: { ...x.address, city: 'Amsterdam' } }),
      email: (x) => ({ ...x, address: { ...x.address, email: 'a@b.nl' } }),
      shipmentMethod: (x) => ({ ...x, ship_option: 'OWN-SHIPMENT' }),
      reason: (x) => ({ ...x, reason: 'wrong_product' }),
    };
    for (let i = 0; i < 20; i++) {
      const p = firstNewOrderProblem(d, 'create', { now: NOW });
      if (!p) break;
      order.push(p);
      const step = fill[p];
      if (!step) throw new Error(`no fill for ${p}`);
      d = step(d);
    }
    expect(order).toEqual([
      'products',
      'firstName',
      'surname',
      'country',
      'postalCode',
      'houseNumber',
      'street',
      'city',
      'email',
      'shipmentMethod',
      'reason',
    ]);
  });

  it('checks only as far as the stage: the address step does not ask for a shipment method', () => {
    const d = draft({ ship_option: null, reason: null });
    expect(firstNewOrderProblem(d, 'address', { now: NOW })).toBeNull();
    expect(firstNewOrderProblem(d, 'create', { now: NOW })).toBe('shipmentMethod');
    expect(firstNewOrderProblem(draft({ products: [] }), 'products')).toBe('products');
  });

  it('checks formats after presence: Dutch postcode, house number ≥ 1, e-mail, phone when given', () => {
    const a = (x: Record<string, string>) => draft({ address: { ...ADDRESS, ...x } });
    expect(firstNewOrderProblem(a({ postalcode: '1015' }), 'address')).toBe('postalCodeFormat');
    expect(firstNewOrderProblem(a({ housenumber: '0' }), 'address')).toBe('houseNumberFormat');
    expect(firstNewOrderProblem(a({ email: 'x@y' }), 'address')).toBe('emailFormat');
    expect(firstNewOrderProblem(a({ phone: 'call me' }), 'address')).toBe('phoneFormat');
    expect(firstNewOrderProblem(a({ phone: '+31 (0)6-1234 5678' }), 'address')).toBeNull();
  });

  it('wants attachment text and files together', () => {
    expect(firstNewOrderProblem(draft({ attachments: { text: 'Pakbon', files: 0 } }), 'create')).toBe(
      'attachmentFiles',
    );
    expect(firstNewOrderProblem(draft({ attachments: { text: ' ', files: 2 } }), 'create')).toBe(
      'attachmentText',
    );
    expect(firstNewOrderProblem(draft({ attachments: { text: 'Pakbon', files: 1 } }), 'create')).toBeNull();
  });

  it('asks B2B-like orders for a count ≥ 1 and a delivery date at least 3 days out, right after the products', () => {
    const b2b = (delivery: NewOrderDraft['delivery']) =>
      draft({ order_type: 'b2b_order', delivery, address: {} });
    expect(firstNewOrderProblem(b2b({ count: 0, date: '2026-03-05' }), 'create', { now: NOW })).toBe(
      'deliveryCount',
    );
    expect(firstNewOrderProblem(b2b({ count: 2, date: '2026-03-04' }), 'delivery', { now: NOW })).toBe(
      'deliveryDate',
    );
    expect(firstNewOrderProblem(b2b({ count: 2, date: '2026-03-05' }), 'delivery', { now: NOW })).toBeNull();
    // A manual order has no box/pallet step.
    expect(firstNewOrderProblem(draft({ delivery: { count: 0 } }), 'create', { now: NOW })).toBeNull();
  });
});

describe('delivery date (spec 1 §9: today plus 3 days)', () => {
  it('counts Amsterdam days', () => {
    expect(minDeliveryDate(NOW)).toBe('2026-03-05');
    // 23:30 UTC on 1 March is already 2 March in Amsterdam.
    expect(minDeliveryDate(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-05');
    expect(deliveryDateOk('2026-03-05T00:00:00+01:00', NOW)).toBe(true);
    expect(deliveryDateOk('', NOW)).toBe(false);
  });
});

describe('shipmentMethodChoices (spec 1 §5 Shipment method choices)', () => {
  const m = (code: string, price_cents: number, country_code: string | null, active = true) => ({
    code,
    price_cents,
    country_code,
    active,
  });
  it('keeps paid methods and own shipment, for the country or every country, cheapest first', () => {
    const methods = [
      m('SMF-POSTNL-NL', 695, 'NL'),
      m('SMF-POSTNL-BE', 895, 'BE'),
      m('OWN-SHIPMENT', 0, null),
      m('FREE', 0, null),
      m('SMF-STAMP1-INTL', 210, null),
      m('OFF', 100, 'NL', false),
    ];
    expect(shipmentMethodChoices(methods, 'nl').map((x) => x.code)).toEqual([
      'OWN-SHIPMENT',
      'SMF-STAMP1-INTL',
      'SMF-POSTNL-NL',
    ]);
    expect(shipmentMethodChoices(methods, 'BE').map((x) => x.code)).toEqual([
      'OWN-SHIPMENT',
      'SMF-STAMP1-INTL',
      'SMF-POSTNL-BE',
    ]);
  });
});

describe('isPdfBytes', () => {
  it('reads the %PDF- signature, not the name', () => {
    expect(isPdfBytes(new TextEncoder().encode('%PDF-1.7\n'))).toBe(true);
    expect(isPdfBytes(new TextEncoder().encode('PK\u0003\u0004'))).toBe(false);
    expect(isPdfBytes(new Uint8Array())).toBe(false);
  });
});
