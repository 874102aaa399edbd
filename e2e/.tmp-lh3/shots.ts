import { chromium } from '@playwright/test';
import { CHROMIUM } from '../fixtures/browser.ts';
import { DEMO_USERS, floorLogin } from '../fixtures/demo.ts';
import { startServer } from '../fixtures/server.ts';

const server = await startServer({ logName: 'lh3-shots.log', healthTimeoutMs: 300_000 });
const browser = await chromium.launch({ executablePath: CHROMIUM.executablePath, args: CHROMIUM.args });
try {
  const ctx = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await page.goto('/floor/login');
  await page.getByText(/account/i).first().waitFor();
  await page.screenshot({ path: '/tmp/lh3/login.png' });
  await floorLogin(page, DEMO_USERS.picker);
  // A cold pick: the list's first item shows before the rounds are stored
  await page.route('**/api/pick_list/orders/**', async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue();
  });
  await page.goto('/floor/pick');
  await page.getByTestId('pick-location').waitFor();
  await page.screenshot({ path: '/tmp/lh3/pick-preview.png' });
  await page.getByTestId('pick-remaining').filter({ hasNotText: /\b0\b/ }).waitFor({ timeout: 15000 }).catch(() => undefined);
  await page.waitForTimeout(3500);
  await page.screenshot({ path: '/tmp/lh3/pick.png' });
} finally {
  await browser.close();
  await server.stop?.();
}
