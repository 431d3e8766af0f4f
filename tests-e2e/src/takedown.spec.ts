import type { ProductSummary } from '@linkhunt/contracts/product';
import { shareImagePath } from '@linkhunt/contracts/share-image';
import { E2E_API_URL, readStack } from './harness/stack.ts';
import { openSignedIn } from './support/accounts.ts';
import { apiData, apiToken } from './support/api.ts';
import { E2E_ADMIN } from './support/demo.ts';
import { expect, test } from './support/test.ts';

// Issue 25, finding 2: a product removed for illegal content answered 200 with its text, an og:image card and
// no noindex. Now its page is 410 Gone, kept out of search engines, with nothing of the product in the HTML,
// and its picture and card are refused: as a link-preview bot and a visitor's browser both meet it.

const STATEMENT = 'Removed by the end-to-end suite: the listing sells counterfeit goods, which is illegal.';

test('a product removed for illegal content answers 410 with noindex, no image card and nothing of the product', async ({ request, page }) => {
  const recents = await apiData<ProductSummary[]>(request, '/products/recents');
  // A plain title (other suites upload titles full of markup), from the end of the list other suites use less.
  const product = recents.filter((p) => !/[<>&"']/.test(p.title) && p.hidden === 0).at(-1);
  if (!product) throw new Error('the demo seed has a recent product with a plain title');
  const card = shareImagePath(product.image);
  if (!card) throw new Error(`no share card for ${product.image}`);
  const { shellUrl } = readStack();
  const admin = { authorization: `Bearer ${await apiToken(request, E2E_ADMIN)}` };

  const hidden = await request.post(`${E2E_API_URL}/admin/products/${product.id}/hide`, { headers: admin, data: { statement: STATEMENT, illegal: true } });
  expect(hidden.ok()).toBe(true);
  try {
    // The shell server may hold a render from before for a few seconds (its micro-cache).
    await expect(async () => {
      const response = await request.get(`${shellUrl}/en/product/${product.slug}`, { headers: { 'user-agent': 'TelegramBot (like TwitterBot)' } });
      expect(response.status()).toBe(410);
      const html = await response.text();
      expect(html).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
      expect(html).not.toMatch(/og:image|twitter:image|application\/ld\+json/);
      expect(html).not.toContain(product.title);
      expect(html).not.toContain(product.image);
      expect(html).toContain('This product was removed for illegal content.');
    }).toPass({ timeout: 15_000 });

    // In a visitor's browser: the same answer, and the page hydrates into the same state.
    const response = await page.goto(`/en/product/${product.slug}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1, name: 'This product was removed for illegal content.' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);

    for (const path of [`/images/${product.image}`, `/images/${product.thumbnail}`, `/${card}`]) {
      const image = await request.get(`${E2E_API_URL}${path}`, { headers: { 'accept-language': 'en' } });
      expect(image.status(), path).toBe(410);
    }
    const sitemap = await apiData<{ slug: string }[]>(request, '/sitemap/products?per_page=1000');
    expect(sitemap.map((entry) => entry.slug)).not.toContain(product.slug);

    // A moderator (as the uploader) signed in: the server still renders the visitor's 410, and the page then asks
    // the API again with the token and shows the product, saying that it was removed.
    await openSignedIn(page, admin.authorization.slice('Bearer '.length), `/en/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Removed for illegal content: only you and the moderators can see this page.' })).toBeVisible();
    await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
  } finally {
    await request.post(`${E2E_API_URL}/admin/products/${product.id}/unhide`, { headers: admin });
  }
});
