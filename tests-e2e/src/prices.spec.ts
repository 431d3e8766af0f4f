import { convertMinor, type Currency, type ExchangeRates, PREFERRED_CURRENCY_STORAGE_KEY, type Price } from '@linkhunt/contracts/prices';
import type { ProductSummary } from '@linkhunt/contracts/product';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_API_URL, E2E_SHELL_URL } from './harness/stack.ts';
import { newAccount } from './support/accounts.ts';
import { apiData, freshHacooLink } from './support/api.ts';
import { noisePng } from './support/png.mjs';
import { expect, test } from './support/test.ts';

/** How an English page writes money: "€12.40", "CN¥89.00". */
const money = (amountMinor: number, currency: Currency) => new Intl.NumberFormat('en', { style: 'currency', currency }).format(amountMinor / 100);

const headerCurrency = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Currency' });

/** Every visible product, walking the listing's pages. */
async function everyProduct(request: APIRequestContext): Promise<ProductSummary[]> {
  const all: ProductSummary[] = [];
  for (let page = 1; ; page++) {
    const products = await apiData<ProductSummary[]>(request, `/products?per_page=50&page=${page}`);
    all.push(...products);
    if (products.length < 50) return all;
  }
}

test('a visitor switches to EUR and sees “≈” prices on cards and on the product page, after a reload too', async ({ page, request }) => {
  const rates = await apiData<ExchangeRates>(request, '/rates');
  const inYuan = (list: ProductSummary[]) => list.find((p): p is ProductSummary & { price: Price } => p.price?.currency === 'CNY');
  // The demo seed prices most of its products, mostly in yuan; the category's first page shows this one.
  const category = inYuan(await apiData<ProductSummary[]>(request, '/products?sort=price_desc&per_page=50'))?.categories[0]?.slug;
  if (!category) throw new Error('the demo seed has a product priced in yuan, in a category');
  const product = inYuan(await apiData<ProductSummary[]>(request, `/products?category=${category}&sort=price_desc`));
  if (!product) throw new Error(`a product of ${category} priced in yuan`);
  const path = `/en/cat/${category}?sort=price_desc`;
  const entered = money(product.price.amount_minor, 'CNY');
  const euros = `≈ approximately ${money(convertMinor(product.price.amount_minor, 'CNY', 'EUR', rates.rates), 'EUR')}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  // Rendered on the server the same for everyone: the price as entered, nothing converted.
  const served = await (await request.get(`${E2E_SHELL_URL}${path}`)).text();
  expect(served).toContain(entered);
  expect(served).not.toContain('aria-hidden="true">≈');

  await page.goto(path);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.title, exact: true }) }).first();
  // An English visitor sees dollars until choosing.
  await expect(headerCurrency(page)).toHaveValue('USD');
  await expect(card).toContainText(`≈ approximately ${money(convertMinor(product.price.amount_minor, 'CNY', 'USD', rates.rates), 'USD')}`);

  await headerCurrency(page).selectOption('EUR');
  await expect(card).toContainText(euros);
  expect(await page.evaluate((key) => localStorage.getItem(key), PREFERRED_CURRENCY_STORAGE_KEY)).toBe('EUR');

  await page.reload();
  await expect(headerCurrency(page)).toHaveValue('EUR');
  await expect(card).toContainText(euros);

  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByRole('main').getByText(`${euros} (${entered} on the store)`)).toBeVisible();
});

test('sorting by price and a price range apply in the visitor’s currency', async ({ page, request }) => {
  const rates = await apiData<ExchangeRates>(request, '/rates');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/cat/calzado');
  await headerCurrency(page).selectOption('GBP');
  // The list is live once its boxes are in the chosen currency (it hydrates a moment after the header).
  await expect(page.getByRole('textbox', { name: 'From (GBP)' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
  await expect(page).toHaveURL(/\?sort=price_asc$/);
  await page.getByRole('textbox', { name: 'From (GBP)' }).fill('20');
  await page.getByRole('textbox', { name: 'To (GBP)' }).fill('60');
  await page.getByRole('textbox', { name: 'To (GBP)' }).press('Enter');
  await expect(page).toHaveURL(/\?sort=price_asc&price_min=20&price_max=60&currency=GBP$/);

  const listed = await apiData<ProductSummary[]>(request, '/products?category=calzado&sort=price_asc&price_min=20&price_max=60&currency=GBP&per_page=50');
  expect(listed.length).toBeGreaterThan(1);
  const pounds = listed.map((p) => (p.price ? convertMinor(p.price.amount_minor, p.price.currency, 'GBP', rates.rates) : NaN));
  for (const amount of pounds) expect(amount).toBeGreaterThanOrEqual(2000 - 1);
  for (const amount of pounds) expect(amount).toBeLessThanOrEqual(6000 + 1);
  expect([...pounds].sort((a, b) => a - b)).toEqual(pounds);
  // The page lists the same products in the same order.
  const first = listed[0];
  if (!first) throw new Error('a product in range');
  await expect(page.getByRole('article').first()).toContainText(first.title);
});

test('every product with a price has a valid offer in its structured data, with the price as entered', async ({ request }) => {
  const priced = (await everyProduct(request)).filter((p) => p.price !== null);
  expect(priced.length).toBeGreaterThan(100);
  // A few pages at a time: the server renders each as a crawler would get it.
  for (let at = 0; at < priced.length; at += 8) {
    await Promise.all(priced.slice(at, at + 8).map(async (product) => {
      const html = await (await request.get(`${E2E_SHELL_URL}/es/product/${product.slug}`)).text();
      const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>);
      const offer = scripts.find((entry) => entry['@type'] === 'Product')?.offers as Record<string, unknown> | undefined;
      expect(offer, product.slug).toMatchObject({
        '@type': 'Offer',
        price: ((product.price?.amount_minor ?? 0) / 100).toFixed(2),
        priceCurrency: product.price?.currency,
      });
      // Google's rules for a product snippet's offer: a plain decimal, an ISO 4217 code, a schema.org availability.
      expect(offer?.price, product.slug).toMatch(/^\d+\.\d{2}$/);
      expect(offer?.priceCurrency, product.slug).toMatch(/^[A-Z]{3}$/);
      if (offer?.availability !== undefined) expect(offer.availability, product.slug).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    }));
  }
});

test('an uploader’s price is kept as entered and shown with its own currency', async ({ request }) => {
  const uploader = await newAccount(request, 'pricer');
  const title = `Priced hoodie ${Date.now().toString(36)}`;
  const created = await request.post(`${E2E_API_URL}/products`, {
    headers: { authorization: `Bearer ${uploader.token}` },
    multipart: {
      title,
      description: 'Heavy cotton, true to size.',
      link_hacoo: freshHacooLink(),
      'categories[]': 'calzado',
      price_amount: '12,50',
      price_currency: 'USD',
      image: { name: 'product.png', mimeType: 'image/png', buffer: noisePng(200, 200) },
    },
  });
  expect(created.status()).toBe(201);
  const { slug, price } = (await created.json()).results.data as { slug: string; price: Price };
  expect(price).toEqual({ amount_minor: 1250, currency: 'USD' });
  const html = await (await request.get(`${E2E_SHELL_URL}/en/product/${slug}`)).text();
  expect(html).toContain('$12.50');
});
