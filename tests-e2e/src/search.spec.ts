import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { E2E_API_URL } from './harness/stack.ts';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const panel = (page: Page, query: string) => page.getByRole('region', { name: `Results for “${query}”` });

test.describe('live search', () => {
  test('finds an accented title typed without its accent', async ({ page }) => {
    await page.goto('/en/index');
    await searchBox(page).fill('pantalon');
    const results = panel(page, 'pantalon');
    await expect(results.getByRole('option').first()).toBeVisible();
    // The search also matches categories ("Pantalones y Vaqueros" holds skirts too): some titles, not all, say it.
    const titles = await results.getByRole('option').allTextContents();
    expect(titles.some((title) => /pantalón/i.test(title))).toBe(true);
  });

  test('says when nothing is found', async ({ page }) => {
    await page.goto('/en/index');
    await searchBox(page).fill('zzqxj');
    const results = panel(page, 'zzqxj');
    await expect(results.getByRole('status').filter({ hasText: 'No results found' })).toBeAttached();
    await expect(results.getByRole('option')).toHaveCount(0);
  });

  test('asks the API once for a quickly typed query', async ({ page }) => {
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === E2E_API_URL && url.pathname === '/products' && url.searchParams.has('q')) searches.push(`${url.pathname}${url.search}`);
    });
    await page.goto('/en/index');
    // Typing key by key does not wait for the box as fill() does: the server's page takes input once hydrated.
    await expect(searchBox(page)).toBeEditable();
    await searchBox(page).pressSequentially('gorra', { delay: 40 });
    await expect(panel(page, 'gorra').getByRole('option').first()).toBeVisible();
    expect(searches).toEqual(['/products?q=gorra']);
  });

  test('Escape closes the panel keeping the text and focus in the box, a second Escape clears it; so does emptying the box', async ({ page }) => {
    await page.goto('/en/index');
    await searchBox(page).fill('gorra');
    await expect(panel(page, 'gorra')).toBeVisible();
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(panel(page, 'gorra')).toBeHidden();
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(searchBox(page)).toHaveValue('gorra');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(searchBox(page)).toHaveValue('');
    await expect(page.getByRole('region', { name: /Results for/ })).toHaveCount(0);

    await searchBox(page).fill('gorra');
    await expect(panel(page, 'gorra')).toBeVisible();
    await searchBox(page).fill('');
    await expect(page.getByRole('region', { name: /Results for/ })).toHaveCount(0);
  });

  test('results are a listbox the arrow keys walk from the box, announced by count; Enter opens the product', async ({ page }) => {
    await page.goto('/en/index');
    await searchBox(page).fill('gorra');
    const options = panel(page, 'gorra').getByRole('option');
    const found = panel(page, 'gorra').getByRole('group', { name: 'Products' }).getByRole('option');
    await expect(found.first()).toBeVisible();
    // The suggestions come first in the listbox, products after them.
    await expect(panel(page, 'gorra').getByRole('group', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
    await expect(searchBox(page)).toHaveAttribute('aria-controls', await page.getByRole('listbox').getAttribute('id') ?? 'missing');
    await expect(panel(page, 'gorra').getByRole('status')).toHaveText(`${await found.count()} results`);
    await page.keyboard.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id')) ?? 'missing');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/product\//);
    await expect(page.getByRole('region', { name: /Results for/ })).toHaveCount(0);
  });

  test('keeps the query across a language switch', async ({ page }) => {
    await page.goto('/en/index');
    await searchBox(page).fill('gorra');
    await expect(panel(page, 'gorra').getByRole('option').first()).toBeVisible();
    await page.getByLabel('Language').selectOption('de');
    await expect(page).toHaveURL(/\/de\/index$/);
    await expect(page.getByRole('combobox', { name: 'Produkte suchen' })).toHaveValue('gorra');
    await expect(page.getByRole('region', { name: 'Ergebnisse für „gorra“' }).getByRole('option').first()).toBeVisible();
  });
});

test.describe('the header box on the search page', () => {
  test('holds the q of the URL: in the server HTML, after hydration, and from one search to the next and back', async ({ page, request }) => {
    const html = await (await request.get('/en/search?q=gorra')).text();
    const box = /<input[^>]*role="combobox"[^>]*>/.exec(html)?.[0] ?? '';
    expect(box).toContain('type="text"');
    expect(box).toContain('value="gorra"');

    await page.goto('/en/search?q=gorra');
    await expect(searchBox(page)).toHaveValue('gorra');
    // The page has the results: no live panel over them.
    await expect(page.getByRole('region', { name: /Results for/ })).toHaveCount(0);

    await searchBox(page).fill('botas');
    await expect(panel(page, 'botas')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/search\?q=botas$/);
    await expect(searchBox(page)).toHaveValue('botas');
    await expect(page.getByRole('region', { name: /Results for/ })).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/en\/search\?q=gorra$/);
    await expect(searchBox(page)).toHaveValue('gorra');
  });

  test('is sent by its submit button too, which shows when the keyboard reaches it', async ({ page }) => {
    await page.goto('/de/index');
    const box = page.getByRole('combobox', { name: 'Produkte suchen' });
    await box.fill('gorra');
    await expect(page.getByRole('region', { name: 'Ergebnisse für „gorra“' })).toBeVisible();
    // Escape closes the panel, keeping the text; Tab goes on from the box to its button.
    await page.keyboard.press('Escape');
    const submit = page.getByRole('button', { name: 'Suchen', exact: true });
    await expect(submit).toHaveAttribute('type', 'submit');
    await page.keyboard.press('Tab');
    await expect(submit).toBeFocused();
    expect((await submit.boundingBox())?.width ?? 0).toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/de\/search\?q=gorra$/);
    await expect(page.getByRole('combobox', { name: 'Produkte suchen' })).toHaveValue('gorra');
  });
});
