import type { Brand } from '@linkhunt/contracts/brand';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { E2E_API_URL } from './harness/stack.ts';
import { withAdNetwork } from './support/ad-network.ts';
import { expectNoSidewaysScroll } from './support/accessibility.ts';
import { apiData } from './support/api.ts';

/** The lists the home page keeps for the visit (spec section 4). */
const KEPT_LISTS = ['/brands', '/products/featured', '/products/recents'];

function countApiCalls(page: Page, paths: string[]): Map<string, number> {
  const counts = new Map(paths.map((path) => [path, 0]));
  page.on('request', (request) => {
    const { origin, pathname } = new URL(request.url());
    if (origin === E2E_API_URL && counts.has(pathname)) counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
  });
  return counts;
}

test.describe('home', () => {
  // Alone (playwright.config.ts): ads on, in config.json, for every visitor (support/ad-network.ts).
  test('shows its eight blocks with the seeded data, in the spec order', { tag: '@alone' }, async ({ page }) => {
    await withAdNetwork({ '728x90': 'wide-key', '320x50': 'narrow-key' }, async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/en/index');
      const main = page.locator('main');

      const hero = page.getByRole('heading', { level: 1, name: 'Hunt down the best links' });
      const quickLinks = page.getByRole('navigation', { name: 'Popular categories' }).getByRole('link');
      await expect(quickLinks).toHaveText(['Sneakers', 'Accessories', 'Dresses & skirts']);
      const brands = page.getByRole('region', { name: 'Brands' });
      await expect(brands.locator('a[href^="/en/brand/"]').first()).toBeVisible();
      const featured = page.getByRole('region', { name: 'Featured products' });
      await expect(featured.locator('a[href^="/en/product/"]').first()).toBeVisible();
      const ad = page.locator('[data-ad-format="728x90"]');
      await expect(page.frameLocator('[data-ad-format="728x90"] iframe').locator('body')).toHaveText('ad 728x90');
      const recents = page.getByRole('region', { name: 'Latest finds' });
      await expect(recents.getByRole('article')).toHaveCount(16);
      const promo = page.getByRole('region', { name: 'Found something good? Share it.' });
      await expect(promo.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/en/auth/register');
      const users = page.getByRole('region', { name: 'Top hunters' });
      await expect(users.locator('a[href^="/en/user/"]').first()).toBeVisible();
      const categories = page.getByRole('region', { name: 'Featured categories' });
      await expect(categories.locator('h3 a[href^="/en/cat/"]').first()).toBeVisible();
      await expect(categories.locator('a[href^="/en/product/"] img').first()).toBeVisible();
      await expect(main.locator('[data-skeleton]')).toHaveCount(0);

      const tops: number[] = [];
      for (const block of [hero, brands, featured, ad, recents, promo, users, categories]) {
        await block.scrollIntoViewIfNeeded();
        tops.push(await block.evaluate((element) => element.getBoundingClientRect().top + window.scrollY));
      }
      expect(tops).toEqual([...tops].sort((a, b) => a - b));

      // Every picture keeps its box before it loads and says what it shows, unless the link around it already
      // says it in words (a brand's logo above its name); only the first cards of the product lists (a phone's
      // first screen) load at once, the rest wait until they are needed.
      const images = await main.locator('img').evaluateAll((list) =>
        list.map((img) => ({
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          alt: img.getAttribute('alt'),
          namedByLink: (img.closest('a')?.textContent?.trim() ?? '') !== '',
          loading: img.getAttribute('loading'),
        })),
      );
      expect(images.length).toBeGreaterThan(20);
      for (const image of images) {
        expect(Number(image.width)).toBeGreaterThan(0);
        expect(Number(image.height)).toBeGreaterThan(0);
        if (!image.namedByLink) expect(image.alt?.trim()).toBeTruthy();
      }
      expect(images.filter((image) => image.loading !== 'lazy').map((image) => image.loading)).toEqual(Array(6).fill('eager'));
      await expect(featured.locator('article img').nth(1)).toHaveAttribute('loading', 'eager');
      await expect(featured.locator('article img').nth(2)).toHaveAttribute('loading', 'lazy');
      await expect(recents.locator('article img').nth(3)).toHaveAttribute('loading', 'eager');
      await expect(recents.locator('article img').nth(4)).toHaveAttribute('loading', 'lazy');
    });
  });

  test('coming back home shows the brands, featured and recent products at once, without asking again', async ({ page }) => {
    const calls = countApiCalls(page, KEPT_LISTS);
    await page.goto('/en/index');
    const recents = page.getByRole('region', { name: 'Latest finds' });
    await expect(recents.getByRole('article')).toHaveCount(16);
    await expect(page.getByRole('region', { name: 'Brands' }).locator('a[href^="/en/brand/"]').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Featured products' }).locator('a[href^="/en/product/"]').first()).toBeVisible();
    // The first visit's lists came with the server's page.
    expect([...calls.values()]).toEqual([0, 0, 0]);

    await page.getByRole('navigation', { name: 'Popular categories' }).getByRole('link', { name: 'Sneakers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sneakers' })).toBeVisible();
    await page.goBack();
    await expect(recents.getByRole('article')).toHaveCount(16);
    await expect(page.locator('main [data-skeleton="product-card"]')).toHaveCount(0);
    expect([...calls.values()]).toEqual([0, 0, 0]);
  });

  test('signed-out visitors see the promo banner; it leads to registration', async ({ page }) => {
    await page.goto('/en/index');
    await page.getByRole('region', { name: 'Found something good? Share it.' }).getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/auth$/);
  });

  for (const width of [360, 1440]) {
    test(`fits a ${width} px screen without sideways scrolling, in a container at most 1024 px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/en/index');
      await expect(page.getByRole('region', { name: 'Latest finds' }).getByRole('article')).toHaveCount(16);
      await expectNoSidewaysScroll(page, `/en/index at ${width} px`);
      const box = await page.getByRole('region', { name: 'Latest finds' }).boundingBox();
      expect(box?.width).toBeLessThanOrEqual(1024);
    });
  }
});

test.describe('brand page', () => {
  test('shows the logo, name, count, the removed-products notice and the brand’s products', async ({ page, request }) => {
    const brands = await apiData<Brand[]>(request, '/brands');
    const brand = brands.filter((candidate) => candidate.num_products > 0).sort((a, b) => b.num_products - a.num_products)[0];
    if (!brand) throw new Error('the demo seed has brands with products');

    await page.goto(`/en/brand/${brand.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: brand.name })).toBeVisible();
    await expect(page).toHaveTitle(`${brand.name} | Linkhunt`);
    const cards = page.locator('main').getByRole('article');
    await expect(cards).toHaveCount(Math.min(brand.num_products, 20));
    const notice = page.getByRole('complementary', { name: 'About removed products' });
    await expect(notice).toContainText('Some products of this brand were removed from the app.');
    await expect(notice.getByRole('link')).toHaveAttribute('href', 'mailto:hola@linkhunt.example');

    await cards.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/en\/product\//);
  });

  test('an unknown brand says it does not exist and leads home', async ({ page }) => {
    await page.goto('/en/brand/no-such-brand');
    await expect(page.getByRole('heading', { level: 1, name: 'This brand does not exist.' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/en\/index$/);
  });
});

