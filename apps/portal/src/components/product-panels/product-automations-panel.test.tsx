import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productRow } from '../../features/products/product-table.test-data.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { BundlePartsPanel } from './bundle-parts-panel.tsx';
import { ProductAutomationsPanel } from './product-automations-panel.tsx';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const PRODUCT = hex(1);
const SHOP = hex(2);

/** The product panels of issue 15 (spec 3 §2 Automation rules panel; bundle parts with derived stock). */
describe('product panels', { timeout: 30_000 }, () => {
  const calls: { path: string; body: unknown }[] = [];
  let rules: unknown[] = [];
  /** A problem body the next POST /automation/ answers with (400), instead of saving. */
  let refuseWith: object | null = null;
  /** The bundles the product is part of, as GET /product/bundle/{id} answers them. */
  let partOf: unknown[] = [];
  beforeEach(() => {
    calls.length = 0;
    refuseWith = null;
    partOf = [];
    rules = [
      {
        id: hex(9),
        _id: hex(9),
        product_id: PRODUCT,
        affected_field: 'quantity',
        logical_operator: '>=',
        value: '3',
        type: 'add',
        actions: [{ ean: '4006381333931', quantity: 1, product_id: hex(3), name: 'Flyer' }],
        created_at: new Date().toISOString(),
      },
    ];
    stubPageRequest();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      const body = req.method === 'GET' || req.method === 'DELETE' ? null : await req.json();
      calls.push({ path: `${req.method} ${url.pathname}`, body });
      if (url.pathname === `/api/automations/${PRODUCT}`)
        return Response.json({ items: rules, total: rules.length, skip: 0, limit: 100 });
      if (url.pathname === '/api/shipment_methods')
        return Response.json([
          {
            id: hex(5),
            code: 'SMF-POSTNL-BE',
            name: 'PostNL pakket BE',
            carrier: 'postnl',
            price: 7,
            price_cents: 700,
            country_code: 'BE',
            product_code: '4946',
            active: true,
          },
        ]);
      if (url.pathname === '/api/shipment_boxes') return Response.json([]);
      if (url.pathname === `/api/products/org/${SHOP}`) {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const all = [
          productRow(3, { id: hex(3), org: SHOP, ean: '8712345678906', name: 'Mok', bsku: 'MOK-01' }),
          productRow(4, { id: hex(4), org: SHOP, ean: '4006381333931', name: 'Thee', bsku: 'THEE-ROOIBOS' }),
        ];
        const items = all.filter((p) =>
          [p.name, p.ean, p.bsku ?? ''].some((v) => v.toLowerCase().includes(search)),
        );
        return Response.json({ items, total: items.length, skip: 0, limit: 20, total_capped: false });
      }
      if (url.pathname === '/api/automation/' && req.method === 'POST' && refuseWith)
        return Response.json(refuseWith, { status: 400 });
      if (url.pathname === '/api/automation/' && req.method === 'POST') {
        const made = {
          ...(rules[0] as object),
          id: hex(10),
          _id: hex(10),
          ...(body as object),
          // The API names an added product by its id and name too.
          actions: (body as { actions: object[] }).actions.map((a) =>
            'ean' in a ? { ...a, product_id: hex(4), name: 'Thee' } : a,
          ),
          created_at: new Date().toISOString(),
        };
        rules = [...rules, made];
        return Response.json(made, { status: 201 });
      }
      if (url.pathname === `/api/product/bundle/${PRODUCT}`)
        return Response.json({
          product_id: PRODUCT,
          is_bundle: true,
          description: 'Mok en thee',
          parts: [
            { product_id: hex(3), ean: '8712345678906', name: 'Mok', quantity: 1, stock: 10 },
            { product_id: hex(4), ean: '4006381333931', name: 'Thee', quantity: 2, stock: 7 },
          ],
          stock: 3,
          part_of: partOf,
        });
      return Response.json({ statusCode: 404, code: 'not_found', message: 'no' }, { status: 404 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the rules and saves a new country rule with the chosen shipment method', async () => {
    renderRoutes([{ path: '/p', element: <ProductAutomationsPanel productId={PRODUCT} orgId={SHOP} /> }], {
      path: '/p',
    });
    const panel = await screen.findByRole('region', { name: 'Automation rules' });
    expect(await within(panel).findByText('add 1 × Flyer (4006381333931)')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Add rule' }));
    // Nothing filled in: the form says so and sends nothing.
    fireEvent.click(within(panel).getByRole('button', { name: 'Save rule' }));
    expect(await within(panel).findByText('Fill in the condition and the action.')).toBeTruthy();
    // Mantine keeps the dropdown's options in the DOM; jsdom has no layout to show them.
    const pick = async (label: string, option: string) => {
      fireEvent.click(within(panel).getByLabelText(label, { selector: 'input' }));
      const list = await screen.findByRole('listbox', { name: label, hidden: true });
      fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
    };
    await pick('Condition field', 'Country');
    fireEvent.input(within(panel).getByLabelText('Value'), { target: { value: 'BE' } });
    await pick('To', 'PostNL pakket BE (SMF-POSTNL-BE)');
    fireEvent.click(within(panel).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'POST /api/automation/')).toBe(true));
    expect(calls.find((c) => c.path === 'POST /api/automation/')?.body).toEqual({
      product_id: PRODUCT,
      affected_field: 'shipmentDetails.countryCode',
      logical_operator: '==',
      value: 'BE',
      type: 'change',
      actions: [{ field: 'selected_ship_option', value: 'SMF-POSTNL-BE' }],
    });
  });

  it("says a rule's problems in Dutch by their codes: its own condition check and the API's refusal", async () => {
    refuseWith = {
      statusCode: 400,
      code: 'validation',
      message: 'Unknown shipment method SMF-POSTNL-BE',
      issues: [
        {
          path: 'body.actions.0.value',
          message: 'Unknown shipment method SMF-POSTNL-BE',
          code: 'unknown_shipment_method',
          values: { value: 'SMF-POSTNL-BE' },
        },
      ],
    };
    renderRoutes([{ path: '/p', element: <ProductAutomationsPanel productId={PRODUCT} orgId={SHOP} /> }], {
      path: '/p',
      lang: 'nl',
    });
    const panel = await screen.findByRole('region', { name: 'Automatiseringsregels' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Regel toevoegen' }));
    const pick = async (label: string, option: string) => {
      fireEvent.click(within(panel).getByLabelText(label, { selector: 'input' }));
      const list = await screen.findByRole('listbox', { name: label, hidden: true });
      fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
    };
    await pick('Naar', 'PostNL pakket BE (SMF-POSTNL-BE)');
    // The quantity compared with a word: the form's own check, in Dutch, and nothing sent.
    fireEvent.input(within(panel).getByLabelText('Waarde'), { target: { value: 'veel' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Regel opslaan' }));
    expect(
      await within(panel).findByText("Waarde moet een getal zijn als de conditie het aantal is: 'veel'"),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === 'POST /api/automation/')).toBe(false);
    // The API refuses the method (gone meanwhile): its code in Dutch in the form, not its English message.
    fireEvent.input(within(panel).getByLabelText('Waarde'), { target: { value: '2' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Regel opslaan' }));
    expect(await within(panel).findByText('Er is geen actieve verzendmethode SMF-POSTNL-BE')).toBeTruthy();
    expect(within(panel).queryByText(/Unknown shipment method/)).toBeNull();
  });

  it("says zod's own refusal at the edge in Dutch by its code (an unknown condition field), not in English", async () => {
    refuseWith = {
      statusCode: 400,
      code: 'validation',
      message: 'affected_field: Invalid option',
      issues: [
        {
          path: 'body.affected_field',
          message: 'Invalid option: expected one of "quantity"|"ean"|"shipmentDetails.countryCode"',
          code: 'not_one_of',
          values: {
            field: 'affected_field',
            value: 'weight',
            allowed: 'quantity, ean, shipmentDetails.countryCode',
          },
        },
      ],
    };
    renderRoutes([{ path: '/p', element: <ProductAutomationsPanel productId={PRODUCT} orgId={SHOP} /> }], {
      path: '/p',
      lang: 'nl',
    });
    const panel = await screen.findByRole('region', { name: 'Automatiseringsregels' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Regel toevoegen' }));
    fireEvent.click(within(panel).getByLabelText('Naar', { selector: 'input' }));
    const list = await screen.findByRole('listbox', { name: 'Naar', hidden: true });
    fireEvent.click(
      await within(list).findByRole('option', { name: 'PostNL pakket BE (SMF-POSTNL-BE)', hidden: true }),
    );
    fireEvent.input(within(panel).getByLabelText('Waarde'), { target: { value: '2' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Regel opslaan' }));
    expect(
      await within(panel).findByText(
        "Conditieveld moet een van deze zijn: quantity, ean, shipmentDetails.countryCode (niet 'weight')",
      ),
    ).toBeTruthy();
    expect(within(panel).queryByText(/Invalid option/)).toBeNull();
  });

  it("finds the product to add by name or SKU in the product's shop, not only by EAN", async () => {
    renderRoutes([{ path: '/p', element: <ProductAutomationsPanel productId={PRODUCT} orgId={SHOP} /> }], {
      path: '/p',
    });
    const panel = await screen.findByRole('region', { name: 'Automation rules' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Add rule' }));
    fireEvent.input(within(panel).getByLabelText('Value'), { target: { value: '2' } });
    fireEvent.click(within(panel).getByText('Add a product'));
    const label = 'Product (name, EAN or SKU, 3+ characters)';
    const choose = async (text: string, option: string) => {
      const search = within(panel).getByLabelText(label, { selector: 'input' });
      // Mantine takes a change of an input without focus for autofill, not typing.
      search.focus();
      fireEvent.click(search);
      fireEvent.input(search, { target: { value: text } });
      const list = await screen.findByRole('listbox', { name: label, hidden: true });
      // The search waits 300 ms after the last key; a busy machine needs longer than the default second.
      return within(list).findByRole('option', { name: option, hidden: true }, { timeout: 10_000 });
    };
    expect(await choose('rooibos', 'Thee (4006381333931)')).toBeTruthy();
    fireEvent.click(await choose('thee', 'Thee (4006381333931)'));
    expect(calls.some((c) => c.path === `GET /api/products/org/${SHOP}`)).toBe(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'POST /api/automation/')).toBe(true));
    expect(calls.find((c) => c.path === 'POST /api/automation/')?.body).toMatchObject({
      type: 'add',
      actions: [{ ean: '4006381333931', quantity: 1 }],
    });
  });

  it('shows the parts of a bundle with the stock they make', async () => {
    renderRoutes([{ path: '/p', element: <BundlePartsPanel productId={PRODUCT} /> }], { path: '/p' });
    expect(await screen.findByText('Bundles in stock: 3')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Thee' })).toBeTruthy();
  });

  it('names the bundles a product is part of apart, though their names hold commas', async () => {
    partOf = [
      { product_id: hex(6), ean: '8712345678913', name: 'Cadeaubox, groot', quantity: 1 },
      { product_id: hex(7), ean: '8712345678920', name: 'Proefpakket', quantity: 2 },
    ];
    renderRoutes([{ path: '/p', element: <BundlePartsPanel productId={PRODUCT} /> }], { path: '/p' });
    expect(await screen.findByText('Part of bundles: Cadeaubox, groot (1×) · Proefpakket (2×)')).toBeTruthy();
  });
});
