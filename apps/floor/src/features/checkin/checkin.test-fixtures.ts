import type { Inbound, InboundItem, ProductLocations } from '@hoppa/core';

/** A 24-hex id from a number (test ids). */
export const hex = (n: number) => n.toString(16).padStart(24, '0');

/** An inbound item of 4 boxes of 6 (24 pieces), nothing placed. */
export function item(over: Partial<InboundItem> = {}): InboundItem {
  return {
    id: hex(11),
    inbound_id: hex(1),
    inbound_number: 'IN-00000001',
    inbound_status: 'pending',
    org_id: hex(900),
    org_name: 'Bol Shop',
    product: { id: hex(500), ean: '8712345678906', bsku: 'MUG-01', name: 'Mok' },
    units: 4,
    packed_per: 6,
    pieces_expected: 24,
    pieces_checked_in: 0,
    boxes_checked_in: 0,
    batch_nr: null,
    expiration_date: null,
    notes: null,
    package_closed: false,
    status: 'pending',
    surcharges: [],
    surcharge_total_eur: 0,
    reserved_locations: [],
    images: [],
    transfers: [],
    ...over,
  };
}

/** A pending pallet inbound expected 2026-11-25 with one {@link item}. */
export function inbound(over: Partial<Inbound> = {}): Inbound {
  return {
    id: hex(1),
    inbound_number: 'IN-00000001',
    org_id: hex(900),
    org_name: 'Bol Shop',
    type: 'pallet',
    status: 'pending',
    expected_delivery: '2026-11-25',
    direct: false,
    created_at: '2026-11-20T10:00:00.000Z',
    checked_in_at: null,
    created_by: null,
    contact_person: 'Anna',
    contact_person_email: 'anna@example.nl',
    phone: '0612345678',
    shipping_address: 'Kade 1',
    track_trace: '3SABC',
    pieces_expected: 24,
    pieces_checked_in: 0,
    surcharge_total_eur: 0,
    items: [item()],
    ...over,
  };
}

/**
 * The item's product "Mok" as this device stores it (offline/products.ts) for the Locations task: on C-01-2 (id
 * hex(74), 3 pieces) through the product-location link `linkId`.
 */
export function mokOnC012(linkId: string): ProductLocations {
  return {
    product: {
      id: hex(500),
      org_id: hex(900),
      name: 'Mok',
      ean: '8712345678906',
      needs_recount: false,
      stock: 3,
      return_instruction: null,
    },
    locations: [
      {
        id: linkId,
        location: { id: hex(74), name: 'C-01-2', parent_name: 'C-01', type: 'half-box', active: true },
        stock: 3,
        active: true,
        to_transfer: false,
        transfer_quantity: null,
        position: 1,
      },
    ],
  };
}
