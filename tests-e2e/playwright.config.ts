import { defineConfig } from '@playwright/test';
import { E2E_SHELL_URL } from './src/harness/stack.ts';

export default defineConfig({
  testDir: 'src',
  // Two workers, one per core of the machines the suite runs on (CI's and ours have two): a third only queues for
  // a core the stack's servers and the browsers need as well. A file runs in one worker, in its order.
  // E2E_WORKERS=1 (set by .ci/run): on a machine of this kind that runs slowly that day, two browsers starve each
  // other's main thread (2026-12-06: the search panel's answer arrived but was not drawn within 10 s).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  // A retry shows a test that fails now and then for what it is: flaky, which fails the run all the same.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  // Hang detectors, not speed targets (those are benchmarks): machines of this kind run the suite up to twice as
  // slowly from one day to the next (a test that took 15 s took 32 s on 2026-12-06, the same code).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.test-results/e2e.json' }]],
  outputDir: '../.test-results/e2e-output',
  globalSetup: './src/harness/global-setup.ts',
  globalTeardown: './src/harness/global-teardown.ts',
  // One stack, one database, shared by the tests. A test stages a remote's version or fault for itself with a
  // preview (src/harness/previews.ts) and makes its own users and products, so most run side by side. Tests
  // tagged @alone change what every visitor gets (remotes.json edited by hand, the ads in config.json) or measure
  // a time another test would stretch: they run after the others, one at a time (tests-e2e/README.md).
  projects: [
    { name: 'parallel', grepInvert: /@alone/ },
    { name: 'alone', grep: /@alone/, workers: 1, dependencies: ['parallel'] },
  ],
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
