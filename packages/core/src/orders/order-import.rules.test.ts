import { describe, expect, it } from 'vitest';
import type { OrderImportRow } from './order.schema.ts';
import {
  buildImportAddress,
  collectImportKeys,
  groupImportRows,
  type ImportLookup,
  importTextProblems,
  mergeOrderFields,
  normaliseCountryCode,
  normaliseDutchPostcode,
  normalisePostcode,
  type OrderImportProblem,
  parseQuantity,
  planOrderImport,
  splitStreetAndNumber,
  validateImportOrder,
  validateImportRow,
} from './order-import.rules.ts';

const EAN_A = '8700001234016';
const EAN_B = '8700020241422';

const address = {
  firstName: 'Anna',
  surName: 'de Vries',
  streetName: 'Kerkstraat',
  houseNumber: '12',
  zipcode: '1234ab',
  city: 'Utrecht',
  countryCode: 'NL',
  email: 'anna@example.nl',
};

/** The row, order id and English reason of each issue (the codes are checked on their own). */
const brief = (issues: readonly { row: number; order_id: string; reason: string }[]) =>
  issues.map(({ row, order_id, reason }) => ({ row, order_id, reason }));

const lookup = (known: string[] = [EAN_A, EAN_B], imported: string[] = []): ImportLookup => ({
  isKnownProduct: (ean) => known.includes(ean),
  isImportedOrderId: (id) => imported.includes(id),
});

describe('normaliseDutchPostcode (spec 1 §5 Address form)', () => {
  it('accepts four digits, an optional space and two letters, and writes 1234 AB', () => {
    expect(normaliseDutchPostcode('1234AB')).toBe('1234 AB');
    expect(normaliseDutchPostcode('1234 ab')).toBe('1234 AB');
    expect(normaliseDutchPostcode(' 9999zz ')).toBe('9999 ZZ');
  });
  it('refuses anything else', () => {
    for (const bad of ['123 AB', '12345 AB', '1234  AB', '1234 A', '1234 A1', 'AB 1234', '']) {
      expect(normaliseDutchPostcode(bad)).toBeNull();
    }
  });
  it('checks other countries by their own rule', () => {
    expect(normalisePostcode('BE', '1000')).toBe('1000');
    expect(normalisePostcode('BE', '1000 AB')).toBeNull();
    expect(normalisePostcode('DE', '10115')).toBe('10115');
    expect(normalisePostcode('DE', '1011')).toBeNull();
    expect(normalisePostcode('GB', 'sw1a 1aa')).toBe('SW1A 1AA');
  });
});

describe('normaliseCountryCode', () => {
  it('defaults to NL, takes codes and common names', () => {
    expect(normaliseCountryCode('')).toBe('NL');
    expect(normaliseCountryCode('nl')).toBe('NL');
    expect(normaliseCountryCode('Nederland')).toBe('NL');
    expect(normaliseCountryCode('België')).toBe('BE');
    expect(normaliseCountryCode('Germany')).toBe('DE');
    expect(normaliseCountryCode('UK')).toBe('GB');
    expect(normaliseCountryCode('Atlantis')).toBeNull();
  });
});

describe('parseQuantity', () => {
  it('takes whole numbers of 1 or more, also as spreadsheet text', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 2 ')).toBe(2);
    expect(parseQuantity('2.0')).toBe(2);
    expect(parseQuantity(4)).toBe(4);
  });
  it('refuses zero, negatives, fractions and text', () => {
    for (const bad of ['0', '-1', '1.5', 'two', '', null, undefined, 0, 2.5])
      expect(parseQuantity(bad)).toBeNull();
  });
});

describe('splitStreetAndNumber (spec 1 §4 resend rule)', () => {
  it('splits a street that carries its house number and addition', () => {
    expect(splitStreetAndNumber('Kerkstraat 12')).toEqual({
      streetName: 'Kerkstraat',
      houseNumber: '12',
      houseNumberExtension: '',
    });
    expect(splitStreetAndNumber('Kerkstraat 12a')).toEqual({
      streetName: 'Kerkstraat',
      houseNumber: '12',
      houseNumberExtension: 'a',
    });
    expect(splitStreetAndNumber('1e Jan Steenstraat 5-2')).toEqual({
      streetName: '1e Jan Steenstraat',
      houseNumber: '5',
      houseNumberExtension: '2',
    });
  });
  it('leaves a street without a number alone', () => {
    expect(splitStreetAndNumber('Kerkstraat')).toBeNull();
  });
});

