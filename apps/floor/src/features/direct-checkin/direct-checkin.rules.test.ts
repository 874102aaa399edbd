import type { ProductLocations } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import {
  addScanned,
  classifyDirectScan,
  type DirectRow,
  directBody,
  infoFromOrg,
  infoProblem,
  rowsProblem,
  totalPieces,
} from './direct-checkin.rules.ts';

const hex = (n: number) => n.toString(16).padStart(24, '0');
function product(
  n: number,
  org: number,
  locations: { id: number; name: string; active?: boolean; quarantine?: boolean }[],
): ProductLocations {
  return {
    product: {
      id: hex(n),
      org_id: hex(org),
      name: `P${n}`,
      ean: `87100000000${n}`,
      needs_recount: false,
      stock: 0,
      return_instruction: null,
    },
    locations: locations.map((l, i) => ({
      id: hex(1000 + l.id),
      location: {
        id: hex(l.id),
        name: l.name,
        parent_name: null,
        type: 'half-box',
        active: l.active ?? true,
        ...(l.quarantine ? { quarantine: true } : {}),
      },
      stock: 1,
      active: true,
      to_transfer: false,
      transfer_quantity: null,
      position: i + 1,
    })),
  };
}

describe('direct check-in rules (spec 2 §2 Direct check-in, §9)', () => {
  it('reads a label id as a location, longer codes as products, and refuses 10 characters or fewer', () => {
    expect(classifyDirectScan(` ${hex(255).toUpperCase()} `)).toEqual({ kind: 'location', id: hex(255) });
    expect(classifyDirectScan('8710000000012')).toEqual({ kind: 'product', code: '8710000000012' });
    expect(classifyDirectScan('SKU-LONG-001')).toEqual({ kind: 'product', code: 'SKU-LONG-001' });
    expect(classifyDirectScan('1234567890')).toEqual({ kind: 'too_short', code: '1234567890' });
    expect(classifyDirectScan('')).toEqual({ kind: 'invalid' });
    expect(classifyDirectScan('a\u0007b')).toEqual({ kind: 'invalid' });
  });

  it('adds a new product first on its first active location, and a repeated scan one piece more', () => {
    const jam = product(1, 9, [
      { id: 50, name: 'A-1', active: false },
      { id: 51, name: 'A-2' },
    ]);
    const tea = product(2, 9, []);
    let rows: DirectRow[] = addScanned([], jam);
    expect(rows).toEqual([
      {
        product: { id: hex(1), org_id: hex(9), ean: '871000000001', name: 'P1' },
        amount: 1,
        location: { id: hex(51), name: 'A-2' },
      },
    ]);
    rows = addScanned(rows, tea);
    expect(rows.map((r) => [r.product.name, r.amount, r.location?.name ?? null])).toEqual([
      ['P2', 1, null],
      ['P1', 1, 'A-2'],
    ]);
    rows = addScanned(rows, jam);
    expect(rows.map((r) => [r.product.name, r.amount])).toEqual([
      ['P1', 2],
      ['P2', 1],
    ]);
    expect(totalPieces(rows)).toBe(3);
  });

  it('never proposes a quarantine location (returned pieces wait there, never picked; issue 12) for fresh stock', () => {
    const jam = product(1, 9, [
      { id: 52, name: 'QUARANTAINE', quarantine: true },
      { id: 53, name: 'A-3' },
    ]);
    expect(addScanned([], jam)[0]?.location).toEqual({ id: hex(53), name: 'A-3' });
    const onlyThere = product(2, 9, [{ id: 52, name: 'QUARANTAINE', quarantine: true }]);
    expect(addScanned([], onlyThere)[0]?.location).toBeNull();
  });

  it('names the first problem: nothing, two clients, a bad amount, a missing location', () => {
    const jam = addScanned([], product(1, 9, [{ id: 51, name: 'A-2' }]));
    expect(rowsProblem([])).toEqual({ kind: 'no_rows' });
    expect(rowsProblem(addScanned(jam, product(3, 8, [{ id: 52, name: 'B' }])))).toEqual({
      kind: 'mixed_orgs',
    });
    expect(rowsProblem(jam.map((r) => ({ ...r, amount: 0 })))).toEqual({ kind: 'bad_amount', name: 'P1' });
    expect(rowsProblem(addScanned(jam, product(2, 9, [])))).toEqual({ kind: 'no_location', name: 'P2' });
    expect(rowsProblem(jam)).toBeNull();
  });

  it('requires contact person, address and a valid e-mail, in that order; phone and track & trace may stay empty', () => {
    const base = infoFromOrg(
      {
        contact_person: 'Anna',
        contact_person_email: 'anna@bol.nl',
        phone: null,
        address: { line1: 'Kade 1', postalCode: '1011 AA', city: 'Amsterdam' },
      },
      '2026-11-25',
    );
    expect(base).toEqual({
      contact_person: 'Anna',
      contact_person_email: 'anna@bol.nl',
      phone: '',
      shipping_address: 'Kade 1',
      track_trace: '',
      expected_delivery: '2026-11-25',
    });
    expect(infoProblem(base)).toBeNull();
    expect(infoProblem({ ...base, contact_person: ' ', shipping_address: '' })).toBe('contact_person');
    expect(infoProblem({ ...base, shipping_address: '' })).toBe('shipping_address');
    expect(infoProblem({ ...base, contact_person_email: '' })).toBe('contact_person_email');
    expect(infoProblem({ ...base, contact_person_email: 'anna@' })).toBe('email_format');
    // The phone may stay empty; else the one phone rule of spec 3 §5 (a national number is read in nl).
    expect(infoProblem({ ...base, phone: '020 555 0100' })).toBeNull();
    expect(infoProblem({ ...base, phone: 'bel me' })).toBe('phone');
    expect(infoProblem({ ...base, phone: '+0 12' })).toBe('phone');
    expect(infoFromOrg(null, '2026-11-25').contact_person).toBe('');
  });

  it('sends the client, the trimmed form on one address line, and each row', () => {
    const rows = addScanned([], product(1, 9, [{ id: 51, name: 'A-2' }]));
    const info = {
      contact_person: ' Anna ',
      contact_person_email: 'anna@bol.nl ',
      phone: ' 06 1234 5678 ',
      shipping_address: 'Kade 1\n1011 AA Amsterdam',
      track_trace: '',
      expected_delivery: '2026-11-25',
    };
    expect(directBody(rows, info, 'pallet')).toEqual({
      org_id: hex(9),
      type: 'pallet',
      information: {
        contact_person: 'Anna',
        contact_person_email: 'anna@bol.nl',
        phone: '+31 6 1234 5678',
        shipping_address: 'Kade 1, 1011 AA Amsterdam',
        track_trace: '',
        expected_delivery: '2026-11-25',
      },
      items: [{ product_id: hex(1), location_id: hex(51), amount: 1 }],
    });
    expect(() => directBody([], info, 'package')).toThrow();
  });
});
