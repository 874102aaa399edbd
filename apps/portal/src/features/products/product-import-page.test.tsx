import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { merchantOwner, ORG_ID, orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ProductImportPage } from './product-import-page.tsx';

/** Bulk import types (spec 3 §2 Bulk import screen, §4 type detection, §9 templates; issue 15 item 3). */
describe('bulk import page', { timeout: 30_000 }, () => {
  const calls: { path: string; body: unknown }[] = [];
  beforeEach(() => {
    calls.length = 0;
    stubPageRequest();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      calls.push({
        path: `${req.method} ${url.pathname}`,
        body: req.method === 'GET' ? null : await req.json(),
      });
      if (url.pathname === '/api/products/import-bundles')
        return Response.json(
          {
            success: 1,
            created: 1,
            errors: [
              { row: 3, ean: '4006381333931', code: 'no_parts', values: {}, reason: 'bundle has no items' },
            ],
            lines_expanded: 2,
          },
          { status: 201 },
        );
      if (url.pathname === '/api/products/import')
        return Response.json(
          {
            products: {
              created: 2,
              updated: 0,
              unchanged: 1,
              errors: [
                {
                  row: 3,
                  ean: '8712345678906',
                  code: 'duplicate_ean',
                  values: {},
                  reason: 'EAN appears twice in this file',
                  first_row: 1,
                },
              ],
            },
          },
          { status: 201 },
        );
      if (url.pathname === '/api/products/import-automations')
        return Response.json(
          {
            automations: {
              success: 1,
              unchanged: 0,
              errors: [
                {
                  row: 2,
                  ean: '8710398500014',
                  code: 'missing',
                  values: { field: 'automation_operator' },
                  reason: 'automation_operator is missing',
                },
              ],
            },
          },
          { status: 201 },
        );
      return Response.json({ statusCode: 404, code: 'not_found', message: 'no' }, { status: 404 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const render = (lang: 'en' | 'nl' = 'en') =>
    renderRoutes([{ path: '/products/import', element: <ProductImportPage /> }], {
      path: '/products/import',
      lang,
      session: { user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) },
    });

  /** A CSV file; jsdom's File has no text(), the browser's has. */
  const choose = (name: string, text: string, label = 'Choose file') =>
    fireEvent.change(screen.getByLabelText(label), {
      target: {
        files: [Object.assign(new File([text], name, { type: 'text/csv' }), { text: async () => text })],
      },
    });

  it('switches to bundles from the headers, groups the rows and sends the transformed bundles', async () => {
    render();
    expect((screen.getByRole('radio', { name: 'Products only' }) as HTMLInputElement).checked).toBe(true);
    choose(
      'bundles.csv',
      'bundle_name,main_product_ean,bundle_item_ean,bundle_item_qty\nCadeaubox,8710000000017,8712345678906,2\n,,8710398500014,x\n',
    );
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Product bundles' }) as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Show preview' }));
    expect(await screen.findByText('1 bundles with 2 parts will be imported.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Products (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Automations (0)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Go to Products')).toBeTruthy();
    const sent = calls.find((c) => c.path === 'POST /api/products/import-bundles');
    expect(sent?.body).toEqual([
      {
        parent_ean: '8710000000017',
        parent_name: 'Cadeaubox',
        description: null,
        row: 1,
        bundle_items: [
          { ean: '8712345678906', name: null, quantity: 2 },
          { ean: '8710398500014', name: null, quantity: 1 },
        ],
      },
    ]);
    expect(screen.getByLabelText('Errors: 1')).toBeTruthy();
    expect(screen.getByLabelText('Bundles saved: 1')).toBeTruthy();
    expect(screen.getByText('This bundle has no parts')).toBeTruthy();
    // Open orders that held the product unpicked now list its parts (ADR 0122).
    expect(screen.getByTestId('bundle-lines-expanded').textContent).toBe(
      '2 unpicked lines of open orders now list the bundle’s parts, so the pickers pick the parts.',
    );
  });

  it('switches to automation rules from condition/action headers and shows them under Automations', async () => {
    render();
    choose(
      'rules.csv',
      'product_ean,automation_field,automation_operator,automation_value,automation_action_field,automation_action_value\n8712345678906,shipmentDetails.countryCode,==,BE,selected_ship_option,SMF-POSTNL-BE\n',
    );
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Automation rules' }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Show preview' }));
    expect(await screen.findByRole('tab', { name: 'Automations (1)' })).toBeTruthy();
    expect(screen.getByText('SMF-POSTNL-BE')).toBeTruthy();
  });

  it('reports a rule row without an operator as refused, on its sheet line, instead of dropping it', async () => {
    render();
    choose(
      'rules.csv',
      'product_ean,automation_field,automation_operator,automation_value,automation_action_field,automation_action_value\n' +
        '8712345678906,shipmentDetails.countryCode,==,BE,selected_ship_option,SMF-POSTNL-BE\n' +
        '8710398500014,shipmentDetails.countryCode,,DE,selected_ship_option,SMF-POSTNL-BE\n',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Show preview' }));
    expect(await screen.findByRole('tab', { name: 'Automations (2)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Go to Products')).toBeTruthy();
    const sent = calls.find((c) => c.path === 'POST /api/products/import-automations');
    expect(
      ((sent?.body ?? []) as { product_ean: string; automation_operator: string | null }[]).map((r) => [
        r.product_ean,
        r.automation_operator,
      ]),
    ).toEqual([
      ['8712345678906', '=='],
      ['8710398500014', null],
    ]);
    expect(screen.getByLabelText('Errors: 1')).toBeTruthy();
    const refused = screen.getByText('automation_operator is missing').closest('tr') as HTMLElement;
    expect(refused.textContent).toBe('38710398500014automation_operator is missing');
  });

  it('says which rows the import will refuse, with their reasons, already in the preview', async () => {
    render();
    choose('products.csv', 'ean,name\n8712345678906,Jam\n8712345678907,Bad check digit\n8710398500014,\n');
    fireEvent.click(await screen.findByRole('button', { name: 'Show preview' }));
    expect((await screen.findByTestId('preview-refused')).textContent).toBe(
      '2 rows will not be imported: fix them in the file first, or import the others.',
    );
    // Each refused row on its sheet line (the header is line 1), with its EAN, before anything is sent.
    const table = screen.getByRole('table', { name: 'Rows that will not be imported' });
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => (r.textContent ?? '').slice(0, 14));
    expect(lines).toEqual(['38712345678907', '48710398500014']);
    expect(calls.some((c) => c.path === 'POST /api/products/import')).toBe(false);
  });

  it("shows a repeated EAN's first_row as the sheet line it is on", async () => {
    render();
    choose('products.csv', 'ean,name\n8712345678906,Jam\n8710398500014,Pasta\n8712345678906,Jam again\n');
    fireEvent.click(await screen.findByRole('button', { name: 'Show preview' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const reason = await screen.findByText('This EAN appears twice in the file (first on line 2)');
    expect(reason.closest('tr')?.textContent).toBe(
      '48712345678906This EAN appears twice in the file (first on line 2)',
    );
    // A known product the file left as it was is said apart from the created and updated ones (ADR 0130), in the
    // toast too: it was not imported again.
    expect(screen.getByTestId('import-unchanged').textContent).toBe(
      '1 product already matched the file and was left unchanged.',
    );
    expect(await screen.findByText('Import done: 2 new, 0 updated, 1 unchanged, 1 refused')).toBeTruthy();
  });

  it('counts new, updated and unchanged products apart in the Dutch toast, in Dutch notation', async () => {
    const answer = { products: { created: 1250, updated: 3, unchanged: 1, errors: [] } };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      calls.push({ path: `${req.method} ${new URL(req.url).pathname}`, body: await req.json() });
      return Response.json(answer, { status: 201 });
    });
    render('nl');
    choose('products.csv', 'ean,name\n8712345678906,Jam\n8710398500014,Pasta\n', 'Bestand kiezen');
    fireEvent.click(await screen.findByRole('button', { name: 'Voorbeeld tonen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Importeren' }));
    expect(await screen.findByText('Import klaar: 1.250 nieuw, 3 bijgewerkt, 1 ongewijzigd')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['POST /api/products/import']);
  });

  it('offers the warehouse’s own organisation no import, saying to choose a shop (ADR 0142)', async () => {
    const staff = { ...role('provider_admin', [{ methods: ['*'], path: '/*' }]), all_orgs: true };
    renderRoutes([{ path: '/products/import', element: <ProductImportPage /> }], {
      path: '/products/import',
      lang: 'nl',
      session: {
        user: user(staff),
        orgAuth: orgAuth(staff, { org: { id: ORG_ID, name: 'Hoppa Fulfilment', kind: 'provider' } }),
      },
    });
    expect((await screen.findByTestId('provider-org')).textContent).toBe(
      'Hoppa Fulfilment verkoopt zelf niets, dus producten toevoegen, importeren en synchroniseren doe je voor een winkel: kies de winkel rechtsboven.',
    );
    expect(screen.queryByLabelText('Bestand kiezen')).toBeNull();
  });

  it('downloads the template of the chosen type as xlsx', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => {
          created.push(b);
          return 'blob:x';
        },
        revokeObjectURL: () => {},
      }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    render();
    fireEvent.click(screen.getByRole('radio', { name: 'Automation rules' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(clicked).toEqual(['automation_rules_import_template.xlsx']), {
      timeout: 15_000,
    });
    expect(
      await screen.findByText('Template downloaded: automation_rules_import_template.xlsx'),
    ).toBeTruthy();
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(created[0] as Blob);
    });
    await wb.xlsx.load(bytes);
    const header = ((wb.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1);
    expect(header).toContain('automation_action_value');
    click.mockRestore();
  });
});
