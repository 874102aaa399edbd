import type { Page } from '@playwright/test';
import { DEMO_USERS, floorLogin } from '../fixtures/demo.ts';
import { expect, PHONE } from '../fixtures/hoppa.ts';
import { testWithOwnServer } from '../fixtures/own-server.ts';

/**
 * Touch targets on the floor (issue 11: pickers wear gloves and hold a scanner in the other hand): on a phone, every
 * control of every floor screen a warehouse worker opens is at least 44 × 44 CSS pixels (WCAG 2.2 target size,
 * enhanced; Apple's and Google's guidance is 44 pt / 48 dp). A control may be wider than tall but not smaller. Its
 * own server with the demo's live orders, so the pick screen has a card and the check-in list has inbounds.
 */
const test = testWithOwnServer({ DEMO_ORDERS: 'true' }, 'server-touch.log');

const MIN = 44;

/** The visible controls of the page smaller than {@link MIN} in either direction, described for the failure. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="switch"], label:has(> input[type="file"])',
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none')
        continue;
      // A visually hidden input inside a bigger label (the photo picker) is reached through its label.
      if (el instanceof HTMLInputElement && el.type === 'file' && box.width <= 1) continue;
      // A checkbox is reached through its label when the label is the target.
      const label = el instanceof HTMLInputElement ? el.closest('label') : null;
      const target = label ? label.getBoundingClientRect() : box;
      if (target.width + 0.5 < min || target.height + 0.5 < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('placeholder') ?? '')
          .trim()
          .slice(0, 40);
        out.push(
          `${el.tagName.toLowerCase()} "${name}" ${Math.round(target.width)}×${Math.round(target.height)}`,
        );
      }
    }
    return out;
  }, MIN);
}

test('every control of the floor screens is at least 44 × 44 px on a phone', async ({ browser, demo }) => {
  const context = await browser.newContext({ ...PHONE, baseURL: demo.url });
  const page = await context.newPage();
  await floorLogin(page, DEMO_USERS.picker);
  const found: Record<string, string[]> = {};
  const screens: [string, () => Promise<void>][] = [
    ['/floor/menu', () => expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible()],
    ['/floor/pick', () => expect(page.getByTestId('pick-card')).toBeVisible()],
    ['/floor/order-grouping', () => expect(page.getByTestId('scan-input')).toBeVisible()],
    ['/floor/locations', () => expect(page.getByTestId('scan-input')).toBeVisible()],
    ['/floor/inbound', () => expect(page.getByTestId('inbound-card').first()).toBeVisible()],
    ['/floor/returns', () => expect(page.getByTestId('scan-input')).toBeVisible()],
    ['/floor/direct-checkin', () => expect(page.getByTestId('scan-input')).toBeVisible()],
    ['/floor/scanner', () => expect(page.getByRole('heading', { name: 'Scanner set-up' })).toBeVisible()],
  ];
  for (const [path, ready] of screens) {
    await page.goto(path);
    await ready();
    found[path] = await smallTargets(page);
  }
  // The check-in item detail: the densest screen.
  await page.goto('/floor/inbound');
  await page.getByTestId('inbound-card').first().click();
  await page.getByTestId('inbound-item').first().click();
  await expect(page.getByTestId('item-detail')).toBeVisible();
  found['/floor/inbound (item)'] = await smallTargets(page);
  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
  await context.close();
});
