import type { Product, ProductSummary } from '@linkhunt/contracts/product';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { E2E_API_URL } from './harness/stack.ts';
import { withAdNetwork } from './support/ad-network.ts';
import { productOfItsOwn } from './support/accounts.ts';
import { apiData, apiToken, hideProduct } from './support/api.ts';
import { DEMO_USER, E2E_ADMIN } from './support/demo.ts';

const DEMO_USERNAME = DEMO_USER.email.split('@')[0];

/**
 * A visible product Lucía (the demo user) did not upload, a different one for each test: what one test does to
 * it (a review, a download) never shows in another.
 */
let nextPick = 0;
async function aProduct(request: APIRequestContext): Promise<Product> {
  const recents = await apiData<ProductSummary[]>(request, '/products/recents');
  for (; nextPick < recents.length; ) {
    const summary = recents[nextPick++];
    if (!summary) break;
    const product = await apiData<Product>(request, `/products/slug/${summary.slug}?include=user`);
    if (product.user?.username !== DEMO_USERNAME) return product;
  }
  throw new Error('the demo seed has recent products by other users');
}

async function signIn(page: Page, request: APIRequestContext): Promise<void> {
  const token = await apiToken(request, DEMO_USER);
  await page.addInitScript((value) => localStorage.setItem('linkhunt.token', value), token);
}

const downloads = (page: Page) => page.locator('dt', { hasText: 'Downloads' }).locator('xpath=following-sibling::dd[1]');

test('a seeded product page shows its details, head tags and structured data', async ({ page, request }) => {
  const product = await aProduct(request);
  await page.goto(`/en/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page).toHaveTitle(`${product.title} | Linkhunt`);
  await expect(page.getByRole('link', { name: product.brand.name, exact: true }).first()).toHaveAttribute('href', `/en/brand/${product.brand.slug}`);
  const uploader = product.user;
  if (!uploader) throw new Error('include=user gives the uploader');
  await expect(page.getByRole('link', { name: uploader.name })).toHaveAttribute('href', `/en/user/${uploader.username}`);
  await expect(page.locator('dt', { hasText: 'Member since' })).toBeVisible();
  await expect(downloads(page)).toHaveText(String(product.downloads));
  for (const category of product.categories) {
    await expect(page.locator(`a[href="/en/cat/${category.slug}"]`).first()).toBeVisible();
  }
  // The cover: its own text alternative, else the product's title.
  const coverAlt = product.photos[0]?.alt || product.title;
  await expect(page.locator(`img[alt="${coverAlt}"]`).first()).toHaveAttribute('fetchpriority', 'high');

  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/en/product/${product.slug}$`));
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(6);
  const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
  const jsonLd = structured.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data['@type'] === 'Product') ?? {};
  expect(jsonLd).toMatchObject({ '@type': 'Product', name: product.title, brand: { '@type': 'Brand', name: product.brand.name } });
  if (product.price) expect(jsonLd.offers).toMatchObject({ priceCurrency: product.price.currency, price: (product.price.amount_minor / 100).toFixed(2) });
  else expect(jsonLd.offers).toBeUndefined();
  expect(Boolean(jsonLd.aggregateRating)).toBe(product.rating.count > 0);

  await expect(page.getByRole('region', { name: 'Related products' }).getByRole('article').first()).toBeVisible();
  const related = await page.getByRole('region', { name: 'Related products' }).locator('a[href^="/en/product/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(related).not.toContain(`/en/product/${product.slug}`);
});

