import { test as base, expect } from '@playwright/test';
import { E2E_SHELL_URL } from '../harness/stack.ts';

/** One report of the browser's `securitypolicyviolation` event, or its console line, and the frame it came from. */
export interface CspViolation {
  directive: string;
  blocked: string;
  frame: string;
  sample?: string;
  source?: string;
}

/** What the shell marks on `<html>` once the page has hydrated (shell/src/features/remotes/page-hydrated-mark.ts). */
const HYDRATED = 'html[data-hydrated="true"]';

interface CspFixtures {
  /** Every Content-Security-Policy violation of the test's pages and frames so far. */
  cspViolations: CspViolation[];
  /** A test that provokes violations on purpose sets this; any other test fails on the first one. */
  allowCspViolations: boolean;
}

const BINDING = '__linkhuntCspViolation';

/**
 * Playwright's `test`, with every page watched for Content-Security-Policy violations: a test during which the
 * browser refused anything the site asked for fails, so the policy cannot break a page without a red test.
 * Specs import `test` and `expect` from here.
 */
export const test = base.extend<CspFixtures>({
  /**
   * Pages arrive rendered by the server and hydrate after: `goto` and `reload` also wait for the page to have
   * hydrated (the shell, and each area with its remote or its fallback), as a visitor waits for a page to work, so
   * a test never acts on markup no script listens to yet.
   * `waitUntil: 'commit'` keeps its meaning (the test looks at what happens before); a remote's own page has no
   * shell to wait for.
   */
  page: async ({ page }, use) => {
    const hydrated = async (response: Awaited<ReturnType<typeof page.goto>>, waitUntil?: string) => {
      const shellPage = response?.url().startsWith(E2E_SHELL_URL) && response.headers()['content-type']?.startsWith('text/html');
      if (waitUntil !== 'commit' && shellPage) await page.locator(HYDRATED).waitFor({ state: 'attached' });
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => hydrated(await goto(url, options), options?.waitUntil);
    page.reload = async (options) => hydrated(await reload(options), options?.waitUntil);
    await use(page);
  },
  allowCspViolations: [false, { option: true }],
  cspViolations: [
    async ({ context, allowCspViolations }, use) => {
      const violations: CspViolation[] = [];
      await context.exposeBinding(BINDING, ({ frame }, report: Omit<CspViolation, 'frame'>) => {
        violations.push({ ...report, frame: frame.url() });
      });
      await context.addInitScript((binding) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as Record<string, (report: Omit<CspViolation, 'frame'>) => void>)[binding];
          report?.({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            sample: event.sample,
            source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}` : undefined,
          });
        });
      }, BINDING);
      // The console line too: it also covers what no init script sees (a worker, a frame's first moments).
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          violations.push({ directive: 'console', blocked: message.text(), frame: message.page()?.url() ?? '' });
        }
      });
      await use(violations);
      if (!allowCspViolations) expect(violations, 'Content-Security-Policy violations during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
