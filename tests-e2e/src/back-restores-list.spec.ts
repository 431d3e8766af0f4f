import type { Page } from '@playwright/test';
import { E2E_API_URL } from './harness/stack.ts';
import { expect, test } from './support/test.ts';

/**
 * Back to a list after "Load more" shows the same items at the same place, from the query cache: the list
 * does not drop to its first page, the scroll does not jump, and the API is not asked for the list again.
 */
async function loadMoreOpenAndComeBack(page: Page, total: number) {
  const cards = page.locator('main').getByRole('article');
  await expect(cards).toHaveCount(20);
  // Focus brings the button into view, where the end of the list may load the page by itself first: either
  // way, the next page is loaded (a click could land on a button already gone).
  await page.getByRole('button', { name: 'Load more' }).focus();
  const shown = Math.min(total, 40);
  await expect(cards).toHaveCount(shown);

  // Well down the second page: the first page alone is not that tall.
  const card = cards.nth(shown - 3);
  // Instant: the site scrolls smoothly otherwise, and the position read would be the one it started from.
  await card.evaluate((element) => window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - 100, behavior: 'instant' }));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(1000);
  const listUrl = page.url();

  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/en\/product\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(E2E_API_URL)) asked.push(request.url());
  });
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(cards).toHaveCount(shown);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(5);
  await expect(card).toBeInViewport();
  expect(asked.filter((url) => new URL(url).pathname.startsWith('/products') || new URL(url).pathname.startsWith('/categories'))).toEqual([]);
}

test('Back to a category page after "Load more" shows the same products at the same place, asking the API nothing', async ({ page, request }) => {
  const answer = await (await request.get(`${E2E_API_URL}/products?category=accesorios`)).json();
  const total = answer.results.meta.pagination.total as number;
  expect(total, 'the demo seed has two pages of accessories').toBeGreaterThan(20);
  await page.goto('/en/cat/accesorios');
  await loadMoreOpenAndComeBack(page, total);
});

test('Back to the search results after "Load more" shows the same products at the same place, asking the API nothing', async ({ page, request }) => {
  const answer = await (await request.get(`${E2E_API_URL}/products?q=negro`)).json();
  const total = answer.results.meta.pagination.total as number;
  expect(total, 'the demo seed has two pages of black things').toBeGreaterThan(20);
  await page.goto('/en/search?q=negro');
  await loadMoreOpenAndComeBack(page, total);
});
