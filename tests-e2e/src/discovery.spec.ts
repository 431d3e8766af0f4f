import type { ListingResponse } from '@linkhunt/contracts/listing';
import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { E2E_API_URL, readStack } from './harness/stack.ts';

type Listing = ListingResponse['results'];

/** GET /products as the page asks it, straight from the API: what the page must show. */
async function listing(request: APIRequestContext, query: string): Promise<Listing> {
  const response = await request.get(`${E2E_API_URL}/products${query}`);
  expect(response.status(), query).toBe(200);
  return ((await response.json()) as ListingResponse).results;
}

const filtersOf = (page: Page) => page.getByRole('form', { name: 'Filter and sort products' });
const countOf = (page: Page) => filtersOf(page).getByRole('status');
const products = (total: number) => (total === 1 ? '1 product' : `${total} products`);
const cardTitles = (page: Page) => page.locator('main').getByRole('article').getByRole('heading', { level: 3 });
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });

/** The first cards show the API's first products for the same filters, in its order. */
async function expectFirstCards(page: Page, expected: Listing, how: string): Promise<void> {
  const titles = expected.data.slice(0, 4).map((product) => product.title);
  expect(titles.length, `${how}: the API lists products`).toBeGreaterThan(0);
  await expect(cardTitles(page).first(), how).toHaveText(titles[0] ?? '');
  expect((await cardTitles(page).allTextContents()).slice(0, titles.length), how).toEqual(titles);
}

async function expectChip(chip: Locator, checked: boolean): Promise<void> {
  if (checked) await expect(chip).toBeChecked();
  else await expect(chip).not.toBeChecked();
}

test.describe('filters and sorting', () => {
  test('a desktop visitor sorts and filters a category; the URL keeps it through a reload and Back', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/en/cat/sneakers');
    const all = await listing(request, '?category=sneakers');
    await expect(countOf(page)).toHaveText(products(all.meta.pagination.total));
    await expectFirstCards(page, all, 'newest first by default');

    const sort = filtersOf(page).getByLabel('Sort by');
    await expect(sort).toBeEnabled();
    // selectOption does not focus the select as a visitor's choice does.
    await sort.focus();
    await sort.selectOption('popular');
    await expect(page).toHaveURL(/\/en\/cat\/sneakers\?sort=popular$/);
    const popular = await listing(request, '?category=sneakers&sort=popular');
    await expectFirstCards(page, popular, 'most downloaded first');
    await expect(sort).toBeFocused();

    const dhgate = filtersOf(page).getByRole('checkbox', { name: /DHGate/ });
    const dhgateCount = popular.meta.facets.platform.find((value) => value.key === 'dhgate')?.count;
    await expect(dhgate).toHaveAccessibleName(new RegExp(`DHGate.*${dhgateCount}`));
    await dhgate.click();
    await expect(page).toHaveURL(/\/en\/cat\/sneakers\?sort=popular&platform=dhgate$/);
    const onDhgate = await listing(request, '?category=sneakers&platform=dhgate&sort=popular');
    expect(onDhgate.meta.pagination.total).toBe(dhgateCount);
    expect(onDhgate.meta.pagination.total).toBeLessThan(all.meta.pagination.total);
    await expect(countOf(page)).toHaveText(products(onDhgate.meta.pagination.total));
    await expectFirstCards(page, onDhgate, 'DHGate only, most downloaded first');
    // Every card says it is on DHGate (its store badges).
    const cards = page.locator('main').getByRole('article');
    await expect(cards.first().getByText('DHGate', { exact: true })).toBeVisible();
    for (const card of await cards.all()) await expect(card.getByText('DHGate', { exact: true })).toBeAttached();

    await page.reload();
    await expect(page).toHaveURL(/\/en\/cat\/sneakers\?sort=popular&platform=dhgate$/);
    await expectChip(filtersOf(page).getByRole('checkbox', { name: /DHGate/ }), true);
    await expect(filtersOf(page).getByLabel('Sort by')).toHaveValue('popular');
    await expect(countOf(page)).toHaveText(products(onDhgate.meta.pagination.total));
    await expectFirstCards(page, onDhgate, 'after a reload');

    await page.goBack();
    await expect(page).toHaveURL(/\/en\/cat\/sneakers\?sort=popular$/);
    await expectChip(filtersOf(page).getByRole('checkbox', { name: /DHGate/ }), false);
    await expect(countOf(page)).toHaveText(products(all.meta.pagination.total));
    await expectFirstCards(page, popular, 'Back to the sorted list');
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/cat\/sneakers$/);
    await expect(filtersOf(page).getByLabel('Sort by')).toHaveValue('new');
    await expectFirstCards(page, all, 'Back to the plain list');
  });

  test('a visitor who sorts and filters before the page has hydrated gets that list once it has', async ({ page, request }) => {
    // The category page's own code held back, as on a slow phone: the server's form shows, nothing listens yet.
    const held: Route[] = [];
    let holding = true;
    await page.route(`${readStack().remotes['mf-catalogue'].url}/assets/CategoryPage-*.js`, (route) => (holding ? void held.push(route) : route.continue()));
    // Not waiting for the page to work (goto's default here): it cannot, with its code held.
    await page.goto('/en/cat/sneakers', { waitUntil: 'commit' });
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await filtersOf(page).getByLabel('Sort by').selectOption('popular');
    await filtersOf(page).getByRole('checkbox', { name: /DHGate/ }).check();
    await expect(page).toHaveURL(/\/en\/cat\/sneakers$/);

    holding = false;
    await Promise.all(held.map((route) => route.continue()));
    await expect(page).toHaveURL(/\/en\/cat\/sneakers\?sort=popular&platform=dhgate$/);
    const onDhgate = await listing(request, '?category=sneakers&platform=dhgate&sort=popular');
    await expect(countOf(page)).toHaveText(products(onDhgate.meta.pagination.total));
    await expectFirstCards(page, onDhgate, 'the choices made before hydration, applied');
  });

  test('a phone visitor filters in the bottom sheet and sees the products with "Show N products"', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/en/cat/accesorios');
    const opener = page.getByRole('button', { name: /^Filters/ });
    await expect(opener).toBeEnabled();
    // The chips wait in the sheet; the sort stays in view.
    await expect(filtersOf(page).getByRole('checkbox', { name: /CNFans/ })).toBeHidden();
    await filtersOf(page).getByLabel('Sort by').selectOption('rating');
    await expect(page).toHaveURL(/\/en\/cat\/accesorios\?sort=rating$/);
    await opener.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();

    await sheet.getByRole('checkbox', { name: /CNFans/ }).click();
    await expect(page).toHaveURL(/\/en\/cat\/accesorios\?sort=rating&platform=cnfans$/);
    const onCnfans = await listing(request, '?category=accesorios&platform=cnfans&sort=rating');
    const show = sheet.getByRole('button', { name: `Show ${onCnfans.meta.pagination.total} products` });
    await expect(show).toBeVisible();
    await show.click();
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(opener).toHaveAccessibleName(/Filters.*1 active/);
    await expectFirstCards(page, onCnfans, 'best rated on CNFans');
  });

  test('without JavaScript the filters are a plain form: Apply renders the filtered list on the server', async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto('/en/cat/sneakers');
      await filtersOf(page).getByRole('checkbox', { name: /CNFans/ }).check();
      await filtersOf(page).getByLabel('Sort by').selectOption('popular');
      await filtersOf(page).getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/\/en\/cat\/sneakers\?(.+&)?platform=cnfans/);
      expect(new URL(page.url()).searchParams.get('sort')).toBe('popular');
      const expected = await listing(request, '?category=sneakers&platform=cnfans&sort=popular');
      await expect(countOf(page)).toHaveText(products(expected.meta.pagination.total));
      await expect(filtersOf(page).getByRole('checkbox', { name: /CNFans/ })).toBeChecked();
      await expectFirstCards(page, expected, 'rendered by the server');
    } finally {
      await context.close();
    }
  });
});

