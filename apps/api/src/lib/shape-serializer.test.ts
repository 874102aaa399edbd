import { OpenOrdersSchema, PickItemOrdersResponseSchema, PickListResponseSchema } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import { shapeSerializer } from './shape-serializer.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');

/** What zod's serializer (fastify-type-provider-zod) writes for `data`. */
function zodText(schema: z.ZodType, data: unknown): string {
  const r = safeEncode(schema as never, data as never);
  if (!r.success) throw r.error;
  return JSON.stringify(r.data);
}

describe('shapeSerializer (ADR 0065)', () => {
  it('writes a pick list page as zod does, leaving out keys the contract does not declare', () => {
    const item = {
      id: `${id(1)}:${id(2)}`,
      product__id: id(1),
      product__name: 'Speculaas "extra" \u2028 €',
      product__stock: -2,
      product__note: null,
      pick_note: 'voorzichtig',
      needs_recount: true,
      rack: 'A-01',
      rack_parent: null,
      loc_number: 3,
      loc_id: id(2),
      prod__loc_id: null,
      qty: 7,
      round_orders: 30,
      more_orders: 4,
      more_qty: 9,
      ean: '8712345678901',
      image: null,
      org_id: id(9),
      org_name: 'Bakkerij Bol',
      order_id: 'HOT-1',
      orders: [
        { order_line_id: id(5), order_id: id(6), shop_order_id: 'HOT-1', qty: 2, placed_at: new Date() },
      ],
      other_locations: [{ loc_id: id(3), rack: 'B-02', rack_parent: 'Hal 1', stock: 5, position: 2 }],
      // A database row's extra columns must not travel.
      total: 12,
      loc_sequence: 3,
    };
    // `round_orders` absent stays absent.
    const { round_orders: _r, ...older } = item;
    const page = { items: [item, older], total: 2, skip: 0, limit: 200, secret: 'x' };
    const text = shapeSerializer(PickListResponseSchema)(page);
    expect(text).toBe(zodText(PickListResponseSchema, page));
    expect(text).not.toContain('placed_at');
    expect(text).not.toContain('loc_sequence');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('position');
  });

  it('fills in a default where the answer leaves the value out (zod refuses that answer)', () => {
    const schema = z.object({ list: z.array(z.string()).default([]), n: z.number() });
    expect(shapeSerializer(schema)({ n: 1 })).toBe('{"list":[],"n":1}');
  });

  it('writes the rounds and an open-orders page (nested objects, optional and nullable parts) as zod does', () => {
    const rounds = {
      items: [
        {
          id: `${id(1)}:none`,
          total: 1,
          orders: [{ order_line_id: id(5), order_id: id(6), shop_order_id: 'A', qty: 1 }],
        },
      ],
      skip: 0,
      limit: 30,
    };
    expect(shapeSerializer(PickItemOrdersResponseSchema)(rounds)).toBe(
      zodText(PickItemOrdersResponseSchema, rounds),
    );
    const line = {
      id: id(11),
      product_id: id(12),
      ean: '871',
      title: 'Brood',
      quantity: 2,
      picked_quantity: 0,
      picked: false,
      pick_location: { id: id(13), name: 'A-01', sequence: 4 },
      group_location: null,
      img_url: null,
      pack_note: null,
      pick_note: null,
      cancellationRequest: false,
      position: 0,
      bundle: null,
      added_by_rule: false,
    };
    const order = {
      id: id(20),
      orderId: 'HOT-20',
      org: id(9),
      org_name: 'Bakkerij Bol',
      platform: 'import',
      order_type: 'manual_order',
      status: 'open',
      reason: null,
      orderPlacedDateTime: '2026-11-28T10:00:00.000Z',
      deliveryDateTime: null,
      fulfilledDateTime: null,
      // Stored JSON may hold keys of older imports; the contract lists the ones that travel.
      shipmentDetails: { firstName: 'Klant', city: 'Gouda', legacyField: 'weg' },
      notes_text: null,
      notes_color: 'red',
      notes_notify: false,
      selected_ship_option: null,
      selected_packaging_option: null,
      label_quantity: 1,
      label: false,
      shipped: false,
      track_trace: null,
      used_shipment_method: null,
      isFulfilledBySF: false,
      products: [line],
    };
    const open = {
      groups: [
        { location: { id: id(13), name: 'A-01' }, count: 1, orders: [order] },
        { location: null, count: 0, orders: [] },
      ],
      total: 1,
      matching: 1,
      matching_capped: false,
    };
    const text = shapeSerializer(OpenOrdersSchema)(open);
    expect(text).toBe(zodText(OpenOrdersSchema, open));
    expect(text).not.toContain('legacyField');
    expect(text).not.toContain('"sequence"');
  });

  it('hands parts it cannot copy (a union, a record) to zod, which still refuses a wrong value', () => {
    const schema = z.object({
      a: z.union([z.string(), z.object({ b: z.number() })]),
      c: z.record(z.string(), z.number()),
    });
    const write = shapeSerializer(schema);
    expect(write({ a: { b: 1, x: 2 }, c: { k: 3 }, d: 4 })).toBe('{"a":{"b":1},"c":{"k":3}}');
    expect(() => write({ a: 5, c: {} })).toThrow();
    expect(() => write({ a: 'x', c: { k: 'three' } })).toThrow();
  });
});
