import type { ProductCard } from '@hoppa/core';

const hex = (n: number) => n.toString(16).padStart(24, '0');

/**
 * A `GET /product/{id}` answer for the product card's tests: Ontbijtkoek (id 1, EAN 8712345678906, SKU OK-1,
 * fulfilled by the warehouse, stock 12, one surcharge), with `over` on top.
 */
export function productCard(over: Partial<ProductCard> = {}): ProductCard {
  return {
    id: hex(1),
    org: hex(9),
    name: 'Ontbijtkoek',
    ean: '8712345678906',
    bsku: 'OK-1',
    parent: null,
    img_url: null,
    note: null,
    pick_note: null,
    pack_note: null,
    return_instruction: null,
    weight_kg: null,
    length: null,
    height: null,
    width: null,
    customs: { hs: null, value: null },
    fullfilled_bysf: true,
    active: true,
    needs_recount: false,
    sf_stock: 12,
    locations: [],
    def_shipping_id: null,
    ship_box_id: null,
    track_trace_email: true,
    share_track_trace: true,
    sync_stock: false,
    fake_stock: false,
    lead_time_days: null,
    ship_time_days: null,
    stock_min: null,
    stock_max: null,
    confirm_as: null,
    bol_confirm: false,
    surcharge_ids: [hex(80)],
    sold_30d: 30,
    daily_demand: 1,
    days_until_out_of_stock: 12,
    image_ids: [],
    has_image: false,
    parent_product: null,
    children: [],
    ...over,
  };
}