test.describe('search page', () => {
  test('Enter in the header opens the search page, rendered on the server, not indexed', async ({ page, request }) => {
    await page.goto('/en/index');
    await searchBox(page).fill('sudadera');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/en\/search\?q=sudadera$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “sudadera”' })).toBeVisible();
    const expected = await listing(request, '?q=sudadera');
    await expect(countOf(page)).toHaveText(products(expected.meta.pagination.total));
    await expectFirstCards(page, expected, 'ranked like the API');
    // The panel goes: the page has the results now.
    await expect(page.getByRole('region', { name: /Results for/ })).toHaveCount(0);

    const html = await (await request.get('/en/search?q=sudadera')).text();
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    expect(html).toContain(expected.data[0]?.title ?? 'missing');
  });

  test('a misspelled query says what it shows results for', async ({ page, request }) => {
    await page.goto('/en/search?q=zapatilas');
    const expected = await listing(request, '?q=zapatilas');
    expect(expected.meta.corrected_query).toBe('zapatillas');
    await expect(page.getByText('Showing results for zapatillas')).toBeVisible();
    await expect(countOf(page)).toHaveText(products(expected.meta.pagination.total));
    await expect(cardTitles(page).first()).toHaveText(/zapatillas/i);
  });

  test('a query that finds nothing says so and offers a way on', async ({ page }) => {
    await page.goto('/en/search?q=zzqxj');
    await expect(page.getByText('No results found')).toBeVisible();
    await expect(page.locator('main').getByRole('article')).toHaveCount(0);
    await expect(page.locator('main a[href^="/en/cat/"]').first()).toBeVisible();
  });

  test('a suggestion is chosen with the keyboard', async ({ page }) => {
    await page.goto('/en/index');
    await expect(searchBox(page)).toBeEditable();
    await searchBox(page).pressSequentially('vaq', { delay: 30 });
    const suggestion = page.getByRole('option', { name: /Trousers|Vaqueros|Jeans/ }).first();
    await expect(suggestion).toBeVisible();
    for (let step = 0; step < 8; step += 1) {
      await searchBox(page).press('ArrowDown');
      if ((await suggestion.getAttribute('aria-selected')) === 'true') break;
    }
    await expect(suggestion).toHaveAttribute('aria-selected', 'true');
    await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await suggestion.getAttribute('id')) ?? 'missing');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/en\/cat\/pantalones-y-vaqueros$/);
  });
});

test('crafted filter and search URLs render the page, never an error or the injected markup', async ({ request }) => {
  const many = Array.from({ length: 100 }, (_, i) => `brand=b${i}`).join('&');
  const paths = [
    '/en/cat/sneakers?min_rating=9&platform=aliexpress&sort=cheapest&page=-1',
    `/en/cat/sneakers?${many}&color=${'x'.repeat(500)}`,
    '/en/brand/various?sort=relevance&min_rating=2.5',
    `/en/search?q=${encodeURIComponent('<script>alert(1)</script>')}&sort=rating`,
    `/en/search?q=${'zapatillas '.repeat(40)}`,
  ];
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).not.toContain('<script>alert(1)');
    expect(html, path).toMatch(/<h1[^>]*>/);
  }
});
