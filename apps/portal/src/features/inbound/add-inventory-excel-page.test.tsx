import { type InboundExcelRow, inboundExcelIssues } from '@hoppa/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, orgDetail, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { AddInventoryExcelPage } from './add-inventory-excel-page.tsx';
import { type Call, CURRENT_ORG, fakeApi, INBOUND_OWNER_GRANTS } from './inbound.test-data.ts';

const owner = role('merchant_owner', INBOUND_OWNER_GRANTS);

/** Announce by spreadsheet (spec 2 §2 /add_inventory_excel; ADR 0118 'Left for later': one round of row problems). */
describe('announce by spreadsheet', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  /**
   * The page against a fake API whose check answers as the API does (core's rules; EANs from 999 unknown); `announce`
   * answers `POST /inbound/excel` (none: 404).
   */
  function renderPage(calls: Call[], lang: 'en' | 'nl' = 'en', announce?: (c: Call) => unknown) {
    vi.stubGlobal(
      'fetch',
      fakeApi(
        {
          'GET /api/current_org': orgDetail(CURRENT_ORG),
          'POST /api/inbound/excel/check': (c: Call) => {
            const rows = (c.body as { rows: InboundExcelRow[] }).rows;
            const issues = inboundExcelIssues(rows, (e) => !e.startsWith('999'));
            return { unknown: [...new Set(issues.flatMap((i) => i.values.ean ?? []))], issues };
          },
          ...(announce ? { 'POST /api/inbound/excel': announce } : {}),
        },
        calls,
      ),
    );
    renderRoutes([{ path: '/add_inventory_excel', element: <AddInventoryExcelPage /> }], {
      path: '/add_inventory_excel',
      lang,
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
  }

  /**
   * Announces a sheet (`rows` below its Dutch header; one good row by default) in a Dutch portal whose
   * `POST /inbound/excel` answers `refusal` (a 400; none: only the check refuses), and gives the reason column of the
   * table of refused rows.
   */
  async function refusedReasons(
    refusal?: unknown,
    rows = ['8710000000011,2,8'],
  ): Promise<(string | null | undefined)[]> {
    renderPage([], 'nl', refusal === undefined ? undefined : () => Response.json(refusal, { status: 400 }));
    fireEvent.change(await screen.findByLabelText('Track & Trace', { exact: false }), {
      target: { value: '3SBOL0005555' },
    });
    const text = ['EAN,Dozen,Stuks per doos', ...rows].join('\n');
    fireEvent.change(screen.getByLabelText('Bestand kiezen'), {
      target: {
        files: [
          Object.assign(new File([text], 'aanmelding.csv', { type: 'text/csv' }), { text: async () => text }),
        ],
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Voorbeeld tonen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Aanmelden' }));
    const table = await screen.findByRole('table', { name: 'Regels die niet kunnen worden aangemeld' });
    return within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').at(-1)?.textContent);
  }

  it('lists every problem of every row in one round, unknown EANs included, and announces nothing', async () => {
    const calls: Call[] = [];
    renderPage(calls);
    fireEvent.change(await screen.findByLabelText('Track & Trace', { exact: false }), {
      target: { value: '3SBOL0005555' },
    });
    const text = [
      'EAN,Dozen,Stuks per doos,Batch,Houdbaarheidsdatum',
      '8710000000011,3,8,LOT-9,31-12-2027',
      '9999999999994,nul,8,,',
      ',0,x,,31-02-2027',
      '9999999999987,1,1,,',
    ].join('\n');
    fireEvent.change(screen.getByLabelText('Choose file'), {
      target: {
        files: [
          Object.assign(new File([text], 'aanmelding.csv', { type: 'text/csv' }), { text: async () => text }),
        ],
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show preview' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Announce' }));
    expect(
      await screen.findByText('Nothing was announced: fix these rows and import the file again.'),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rows that cannot be announced' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['3', '9999999999994', 'EAN', 'Your shop has no product with this EAN'],
      ['3', '9999999999994', 'Dozen', "Dozen must be a whole number from 1 to 100000: 'nul'"],
      ['4', '', 'EAN', 'EAN is missing'],
      ['4', '', 'Dozen', "Dozen must be a whole number from 1 to 100000: '0'"],
      ['4', '', 'Stuks per doos', "Stuks per doos must be a whole number from 1 to 100000: 'x'"],
      [
        '4',
        '',
        'Houdbaarheidsdatum',
        "Houdbaarheidsdatum is not a date (use DD-MM-YYYY or YYYY-MM-DD): '31-02-2027'",
      ],
      ['5', '9999999999987', 'EAN', 'Your shop has no product with this EAN'],
    ]);
    // The check gets every row, each cell by column.
    expect(
      (calls.find((c) => c.path === '/api/inbound/excel/check')?.body as { rows: unknown[] } | undefined)
        ?.rows,
    ).toEqual([
      {
        ean: '8710000000011',
        units: '3',
        packed_per: '8',
        batchnr: 'LOT-9',
        expiration_date: '31-12-2027',
      },
      expect.objectContaining({ ean: '9999999999994', units: 'nul' }),
      expect.objectContaining({ ean: null, units: '0' }),
      expect.objectContaining({ ean: '9999999999987' }),
    ]);
    expect(calls.some((c) => c.path === '/api/inbound/excel')).toBe(false);
  });

  it("shows a Dutch portal the Dutch text of each of the check's reason codes", async () => {
    expect(await refusedReasons(undefined, ['9999999999994,nul,8', ',2,8'])).toEqual([
      'Je winkel heeft geen product met deze EAN',
      "Dozen moet een heel getal van 1 tot 100000 zijn: 'nul'",
      'EAN ontbreekt',
    ]);
  });

  it("shows a Dutch portal the Dutch text of POST /inbound/excel's own coded 400, in the sheet's column", async () => {
    // The check passed, yet the announcement is refused (a product removed meanwhile, a limit the check missed).
    const refusal = {
      statusCode: 400,
      code: 'bad_request',
      message: '1 rows rejected',
      issues: [
        {
          path: 'products.0.packed_per',
          message: "Row 1: packed_per must be a whole number from 1 to 100000: '8'",
          code: 'not_whole_number',
          values: { field: 'packed_per', value: '8', min: 1, limit: 100_000 },
        },
        {
          path: 'products.0.ean',
          message: 'Row 1: no product with EAN 8710000000011',
          code: 'unknown_ean',
          values: { ean: '8710000000011' },
        },
      ],
    };
    expect(await refusedReasons(refusal)).toEqual([
      "Stuks per doos moet een heel getal van 1 tot 100000 zijn: '8'",
      'Je winkel heeft geen product met deze EAN',
    ]);
  });
  it("shows a Dutch portal zod's own refusal of an information field in Dutch, named by the form's label", async () => {
    const refusal = {
      statusCode: 400,
      code: 'validation',
      message: 'contact_person_email: Valid email is required.',
      issues: [
        {
          path: 'body.contact_person_email',
          message: 'Valid email is required.',
          code: 'email_invalid',
          values: { field: 'contact_person_email', value: 'jan@' },
        },
      ],
    };
    expect(await refusedReasons(refusal)).toEqual([
      "E-mail contactpersoon is geen geldig e-mailadres: 'jan@'",
    ]);
  });
  it('says the phone, date, type and format refusals of zod at the edge in Dutch too (by kind and format)', async () => {
    const issue = (field: string, code: string, values: Record<string, string>, message: string) => ({
      path: `body.${field}`,
      message,
      code,
      values: { field, ...values },
    });
    const refusal = {
      statusCode: 400,
      code: 'validation',
      message: 'phone: Please enter a valid phone number; …',
      issues: [
        issue('phone', 'phone_invalid', { value: 'abc' }, 'Please enter a valid phone number'),
        issue('expected_delivery', 'date_invalid', { value: '2026-02-31' }, 'Not a calendar day'),
        issue(
          'track_trace',
          'wrong_type',
          { expected: 'string' },
          'Invalid input: expected string, received number',
        ),
        issue('shipping_address', 'format_invalid', { format: 'url', value: 'x' }, 'Invalid URL'),
        issue('contact_person', 'wrong_type', { expected: 'bigint' }, 'Invalid input: expected bigint'),
      ],
    };
    expect(await refusedReasons(refusal)).toEqual([
      "Telefoon is geen geldig telefoonnummer: 'abc'",
      "Verwachte leverdatum is geen geldige datum: '2026-02-31'",
      'Track & Trace moet tekst zijn',
      "Verzendadres is geen geldig webadres: 'x'",
      // A kind the page has no text of gets the code's bare text.
      'Contactpersoon heeft een verkeerd soort waarde',
    ]);
  });
});