describe('groupImportRows (spec 1 §2 Import)', () => {
  it('makes one order of the rows sharing an order id, in file order, with 1-based row numbers', () => {
    const rows: OrderImportRow[] = [
      { order_id: '1001', product_ean: EAN_A, quantity: '1' },
      { order_id: '1002', product_ean: EAN_A, quantity: '1' },
      { order_id: ' 1001 ', product_ean: EAN_B, quantity: '2' },
      { order_id: '', product_ean: '', quantity: '' },
      { order_id: '', product_ean: EAN_B, quantity: '1' },
    ];
    const groups = groupImportRows(rows);
    expect(groups.map((g) => [g.orderId, g.rows.map((r) => r.row)])).toEqual([
      ['1001', [1, 3]],
      ['1002', [2]],
      ['', [5]],
    ]);
  });
});

describe('mergeOrderFields', () => {
  it('takes the first non-empty value per field within the order', () => {
    const [group] = groupImportRows([
      { order_id: '1', product_ean: EAN_A, quantity: '1', city: '', notesText: '' },
      { order_id: '1', product_ean: EAN_B, quantity: '1', city: 'Utrecht', notesText: 'fragile' },
      { order_id: '1', product_ean: EAN_B, quantity: '1', city: 'Zwolle' },
    ]);
    const merged = mergeOrderFields(group as NonNullable<typeof group>);
    expect(merged.city).toBe('Utrecht');
    expect(merged.notesText).toBe('fragile');
  });
});

describe('validateImportRow', () => {
  it('reports a row with NUL, a lone surrogate or a 1 MB cell, and keeps its keys out of the lookups (issue 7)', () => {
    expect(validateImportRow({ order_id: 'A\u00001', product_ean: EAN_A, quantity: '1' })?.reason).toBe(
      'order_id contains control or invalid characters',
    );
    expect(
      validateImportRow({ order_id: '1', product_ean: EAN_A, quantity: '1', city: 'x'.repeat(1 << 20) }),
    ).toEqual({
      code: 'text_too_long',
      values: { field: 'city', limit: 200 },
      reason: 'city is too long (at most 200 characters)',
    });
    expect(
      validateImportRow({ order_id: '1', product_ean: EAN_A, quantity: '1', surName: 'K\uD800' })?.reason,
    ).toBe('surName contains control or invalid characters');
    expect(
      collectImportKeys([
        { order_id: 'A\u00001', product_ean: EAN_A, quantity: '1' },
        { order_id: 'B2', product_ean: EAN_A, quantity: '1' },
      ]).orderIds,
    ).toEqual(['B2']);
  });

  it('names the problem of a row', () => {
    expect(validateImportRow({ order_id: '', product_ean: EAN_A, quantity: '1' })?.reason).toBe(
      'missing order id',
    );
    expect(validateImportRow({ order_id: '1', product_ean: '', quantity: '1' })?.reason).toBe(
      'missing product EAN',
    );
    expect(validateImportRow({ order_id: '1', product_ean: EAN_A, quantity: '0' })?.reason).toBe(
      "quantity not a positive integer: '0'",
    );
    expect(validateImportRow({ order_id: '1', product_ean: EAN_A, quantity: '1' })).toBeNull();
    expect(validateImportRow({ order_id: '1', city: 'Utrecht' })).toBeNull();
  });
});

