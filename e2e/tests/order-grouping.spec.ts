import type { AvailablePickCarts, LocationList, OrderByLocation } from '@hoppa/core';
import { apiSession, json } from '../fixtures/api.ts';
import { DEMO_USERS, floorLogin } from '../fixtures/demo.ts';
import { expect, PHONE, shot } from '../fixtures/hoppa.ts';
import { testWithOwnServer } from '../fixtures/own-server.ts';
import { scan } from '../fixtures/scanner.ts';

/**
 * Order grouping end to end (issue 11 item 3; spec 2 §2 Order grouping, §4): on its own demo server (the demo groups
 * one picked line into KAR-01 and leaves the rest waiting), a picker on a phone opens the grouping task and moves
 * picked lines to their carts by wedge scans: the EAN, then the cart's label; a cart the order does not belong in is
 * refused with 'SCAN NEW DESTINATION'. The API then lists the orders in the carts as grouped.
 */
const test = testWithOwnServer({}, 'server-grouping.log');

test('a picker moves picked lines to their carts by scans', async ({ browser, demo }) => {
  const api = await apiSession(demo.url, DEMO_USERS.picker);
  const halls = await json<LocationList>(await api.get('/api/locations/null'));
  const hall = halls.items.find((l) => l.name === 'KARREN');
  if (!hall) throw new Error('the demo has no KARREN hall');
  const carts = (await json<LocationList>(await api.get(`/api/locations/${hall.id}`))).items;
  const cart = (name: string) => {
    const c = carts.find((x) => x.name === name);
    if (!c) throw new Error(`no cart ${name}`);
    return c;
  };

  const context = await browser.newContext({ ...PHONE, baseURL: demo.url });
  const page = await context.newPage();
  await floorLogin(page, DEMO_USERS.picker);
  await page.goto('/floor/menu');
  await page.getByTestId('task-grouping').click();
  await expect(page).toHaveURL(/\/floor\/order-grouping$/);
  const prompt = page.getByTestId('grouping-prompt');
  await expect(prompt).toHaveText('SCAN EAN/LOCATION AND MOVE');
  await shot(page, 'grouping-01-first-location');

  // The demo grouped one line of an order with two waiting lines into KAR-01: find the other (Next moves there).
  let skip = 0;
  for (; skip < 60; skip++) {
    const list = await json<AvailablePickCarts>(
      await api.post('/api/available-pick-carts', { data: { skip } }),
    );
    if (!list.items[0] || list.items[0].products.some((p) => p.pick_group_location)) break;
  }
  for (let i = 0; i < skip; i++) await page.getByRole('button', { name: 'Next' }).click();
  if (skip > 0) await expect(page.getByText(`${skip} skipped`)).toBeVisible();

  for (let round = 0; round < 2; round++) {
    const list = await json<AvailablePickCarts>(
      await api.post('/api/available-pick-carts', { data: { skip: round === 0 ? skip : 0 } }),
    );
    const item = list.items[0];
    if (!item) break;
    const line = item.products.find((p) => p.pick_group_location) ?? item.products[0];
    if (!line) break;
    if (round === 0) expect(line.pick_group_location?.name).toBe('KAR-01');
    if (round === 1) {
      const previous = page.getByRole('button', { name: 'Previous' });
      for (let i = 0; i < 60 && (await previous.isEnabled()); i++) await previous.click();
      await expect(page.getByText('0 skipped')).toBeVisible();
    }
    await expect(page.getByText(line.ean).first()).toBeVisible();
    await scan(page, line.ean);
    await expect(prompt).toHaveText('SCAN DESTINATION');
    const target = line.pick_group_location ? cart(line.pick_group_location.name) : cart('KAR-02');
    if (line.pick_group_location) {
      // The wrong cart: the error sound and 'SCAN NEW DESTINATION' (spec 2 §4).
      await scan(page, cart('KAR-03').id);
      await expect(prompt).toHaveText('SCAN NEW DESTINATION');
      await expect(page.getByTestId('grouping-message')).toContainText(`grouped in ${target.name}`);
      await shot(page, 'grouping-02-wrong-cart');
    }
    await scan(page, target.id);
    await expect(page.getByTestId('grouping-message')).toContainText(`to ${target.name}`);
    await expect(prompt).toHaveText('SCAN EAN/LOCATION AND MOVE');
    await shot(page, `grouping-03-moved-${round + 1}`);
    const inCart = await json<OrderByLocation[]>(
      await api.get(`/api/orders-by-picked-location/${target.id}`),
    );
    expect(inCart.find((o) => o._id === line.order_id)).toMatchObject({
      has_grouped_products: true,
      pick_group_location: { id: target.id, name: target.name },
    });
  }
  await api.dispose();
  await context.close();
});
