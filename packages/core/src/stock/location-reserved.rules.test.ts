import { describe, expect, it } from 'vitest';
import { ApiError } from '../client/request.ts';
import { locationReservation, reservedTextOptions } from './location-reserved.rules.ts';

const own = {
  statusCode: 409,
  code: 'location_reserved',
  message: 'Location R-01-05 is reserved for Aardbeienjam (SKU JAM-250) of inbound IN-0000000A: …',
  issues: [
    {
      path: 'location',
      message: '…',
      code: 'location_reserved',
      values: { location: 'R-01-05', inbound: 'IN-0000000A', product: 'Aardbeienjam', sku: 'JAM-250' },
    },
  ],
};

describe('locationReservation (what a 409 location_reserved names)', () => {
  it("names the caller's own shop's inbound and product, the SKU in brackets", () => {
    expect(locationReservation(own)).toEqual({
      shop: 'own',
      location: 'R-01-05',
      inbound: 'IN-0000000A',
      product: 'Aardbeienjam (JAM-250)',
    });
    const noSku = { ...own.issues[0], values: { ...own.issues[0]?.values, sku: undefined } };
    expect(locationReservation({ issues: [noSku] })?.product).toBe('Aardbeienjam');
  });

  it("names only the bin for another shop's inbound", () => {
    const other = { ...own.issues[0], values: { location: 'R-01-05' } };
    expect(locationReservation({ issues: [other] })).toEqual({ shop: 'other', location: 'R-01-05' });
  });

  it('reads a failed call (ApiError) and a stored rejection alike; null without the coded issue', () => {
    expect(locationReservation(new ApiError(409, own, 'x'))?.inbound).toBe('IN-0000000A');
    expect(locationReservation({ status: 409, code: 'location_reserved', message: 'x' })).toBeNull();
    expect(locationReservation({ issues: [{ path: 'location_products.a.b', message: 'x' }] })).toBeNull();
    expect(locationReservation(new Error('offline'))).toBeNull();
    expect(locationReservation(null)).toBeNull();
  });

  it('gives i18next the values and the shop as context, and nothing without a reservation', () => {
    expect(reservedTextOptions({ shop: 'other', location: 'R-01-05' })).toEqual({
      shop: 'other',
      location: 'R-01-05',
      context: 'other',
    });
    expect(reservedTextOptions(null)).toEqual({});
  });
});