describe("importTextProblems: each row's text checked once per import (ADR 0074)", () => {
  // A blank row first (it keeps its row number), a refused cell in an order's second row, a too-long one in another
  // order's first row, a refused order id, and fine orders between them.
  const rows: OrderImportRow[] = [
    {},
    { order_id: 'A1', product_ean: EAN_A, quantity: '1', ...address },
    { order_id: 'A1', product_ean: EAN_B, quantity: '1', city: 'Utr\u0000echt' },
    { order_id: 'B2', product_ean: EAN_A, quantity: '2', ...address },
    { order_id: 'C3', product_ean: EAN_B, quantity: '1', ...address, surName: 'x'.repeat(201) },
    { order_id: 'C3', product_ean: EAN_A, quantity: '1' },
    { order_id: 'D\u00004', product_ean: '8700000000009', quantity: '1', ...address },
    { order_id: 'E5', product_ean: EAN_B, quantity: '3', ...address },
  ];

  it('names each refused row by its data row number, as the report does', () => {
    const problems = importTextProblems(rows);
    expect([...problems.keys()]).toEqual([3, 5, 7]);
    expect(problems.get(5)?.code).toBe('text_too_long');
  });

  it('gives the same keys and the same plan as checking every row on its own', () => {
    const problems = importTextProblems(rows);
    expect(collectImportKeys(rows, problems)).toEqual({
      eans: [EAN_A, EAN_B],
      orderIds: ['A1', 'B2', 'C3', 'E5'],
    });
    // The reference: every order validated with its rows' own checks (no problems handed in).
    const orders: unknown[] = [];
    const errors: { row: number }[] = [];
    for (const group of groupImportRows(rows)) {
      const one = validateImportOrder(group, lookup());
      if (one.ok) orders.push(one.order);
      else errors.push(...one.errors);
    }
    errors.sort((a, b) => a.row - b.row);
    const plan = planOrderImport(rows, lookup(), problems);
    expect(plan).toEqual({ orders, errors });
    expect(plan.orders.map((o) => o.orderId)).toEqual(['B2', 'E5']);
    expect(brief(plan.errors).map((e) => e.row)).toEqual([2, 3, 5, 6, 7]);
    // A row's known problem is reported as given; none (null) lets the other checks speak.
    const given: OrderImportProblem = { code: 'text_invalid', values: { field: 'city' }, reason: 'given' };
    expect(validateImportRow({ order_id: 'A1', product_ean: EAN_A, quantity: '1' }, given)).toBe(given);
    expect(validateImportRow({ order_id: '', product_ean: EAN_A, quantity: '1' }, null)?.code).toBe(
      'missing_order_id',
    );
  });
});

describe('buildImportAddress', () => {
  const base = mergeOrderFields({ orderId: 'x', rows: [{ row: 1, data: { order_id: 'x', ...address } }] });
  it('normalises the postcode and keeps the contact', () => {
    const r = buildImportAddress(base);
    expect(r).toEqual({
      ok: true,
      details: {
        firstName: 'Anna',
        surname: 'de Vries',
        streetName: 'Kerkstraat',
        houseNumber: '12',
        houseNumberExtension: '',
        zipCode: '1234 AB',
        city: 'Utrecht',
        countryCode: 'NL',
        email: 'anna@example.nl',
      },
    });
  });
  it('names the missing required field', () => {
    for (const field of ['streetName', 'zipcode', 'city'] as const) {
      expect(buildImportAddress({ ...base, [field]: '' })).toMatchObject({
        ok: false,
        problem: { reason: `missing required address field: ${field}` },
      });
    }
    expect(buildImportAddress({ ...base, houseNumber: '', streetName: 'Kerkstraat' })).toMatchObject({
      ok: false,
      problem: { reason: 'missing required address field: houseNumber' },
    });
    expect(buildImportAddress({ ...base, firstName: '', surName: '' })).toMatchObject({
      ok: false,
      problem: { reason: 'missing required address field: firstName or surName' },
    });
  });
  it('splits a full name and a street with number, as shop exports give them', () => {
    const r = buildImportAddress({
      ...base,
      firstName: 'Jan de Boer',
      surName: '',
      streetName: 'Dorpsweg 7b',
      houseNumber: '',
    });
    expect(r.ok && r.details).toMatchObject({
      firstName: 'Jan',
      surname: 'de Boer',
      streetName: 'Dorpsweg',
      houseNumber: '7',
      houseNumberExtension: 'b',
    });
  });
  it('refuses a bad Dutch postcode, a bad email and an unknown country', () => {
    expect(buildImportAddress({ ...base, zipcode: '123 AB' })).toMatchObject({
      ok: false,
      problem: {
        reason: "invalid postcode for NL: '123 AB' (four digits, optional space, two letters, e.g. 1234 AB)",
      },
    });
    expect(buildImportAddress({ ...base, email: 'anna.example.nl' }).ok).toBe(false);
    expect(buildImportAddress({ ...base, countryCode: 'Atlantis' }).ok).toBe(false);
  });
});

