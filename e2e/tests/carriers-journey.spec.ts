import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { type BolFake, startBolFake } from '../../apps/api/src/test/fakes/bol-fake.ts';
import { type PostnlFake, startPostnlFake } from '../../apps/api/src/test/fakes/postnl-fake.ts';
import { apiSession, json, productsInStock } from '../fixtures/api.ts';
import { DEMO_USERS, portalLogin, tomorrowNight } from '../fixtures/demo.ts';
import { test as base, expect, fakePerFile, SERVER_START_MS, shot } from '../fixtures/hoppa.ts';
import type { StartedServer } from '../fixtures/server.ts';

/**
 * Real carriers and bol.com end to end (issue 14): with the bol.com and PostNL fakes running (answering from
 * ../shared/contracts, every request checked), a merchant adds a bol connection and a PostNL account in the portal;
 * four bol orders arrive by the scheduled pull and are picked; at the packing station one leaves with a bol label
 * bought through its delivery options, one with PostNL, one with a stamp and one as own shipment; the labels carry the
 * fakes' barcodes; the tracking job reads PostNL's events, the parcel is delivered and the shipments' performance
 * header changes. Its own server, pointed at both fakes.
 */
const test = base.extend<{ bol: BolFake; postnl: PostnlFake; demo: StartedServer }>({
  bol: fakePerFile('bol', () => startBolFake({ orders: [] })),
  postnl: fakePerFile('postnl', () => startPostnlFake()),
  demo: [
    async ({ workerServers, bol, postnl }, use, testInfo) => {
      const env = {
        DEMO_ORDERS: 'false',
        BOL_API_URL: bol.url,
        BOL_LOGIN_URL: bol.url,
        POSTNL_API_URL: postnl.url,
        CONNECTIONS_SYNC_MS: '1500',
        TRACKING_POLL_MS: '2000',
      };
      await use(
        await workerServers.ownServer(testInfo.file, { env, logName: 'server-carriers-journey.log' }),
      );
    },
    { scope: 'test', timeout: SERVER_START_MS },
  ],
});

interface OpenOrders {
  groups: {
    orders: {
      id: string;
      orderId: string;
      products: { id: string; ean: string; quantity: number; pick_location: { id: string } | null }[];
    }[];
  }[];
}

const ORDERS = ['1100000001', '1100000002', '1100000003', '1100000004'] as const;

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, '');
}

async function shipmentOf(api: APIRequestContext, orderId: string) {
  const list = await json<{ items: { id: string; order_id: string; tracking_number: string }[] }>(
    await api.get('/api/shipments', { params: { limit: 200 } }),
  );
  const s = list.items.find((x) => x.order_id === orderId);
  if (!s) throw new Error(`no shipment of ${orderId}`);
  return s;
}

/** Adds a connection through /settings/apis/add as the merchant does. */
async function addConnection(page: Page, fill: () => Promise<void>) {
  await page.goto('/settings/apis/add');
  await fill();
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(page).toHaveURL(/\/settings\/apis$/);
}

