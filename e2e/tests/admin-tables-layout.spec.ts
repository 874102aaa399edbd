import type { Page } from '@playwright/test';
import { DEMO_USERS, portalLogin } from '../fixtures/demo.ts';
import { expect, shot, test } from '../fixtures/hoppa.ts';

/**
 * The provider admin's lists on a laptop screen (1280 × 800) and a small one (1024 wide), as the session 41 walk-through
 * found them: the shops list's badges (Current, Provider) spilled over the contact person's column and its
 * Deactivate button lay half outside the table; a box's size stood one number a line. Each cell's content stays in
 * its cell, and at 1280 every action is inside the visible table.
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