// Alone (playwright.config.ts): an ad key in config.json, for every visitor (support/ad-network.ts).
test('the store links come after the ad, open in a new tab, and the download count goes up', { tag: '@alone' }, async ({ page, request }) => {
  const product = await aProduct(request);
  await withAdNetwork({ '320x50': 'narrow-key' }, async () => {
    await page.goto(`/en/product/${product.slug}`);
    await expect(downloads(page)).toHaveText(String(product.downloads));
    await page.getByRole('button', { name: 'Get the link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get the store links' });
    await dialog.getByRole('button', { name: 'Watch the ad' }).click();
    await expect(page.frameLocator('dialog [data-ad-format="320x50"] iframe').locator('body')).toHaveText('ad 320x50');
    await expect(dialog.getByRole('timer')).toContainText('seconds');

    const hacoo = dialog.getByRole('link', { name: 'Open on Hacoo' });
    await expect(hacoo).toBeVisible();
    await expect(hacoo).toHaveAttribute('target', '_blank');
    await expect(hacoo).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(hacoo).toHaveAttribute('href', /^https:\/\//);
    // Revealing the links counts nothing: opening one does.
    await expect(downloads(page)).toHaveText(String(product.downloads));
    await page.context().route(/^https:\/\/[^/]*hacoo/, (route) => route.fulfill({ body: 'the store' }));
    const store = page.waitForEvent('popup');
    await hacoo.click();
    await (await store).close();
    await expect(downloads(page)).toHaveText(String(product.downloads + 1));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test('a signed-in visitor reviews a product: no stars is refused, then the review and the summary appear', async ({ page, request }) => {
  const product = await aProduct(request);
  await signIn(page, request);
  await page.goto(`/en/product/${product.slug}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  const text = `Arrived in ten days, true to size (${Date.now()}).`;
  await reviews.getByLabel('Your review (optional)').fill(text);
  await reviews.getByRole('button', { name: 'Send review' }).click();
  await expect(reviews.getByText('You must rate the product')).toBeVisible();
  await expect(reviews.getByLabel('Your review (optional)')).toHaveValue(text);

  await reviews.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await reviews.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thanks for your review' })).toBeVisible();
  const first = reviews.getByRole('list', { name: 'What the community says' }).getByRole('listitem').first();
  await expect(first).toContainText(DEMO_USER.name);
  await expect(first).toContainText(text);
  const count = product.rating.count + 1;
  await expect(reviews.getByRole('img', { name: new RegExp(`\\(${count} reviews?\\)$`) })).toBeVisible();
  await expect(reviews.getByRole('button', { name: 'Update review' })).toBeVisible();

  // The API kept it: a fresh load shows the same.
  await page.reload();
  await expect(page.getByRole('list', { name: 'What the community says' }).getByText(text)).toBeVisible();
});

test('a signed-in visitor favourites and unfavourites a product, and it sticks', async ({ page, request }) => {
  const product = await aProduct(request);
  await signIn(page, request);
  await page.goto(`/en/product/${product.slug}`);
  const heart = page.getByRole('button', { name: 'Favourite' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Favourite' }).click();
  await expect(page.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'false');
});

test('a visitor who is not signed in is offered to sign up or log in, and comes back after logging in', async ({ page, request }) => {
  const product = await aProduct(request);
  await page.goto(`/en/product/${product.slug}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/en/auth/register');
  await page.getByRole('link', { name: 'Favourite' }).click();
  await expect(page).toHaveURL(/\/en\/auth$/);
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/product/${product.slug}$`));
  await expect(page.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'false');
});

test('reporting asks first, then says "Product reported", and a second report is thanked kindly', async ({ page, request }) => {
  const product = await productOfItsOwn(request, 'Reported sandals');
  await page.goto(`/en/product/${product.slug}`);
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this product' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Report a problem' }).click();
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product reported' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Report a problem' }).click();
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You already reported this product' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a hidden product still has its page, marked unavailable, without link buttons', async ({ page, request }) => {
  const product = await aProduct(request);
  const token = await apiToken(request, E2E_ADMIN);
  const admin = { headers: { authorization: `Bearer ${token}` } };
  expect((await hideProduct(request, product.id, token)).ok()).toBe(true);
  try {
    await page.goto(`/en/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(page.getByText('This product is no longer available: its store links were taken down.')).toBeVisible();
    await expect(page.getByText('Unavailable', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get the link' })).toHaveCount(0);
  } finally {
    await request.post(`${E2E_API_URL}/admin/products/${product.id}/unhide`, admin);
  }
});

test('an unknown product shows the not-found state with a way home', async ({ page }) => {
  await page.goto('/en/product/no-such-product');
  await expect(page.getByRole('heading', { level: 1, name: 'This product does not exist or was removed.' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/en\/index$/);
});