test('bol orders leave with a bol label, PostNL, a stamp and as own shipment; PostNL tracking delivers one', async ({
  browser,
  demo,
  bol,
  postnl,
}) => {
  test.setTimeout(180_000);
  const merchant = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const products = (await productsInStock(merchant, 8)).slice(0, 4);
  if (products.length < 4) throw new Error('the demo has too few products in stock');
  bol.orders = ORDERS.map((orderId, i) => ({
    orderId,
    orderPlacedDateTime: '2026-11-25T09:12:00+01:00',
    orderItems: [{ orderItemId: `60428238${70 + i}`, ean: products[i]?.ean as string, quantity: 1 }],
  }));

  // The merchant adds the bol.com retailer account and the PostNL account.
  const context = await browser.newContext({ baseURL: demo.url });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.bolOwner);
  await addConnection(page, async () => {
    await page.getByRole('textbox', { name: /^Name/ }).fill('bol.com NL');
    await page.getByRole('textbox', { name: /^Client id/ }).fill(bol.credentials.clientId);
    await page.getByLabel(/^Client secret/).fill(bol.credentials.clientSecret);
  });
  await addConnection(page, async () => {
    // Mantine's segmented control hides its radio inputs under their labels: the merchant clicks the label.
    await page.locator('label', { hasText: /^PostNL$/ }).click();
    await expect(page.getByRole('radio', { name: 'PostNL' })).toBeChecked();
    await page.getByRole('textbox', { name: /^Name/ }).fill('PostNL');
    await page.getByRole('textbox', { name: /Customer name at PostNL/ }).fill('Bakkerij Bol');
    await page.getByLabel(/^API key/).fill(postnl.apiKey);
    await page.getByRole('textbox', { name: /^Customer code/ }).fill('DEVC');
    await page.getByRole('textbox', { name: /^Customer number/ }).fill('11223344');
    await page.getByRole('textbox', { name: /^Collection location/ }).fill('123456');
  });
  const bolRow = page.getByRole('row', { name: /bol\.com NL/ });
  await expect(async () => {
    await page.reload();
    await expect(bolRow).toContainText('4 taken in so far', { timeout: 1500 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('row', { name: /PostNL/ })).toBeVisible();
  await shot(page, 'carriers-01-connections');

  // The picker picks the four orders (as the floor confirms picks).
  const picker = await apiSession(demo.url, DEMO_USERS.picker);
  const start = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 86_400_000).toISOString();
  const open = await json<OpenOrders>(
    await picker.get(`/api/orders/open/${start}/${end}/all`, { params: { limit: 100 } }),
  );
  const ours = open.groups
    .flatMap((g) => g.orders)
    .filter((o) => (ORDERS as readonly string[]).includes(o.orderId));
  expect(ours.map((o) => o.orderId).sort()).toEqual([...ORDERS]);
  for (const line of ours.flatMap((o) => o.products)) {
    if (!line.pick_location) throw new Error(`line ${line.ean} has no pick location`);
    const r = await picker.post('/api/pick_list/confirm', {
      headers: { 'idempotency-key': randomUUID() },
      data: {
        order_line_id: line.id,
        quantity: line.quantity,
        location_id: line.pick_location.id,
        scanned: line.ean,
      },
    });
    expect(r.status(), await r.text()).toBeLessThan(300);
  }

  // At the packing station.
  const packerContext = await browser.newContext({ baseURL: demo.url });
  const packer = await packerContext.newPage();
  await portalLogin(packer, DEMO_USERS.picker);
  await packer.goto('/orders');
  // The list defaults to "until today 22:00" (spec 1 §9): orders that arrive later are listed from then.
  await packer.getByLabel('Until').fill(tomorrowNight());
  await packer.getByRole('heading', { name: 'Open orders' }).click();
  const card = (id: string) => packer.getByRole('article', { name: `Order ${id}` });
  for (const id of ORDERS) await expect(card(id)).toBeVisible();

  // 1: a bol label bought through bol's delivery options.
  await card(ORDERS[0]).getByRole('button', { name: 'bol.com label options' }).click();
  const choice = card(ORDERS[0]).getByRole('combobox', { name: 'bol.com label' });
  await expect(choice).toContainText('TNT MAILBOX · € 3,90');
  await choice.selectOption('7d3205e2-7ac1-40ca-a52f-952066b57353');
  await shot(packer, 'carriers-02-bol-options');
  const popup = packer.waitForEvent('popup');
  await packer.getByRole('button', { name: `Ship with bol label ${ORDERS[0]}` }).click();
  await (await popup).close();
  await expect(packer.getByText(/shipped with a bol\.com label \(3SBOL\d{10}\)/)).toBeVisible();

  // 2–4: PostNL, a stamp and the merchant's own shipment, each chosen on its card.
  const ship = async (id: string, method: string, button: string) => {
    await card(id).getByLabel('Shipment method').selectOption({ label: method });
    const button_ = card(id).getByRole('button', { name: `${button} ${id}` });
    await expect(button_).toBeEnabled();
    await button_.click();
    const viewer = packer.getByRole('dialog', { name: new RegExp(`order ${id}`) });
    await expect(viewer).toBeVisible({ timeout: 30_000 });
    await shot(packer, `carriers-03-shipped-${id}`);
    await viewer.getByRole('button', { name: 'Close' }).first().click();
    await expect(card(id)).toHaveCount(0);
  };
  await ship(ORDERS[1], 'PostNL pakket NL', 'PostNL label');
  await ship(ORDERS[2], 'Postzegel 1 NL', 'Stamp label (1 stamp)');
  await ship(ORDERS[3], 'Eigen verzendwijze', 'Own shipment (Eigen verzendwijze)');
  await shot(packer, 'carriers-04-open-orders-after');

  // The labels carry the fakes' barcodes: bol's, PostNL's; the stamp label its reference; own shipment none.
  const label = async (orderId: string) => {
    const s = await shipmentOf(picker, orderId);
    const res = await picker.get(`/api/shipments/${s.id}/label`);
    return { s, res };
  };
  const bolLabel = await label(ORDERS[0]);
  expect(await pdfText(await bolLabel.res.body())).toContain(bolLabel.s.tracking_number);
  const postnlLabel = await label(ORDERS[1]);
  expect(postnl.barcodes).toContain(postnlLabel.s.tracking_number);
  expect(await pdfText(await postnlLabel.res.body())).toContain(postnlLabel.s.tracking_number);
  const stampLabel = await label(ORDERS[2]);
  expect(await pdfText(await stampLabel.res.body())).toContain(stampLabel.s.tracking_number);
  expect((await label(ORDERS[3])).res.status()).toBe(404);
  expect(bol.invalid.map((i) => i.errors)).toEqual([]);
  expect(postnl.invalid).toEqual([]);
  // Every bol order is confirmed to bol.com with its carrier and track and trace (the queue, ADR 0045).
  await expect.poll(() => bol.shipments.length, { timeout: 30_000 }).toBe(4);

  // The tracking job reads PostNL's events: the PostNL parcel is delivered, and the header counts it.
  await page.goto(`/shipments/${postnlLabel.s.id}`);
  await expect(async () => {
    await page.reload();
    await expect(page.locator('[data-code="I11"]')).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 40_000 });
  await expect(page.locator('[data-code="J05"]')).toBeVisible();
  await shot(page, 'carriers-05-postnl-delivered');
  await page.goto('/shipments');
  // The shop's four parcels of this week: the PostNL one delivered, three still on their way.
  await expect(page.getByTestId('perf-d24')).toContainText('25%');
  await expect(page.getByTestId('perf-way')).toContainText('75%');
  await expect(page.getByRole('button', { name: /Delivered in 1 day/ })).toContainText('1');
  await shot(page, 'carriers-06-shipments');
  await picker.dispose();
  await merchant.dispose();
  await packerContext.close();
  await context.close();
});
