import AxeBuilder from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './test.ts';
import { apiToken } from './api.ts';
import { DEMO_USER } from './demo.ts';

/**
 * WCAG 2.2 AA as axe-core groups it (the issue's list), every impact; and axe's best practices, which hold the
 * rules the issue names that no success criterion tags (`heading-order`, `region`).
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export const WIDTHS = [390, 1280] as const;
export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

/** The suite's artifacts folder (not committed), beside federation.spec's home-page screenshots. */
export const SCREENSHOT_DIR = join(import.meta.dirname, '../../artifacts/screenshots');

/**
 * The page has finished arriving: nothing is loading (no `aria-busy`, no request for half a second), so axe
 * judges the page a visitor reads, not a placeholder.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * The rules a colour scheme can change the outcome of. The dark scheme swaps colour and shadow tokens only
 * (shared-ui/src/styles/color-scheme.test.ts keeps it so), so structure, names and roles are judged once, in
 * light, and dark is judged on these: a whole second pass took 6.5 s a look on the home page, these 2.4 s.
 */
const SCHEME_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Records each violation, its rule, impact and the first elements it names, as a soft failure: one run
 * reports every look of a page that fails, not only the first. In the dark scheme, only SCHEME_RULES.
 */
export async function expectNoAxeViolations(page: Page, where: string, scheme: Scheme = 'light'): Promise<void> {
  // Violations in full, the other results trimmed to one element each: 2 MB less to send back for the home
  // page, and 2 to 3 s less a run.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const { violations } = await (scheme === 'dark' ? axe.withRules(SCHEME_RULES) : axe.withTags(AXE_TAGS)).analyze();
  const found = violations.map((violation) => {
    const nodes = violation.nodes.slice(0, 4).map((node) => `${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.split('\n').slice(1).join(' ').trim()}` : ''}`);
    return `${violation.id} (${violation.impact}, ${violation.nodes.length}×): ${violation.help}\n    ${nodes.join('\n    ')}`;
  });
  expect.soft(found, `axe-core violations on ${where}`).toEqual([]);
}

/** The elements that stick out past the viewport's right edge, outermost first: what makes a page scroll sideways. */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} (right edge ${Math.round(element.getBoundingClientRect().right)} px)`;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const right = element.getBoundingClientRect().right;
      const parentRight = element.parentElement?.getBoundingClientRect().right ?? 0;
      if (right > width + 0.5 && parentRight <= width + 0.5) culprits.push(describe(element));
    }
    return culprits.length > 0 ? culprits.slice(0, 8) : [`the document is ${document.documentElement.scrollWidth} px wide`];
  });
}

export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  expect.soft(await sidewaysOverflow(page), `elements wider than the viewport on ${where}`).toEqual([]);
}

/**
 * Switches light/dark and waits for the colour transitions it starts, so axe never reads a colour halfway.
 * Only on what is rendered: Chromium never settles the `finished` promise of a transition inside a closed
 * `<details>` (its content is skipped, content-visibility: hidden), though it reports it finished, and axe
 * checks no colour there anyway.
 */
export async function applyScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations()
        .filter((animation) => {
          const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
          return !(target instanceof Element) || target.checkVisibility();
        })
        .map((animation) => animation.finished.catch(() => null)),
    ));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Signs the browser in as the demo user (or `user`) before any page script runs. */
export async function signInAsDemoUser(page: Page, request: APIRequestContext, user: { email: string; password: string } = DEMO_USER): Promise<void> {
  const token = await apiToken(request, user);
  await page.addInitScript((value) => localStorage.setItem('linkhunt.token', value), token);
}

/**
 * The rectangles of what stays over the page while it scrolls (fixed and sticky boxes: header, bottom bar,
 * banners); a focused element must not meet any of them (WCAG 2.4.11, checked stricter: not even partly).
 */
export async function focusedElementCover(page: Page): Promise<{ focused: string; coveredBy: string[] } | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return null;
    const coveredBy: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.contains(focused) || focused.contains(element)) continue;
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A sticky box is over the page only where it has stuck; inside the flow it covers nothing.
      const other = element.getBoundingClientRect();
      if (other.width === 0 || other.height === 0) continue;
      const overlaps = box.left < other.right - 0.5 && box.right > other.left + 0.5 && box.top < other.bottom - 0.5 && box.bottom > other.top + 0.5;
      if (overlaps) coveredBy.push(`${element.tagName.toLowerCase()}[${element.getAttribute('aria-label') ?? element.className}]`);
    }
    const name = focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40) ?? '';
    return { focused: `${focused.tagName.toLowerCase()} "${name}"`, coveredBy };
  });
}
