import type { Product, ProductSummary } from '@linkhunt/contracts/product';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiData } from './support/api.ts';
import { expect, test } from './support/test.ts';

// The demo catalogue is Spanish: its titles, descriptions and reviews sit inside pages of five languages.

/** A seeded outerwear product (stored category "Ropa de Abrigo", "Outerwear" in English) with a review. */
async function anOuterwearProduct(request: APIRequestContext): Promise<Product> {
  const list = await apiData<ProductSummary[]>(request, '/products?category=ropa-de-abrigo&per_page=50');
  for (const summary of list) {
    const product = await apiData<Product>(request, `/products/slug/${summary.slug}?include=user`);
    if (product.valorations.data.some((valoration) => valoration.review)) return product;
  }
  throw new Error('the demo seed has reviewed outerwear');
}

/** The page's JSON-LD blocks of one type. */
async function jsonLd(page: Page, type: string): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>).filter((data) => data['@type'] === type);
}

async function expectMarkedSpanish(page: Page, product: Product): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toHaveAttribute('lang', 'es');
  await expect(page.getByText(product.description, { exact: true })).toHaveAttribute('lang', 'es');
  const review = product.valorations.data.find((valoration) => valoration.review)?.review ?? '';
  await expect(page.getByText(review, { exact: true }).first()).toHaveAttribute('lang', 'es');

  const [data] = await jsonLd(page, 'Product');
  expect((data?.review as { inLanguage: string }[]).map((review) => review.inLanguage)).toContain('es');
  expect(String(data?.category)).toContain('Outerwear');
  expect(String(data?.category)).not.toContain('Ropa de Abrigo');
  const [trail] = await jsonLd(page, 'BreadcrumbList');
  expect(trail).toMatchObject({ itemListElement: [{ position: 1 }, { position: 2, name: 'Outerwear' }, { position: 3, name: product.title }] });
}

test('a Spanish product on /en: English category names in its JSON-LD, lang="es" on its title, description and reviews, in the server\'s HTML', async ({ browser, request }) => {
  const product = await anOuterwearProduct(request);
  expect(product.language).toBe('es');
  // Without JavaScript the page is the server's HTML as it was sent.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/en/product/${product.slug}`);
    await expectMarkedSpanish(page, product);
  } finally {
    await context.close();
  }
});

test('the marks stay once the page is hydrated, and a Spanish page needs none', async ({ page, request }) => {
  const product = await anOuterwearProduct(request);
  await page.goto(`/en/product/${product.slug}`);
  await expectMarkedSpanish(page, product);

  await page.goto(`/es/product/${product.slug}`);
  const title = page.getByRole('heading', { level: 1, name: product.title });
  await expect(title).toBeVisible();
  expect(await title.getAttribute('lang')).toBeNull();
  const [data] = await jsonLd(page, 'Product');
  expect(String(data?.category)).toContain('Ropa de Abrigo');
});

test('product cards of a list on /de mark their Spanish titles', async ({ page }) => {
  await page.goto('/de/cat/ropa-de-abrigo');
  const titles = page.locator('main article h2, main article h3');
  await expect(titles.first()).toBeVisible();
  const langs = await titles.evaluateAll((elements) => elements.map((element) => element.getAttribute('lang')));
  expect(langs.length).toBeGreaterThan(0);
  expect(new Set(langs)).toEqual(new Set(['es']));
});
