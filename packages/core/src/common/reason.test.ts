import { describe, expect, it } from 'vitest';
import { StoreApiBodySchema } from '../connections/connection.schema.ts';
import { InvoicePeriodSchema } from '../invoices/invoice.schema.ts';
import { PickListQuerySchema } from '../pick/pick.schema.ts';
import { LocationBulkBodySchema, TransferBodySchema } from '../stock/location.schema.ts';
import { zodIssueCode } from './reason.ts';

/** Each refusal of `schema` for `input`, coded as the API and a form code it (path: code and values). */
function codes(schema: { safeParse: (v: unknown) => { error?: { issues: unknown[] } } }, input: unknown) {
  const issues = (schema.safeParse(input).error?.issues ?? []) as Parameters<typeof zodIssueCode>[0][];
  return Object.fromEntries(issues.map((i) => [i.path.join('.'), zodIssueCode(i, input)]));
}

describe('rules across fields coded (core VALIDATION_REASON_CODES, ADR 0127)', () => {
  it("codes a period's end before its start and a period too long, naming the start as the other field", () => {
    expect(codes(InvoicePeriodSchema, { start: '2026-03-02', end: '2026-03-01' })).toEqual({
      end: { code: 'range_reversed', values: { field: 'end', other: 'start', value: '2026-03-01' } },
    });
    expect(codes(InvoicePeriodSchema, { start: '2026-01-01', end: '2026-06-30' })).toEqual({
      end: { code: 'range_too_long', values: { field: 'end', limit: 92, value: '2026-06-30' } },
    });
  });

  it('codes bins from high to low, too many at once, one of two fields and two that exclude each other', () => {
    const rack = '0123456789abcdef01234567';
    expect(codes(LocationBulkBodySchema, { parent_id: rack, from: 5, to: 1 })).toEqual({
      to: { code: 'range_reversed', values: { field: 'to', other: 'from', value: '1' } },
    });
    expect(codes(LocationBulkBodySchema, { parent_id: rack, from: 1, to: 5000 }).to).toMatchObject({
      code: 'too_many_at_once',
    });
    expect(codes(TransferBodySchema, {})).toEqual({
      location_id: { code: 'one_of_fields', values: { field: 'location_id', other: 'rack_number' } },
    });
    expect(codes(PickListQuerySchema, { single_orders: 'true', multi_orders: 'true' }).single_orders).toEqual(
      {
        code: 'excludes',
        values: { field: 'single_orders', other: 'multi_orders', value: 'true' },
      },
    );
  });

  it("codes a connection's conditional fields as missing and a URL on a carrier as excluded by the platform", () => {
    expect(codes(StoreApiBodySchema, { api_name: 'PostNL', platform: 'postnl', secret: 's' })).toEqual({
      api_key: { code: 'missing', values: { field: 'api_key' } },
      'settings.customer_code': { code: 'missing', values: { field: 'customer_code' } },
      'settings.customer_number': { code: 'missing', values: { field: 'customer_number' } },
      'settings.collection_location': { code: 'missing', values: { field: 'collection_location' } },
    });
    expect(
      codes(StoreApiBodySchema, {
        api_name: 'DHL',
        platform: 'dhl',
        api_key: 'k',
        secret: 's',
        url: 'https://a.nl',
      }).url,
    ).toEqual({ code: 'excludes', values: { field: 'url', other: 'platform', value: 'https://a.nl' } });
  });
});
