import { apiSession, productsInStock } from '../fixtures/api.ts';
import { bolJourneyTest } from '../fixtures/bol-journey.ts';
import { DEMO_USERS, portalLogin, tomorrowNight } from '../fixtures/demo.ts';
import { expect, shot } from '../fixtures/hoppa.ts';

/**
 * Shipping bol.com orders (issue 14, ADR 0045): the bol product list explains itself while the shop has only the
 * demo's disabled example connection; once a bol connection is active it lists bol's offers with the linked products
 * and their bol_confirm switch; a bol order taken in by the pull shows bol's label options on its card at the packing
 * station, ships with the chosen bol label and is confirmed to bol; a bol order whose customer asked to cancel is
 * shown dimmed and unshippable and the merchant accepts the request. Its own server, pointed at the bol.com fake.
 */
const test = bolJourneyTest('server-bol-shipping.log');

test('a bol order ships with a bol.com label from the packing station', async ({ browser, demo, bol }) => {
  const merchant = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const [jam, bread] = await productsInStock(merchant, 2);
  if (!jam || !bread) throw new Error('the demo has no products in stock');

  const context = await browser.newContext({ baseURL: demo.url });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.bolOwner);
  // Only the demo's disabled example: the bol product list says why it has nothing to show.
  await page.goto('/products');
  await page.getByRole('link', { name: 'bol.com offers' }).click();
  await expect(page).toHaveURL(/\/settings\/apis\/bol\/bol$/);
  await expect(page.getByText('No active bol.com connection')).toBeVisible();
  await shot(page, 'bol-shipping-00-products-no-connection');

  bol.offers = [
    { offerId: 'a1b2c3d4-0001', ean: jam.ean, referenceCode: 'JAM-1', stockAmount: 12 },
    { offerId: 'a1b2c3d4-0002', ean: bread.ean, referenceCode: 'BREAD-1', stockAmount: 4 },
    { offerId: 'a1b2c3d4-0003', ean: '8718846038683', referenceCode: 'OLD-1', stockAmount: 0 },
  ];
  bol.orders = [
    {
      orderId: '1043946570',
      orderPlacedDateTime: '2026-11-25T09:12:00+01:00',
      orderItems: [{ orderItemId: '6042823871', ean: jam.ean, quantity: 1 }],
    },
  ];
  const made = await merchant.post('/api/store-api', {
    data: {
      api_name: 'bol.com NL',
      platform: 'bol',
      api_key: bol.credentials.clientId,
      secret: bol.credentials.clientSecret,
    },
  });
  expect(made.status()).toBe(201);

  await page.goto('/settings/apis');
  await page.getByRole('link', { name: 'bol.com products: bol.com NL' }).click();
  await expect(page).toHaveURL(/\/settings\/apis\/bol\/bol$/);
  await expect(page.getByRole('row', { name: /JAM-1/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('row', { name: /8718846038683/ })).toContainText('No product with this EAN');
  await shot(page, 'bol-shipping-01-products');
  await context.close();

  // The packer: the pull brought the bol order in; its card offers bol's labels.
  const packerContext = await browser.newContext({ baseURL: demo.url });
  const packer = await packerContext.newPage();
  await portalLogin(packer, DEMO_USERS.picker);
  await expect(async () => {
    await packer.goto('/orders');
    // The list defaults to "until today 22:00" (spec 1 §9): an order that arrives later is listed from then.
    await packer.getByLabel('Until').fill(tomorrowNight());
    await packer.getByRole('heading', { name: 'Open orders' }).click();
    await expect(packer.getByText('1043946570').first()).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 30_000 });
  await packer.getByRole('button', { name: 'bol.com label options' }).first().click();
  const choice = packer.getByRole('combobox', { name: 'bol.com label' });
  await expect(choice).toContainText('TNT MAILBOX · € 3,90');
  await choice.selectOption('7d3205e2-7ac1-40ca-a52f-952066b57353');
  await shot(packer, 'bol-shipping-02-card-options');
  const popup = packer.waitForEvent('popup');
  await packer.getByRole('button', { name: 'Ship with bol label 1043946570' }).click();
  await popup;
  await expect(
    packer.getByText(/shipped with a bol\.com label \(3SBOL\d{10}\); bol\.com confirmed/),
  ).toBeVisible();
  await shot(packer, 'bol-shipping-03-shipped');
  expect(bol.shipments).toHaveLength(1);
  // The shipment detail: bol's label, PostNL's tracking page for TNT and the confirmation to bol.
  await packer.goto(`/shipments/${bol.shipments[0]?.shipmentReference}`);
  await expect(packer.getByText('Confirmed to bol.com')).toBeVisible();
  await expect(packer.getByText(/^yes, /)).toBeVisible();
  await expect(packer.getByRole('link', { name: /^3SBOL\d{10}$/ }).first()).toHaveAttribute(
    'href',
    /jouw\.postnl\.nl\/track-and-trace\/3SBOL\d{10}-NL-1234AB/,
  );
  await shot(packer, 'bol-shipping-04-shipment-detail');
  await packerContext.close();

  // A customer asks bol to cancel (spec 1 §4; ADR 0128): the pull brings the order in with its line dimmed and
  // shipping disabled, and the merchant accepts the request, which cancels the item at bol and the order here.
  bol.orders = [
    {
      orderId: '1043946571',
      orderPlacedDateTime: '2026-11-25T09:40:00+01:00',
      orderItems: [{ orderItemId: '6042823872', ean: bread.ean, quantity: 1, cancellationRequest: true }],
    },
  ];
  const ownerContext = await browser.newContext({ baseURL: demo.url });
  const owner = await ownerContext.newPage();
  await portalLogin(owner, DEMO_USERS.bolOwner);
  const card = owner.getByRole('article', { name: 'Order 1043946571' });
  await expect(async () => {
    await owner.goto('/orders');
    await owner.getByLabel('Until').fill(tomorrowNight());
    await owner.getByRole('heading', { name: 'Open orders' }).click();
    await expect(card).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 30_000 });
  await expect(card.getByRole('row', { disabled: true })).toContainText('Cancellation requested');
  await expect(
    card.getByText('A line has a cancellation request: this order cannot be shipped.'),
  ).toBeVisible();
  await shot(owner, 'bol-shipping-05-cancellation-request');
  await card.getByRole('button', { name: 'Accept cancellation' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Accept the cancellation of order 1043946571?' });
  await dialog.getByRole('button', { name: 'Accept cancellation' }).click();
  await expect(owner.getByText('Order 1043946571: 1 line cancelled.')).toBeVisible({ timeout: 15_000 });
  await expect(card).toHaveCount(0);
  expect(bol.cancellations).toEqual([{ orderItemId: '6042823872', reasonCode: 'REQUESTED_BY_CUSTOMER' }]);
  expect(bol.invalid.map((i) => i.errors)).toEqual([]);
  await ownerContext.close();
});
