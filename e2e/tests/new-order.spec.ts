import { minDeliveryDate, type Order } from '@hoppa/core';
import type { Page } from '@playwright/test';
import { apiSession, json } from '../fixtures/api.ts';
import { DEMO_USERS, portalLogin, tomorrowNight } from '../fixtures/demo.ts';
import { expect, shot, test } from '../fixtures/hoppa.ts';

/**
 * The new order wizard (issue 13 item 1; spec 1 §2 New order wizard, §4, §5): a merchant opens it from the open orders
 * list's 'Add order', is refused a step with the spec's message first, and creates a manual order with a PDF
 * attachment and its instruction (read back through its download link); then a B2B pallet order in six steps (a count
 * of 0 refused under the input); both stand in the open orders. Once the manual order is shipped, the resend link
 * (`/new_order?resend={id}`) opens the wizard at the address step filled from it. Screenshots:
 * e2e/screenshots/new-order-*.png.
 */
test.describe.configure({ mode: 'serial' });

type Hit = { id: string; ean: string; name: string };
let products: Hit[] = [];
let manualNumber = '';
let manualId = '';

/** A one-page PDF with one line of text, written out by hand (objects, cross-reference table and trailer). */
function instructionPdf(): Buffer {
  const text = 'Pakbon van de klant: bovenop in de doos';
  const stream = `BT /F1 14 Tf 50 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Picks `option` in the Mantine Select labelled `label`. */
async function choose(page: Page, label: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

async function addProduct(page: Page, p: Hit) {
  await page.getByLabel('Search by EAN or name').fill(p.ean);
  await page.getByRole('button', { name: `Add ${p.name}`, exact: true }).click();
  await expect(page.getByRole('table', { name: 'Chosen products' }).getByText(p.ean)).toBeVisible();
}

test('a merchant creates a manual order with a PDF attachment, refused a step first', async ({
  page,
  server,
}) => {
  const merchant = await apiSession(server.url, DEMO_USERS.bolOwner);
  products = (
    await json<{ products: Hit[] }>(
      await merchant.get('/api/products/search', { params: { search: '', limit: 10 } }),
    )
  ).products;
  expect(products.length).toBeGreaterThanOrEqual(2);
  const [a, b] = products as [Hit, Hit];

  await page.setViewportSize({ width: 1366, height: 900 });
  await portalLogin(page, DEMO_USERS.bolOwner);
  await page.goto('/orders');
  await page.getByRole('link', { name: 'Add order' }).click();
  await expect(page).toHaveURL(/\/new_order$/);
  await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();

  // Step 0: the four order types; a manual order keeps four steps.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('wizard-block')).toHaveText('Choose the type of order first');
  await page.getByRole('radio', { name: 'Manual order' }).click();
  await shot(page, 'new-order-01-type');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 1: no products → the spec's message (spec 1 §5 'Add at least one product'); then two products.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('wizard-block')).toHaveText('Add at least one product');
  await shot(page, 'new-order-02-products-refused');
  await addProduct(page, a);
  await addProduct(page, b);
  await page.getByRole('button', { name: `One more of ${a.name}` }).click();
  await expect(page.getByRole('row', { name: a.name }).getByLabel('Quantity')).toHaveValue('2');
  await shot(page, 'new-order-03-products');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the address; an empty one is refused with the first field of the spec's order.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('wizard-block')).toHaveText('Add name');
  await page.getByLabel('Postcode').fill('1015cj');
  await page.getByLabel('House number').fill('125');
  await page.getByLabel('Addition').fill('A');
  await page.getByLabel('Street').fill('Keizersgracht');
  await page.getByLabel('City').fill('Amsterdam');
  await page.getByLabel('First name').fill('Sanne');
  await page.getByLabel('Last name').fill('de Boer');
  await page.getByLabel('Email').fill('sanne@example.nl');
  await expect(page.getByTestId('address-check')).toHaveText(/Postcode and house number fit Netherlands/);
  await shot(page, 'new-order-04-address');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: method and reason; a file without instruction text is refused, then created.
  await choose(page, 'Shipment method', /Eigen verzendwijze/);
  await choose(page, 'Order reason', 'Incorrect product');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'pakbon-klant.pdf', mimeType: 'application/pdf', buffer: instructionPdf() });
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByTestId('wizard-block')).toHaveText('Add a note for your attachment');
  await page.getByLabel('Instructions for the packer').fill('Pakbon van de klant bovenop in de doos leggen.');
  await shot(page, 'new-order-05-confirmation');
  await page.getByRole('button', { name: 'Create order' }).click();

  const created = page.getByTestId('order-created');
  await expect(created).toBeVisible();
  manualNumber = ((await created.textContent()) ?? '').match(/M-\d{6}-[A-Z0-9]{5}/)?.[0] ?? '';
  expect(manualNumber).not.toBe('');
  const link = page.getByTestId('order-attachments').getByRole('link', { name: 'pakbon-klant.pdf' });
  await expect(link).toBeVisible();
  await expect(page.getByTestId('order-attachments')).toContainText(
    'Pakbon van de klant bovenop in de doos leggen.',
  );
  await shot(page, 'new-order-06-created');
  const href = (await link.getAttribute('href')) ?? '';
  manualId = href.split('/')[3] ?? '';
  const pdf = await page.request.get(href);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('link', { name: 'Show in open orders' }).click();
  // From 22:00 the link carries `until` (next midnight), so the new order is on the board it opens (ADR 0118).
  await expect(page).toHaveURL(/\/orders(\?until=[^&]+)?$/);
  // The list defaults to "until today 22:00" (spec 1 §9): an order made later in the evening is listed from then.
  await page.getByLabel('Until').fill(tomorrowNight());
  await page.getByRole('heading', { name: 'Open orders' }).click();
  await expect(page.getByText(manualNumber).first()).toBeVisible();
  await shot(page, 'new-order-07-open-orders');
  // On the card (the packing station's view too) the attachment opens with the packer's instruction.
  await page
    .getByRole('article', { name: `Order ${manualNumber}` })
    .getByRole('button', { name: 'Attachments' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Attachments of order ${manualNumber}` });
  await expect(dialog.getByRole('link', { name: 'pakbon-klant.pdf' })).toBeVisible();
  await expect(dialog).toContainText('Pakbon van de klant bovenop in de doos leggen.');
  await shot(page, 'new-order-08-card-attachments');
  await merchant.dispose();
});

