import { sheetDate } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import {
  apiRowIssues,
  boxesOf,
  excelProducts,
  type InfoValues,
  infoDefaults,
  infoProblems,
  isScannedCode,
  searchRuns,
  sheetRows,
  totalPieces,
  type WizardItem,
  wizardBlock,
} from './inbound.rules.ts';

const INFO: InfoValues = {
  contact_person: 'Anna',
  contact_person_email: 'anna@example.nl',
  phone: '0612345678',
  shipping_address: 'Oudegracht 12',
  track_trace: '3SHOP1',
  expected_delivery: '2026-06-03',
};
const ITEM: WizardItem = {
  product: { id: 'a'.repeat(24), ean: '8710000000011', name: 'Jam' },
  units: 2,
  packed_per: 6,
  batch_nr: null,
  expiration_date: null,
};

describe('the add inventory wizard steps (spec 2 §4, §5)', () => {
  it('refuses step 1 without a type, step 2 without products and step 3 without the information', () => {
    expect(wizardBlock(0, { type: null, items: [], info: INFO })).toBe('noType');
    expect(wizardBlock(0, { type: 'pallet', items: [], info: INFO })).toBeNull();
    expect(wizardBlock(1, { type: 'pallet', items: [], info: INFO })).toBe('noProducts');
    expect(wizardBlock(1, { type: 'pallet', items: [ITEM], info: INFO })).toBeNull();
    expect(wizardBlock(2, { type: 'pallet', items: [ITEM], info: { ...INFO, track_trace: ' ' } })).toBe(
      'missingInfo',
    );
    expect(wizardBlock(2, { type: 'container_other', items: [ITEM], info: INFO })).toBeNull();
  });

  it('words each information problem by field: required, or an email that is not one', () => {
    expect(infoProblems(INFO)).toEqual({});
    expect(infoProblems({ ...INFO, contact_person: '', contact_person_email: 'anna@' })).toEqual({
      contact_person: 'required',
      contact_person_email: 'email',
    });
    expect(infoProblems({ ...INFO, expected_delivery: '' })).toEqual({ expected_delivery: 'required' });
  });

  it('prefills the information from the organisation, the address from line 1 or street and city, today', () => {
    expect(
      infoDefaults(
        {
          contact_person: 'Piet',
          contact_person_email: 'piet@x.nl',
          phone: '010',
          address: { street: 'Kade', houseNumber: '4', postalCode: '3011 AA', city: 'Rotterdam' },
        },
        '2026-06-01',
      ),
    ).toEqual({
      contact_person: 'Piet',
      contact_person_email: 'piet@x.nl',
      phone: '010',
      shipping_address: 'Kade 4, 3011 AA Rotterdam',
      track_trace: '',
      expected_delivery: '2026-06-01',
    });
    expect(
      infoDefaults({
        contact_person: null,
        contact_person_email: null,
        phone: null,
        address: { line1: 'Dam 1' },
      }).shipping_address,
    ).toBe('Dam 1');
    expect(infoDefaults(null, '2026-01-02').contact_person).toBe('');
  });
});

describe('counts and search (spec 2 §5, §9)', () => {
  it('totals boxes × per box and counts whole boxes in', () => {
    expect(totalPieces(4, 12)).toBe(48);
    expect(boxesOf(25, 12)).toBe(2);
    expect(boxesOf(5, 0)).toBe(0);
  });

  it('searches from more than 3 characters, or with none, and takes 8+ digits as a scan', () => {
    expect(searchRuns('')).toBe(true);
    expect(searchRuns('jam')).toBe(false);
    expect(searchRuns('jams')).toBe(true);
    expect(isScannedCode('8710000')).toBe(false);
    expect(isScannedCode(' 87100001 ')).toBe(true);
    expect(isScannedCode('8710000a')).toBe(false);
  });
});

describe('the spreadsheet announcement (spec 2 §2, §9)', () => {
  it('reads dates as ISO, Dutch or an Excel day number, cut to the date, and refuses what is not one', () => {
    expect(sheetDate('2027-12-31T00:00:00.000Z')).toBe('2027-12-31');
    expect(sheetDate('31-12-2027')).toBe('2027-12-31');
    expect(sheetDate('1/2/2027')).toBe('2027-02-01');
    expect(sheetDate(46388)).toBe('2027-01-01');
    expect(sheetDate('31-02-2027')).toBeNull();
    expect(sheetDate('soon')).toBeNull();
    expect(sheetDate(null)).toBeNull();
  });

  it('turns rows into products and lists the rows that cannot go, numbered from 1, as reason codes', () => {
    const { products, issues } = excelProducts([
      {
        line: 2,
        values: {
          ean: '8710000000011',
          units: '4',
          packed_per: 12,
          batchnr: 'B1',
          expiration_date: '31-12-2027',
        },
      },
      { line: 3, values: { ean: '', units: 1, packed_per: 1 } },
      { line: 4, values: { ean: '8710000000028', units: '1.5', packed_per: 1 } },
      { line: 5, values: { ean: '8710000000035', units: 1, packed_per: 0 } },
      { line: 6, values: { ean: '8710000000042', units: 1, packed_per: 2, expiration_date: 'later' } },
    ]);
    expect(products).toEqual([
      { ean: '8710000000011', units: 4, packed_per: 12, batch_nr: 'B1', expiration_date: '2027-12-31' },
    ]);
    expect(issues.map(({ row, ean, field, code }) => ({ row, ean, field, code }))).toEqual([
      { row: 2, ean: '', field: 'ean', code: 'missing_ean' },
      { row: 3, ean: '8710000000028', field: 'units', code: 'not_whole_number' },
      { row: 4, ean: '8710000000035', field: 'packed_per', code: 'not_whole_number' },
      { row: 5, ean: '8710000000042', field: 'expiration_date', code: 'bad_date' },
    ]);
    expect(issues[1]?.values).toEqual({ field: 'units', value: '1.5', min: 1, limit: 100_000 });
  });

  it('sends the check every row with its cells by column', () => {
    expect(sheetRows([{ line: 2, values: { ean: '8710000000011', units: 2, packed_per: 6 } }])).toEqual([
      { ean: '8710000000011', units: 2, packed_per: 6, batchnr: null, expiration_date: null },
    ]);
  });

  it("maps the API's products.<n> issues back to the rows sent, an unknown EAN as its code", () => {
    expect(
      apiRowIssues(
        [
          { path: 'products.1.ean', message: 'Row 2: no product with EAN 999' },
          { path: 'products.0.units', message: 'Too big' },
        ],
        [{ ean: '111' }, { ean: '999' }],
      ),
    ).toEqual([
      {
        row: 2,
        ean: '999',
        field: 'ean',
        code: 'unknown_ean',
        values: { ean: '999' },
        reason: 'Row 2: no product with EAN 999',
      },
      { row: 1, ean: '111', reason: 'Too big' },
    ]);
    // A coded issue keeps its code and values, in the sheet's column (batch_nr is the column batchnr).
    expect(
      apiRowIssues(
        [
          {
            path: 'products.0.batch_nr',
            message: 'Row 1: batchnr is too long (at most 100 characters)',
            code: 'text_too_long',
            values: { field: 'batchnr', limit: 100 },
          },
        ],
        [{ ean: '111' }],
      ),
    ).toEqual([
      {
        row: 1,
        ean: '111',
        field: 'batchnr',
        code: 'text_too_long',
        values: { field: 'batchnr', limit: 100 },
        reason: 'Row 1: batchnr is too long (at most 100 characters)',
      },
    ]);
  });
});
