import type { Order } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  editBlocked,
  editBody,
  editTitle,
  firstEditProblem,
  formFromOrder,
} from './order-edit.rules.ts';

const order = {
  id: 'a'.repeat(24),
  status: 'open',
  isFulfilledBySF: false,
  shipmentDetails: { firstName: 'Sanne', surname: 'de Boer', streetName: 'Keizersgracht', houseNumber: '1' },
  products: [
    {
      id: 'l'.repeat(24),
      product_id: 'p'.repeat(24),
      ean: '8710000000001',
      title: 'Brood',
      quantity: 2,
      picked_quantity: 1,
    },
  ],
} as unknown as Order;

describe('order edit rules (spec 1 §2 Edit order, §5)', () => {
  it('starts from the order with empty strings for a missing addition and country', () => {
    const f = formFromOrder(order);
    expect(f.address).toMatchObject({ houseNumberExtension: '', countryCode: '', firstName: 'Sanne' });
    expect(f.lines).toEqual([
      {
        key: 'l'.repeat(24),
        id: 'l'.repeat(24),
        product_id: 'p'.repeat(24),
        ean: '8710000000001',
        title: 'Brood',
        quantity: 2,
        picked: 1,
        cancellation: null,
      },
    ]);
    // A line the customer asked to cancel, and one cancelled at that request (ADR 0128), keep saying so.
    const line = order.products[0] as Order['products'][number];
    const asked = formFromOrder({
      ...order,
      products: [
        { ...line, cancellationRequest: true },
        { ...line, cancellationRequest: true, cancelled: true },
      ],
    });
    expect(asked.lines.map((l) => l.cancellation)).toEqual(['requested', 'cancelled']);
  });
  it('adds a searched product as a new line, a second time one more', () => {
    const f = formFromOrder(order);
    const once = addProduct(f.lines, { id: 'q'.repeat(24), ean: '1', name: 'Koek' });
    const twice = addProduct(once, { id: 'q'.repeat(24), ean: '1', name: 'Koek' });
    expect(twice.map((l) => [l.title, l.quantity])).toEqual([
      ['Brood', 2],
      ['Koek', 2],
    ]);
    expect(editBody(f.address, twice).products).toEqual([
      { id: 'l'.repeat(24), product_id: 'p'.repeat(24), quantity: 2 },
      { product_id: 'q'.repeat(24), quantity: 2 },
    ]);
  });
  it('blocks shipped, cancelled and provider-fulfilled orders and cuts titles at 50', () => {
    expect(editBlocked(order)).toBeNull();
    expect(editBlocked({ ...order, isFulfilledBySF: true })).toBe('provider');
    expect(editBlocked({ ...order, status: 'shipped' })).toBe('shipped');
    expect(editTitle('x'.repeat(60))).toHaveLength(50);
    expect(editTitle('kort')).toBe('kort');
  });
});

describe('firstEditProblem (spec 1 §5 order form messages, in their order)', () => {
  const ok = {
    firstName: 'Sanne',
    surname: 'de Boer',
    email: '',
    streetName: 'Keizersgracht',
    houseNumber: '1',
    houseNumberExtension: '',
    zipCode: '1015 CJ',
    city: 'Amsterdam',
    countryCode: 'NL',
  };
  const line = formFromOrder(order).lines;
  it('asks for the first missing field in the spec’s order', () => {
    expect(firstEditProblem(ok, line)).toBeNull();
    expect(firstEditProblem(ok, [])).toBe('addProduct');
    expect(firstEditProblem({ ...ok, surname: '', city: '' }, line)).toBe('addSurname');
    expect(firstEditProblem({ ...ok, countryCode: '', zipCode: '' }, line)).toBe('addCountry');
    expect(firstEditProblem({ ...ok, streetName: ' ' }, line)).toBe('addStreet');
    expect(firstEditProblem({ ...ok, email: 'sanne@' }, line)).toBe('invalidEmail');
  });

  it("refuses a postcode that does not fit the country, as the import does (QA sweep 2026-12-05: '12' was saved for NL)", () => {
    expect(firstEditProblem({ ...ok, zipCode: '12' }, line)).toBe('invalidPostcode');
    expect(firstEditProblem({ ...ok, zipCode: '1015' }, line)).toBe('invalidPostcode');
    expect(firstEditProblem({ ...ok, zipCode: '1015cj' }, line)).toBeNull();
    expect(firstEditProblem({ ...ok, countryCode: 'BE', zipCode: '2000' }, line)).toBeNull();
    expect(firstEditProblem({ ...ok, countryCode: 'BE', zipCode: '1015 CJ' }, line)).toBe('invalidPostcode');
    expect(firstEditProblem({ ...ok, countryCode: 'DE', zipCode: '10115' }, line)).toBeNull();
    // The postcode comes before the house number in spec 1 §5's order.
    expect(firstEditProblem({ ...ok, zipCode: '12', houseNumber: '' }, line)).toBe('invalidPostcode');
  });
});
