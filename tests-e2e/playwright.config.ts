import { defineConfig } from '@playwright/test';
import { E2E_SHELL_URL } from './src/harness/stack.ts';

export default defineConfig({
  testDir: 'src',
  // One browser at a time (E2E_WORKERS sets another number). On the two-core machines the suite runs on, the stack's
  // servers need the cores too: measured on 2026-12-06, the whole suite took 32 min on one worker and 33 min for
  // nine tenths of it on two, where each browser ran about three times slower (a search test 6 s alone, 17 s beside
  // another) and seven tests went past their waits, eleven times. A file runs in its order.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  // A retry shows a test that fails now and then for what it is: flaky, which fails the run all the same.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  // Hang detectors, not speed targets (those are benchmarks). Sized for the slowest this kind of machine was seen:
  // on 2026-12-06, with the other worker running the HTML checker, the search remote's first load (a chain of nine
  // requests, each evaluated on a main thread still hydrating the page's own remote) took 16 s from the keystroke
  // to the panel's results, 1.5 s on a quiet machine; a 10 s wait failed three search tests twice each.
  timeout: 90_000,
  expect: { timeout: 20_000 },
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
