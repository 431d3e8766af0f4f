import type { OwnProduct, ProductSummary } from '@linkhunt/contracts/product';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_API_URL } from './harness/stack.ts';
import { newAccount, openSignedIn } from './support/accounts.ts';
import { apiData, apiToken } from './support/api.ts';
import { noisePng } from './support/png.mjs';
import { expect, test } from './support/test.ts';
import { photoPicker, photoPreview } from './support/product-form.ts';

const EVERY_API_CALL = `${E2E_API_URL}/**`;

/**
 * Makes the API unreachable for the page (connection refused), the way a visitor sees an API that is down; the
 * shared e2e API itself keeps running. Calls are held until `release`, so the test sees what shows while they
 * wait, then refused, and every later call is refused at once. `restore` brings the API back.
 */
async function apiDown(page: Page): Promise<{ release: () => void; restore: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(EVERY_API_CALL, async (route) => {
    await released;
    await route.abort('connectionrefused');
  });
  return { release, restore: () => page.unroute(EVERY_API_CALL) };
}

const skeletons = (page: Page) => page.locator('main [data-skeleton]');

/**
 * Opens `path` the way the browser renders a page itself: by a navigation inside the site. A page opened by its
 * address comes from the server with its data (server-rendering.spec.ts covers the server without the API); what
 * these tests look at is the browser asking an API that is down.
 */
async function navigateInSite(page: Page, path: string) {
  await page.goto('/en/about');
  // The router listens once the page has hydrated, which the header's search box shows.
  await expect(searchBox(page)).toBeEditable();
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });

test.describe('the API down', () => {
  test('home: skeletons, then one message under the hero; the header works; "Try again" fills every block once the API is back', async ({ page }) => {
    const api = await apiDown(page);
    await navigateInSite(page, '/en/index');
    await expect(page.getByRole('heading', { level: 1, name: 'Hunt down the best links' })).toBeVisible();
    await expect(skeletons(page).first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    api.release();
    const message = page.locator('main').getByRole('alert');
    await expect(message.getByRole('heading', { level: 2 })).toHaveText('Part of this page could not be loaded');
    await expect(message).toContainText('Check your connection and try again.');
    await expect(message).toHaveCount(1);
    // The blocks keep their placeholders (spec section 8), and nothing turns for ever.
    await expect(page.getByRole('region', { name: 'Latest finds' }).locator('[data-skeleton]')).toHaveCount(16);
    await expect(page.locator('main').getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);

    // The header still works: the menu, the language switch, the footer links.
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByLabel('Language').selectOption('es');
    await expect(page).toHaveURL(/\/es\/index$/);
    await expect(page.locator('main').getByRole('alert').getByRole('heading')).toHaveText('No se ha podido cargar parte de esta página');
    await page.getByRole('link', { name: 'Sobre nosotros' }).click();
    await expect(page).toHaveURL(/\/es\/about$/);
    // On screen, not only in the URL: until the next page is ready the site keeps the home page up, and Back
    // before then would find it still there, asking nothing.
    await expect(page.getByRole('heading', { level: 1, name: 'Sobre Linkhunt' })).toBeVisible();
    // Back home, the empty lists are asked for again: refused, as long as the API is down.
    const askedAgain = page.waitForEvent('requestfailed', (request) => request.url() === `${E2E_API_URL}/brands`);
    await page.goBack();
    await expect(page).toHaveURL(/\/es\/index$/);
    await askedAgain;
    await expect(page.locator('main').getByRole('alert').getByRole('button', { name: 'Reintentar' })).toBeVisible();

    await api.restore();
    await page.locator('main').getByRole('alert').getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Últimos hallazgos' }).getByRole('article')).toHaveCount(16);
    await expect(page.getByRole('region', { name: 'Marcas' }).locator('a[href^="/es/brand/"]').first()).toBeVisible();
    await expect(skeletons(page)).toHaveCount(0);
  });

  test('a category page: skeletons, then "could not be loaded" with "Try again", which shows it once the API is back; a product opened from it likewise', async ({ page }) => {
    let api = await apiDown(page);
    await navigateInSite(page, '/en/cat/sneakers');
    await expect(skeletons(page).first()).toBeVisible();
    api.release();
    const failed = page.locator('main').getByRole('alert');
    await expect(failed.getByRole('heading')).toHaveText('This page could not be loaded');
    await expect(failed).toContainText('Check your connection and try again.');
    await expect(skeletons(page)).toHaveCount(0);
    await expect(searchBox(page)).toBeEditable();

    await api.restore();
    await failed.getByRole('button', { name: 'Try again' }).click();
    const firstCard = page.locator('main').getByRole('article').first();
    await expect(firstCard).toBeVisible();
    await expect(page.locator('main').getByRole('alert')).toHaveCount(0);

    // Down again while browsing: a product opened from the list says so too, in the site's frame.
    api = await apiDown(page);
    api.release();
    const title = (await firstCard.getByRole('heading').textContent()) ?? '';
    await firstCard.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/en\/product\//);
    await expect(page.locator('main').getByRole('alert').getByRole('heading')).toHaveText('This page could not be loaded');
    await expect(page.getByRole('link', { name: 'Linkhunt home' })).toBeVisible();

    await api.restore();
    await page.locator('main').getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Navigation asks again too.
    await page.goBack();
    await expect(page.locator('main').getByRole('article').first()).toBeVisible();
  });

  test('a product page: its skeleton, then the message', async ({ page, request }) => {
    const [product] = await apiData<ProductSummary[]>(request, '/products/recents');
    if (!product) throw new Error('the demo seed has products');
    const api = await apiDown(page);
    await navigateInSite(page, `/en/product/${product.slug}`);
    await expect(page.locator('main [aria-busy="true"]')).toBeVisible();
    api.release();
    await expect(page.locator('main').getByRole('alert').getByRole('heading')).toHaveText('This page could not be loaded');
    await api.restore();
    await page.locator('main').getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  });

  test('search: a spinner, then "the search could not be done" rather than "no results"; "Try again" finds once the API is back', async ({ page }) => {
    await page.goto('/en/about');
    const api = await apiDown(page);
    await searchBox(page).fill('gorra');
    const panel = page.getByRole('region', { name: 'Results for “gorra”' });
    await expect(panel).toHaveAttribute('aria-busy', 'true');
    api.release();
    const failed = panel.getByRole('alert');
    await expect(failed.getByRole('heading')).toHaveText('The search could not be done');
    await expect(panel).toHaveAttribute('aria-busy', 'false');
    await expect(panel.getByText('No results found')).toHaveCount(0);
    // The page under the panel was never the API's: it is still there.
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();

    await api.restore();
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(panel.getByRole('option').first()).toBeVisible();
    await expect(panel.getByRole('alert')).toHaveCount(0);
  });
});

/** A new account per test, registered through the API: what one test uploads never shows in another. */
/** The account's own products, with their links, as the API has them. */
function ownProducts(request: APIRequestContext, token: string): Promise<OwnProduct[]> {
  return apiData<OwnProduct[]>(request, '/auth/products?per_page=50', token);
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('linkhunt.token'));

/** Signs the browser in with the account's token, then opens `path`. */

const SESSION_EXPIRED_IN_FORM = 'Your session expired, so nothing was saved. Sign in again and send the form once more: everything you entered is still here.';

test.describe('a 401 in the middle of a product form', () => {
  test('editing: the session ends on the server, the edits and the new photo stay, the user signs in over the form and the product is saved with them', async ({ page, request }) => {
    const account = await newAccount(request);
    const created = await request.post(`${E2E_API_URL}/products`, {
      headers: { authorization: `Bearer ${account.token}` },
      multipart: {
        title: 'Bolso tote de lona',
        description: 'Lona gruesa, asas largas.',
        link_hacoo: 'https://www.hacoo.com/product/111111',
        // Footwear, which no suite counts (support/api.ts uploadProduct).
        'categories[]': 'calzado',
        image: { name: 'tote.png', mimeType: 'image/png', buffer: noisePng(200, 200) },
      },
    });
    expect(created.ok()).toBe(true);
    const [before] = await ownProducts(request, account.token);
    if (!before) throw new Error('the product was created');

    await openSignedIn(page, account.token, `/en/product/edit/${before.slug}`);
    await expect(page.getByLabel('Title')).toHaveValue('Bolso tote de lona');
    const title = `Bolso tote de lona XL ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Now with an inner pocket and a zip.');
    await page.getByLabel('Hacoo link').fill('https://www.hacoo.com/product/222222');
    // Any agent's or marketplace's link: the API keeps its item and builds CNFans's link from it.
    const item = String(7_000_000_000 + Math.floor(Math.random() * 999_999_999));
    await page.getByLabel('Agent or marketplace link (optional)').fill(`https://weidian.com/item.html?itemID=${item}`);
    await photoPicker(page).setInputFiles({ name: 'tote-xl.png', mimeType: 'image/png', buffer: noisePng(220, 220) });
    // After the product's saved photo, the cover.
    await expect(photoPreview(page, 2)).toBeVisible();

    // The session ends on the server while the form is open (signed out elsewhere with the same token).
    const logout = await request.post(`${E2E_API_URL}/auth/logout`, { headers: { authorization: `Bearer ${account.token}` } });
    expect(logout.ok()).toBe(true);
    await page.getByRole('button', { name: 'Save changes' }).click();

    const dialog = page.getByRole('dialog', { name: 'Your session has expired' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Nothing you entered on this page is lost.');
    await expect(page.getByText(SESSION_EXPIRED_IN_FORM)).toBeAttached();
    await expect(page).toHaveURL(new RegExp(`/en/product/edit/${before.slug}$`));
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(dialog.getByLabel('Email')).toHaveValue(account.email);

    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Sign in again' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('These credentials do not match our records.');
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Sign in again' }).click();
    await expect(dialog).toBeHidden();

    // Everything typed, and the new photo, are still in the form.
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Description')).toHaveValue('Now with an inner pocket and a zip.');
    await expect(page.getByLabel('Hacoo link')).toHaveValue('https://www.hacoo.com/product/222222');
    await expect(photoPreview(page, 2)).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    const token = await storedToken(page);
    expect(token).toBeTruthy();
    expect(token).not.toBe(account.token);
    const after = await ownProducts(request, token ?? '');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before.id,
      title,
      description: 'Now with an inner pocket and a zip.',
      link_hacoo: 'https://www.hacoo.com/product/222222',
      link_cnfans: expect.stringMatching(new RegExp(`^https://cnfans\\.com/product\\?id=${item}&platform=WEIDIAN(&|$)`)),
      source_item: { marketplace: 'weidian', id: item },
    });
    // The cover stays; the new photo follows it.
    expect(after[0]?.image).toBe(before.image);
    expect(after[0]?.photos.map((photo) => photo.image)).toEqual([before.image, expect.not.stringContaining(before.image)]);
  });

  test('a new product: signed out in another tab, the draft and the photo stay, the user signs in over the form and it is uploaded once', async ({ page, context, request }) => {
    const account = await newAccount(request);
    await openSignedIn(page, account.token, '/en/product/new');
    const title = `Gorra de pana ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Pana suave, ajustable.');
    await page.getByLabel('Hacoo link').fill('https://www.hacoo.com/product/444444');
    await page.getByLabel('Footwear').check();
    await photoPicker(page).setInputFiles({ name: 'cap.png', mimeType: 'image/png', buffer: noisePng(200, 200) });

    const other = await context.newPage();
    await other.goto('/en/index');
    await other.getByTestId('user-menu').click();
    await other.getByRole('button', { name: 'Log out' }).click();
    await expect(other.getByTestId('user-menu')).toBeVisible();
    expect(await storedToken(other)).toBeNull();
    await other.close();

    await page.getByRole('button', { name: 'Upload product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your session has expired' });
    await expect(dialog).toBeVisible();
    await expect(page.getByText(SESSION_EXPIRED_IN_FORM)).toBeAttached();
    // A token of the test's own, to read through the API without touching the browser's.
    expect(await ownProducts(request, await apiToken(request, account))).toHaveLength(0);

    // Closed, the dialog leaves a way back to it; the page stays.
    await dialog.getByRole('button', { name: 'Close' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Your session has expired' });
    await notice.getByRole('button', { name: 'Sign in again' }).click();
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Sign in again' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Title')).toHaveValue(title);

    await page.getByRole('button', { name: 'Upload product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const products = await ownProducts(request, (await storedToken(page)) ?? '');
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({ title, description: 'Pana suave, ajustable.', link_hacoo: 'https://www.hacoo.com/product/444444' });
    expect(products[0]?.categories.map((category) => category.slug)).toEqual(['calzado']);
    expect(products[0]?.image).toBeTruthy();
  });
});