describe('validateImportOrder and planOrderImport (issue 3 §1)', () => {
  it('accepts an order whose address sits on its first row only', () => {
    const plan = planOrderImport(
      [
        { order_id: '#1001', product_ean: EAN_A, quantity: '2', ...address },
        { order_id: '#1001', product_ean: EAN_B, quantity: '1' },
      ],
      lookup(),
    );
    expect(plan.errors).toEqual([]);
    expect(plan.orders).toHaveLength(1);
    expect(plan.orders[0]).toMatchObject({
      orderId: '#1001',
      rows: [1, 2],
      reason: 'webshop_order',
      lines: [
        { row: 1, ean: EAN_A, quantity: 2 },
        { row: 2, ean: EAN_B, quantity: 1 },
      ],
    });
    expect(plan.orders[0]?.shipmentDetails.zipCode).toBe('1234 AB');
  });

  it('rejects the whole order for one bad row and reports every row of it', () => {
    const plan = planOrderImport(
      [
        { order_id: 'A', product_ean: EAN_A, quantity: '1', ...address },
        { order_id: 'A', product_ean: '8712345678906', quantity: '1' },
        { order_id: 'A', product_ean: EAN_B, quantity: '1' },
        { order_id: 'B', product_ean: EAN_B, quantity: '1', ...address },
      ],
      lookup(),
    );
    expect(plan.orders.map((o) => o.orderId)).toEqual(['B']);
    expect(brief(plan.errors)).toEqual([
      {
        row: 1,
        order_id: 'A',
        reason: 'order rejected because of row 2: unknown EAN for this organisation: 8712345678906',
      },
      { row: 2, order_id: 'A', reason: 'unknown EAN for this organisation: 8712345678906' },
      {
        row: 3,
        order_id: 'A',
        reason: 'order rejected because of row 2: unknown EAN for this organisation: 8712345678906',
      },
    ]);
  });

  it('reports an order id that was imported before on every row', () => {
    const [group] = groupImportRows([
      { order_id: 'A', product_ean: EAN_A, quantity: '1', ...address },
      { order_id: 'A', product_ean: EAN_B, quantity: '1' },
    ]);
    const r = validateImportOrder(group as NonNullable<typeof group>, lookup(undefined, ['A']));
    expect(r.ok).toBe(false);
    expect(!r.ok && brief(r.errors)).toEqual([
      { row: 1, order_id: 'A', reason: 'duplicate order id already imported' },
      { row: 2, order_id: 'A', reason: 'duplicate order id already imported' },
    ]);
    expect(!r.ok && r.errors.map((e) => e.code)).toEqual(['duplicate', 'duplicate']);
  });

  it('rejects an order without product lines and a row without order id', () => {
    const plan = planOrderImport(
      [
        { order_id: 'A', ...address },
        { order_id: '', product_ean: EAN_A, quantity: '1', ...address },
      ],
      lookup(),
    );
    expect(plan.orders).toEqual([]);
    expect(brief(plan.errors)).toEqual([
      { row: 1, order_id: 'A', reason: 'order has no product lines' },
      { row: 2, order_id: '', reason: 'missing order id' },
    ]);
  });

  it('reports the bad quantity and the missing address field of an order', () => {
    const plan = planOrderImport(
      [
        { order_id: 'Q', product_ean: EAN_A, quantity: '1.5', ...address },
        { order_id: 'C', product_ean: EAN_A, quantity: '1', ...address, city: '' },
      ],
      lookup(),
    );
    expect(brief(plan.errors)).toEqual([
      { row: 1, order_id: 'Q', reason: "quantity not a positive integer: '1.5'" },
      { row: 2, order_id: 'C', reason: 'missing required address field: city' },
    ]);
  });
});

describe('the reason codes of the order import (ADR 0118 Left for later)', () => {
  it('gives each issue its code and values, and a row refused for another row that row as rejected_by_row', () => {
    const plan = planOrderImport(
      [
        { order_id: 'A', product_ean: EAN_A, quantity: '1', ...address },
        { order_id: 'A', product_ean: '8712345678906', quantity: '1' },
        { order_id: 'P', product_ean: EAN_A, quantity: '1', ...address, zipcode: '123 AB' },
      ],
      lookup(),
    );
    expect(
      plan.errors.map(({ row, code, values, rejected_by_row }) => ({ row, code, values, rejected_by_row })),
    ).toEqual([
      { row: 1, code: 'unknown_ean', values: { ean: '8712345678906' }, rejected_by_row: 2 },
      { row: 2, code: 'unknown_ean', values: { ean: '8712345678906' }, rejected_by_row: null },
      { row: 3, code: 'bad_postcode', values: { country: 'NL', value: '123 AB' }, rejected_by_row: null },
    ]);
  });

  it('names a missing name as the field name and a refused character as text_invalid', () => {
    const base = mergeOrderFields({ orderId: 'x', rows: [{ row: 1, data: { order_id: 'x', ...address } }] });
    expect(buildImportAddress({ ...base, firstName: '', surName: '' })).toMatchObject({
      problem: { code: 'missing_address', values: { field: 'name' } },
    });
    expect(validateImportRow({ order_id: 'A\u00001', product_ean: EAN_A, quantity: '1' })).toMatchObject({
      code: 'text_invalid',
      values: { field: 'order_id' },
    });
  });
});