test.describe('category page', () => {
  /** How many visible products a category has, as the API counts them. */
  async function totalOf(request: APIRequestContext, slug: string): Promise<number> {
    const answer = await (await request.get(`${E2E_API_URL}/categories/slug/${slug}?include=products`)).json();
    return answer.results.meta.pagination.total as number;
  }

  test('shows the translated name; focus on "Load more" brings the next page and focuses its first product', async ({ page, request }) => {
    const total = await totalOf(request, 'accesorios');
    expect(total, 'the demo seed has two pages of accessories').toBeGreaterThan(20);
    expect(total).toBeLessThanOrEqual(40);

    await page.goto('/de/cat/accesorios');
    await expect(page.getByRole('heading', { level: 1, name: 'Accessoires' })).toBeVisible();
    await page.goto('/en/cat/accesorios');
    await expect(page.getByRole('heading', { level: 1, name: 'Accessories' })).toBeVisible();
    await expect(page.getByText(`${total} products found by the community`)).toBeVisible();
    const cards = page.locator('main').getByRole('article');
    await expect(cards).toHaveCount(20);
    await expect(page.getByRole('status').filter({ hasText: `Showing 20 of ${total} products` })).toBeVisible();

    // Focus on the button scrolls the end of the list into view: the page that loads is the keyboard's. (Tabbing
    // from the last card is not used: that card's focus alone may load the page first, and a loading button is
    // disabled, so Tab would pass it by.)
    await page.getByRole('button', { name: 'Load more' }).focus();
    await expect(cards).toHaveCount(total);
    await expect(cards.nth(20).getByRole('link')).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: `Showing ${total} of ${total} products` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('scrolling to the end of the list loads the next page by itself', async ({ page, request }) => {
    const total = await totalOf(request, 'ropa-deportiva');
    expect(total, 'the demo seed has two pages of sportswear').toBeGreaterThan(20);
    await page.goto('/en/cat/ropa-deportiva');
    const cards = page.locator('main').getByRole('article');
    await expect(cards).toHaveCount(20);
    await page.mouse.wheel(0, 20_000);
    await expect(cards).toHaveCount(Math.min(total, 40));
  });

  test('an unknown category shows the not-found state', async ({ page }) => {
    await page.goto('/es/cat/no-existe');
    await expect(page.getByRole('heading', { level: 1, name: 'Esta categoría no existe.' })).toBeVisible();
  });
});
