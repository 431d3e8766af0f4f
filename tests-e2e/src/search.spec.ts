import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { E2E_API_URL } from './harness/stack.ts';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });
const panel = (page: Page, query: string) => page.getByRole('region', { name: `Results for “${query}”` });

test.describe('live search', () => {
  test('finds an accented title typed without its accent', async ({ page }) => {
    await page.goto('/en/index');
    await searchBox(page).fill('pantalon');
    const results = panel(page, 'pantalon');
    await expect(results.getByRole('article').first()).toBeVisible();
    const titles = await results.getByRole('heading', { level: 3 }).allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title) => /pantalón/i.test(title))).toBe(true);
  });

  test('says when nothing is found', async ({ page }) => {
    await page.goto('/en/index');
    await searchBox(page).fill('zzqxj');
    const results = panel(page, 'zzqxj');
    await expect(results.getByRole('status')).toHaveText('No results found');
    await expect(results.getByRole('article')).toHaveCount(0);
  });

  test('asks the API once for a quickly typed query', async ({ page }) => {
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === E2E_API_URL && url.pathname.startsWith('/products/search/')) searches.push(decodeURIComponent(url.pathname));
    });
    await page.goto('/en/index');
    // Typing key by key does not wait for the box as fill() does: the server's page takes input once hydrated.
    await expect(searchBox(page)).toBeEditable();
    await searchBox(page).pressSequentially('gorra', { delay: 40 });
    await expect(panel(page, 'gorra').getByRole('article').first()).toBeVisible();
    expect(searches).toEqual(['/products/search/gorra']);
  });

  test('closes on Escape and when the box is cleared', async ({ page }) => {
    await page.goto('/en/index');
    await searchBox(page).fill('gorra');
    await expect(panel(page, 'gorra')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel(page, 'gorra')).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue('');

    await searchBox(page).fill('gorra');
    await expect(panel(page, 'gorra')).toBeVisible();
    await searchBox(page).fill('');
    await expect(page.getByRole('region', { name: /Results for/ })).toHaveCount(0);
  });

  test('result cards are reached with the keyboard and open the product', async ({ page }) => {
    await page.goto('/en/index');
    await searchBox(page).fill('gorra');
    const first = panel(page, 'gorra').getByRole('article').first().getByRole('link');
    await expect(first).toBeVisible();
    for (let presses = 0; presses < 20 && !(await first.evaluate((link) => link === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/product\//);
    await expect(page.getByRole('region', { name: /Results for/ })).toHaveCount(0);
  });

  test('keeps the query across a language switch', async ({ page }) => {
    await page.goto('/en/index');
    await searchBox(page).fill('gorra');
    await expect(panel(page, 'gorra').getByRole('article').first()).toBeVisible();
    await page.getByLabel('Language').selectOption('de');
    await expect(page).toHaveURL(/\/de\/index$/);
    await expect(page.getByRole('searchbox')).toHaveValue('gorra');
    await expect(page.getByRole('region', { name: 'Ergebnisse für „gorra“' }).getByRole('article').first()).toBeVisible();
  });
});