test('a merchant creates a B2B pallet order in six steps', async ({ page }) => {
  const [a] = products as [Hit];
  await page.setViewportSize({ width: 1366, height: 900 });
  await portalLogin(page, DEMO_USERS.bolOwner);
  await page.goto('/new_order');
  await page.getByRole('radio', { name: 'B2B order' }).click();
  // Six steps now (spec 1 §4 'changes the progress bar to six steps').
  await expect(page.getByText('Boxes or pallets', { exact: true })).toBeVisible();
  await expect(page.getByText('Shipment type', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await addProduct(page, a);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('radio', { name: 'Drop-off' })).toBeChecked();
  await shot(page, 'new-order-11-shipment-type');
  await page.getByRole('button', { name: 'Next' }).click();

  // Box/pallet data: a count of 0 shows the count error and Next stays disabled.
  await page.getByText('Pallets', { exact: true }).click();
  await page.getByLabel('Number of pallets').fill('0');
  await expect(page.getByText('Enter at least 1 box or pallet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await shot(page, 'new-order-12-pallets-refused');
  await page.getByLabel('Number of pallets').fill('2');
  const [y, m, d] = minDeliveryDate().split('-');
  await page.getByLabel('Delivery date').fill(`${d}-${m}-${y}`);
  await page.getByLabel('Delivery date').press('Enter');
  await page.getByLabel('Number of pallets').click();
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await shot(page, 'new-order-13-pallets');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('Company').fill('Lunchroom De Zoete Inval');
  await page.getByLabel('First name').fill('Femke');
  await page.getByLabel('Last name').fill('Visser');
  await page.getByLabel('Postcode').fill('9711 LV');
  await page.getByLabel('House number').fill('7');
  await page.getByLabel('Street').fill('Grote Markt');
  await page.getByLabel('City').fill('Groningen');
  await page.getByLabel('Email').fill('inkoop@dezoeteinval.nl');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText(/2 pallets, drop-off, delivery on/)).toBeVisible();
  // The summary names the country, not its code.
  await expect(page.getByText('9711 LV Groningen · Netherlands')).toBeVisible();
  await choose(page, 'Shipment method', /Eigen verzendwijze/);
  await choose(page, 'Order reason', 'Webshop order');
  await shot(page, 'new-order-14-b2b-confirmation');
  await page.getByRole('button', { name: 'Create order' }).click();
  const created = page.getByTestId('order-created');
  await expect(created).toContainText(/B2B-\d{6}-[A-Z0-9]{5}/);
  // Nothing was attached: no empty attachments card under the confirmation.
  await expect(page.getByTestId('order-attachments')).toHaveCount(0);
  const number = ((await created.textContent()) ?? '').match(/B2B-\d{6}-[A-Z0-9]{5}/)?.[0] ?? '';
  await page.getByRole('link', { name: 'Show in open orders' }).click();
  // From 22:00 the link also carries `until` (next midnight), so the new order is on the board it opens.
  await expect(page).toHaveURL(/\/orders\?(until=[^&]+&)?b2b=true$/);
  await page.getByLabel('Until').fill(tomorrowNight());
  await page.getByRole('heading', { name: 'Open orders' }).click();
  await expect(page.getByText(number).first()).toBeVisible();
  await expect(page.getByText(manualNumber)).toHaveCount(0);
  await shot(page, 'new-order-15-b2b-open-orders');
});

test('resend opens the wizard filled from a shipped order', async ({ page, server }) => {
  expect(manualId).toMatch(/^[0-9a-f]{24}$/);
  const picker = await apiSession(server.url, DEMO_USERS.picker);
  const ship = await picker.post('/api/orders/ship', { data: { order_id: manualId } });
  expect(ship.ok(), await ship.text().catch(() => '')).toBe(true);
  const shipped = await json<Order>(await picker.get(`/api/order/get/${manualId}`));
  expect(shipped.status).toBe('shipped');
  await picker.dispose();

  await page.setViewportSize({ width: 1366, height: 900 });
  await portalLogin(page, DEMO_USERS.bolOwner);
  await page.goto(`/new_order?resend=${manualId}`);
  await expect(page.getByText(`Resending order ${manualNumber}`)).toBeVisible();
  // Products and a valid address: the wizard opens at step 2, the address (spec 1 §4).
  await expect(page.getByLabel('Street')).toHaveValue('Keizersgracht');
  await expect(page.getByLabel('House number')).toHaveValue('125');
  await expect(page.getByLabel('Addition')).toHaveValue('A');
  await expect(page.getByLabel('Postcode')).toHaveValue('1015 CJ');
  await shot(page, 'new-order-21-resend');
  await page.getByRole('button', { name: 'Back' }).click();
  for (const p of products.slice(0, 2))
    await expect(page.getByRole('table', { name: 'Chosen products' }).getByText(p.ean)).toBeVisible();
  await shot(page, 'new-order-22-resend-products');
});
