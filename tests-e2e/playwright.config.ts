import { defineConfig } from '@playwright/test';
import { E2E_SHELL_URL } from './src/harness/stack.ts';

export default defineConfig({
  testDir: 'src',
  // One stack, one database: tests share them, so they run one at a time.
  workers: 1,
  fullyParallel: false,
  // A retry shows a test that fails now and then for what it is: flaky, which fails the run all the same.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: '../.test-results/e2e.json' }]],
  outputDir: '../.test-results/e2e-output',
  globalSetup: './src/harness/global-setup.ts',
  globalTeardown: './src/harness/global-teardown.ts',
  use: {
    baseURL: E2E_SHELL_URL,
    // The consent banner stands over the page bottom until answered; only the consent suite starts undecided.
    storageState: { cookies: [], origins: [{ origin: E2E_SHELL_URL, localStorage: [{ name: 'linkhunt.consent', value: 'denied' }] }] },
    // Debian's chromium, not a Playwright download: CI installs it with apt.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
