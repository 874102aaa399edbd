import type { Automation, AutomationImportResult, Order, OrderImportResult } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { replayedTransactions } from '../../test/replayed-transactions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addProduct } from '../pick/test/fulfilment.fixtures.ts';
import { importAutomations } from './automations.service.ts';

/** Automation rules (issue 15 item 2; spec 3 §2 panel, §3 fields, §5 import rules, §7 Automations; ADR 0049). */
describe('automation rules', () => {
  let t: TestApp;
  let bol: string;
  let stroop: string;
  let mug: { id: string; ean: string };
  let insert: { id: string; ean: string };
  let stroopProduct: { id: string; ean: string };

  const call = async <T>(
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({ method, url, headers: { cookie }, payload: payload as object });
    return { status: res.statusCode, body: res.json() as T };
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 4 } });
    const orgs = t.seed?.orgs as { bol: string; stroop: string };
    bol = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    stroop = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    const loc = await addLocation(t.db, { name: 'AUTO-01', sequence: 9001 });
    mug = await addProduct(t.db, orgs.bol, {
      name: 'Mok rood',
      ean: '8712345678906',
      stock: [{ locationId: loc, stock: 50 }],
    });
    insert = await addProduct(t.db, orgs.bol, {
      name: 'Flyer receptenkaart',
      ean: '4006381333931',
      stock: [{ locationId: loc, stock: 500 }],
    });
    stroopProduct = await addProduct(t.db, orgs.stroop, { name: 'Stroopwafel', ean: '5901234123457' });
  });
  afterAll(async () => t.close());

  it('creates, lists, changes and deletes a rule; another merchant sees and touches none of it', async () => {
    const made = await call<Automation>(bol, 'POST', '/api/automation/', {
      product_id: mug.id,
      affected_field: 'quantity',
      logical_operator: '>=',
      value: '3',
      type: 'add',
      actions: [{ ean: insert.ean, quantity: 1 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.actions).toEqual([
      { ean: insert.ean, quantity: 1, product_id: insert.id, name: 'Flyer receptenkaart' },
    ]);

    const list = await call<{ items: Automation[]; total: number }>(bol, 'GET', `/api/automations/${mug.id}`);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]?.id).toBe(made.body.id);

    // Tenant isolation: the other merchant gets 404 on list, change and delete, and cannot put a rule on it.
    expect((await call(stroop, 'GET', `/api/automations/${mug.id}`)).status).toBe(404);
    const foreignPut = await call(stroop, 'PUT', '/api/automation/', {
      _id: made.body.id,
      product_id: stroopProduct.id,
      affected_field: 'quantity',
      logical_operator: '>',
      value: '1',
      type: 'change',
      actions: [{ field: 'selected_ship_option', value: 'SMF-POSTNL-BE' }],
    });
    expect(foreignPut.status).toBe(404);
    expect((await call(stroop, 'DELETE', `/api/automation/${made.body.id}`)).status).toBe(404);
    expect(
      (
        await call(stroop, 'POST', '/api/automation/', {
          product_id: mug.id,
          affected_field: 'quantity',
          logical_operator: '>',
          value: '1',
          type: 'add',
          actions: [{ ean: insert.ean, quantity: 1 }],
        })
      ).status,
    ).toBe(404);
    // An added product of another shop is refused.
    const otherEan = await call<{ message: string }>(bol, 'POST', '/api/automation/', {
      product_id: mug.id,
      affected_field: 'quantity',
      logical_operator: '>',
      value: '1',
      type: 'add',
      actions: [{ ean: stroopProduct.ean, quantity: 1 }],
    });
    expect(otherEan.status).toBe(400);
    expect(otherEan.body.message).toBe(`No product with EAN ${stroopProduct.ean}`);
    // The issue as a code with its values for the portal's rule form (ADR 0119 §3), the English message kept.
    expect((otherEan.body as { issues?: unknown }).issues).toEqual([
      {
        path: 'body.actions.0.ean',
        message: `No product with EAN ${stroopProduct.ean}`,
        code: 'unknown_product',
        values: { field: 'ean', ean: stroopProduct.ean },
      },
    ]);
    const rule = { product_id: mug.id, affected_field: 'quantity', logical_operator: '>', value: '1' };
    // zod's own refusals at the edge carry a code too (core VALIDATION_REASON_CODES), so the form words them in Dutch.
    for (const [method, extra] of [
      ['POST', {}],
      ['PUT', { _id: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      const unknownField = await call<{ issues: unknown }>(bol, method, '/api/automation/', {
        ...rule,
        ...extra,
        affected_field: 'weight',
        logical_operator: '~',
        type: 'change',
        actions: [{ field: 'selected_ship_option', value: 'PNL-STD' }],
      });
      expect(unknownField.status).toBe(400);
      expect(unknownField.body.issues).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            path: 'body.affected_field',
            code: 'not_one_of',
            values: {
              field: 'affected_field',
              value: 'weight',
              allowed: 'quantity, ean, shipmentDetails.countryCode',
            },
          }),
          expect.objectContaining({
            path: 'body.logical_operator',
            code: 'not_one_of',
            values: { field: 'logical_operator', value: '~', allowed: '==, !=, >, <, >=, <=' },
          }),
        ]),
      );
    }
    const unknownMethod = await call<{ issues: unknown }>(bol, 'POST', '/api/automation/', {
      ...rule,
      type: 'change',
      actions: [{ field: 'selected_ship_option', value: 'NO-SUCH' }],
    });
    expect(unknownMethod.status).toBe(400);
    expect(unknownMethod.body.issues).toEqual([
      {
        path: 'body.actions.0.value',
        message: 'Unknown shipment method NO-SUCH',
        code: 'unknown_shipment_method',
        values: { value: 'NO-SUCH' },
      },
    ]);
    const unknownBox = await call<{ issues: unknown }>(bol, 'POST', '/api/automation/', {
      ...rule,
      type: 'change',
      actions: [{ field: 'selected_packaging_option', value: 'Geen doos' }],
    });
    expect(unknownBox.body.issues).toEqual([
      expect.objectContaining({ code: 'unknown_packaging', values: { value: 'Geen doos' } }),
    ]);
    const notANumber = await call<{ message: string; issues: unknown }>(bol, 'POST', '/api/automation/', {
      ...rule,
      value: 'veel',
      type: 'change',
      actions: [{ field: 'selected_ship_option', value: 'SMF-POSTNL-BE' }],
    });
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.issues).toEqual([
      {
        path: 'body.value',
        message: 'value must be a number for quantity',
        code: 'quantity_not_a_number',
        values: { field: 'value', value: 'veel' },
      },
    ]);

    const changed = await call<Automation>(bol, 'PUT', '/api/automation/', {
      _id: made.body.id,
      product_id: mug.id,
      affected_field: 'shipmentDetails.countryCode',
      logical_operator: '==',
      value: 'DE',
      type: 'change',
      actions: [{ field: 'selected_packaging_option', value: 'Doos M (30x20x15)' }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.affected_field).toBe('shipmentDetails.countryCode');
    expect(changed.body.actions[0]).toMatchObject({ field: 'selected_packaging_option' });
    // A country compared with '>' cannot hold: refused.
    const bad = await call(bol, 'PUT', '/api/automation/', {
      ...changed.body,
      _id: made.body.id,
      logical_operator: '>',
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { issues: unknown }).issues).toEqual([
      {
        path: 'body.logical_operator',
        message: 'shipmentDetails.countryCode compares only with == or !=',
        code: 'text_operator',
        values: { field: 'shipmentDetails.countryCode' },
      },
    ]);

    expect((await call(bol, 'DELETE', `/api/automation/${made.body.id}`)).status).toBe(200);
    expect((await call<{ total: number }>(bol, 'GET', `/api/automations/${mug.id}`)).body.total).toBe(0);
    expect((await call(bol, 'DELETE', `/api/automation/${made.body.id}`)).status).toBe(404);
  });

  it('changes the shipment method of an imported order and adds an insert product', async () => {
    const toBe = await call<Automation>(bol, 'POST', '/api/automation/', {
      product_id: mug.id,
      affected_field: 'shipmentDetails.countryCode',
      logical_operator: '==',
      value: 'BE',
      type: 'change',
      actions: [{ field: 'selected_ship_option', value: 'SMF-POSTNL-BE' }],
    });
    const flyer = await call<Automation>(bol, 'POST', '/api/automation/', {
      product_id: mug.id,
      affected_field: 'quantity',
      logical_operator: '>=',
      value: '3',
      type: 'add',
      actions: [{ ean: insert.ean, quantity: 1 }],
    });
    expect([toBe.status, flyer.status]).toEqual([201, 201]);
    const address = {
      firstName: 'Lotte',
      surName: 'Peeters',
      streetName: 'Meir',
      houseNumber: '10',
      zipcode: '2000',
      city: 'Antwerpen',
    };
    const imported = await call<OrderImportResult>(bol, 'POST', '/api/orders/import', [
      { order_id: 'AUTO-BE-1', product_ean: mug.ean, quantity: '3', ...address, countryCode: 'BE' },
      {
        order_id: 'AUTO-NL-1',
        product_ean: mug.ean,
        quantity: '1',
        ...address,
        zipcode: '1234 AB',
        city: 'Utrecht',
        countryCode: 'NL',
      },
    ]);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.created).toBe(2);
    const [be, nl] = imported.body.orders as unknown as [{ id: string }, { id: string }];

    const detail = await call<Order>(bol, 'GET', `/api/order/get/${be.id}`);
    expect(detail.body.selected_ship_option).toBe('SMF-POSTNL-BE');
    const lines = detail.body.products.map((l) => [l.ean, l.quantity, l.added_by_rule]);
    expect(lines).toEqual([
      [mug.ean, 3, false],
      [insert.ean, 3, true],
    ]);
    expect(detail.body.automations?.map((a) => a.description)).toEqual([
      'country = BE → shipment method SMF-POSTNL-BE',
      `quantity ≥ 3 → add 1 × ${insert.ean}`,
    ]);
    // The added line has a pick location like any other, so it is on the pick list.
    const addedLine = (
      await t.db.query<{ pick_location_id: string | null }>(
        'SELECT pick_location_id FROM order_lines WHERE order_id = $1 AND ean = $2',
        [be.id, insert.ean],
      )
    ).rows[0];
    expect(addedLine?.pick_location_id).not.toBeNull();

    // The Dutch order of one piece: neither rule fired.
    const other = await call<Order>(bol, 'GET', `/api/order/get/${nl.id}`);
    expect(other.body.products).toHaveLength(1);
    expect(other.body.selected_ship_option).not.toBe('SMF-POSTNL-BE');
    expect(other.body.automations).toEqual([]);
  });

  it('applies the rules to an order made with the wizard (POST /orders) and expands a bundle it adds', async () => {
    // A gift set of the mug and the insert; a rule on the insert adds the set when three or more inserts are ordered.
    const set = await call<{ success: number }>(bol, 'POST', '/api/products/import-bundles', [
      {
        parent_ean: '96385074',
        parent_name: 'Set mok en flyer',
        bundle_items: [
          { ean: mug.ean, quantity: 1 },
          { ean: insert.ean, quantity: 2 },
        ],
      },
    ]);
    expect(set.body.success).toBe(1);
    const rule = await call<Automation>(bol, 'POST', '/api/automation/', {
      product_id: insert.id,
      affected_field: 'quantity',
      logical_operator: '>',
      value: '2',
      type: 'add',
      actions: [{ ean: '96385074', quantity: 1 }],
    });
    expect(rule.status).toBe(201);
    const made = await call<{ order_id: string }>(bol, 'POST', '/api/orders', {
      products: [{ product_id: insert.id, quantity: 3 }],
      shipment_details: {
        name: 'Sanne',
        surename: 'de Boer',
        streetname: 'Keizersgracht',
        housenumber: '125',
        postalcode: '1015cj',
        city: 'Amsterdam',
        countryCode: 'NL',
        email: 'sanne@example.nl',
      },
      ship_option: 'OWN-SHIPMENT',
      type: 'webshop_order',
      order_type: 'manual_order',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const order = await call<Order>(bol, 'GET', `/api/order/get/${made.body.order_id}`);
    // The customer's 3 inserts, then the added set (1 × 3) as its parts: 3 mugs and 6 inserts.
    expect(
      order.body.products.map((l) => [l.ean, l.quantity, l.bundle?.title ?? null, l.added_by_rule]),
    ).toEqual([
      [insert.ean, 3, null, false],
      [mug.ean, 3, 'Set mok en flyer', true],
      [insert.ean, 6, 'Set mok en flyer', true],
    ]);
    expect(order.body.automations?.map((a) => a.description)).toEqual(['quantity > 2 → add 1 × 96385074']);
  });

  it('imports automation rows with per-row refusals, and a second upload stores nothing twice', async () => {
    const rows = [
      {
        product_ean: mug.ean,
        automation_field: 'quantity',
        automation_operator: '>',
        automation_value: '10',
        automation_action_field: 'selected_packaging_option',
        automation_action_value: 'Doos L (40x30x20)',
      },
      {
        product_ean: mug.ean,
        automation_field: 'country',
        automation_operator: '===',
        automation_value: 'de',
        automation_action_field: 'bundled_products',
        automation_action_value: insert.ean,
        automation_action_qty: '',
      },
      { product_ean: mug.ean, automation_field: 'quantity', automation_operator: '>' },
      {
        product_ean: stroopProduct.ean,
        automation_field: 'quantity',
        automation_operator: '>',
        automation_value: '1',
        automation_action_field: 'selected_ship_option',
        automation_action_value: 'SMF-POSTNL-BE',
      },
      {
        product_ean: mug.ean,
        automation_field: 'quantity',
        automation_operator: '>',
        automation_value: '1',
        automation_action_field: 'selected_ship_option',
        automation_action_value: 'NO-SUCH-METHOD',
      },
    ];
    const first = await call<AutomationImportResult>(bol, 'POST', '/api/products/import-automations', rows);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.automations.success).toBe(2);
    // Each reason as a code with the values it names, and in English for older clients (ADR 0119 §3).
    expect(first.body.automations.errors).toEqual([
      {
        row: 3,
        ean: mug.ean,
        code: 'missing',
        values: { field: 'automation_value' },
        reason: 'automation_value is missing',
      },
      {
        row: 4,
        ean: stroopProduct.ean,
        code: 'unknown_product',
        values: { field: 'product_ean', ean: stroopProduct.ean },
        reason: `product_ean ${stroopProduct.ean} is not a product of this shop`,
      },
      {
        row: 5,
        ean: mug.ean,
        code: 'unknown_shipment_method',
        values: { value: 'NO-SUCH-METHOD' },
        reason: 'unknown shipment method NO-SUCH-METHOD',
      },
    ]);
    const listed = await call<{ items: Automation[] }>(bol, 'GET', `/api/automations/${mug.id}?limit=100`);
    const de = listed.body.items.find((a) => a.value === 'DE');
    expect(de).toMatchObject({
      affected_field: 'shipmentDetails.countryCode',
      logical_operator: '==',
      type: 'add',
    });
    expect(de?.actions).toEqual([
      { ean: insert.ean, quantity: 1, product_id: insert.id, name: 'Flyer receptenkaart' },
    ]);
    const again = await call<AutomationImportResult>(
      bol,
      'POST',
      '/api/products/import-automations',
      rows.slice(0, 2),
    );
    expect(again.body.automations).toEqual({ success: 2, unchanged: 2, errors: [] });
    const after = await call<{ total: number }>(bol, 'GET', `/api/automations/${mug.id}`);
    expect(after.body.total).toBe(listed.body.items.length);
  });

  it('counts each imported rule once when the import transaction runs again after a deadlock', async () => {
    const orgId = (t.seed as NonNullable<TestApp['seed']>).orgs.bol;
    const user = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      DEMO_USERS.bolOwner.email,
    ]);
    const rule = {
      product_ean: mug.ean,
      automation_field: 'quantity',
      automation_operator: '>',
      automation_value: '20',
      automation_action_field: 'selected_packaging_option',
      automation_action_value: 'Doos L (40x30x20)',
    };
    const db = replayedTransactions(t.db);
    const r = await importAutomations({ db, orgId, userId: user.rows[0]?.id as string }, [rule, rule]);
    expect(db.replays).toBe(1);
    // The file's second row is the first one again: stored once, counted unchanged.
    expect(r.automations).toEqual({ success: 2, unchanged: 1, errors: [] });
    const stored = await t.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM automations WHERE product_id = $1 AND value = '20'",
      [mug.id],
    );
    expect(stored.rows[0]?.n).toBe(1);
  });
});
