import { defineConfig, devices } from '@playwright/test';
import { PLAYWRIGHT_CHROMIUM_ARGS } from './scripts/chromium.mjs';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the real built app on a
 * real database; the global setup starts the server, an SMTP server and a test inspector.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    // A failed test keeps its trace: actions, network and the page's DOM at each step. Without
    // the screencast, which cost about a fifth of the suite's time on two cores; run with
    // `--trace retain-on-failure` to have the screenshots as well.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...PLAYWRIGHT_CHROMIUM_ARGS],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
