import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './fixtures/browser.ts';

/**
 * The journeys run in Debian's Chromium (not a downloaded browser) against the real server, which
 * fixtures/server.ts starts once per run on a free port with a fresh data directory.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './fixtures/server.ts',
  // Two cores on the build machines, shared by the server(s), the browsers and the runner. One journey keeps about
  // one core busy (its browser, its server and the runner take turns), so two workers, each on a warehouse of its own
  // (fixtures/hoppa.ts), use both. The scan buffers time keys by the keydown's own `timeStamp`, so a busy renderer no
  // longer splits a typed barcode (it did with one worker per core before: ADR 0084). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  // Below scripts/test.mjs's step limit (25 min), so a run that is too slow still reports what passed and failed.
  // 70 journeys took 10 min 10 s on 2026-11-26 (14 min 51 s in a run that retried 4 failures).
  globalTimeout: 23 * 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
    launchOptions: CHROMIUM,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    // A trace is recorded on the retry of a failed test (CI retries once), not for every test: recording one (DOM
    // snapshots and a screencast of every action) took about 45 % of the runner's and browser's CPU time in a run of
    // new-order.spec.ts (24.1 → 13.5 s, ADR 0055). To trace a local run: `--trace on`.
    trace: 'on-first-retry',
  },
});
