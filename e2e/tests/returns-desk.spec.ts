import type { Return } from '@hoppa/core';
import { apiSession, json } from '../fixtures/api.ts';
import { DEMO_USERS, floorLogin, portalLogin } from '../fixtures/demo.ts';
import { scan } from '../fixtures/floor.ts';
import { expect, PHONE, shot } from '../fixtures/hoppa.ts';
import { testWithOwnServer } from '../fixtures/own-server.ts';
import { readPdfText } from '../fixtures/pdf.ts';

/**
 * Returns at the desk (issue 12, the part built so far): a merchant creates a return for two products of a shipped
 * order (through the API the creation wizard will call) and prints its label (PDF read back: the tracking number is
 * on it); a worker at the returns desk scans the label's tracking number, judges one item good (back in stock on its
 * location) and one damaged (quarantine) and closes both; the product's history shows the return; a parcel without a
 * return is found by its order number and a return is made from the order with a reason. Its own server with the
 * demo's shipped orders.
 */
const test = testWithOwnServer({ DEMO_ORDERS: 'true' }, 'server-returns.log');
test.describe.configure({ mode: 'serial' });

type Line = { id: string; product_id: string; ean: string; title: string; quantity: number };
let made: Return;
let order: { id: string; orderId: string; products: Line[] };
let other: { id: string; orderId: string };

test('a merchant creates a return for two products of a shipped order and prints its label', async ({
  demo,
}) => {
  const merchant = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const shipments = await json<{ items: { order__id: string; order_id: string }[] }>(
    await merchant.get('/api/shipments', { params: { limit: 100 } }),
  );
  // The demo's returns are on the newest parcels: take older ones, with two or more products.
  const candidates = shipments.items.slice(-40);
  let found: typeof order | undefined;
  for (const s of candidates) {
    const o = await json<typeof order>(await merchant.get(`/api/order/get/${s.order__id}`));
    if (!found && o.products.length >= 2) found = o;
    else if (found && !other && s.order__id !== found.id) other = { id: o.id, orderId: o.orderId };
    if (found && other) break;
  }
  expect(found && other).toBeTruthy();
  order = found as typeof order;
  const [a, b] = order.products as [Line, Line];
  const res = await merchant.post('/api/returns/create', {
    data: {
      order_id: order.id,
      items: [
        { order_line_id: a.id, quantity: 1 },
        { order_line_id: b.id, quantity: 1 },
      ],
      reason: 'NOT_AS_DESCRIBED',
      customer_comments: 'Kleur klopt niet',
      address: {
        countryCode: 'NL',
        zipCode: '3511 LX',
        houseNumber: '12',
        streetName: 'Oudegracht',
        city: 'Utrecht',
        firstName: 'Eva',
        surname: 'Smit',
        email: 'eva@example.nl',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  made = (await res.json()) as Return;
  const label = await merchant.get(`/api/returns/label/${made.id}`);
  expect(label.headers()['content-type']).toBe('application/pdf');
  const text = await readPdfText(await label.body());
  expect(text).toContain(made.tracking_number);
  expect(text).toContain('Eva Smit');
  await merchant.dispose();
});

test('the returns desk scans the tracking number, judges one item good and one damaged, and closes the return', async ({
  browser,
  demo,
}) => {
  const context = await browser.newContext({ ...PHONE, baseURL: demo.url });
  const page = await context.newPage();
  await floorLogin(page, DEMO_USERS.picker);
  await page.goto('/floor/menu');
  await page.getByTestId('task-returns').click();
  await expect(page.getByRole('heading', { name: 'Returns' })).toBeVisible();
  await scan(page, made.tracking_number);
  const card = page.getByTestId('return-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(made.return_number);
  const [a, b] = made.items as [Return['items'][number], Return['items'][number]];
  const good = card.getByTestId('return-item').filter({ hasText: a.title });
  const bad = card.getByTestId('return-item').filter({ hasText: b.title });
  await good.getByRole('button', { name: 'Good', exact: true }).click();
  // Saved through the outbox: the box shows the queued change once it is stored.
  await bad.getByLabel('Product damaged', { exact: true }).click();
  await expect(bad.getByLabel('Product damaged', { exact: true })).toBeChecked();
  await bad.getByRole('button', { name: 'Bad', exact: true }).click();
  await shot(page, 'returns-01-desk-judged');
  await good.getByTestId('return-close').click();
  await bad.getByTestId('return-close').click();
  await expect(good.getByTestId('return-item-done')).toHaveText('Done · Back in stock');
  await expect(bad.getByTestId('return-item-done')).toHaveText('Done · In quarantine');
  await expect(card.getByText('Closed', { exact: true })).toBeVisible();
  await shot(page, 'returns-02-desk-closed');

  // A parcel without a return: found by its order number, a return made from the order with a reason.
  await scan(page, other.orderId);
  await expect(page.getByTestId('from-order-question')).toBeVisible();
  await page.getByLabel('Reason').selectOption('REFUSED');
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('return-card')).toContainText('Refused');
  await shot(page, 'returns-03-from-order');
  await context.close();
});

test("the merchant's product history shows the return going back into stock", async ({ browser, demo }) => {
  const context = await browser.newContext({ baseURL: demo.url });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.picker);
  await page.goto(`/products/${made.items[0]?.product_id}`);
  const history = page.getByRole('region', { name: 'Location history' });
  await expect(history.getByRole('row').filter({ hasText: 'Returned' }).first()).toContainText('+1');
  await shot(page, 'returns-04-product-history');
  await context.close();
});
