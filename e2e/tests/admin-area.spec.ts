import { randomUUID } from 'node:crypto';
import type { AdminShipmentMethod, Page as ListPage, Order } from '@hoppa/core';
import { apiSession, json, orderRow, productsInStock } from '../fixtures/api.ts';
import { DEMO_USERS, portalLogin } from '../fixtures/demo.ts';
import { expect, shot } from '../fixtures/hoppa.ts';
import { testWithOwnServer } from '../fixtures/own-server.ts';

/**
 * The admin area (issue 16 item 5; spec 3 §2 Admin area): the provider's admin edits a shipment method and a
 * surcharge in place, adds a box, finds an order a picker has partly picked and deletes it after reading the warning
 * (the picked pieces are back on their location), and gives the merchant user's role the new-order grant: the
 * merchant user, already logged in, sees 'New order' on the next page load without logging in again.
 */
const test = testWithOwnServer({ DEMO_ORDERS: 'false' }, 'server-admin-area.log');

test('the provider admin edits methods, surcharges, boxes, deletes an order and edits a role', async ({
  browser,
  demo,
}) => {
  // An order of Bakkerij Bol, two pieces of it picked by the floor.
  const merchant = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const [product] = await productsInStock(merchant, 5);
  if (!product) throw new Error('no product in stock');
  const imported = await json<{ orders: { order_id: string; id: string }[] }>(
    await merchant.post('/api/orders/import', { data: [orderRow('ADMIN-E2E-1', product.ean, 3, 1)] }),
  );
  const orderId = imported.orders[0]?.id as string;
  const picker = await apiSession(demo.url, DEMO_USERS.picker);
  const order = await json<Order>(await picker.get(`/api/order/get/${orderId}`));
  const line = order.products[0];
  if (!line?.pick_location) throw new Error('the order line has no pick location');
  const stockOf = async () => {
    const card = await json<{ locations: { location_id: string; stock: number }[] }>(
      await merchant.get(`/api/product/${product.id}`),
    );
    return card.locations.find((l) => l.location_id === line.pick_location?.id)?.stock;
  };
  const before = await stockOf();
  const pick = await picker.post('/api/pick_list/confirm', {
    headers: { 'idempotency-key': randomUUID() },
    data: { order_line_id: line.id, quantity: 2, location_id: line.pick_location.id, scanned: line.ean },
  });
  expect(pick.status(), await pick.text()).toBeLessThan(300);
  expect(await stockOf()).toBe((before ?? 0) - 2);

  // The merchant user is logged in and has no 'New order' in the menu.
  const userContext = await browser.newContext({ baseURL: demo.url, viewport: { width: 1360, height: 900 } });
  const userPage = await userContext.newPage();
  await portalLogin(userPage, DEMO_USERS.bolUser);
  const nav = userPage.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'New order' })).toHaveCount(0);

  const context = await browser.newContext({ baseURL: demo.url, viewport: { width: 1440, height: 960 } });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  for (const name of [
    'Shipment methods',
    'Shipment boxes',
    'Surcharges',
    'Search order',
    'Users and groups',
    'Locations',
  ]) {
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(name) })).toBeVisible();
  }
  await shot(page, 'admin-area-01-index');

  // A shipment method: the price of local delivery from € 4,95 to € 5,25, in its dialog.
  await page
    .getByRole('main')
    .getByRole('link', { name: /Shipment methods/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Shipment methods', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit LOCAL-NL' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Price (€)', { exact: true }).fill('5,25');
  await dialog.getByLabel('Cut-off time').fill('16:30');
  await shot(page, 'admin-area-02-method-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: 'LOCAL-NL' });
  await expect(row).toContainText('€ 5,25');
  await expect(row).toContainText('16:30');
  const admin = await apiSession(demo.url, DEMO_USERS.admin);
  const methods = await json<ListPage<AdminShipmentMethod>>(
    await admin.get('/api/shipment_methods/list?search=LOCAL-NL'),
  );
  expect(methods.items[0]).toMatchObject({ price_cents: 525, cut_off: '16:30' });
  await shot(page, 'admin-area-03-methods');

  // A surcharge edited in place: its name, then its price.
  await page.goto('/admin/surcharge');
  await page.getByRole('button', { name: 'Change Name of Breekbaar inpakken' }).click();
  const nameCell = page.getByRole('textbox', { name: 'Change Name of Breekbaar inpakken' });
  await nameCell.fill('Breekbaar verpakken');
  await nameCell.press('Enter');
  await expect(page.getByRole('button', { name: 'Change Name of Breekbaar verpakken' })).toBeVisible();
  await page.getByRole('button', { name: 'Change Price of Breekbaar verpakken' }).click();
  const priceCell = page.getByRole('textbox', { name: 'Change Price of Breekbaar verpakken' });
  await priceCell.fill('0,95');
  await priceCell.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: 'Breekbaar verpakken' })).toContainText('€ 0,95');
  await shot(page, 'admin-area-04-surcharges');

  // A new box.
  await page.goto('/admin/shipment_box');
  await page.getByRole('link', { name: 'Add shipment box' }).click();
  await page.getByLabel('Name').fill('Wijndoos 3 flessen');
  await page.getByLabel('Length').fill('330');
  await page.getByLabel('Width').fill('260');
  await page.getByLabel('Height').fill('110');
  await page.getByLabel('Fulfilment cost (€)').fill('1,45');
  await page.getByLabel('Package cost (€)').fill('0,80');
  await page.getByLabel('Purchase cost (€)').fill('0,62');
  await page.getByLabel('Package code').fill('WD-3');
  await shot(page, 'admin-area-05-box-add');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Shipment boxes', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Wijndoos 3 flessen' })).toContainText(
    '330 × 260 × 110',
  );

  // The order: found by its number, deleted after the warning; the two picked pieces are back on their location.
  await page.goto('/admin/search_order');
  await page.getByLabel('Order number').fill('admin-e2e-1');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('2 of 3 picked')).toBeVisible();
  await page.getByRole('button', { name: 'Delete order' }).click();
  const warning = page.getByRole('dialog');
  await expect(warning).toContainText('This cannot be undone.');
  await expect(warning).toContainText('2 pieces have been picked already');
  await shot(page, 'admin-area-06-delete-warning');
  await warning.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(/Deleted on .* by Anna de Vries/)).toBeVisible();
  await shot(page, 'admin-area-07-deleted');
  expect(await stockOf()).toBe(before);

  // The role: the merchant user's role gets POST /orders.
  await page.goto('/admin/users');
  await page
    .getByRole('link', { name: /Merchant user/ })
    .or(page.getByText('Merchant user', { exact: true }))
    .first()
    .click();
  await expect(page.getByLabel('Role name')).toHaveValue('Merchant user');
  const rows = page.getByRole('textbox', { name: /^Path pattern #/ });
  const grantCount = await rows.count();
  await page.getByRole('button', { name: 'Add grant' }).click();
  await expect(rows).toHaveCount(grantCount + 1);
  const last = grantCount + 1;
  await page.getByRole('textbox', { name: `Path pattern #${last}`, exact: true }).fill('/orders');
  // The method chips of the new grant (their inputs are visually hidden: click the chips).
  const grantRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('textbox', { name: `Path pattern #${last}`, exact: true }) });
  await grantRow.locator('label').filter({ hasText: /^GET$/ }).click();
  await grantRow
    .locator('label')
    .filter({ hasText: /^POST$/ })
    .click();
  await expect(grantRow.getByRole('checkbox', { name: `POST #${last}`, exact: true })).toBeChecked();
  await expect(grantRow.getByRole('checkbox', { name: `GET #${last}`, exact: true })).not.toBeChecked();
  await expect(page.getByRole('main').getByText('New order', { exact: true })).toBeVisible();
  await shot(page, 'admin-area-08-role-edit');
  await page.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByText(/its users have the new permissions now/)).toBeVisible();

  // The merchant user's open session: the next page shows 'New order', without logging in again.
  await userPage.reload();
  await expect(userPage.getByRole('navigation').getByRole('link', { name: 'New order' })).toBeVisible();
  await shot(userPage, 'admin-area-09-user-sees-new-order');
  await context.close();
  await userContext.close();
});
