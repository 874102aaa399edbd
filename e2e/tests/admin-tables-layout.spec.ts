import type { Browser, Locator, Page } from '@playwright/test';
import { DEMO_USERS, portalLogin } from '../fixtures/demo.ts';
import { expect, shot, test } from '../fixtures/hoppa.ts';

/**
 * The provider admin's lists on a laptop screen (1280 × 800) and a small one (1024 wide), as the session 41 walk-through
 * found them: the shops list's badges (Current, Provider) spilled over the contact person's column and its
 * Deactivate button lay half outside the table; a box's size stood one number a line; the shop's users list
 * (/settings/users) needed a sideways scroll in Dutch for its reset-mail column; the admin's users per shop
 * (/admin/users, tab members) had not been looked at. Each cell's content stays in its cell, and at 1280 every
 * action is inside the visible table.
 */

/** The texts of table cells whose content reaches past the cell's right edge (over the next column). */
function spilledCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const spilled: string[] = [];
    for (const td of document.querySelectorAll('tbody td')) {
      const edge = td.getBoundingClientRect().right;
      for (const el of td.querySelectorAll('*'))
        if (el.getBoundingClientRect().right > edge + 1) {
          spilled.push((el.textContent ?? '').trim());
          break;
        }
    }
    return spilled;
  });
}

for (const width of [1280, 1024]) {
  test(`at ${width} px the admin's shops and boxes keep each cell's content in its cell`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await portalLogin(page, DEMO_USERS.admin);

    await page.goto('/orgs');
    const provider = page.getByRole('row', { name: /Hoppa Fulfilment/ });
    await expect(provider.getByText('Current', { exact: true })).toBeVisible();
    await expect(provider.getByText('Provider', { exact: true })).toBeVisible();
    expect(await spilledCells(page)).toEqual([]);
    if (width === 1280) {
      // Every Deactivate button lies inside the table's visible part, not behind its right edge.
      const table = await page.getByRole('table').boundingBox();
      const buttons = page.getByRole('button', { name: 'Deactivate' });
      expect(await buttons.count()).toBeGreaterThan(0);
      for (const b of await buttons.all()) {
        const box = await b.boundingBox();
        expect(box && table && box.x + box.width <= table.x + table.width + 1).toBe(true);
      }
    }
    // The list's count and its Columns button lie inside the card, clear of its border (they sat on the card's top and
    // left edge: the card had no padding, unlike every other list's; ADR 0135).
    const card = page
      .getByRole('table')
      .locator('xpath=ancestor::*[contains(@class, "mantine-Paper-root")][1]');
    const cardBox = await card.boundingBox();
    const columnsBox = await card.getByRole('button', { name: 'Columns' }).boundingBox();
    const countBox = await card.getByText(/^1–\d+ of \d+$/).boundingBox();
    if (!cardBox || !columnsBox || !countBox)
      throw new Error('the shops card, its count or Columns is not shown');
    expect(columnsBox.y - cardBox.y).toBeGreaterThanOrEqual(4);
    expect(cardBox.x + cardBox.width - (columnsBox.x + columnsBox.width)).toBeGreaterThanOrEqual(4);
    expect(countBox.x - cardBox.x).toBeGreaterThanOrEqual(4);
    await shot(page, `admin-tables-layout-shops-${width}`);

    await page.goto('/admin/shipment_box');
    const size = page
      .getByRole('row', { name: /Letterbox box|Brievenbusdoos/ })
      .getByRole('cell')
      .nth(1);
    await expect(size).toHaveText('380 × 265 × 32');
    // One line: the text's rectangles all lie on the same line.
    const lines = await size.evaluate((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    expect(await spilledCells(page)).toEqual([]);
    await shot(page, `admin-tables-layout-boxes-${width}`);
  });
}

/**
 * The horizontal overflow of the scroll containers of the tables shown on the page: each one's scrollWidth past its clientWidth, in
 * px (0 when the table fits). Session 41 found the shop's users list (/settings/users) needing a sideways scroll at
 * 1280 px for its reset-mail column.
 */
function tableOverflow(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    // Only the tables shown: a tab panel out of view keeps its table in the page, hidden.
    [...document.querySelectorAll('table')]
      .filter((table) => table.getClientRects().length > 0)
      .map((table) => {
        let box: HTMLElement | null = table.parentElement;
        while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible')
          box = box.parentElement;
        const scroller = box && box !== document.body ? box : document.documentElement;
        return Math.max(0, scroller.scrollWidth - scroller.clientWidth);
      }),
  );
}

/**
 * Runs `look` on a new tab at 1280 × 800 in each of Dutch and English, logged in as `page`'s user (its cookies), and
 * closes the tab's context after.
 */
async function inEachLanguageAt1280(
  browser: Browser,
  baseURL: string | undefined,
  page: Page,
  look: (tab: Page, locale: string) => Promise<void>,
): Promise<void> {
  for (const locale of ['nl-NL', 'en-GB']) {
    const context = await browser.newContext({
      baseURL,
      locale,
      viewport: { width: 1280, height: 800 },
      storageState: await page.context().storageState(),
    });
    await look(await context.newPage(), locale);
    await context.close();
  }
}

/** Checks that each of `controls` (at least one) lies inside `table`'s visible part and the 1280 px window. */
async function expectInsideTable(table: Locator, controls: Locator): Promise<void> {
  const tableBox = await table.boundingBox();
  expect(await controls.count()).toBeGreaterThan(0);
  for (const c of await controls.all()) {
    const box = await c.boundingBox();
    expect(box && tableBox && box.x + box.width <= Math.min(tableBox.x + tableBox.width + 1, 1280)).toBe(
      true,
    );
  }
}

for (const who of ['bolOwner', 'admin'] as const) {
  test(`at 1280 px the users list of the ${who} fits without a sideways scroll, its row actions in view (nl and en)`, async ({
    browser,
    baseURL,
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await portalLogin(page, DEMO_USERS[who]);
    await inEachLanguageAt1280(browser, baseURL, page, async (tab, locale) => {
      await tab.goto('/settings/users');
      const table = tab.getByRole('table', { name: /^(Users|Gebruikers)$/ });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      await shot(tab, `admin-tables-layout-users-1280-${who}-${locale}`);
      expect(await tableOverflow(tab)).toEqual([0]);
      expect(await spilledCells(tab)).toEqual([]);
      // Each row's reset-mail action lies inside the visible table and the window.
      await expectInsideTable(table, table.getByRole('button', { name: /password reset|wachtwoord-reset/i }));
    });
  });
}

test("at 1280 px the admin's users per shop (/admin/users, tab members) fit without a sideways scroll, each role select in view (nl and en)", async ({
  browser,
  baseURL,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await portalLogin(page, DEMO_USERS.admin);
  await inEachLanguageAt1280(browser, baseURL, page, async (tab, locale) => {
    await tab.goto('/admin/users?tab=members');
    const table = tab.getByRole('table', { name: /^(Users per shop|Gebruikers per winkel)$/ });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await shot(tab, `admin-tables-layout-members-1280-${locale}`);
    expect(await tableOverflow(tab)).toEqual([0]);
    expect(await spilledCells(tab)).toEqual([]);
    // Each row's role select lies inside the visible table and the window.
    await expectInsideTable(table, table.getByLabel(/^(Role|Rol) /));
  });
});
