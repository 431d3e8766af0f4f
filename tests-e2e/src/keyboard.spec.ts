import type { ProductSummary } from '@linkhunt/contracts/product';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { focusedElementCover, settle, signInAsDemoUser } from './support/accessibility.ts';
import { apiData } from './support/api.ts';

/*
 * The site with a keyboard only: focus comes back to what opened a dialog or menu, and the focused element is
 * never under the cookie banner, the phone's bottom bar, the sticky header or anything else fixed on screen.
 */

async function aProductPath(request: APIRequestContext, index = 0): Promise<string> {
  const recents = await apiData<ProductSummary[]>(request, '/products/recents');
  const product = recents[index];
  if (!product) throw new Error('the demo seed has recent products');
  return `/en/product/${product.slug}`;
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');

/**
 * Presses Enter on `button` as a keyboard user opens it (focus first, then the key), once it says it works: a
 * remote's area hydrates after the shell, and its buttons are aria-disabled until then.
 */
async function pressOpen(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  await expect(button).toBeEnabled();
  await button.focus();
  await page.keyboard.press('Enter');
}

test('the get-link dialog gives focus back to "Get the link" on Escape, on Cancel and on Close, and to the first store link when they arrive', async ({ page, request }) => {
  await page.goto(await aProductPath(request));
  const opener = page.getByRole('button', { name: 'Get the link', exact: true });
  const dialog = page.getByRole('dialog');

  await pressOpen(page, 'Get the link');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await pressOpen(page, 'Get the link');
  await dialog.getByRole('button', { name: 'Cancel' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await pressOpen(page, 'Get the link');
  await dialog.getByRole('button', { name: 'Watch the ad' }).press('Enter');
  // Without an ad network configured, a short countdown; then the links replace it.
  await expect(dialog.getByRole('link').first()).toBeFocused();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the report dialog gives focus back to its button on Escape and on Cancel', async ({ page, request }) => {
  await page.goto(await aProductPath(request, 1));
  const opener = page.getByRole('button', { name: 'Report a problem' });
  const dialog = page.getByRole('dialog', { name: 'Report this product' });

  await pressOpen(page, 'Report a problem');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await pressOpen(page, 'Report a problem');
  await dialog.getByRole('button', { name: 'Cancel' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the account menu gives focus back to its button on Escape', async ({ page, request }) => {
  await signInAsDemoUser(page, request);
  await page.goto('/en/index');
  await pressOpen(page, 'Account menu');
  const menu = page.getByRole('navigation', { name: 'Account' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeFocused();
});

/**
 * Tabs through a page from its top, up to `stops` times, and fails on each focused element whose box meets a
 * fixed or sticky box. Ends early when focus leaves the page (back to the address bar: body again).
 */
async function tabThrough(page: Page, stops: number): Promise<string[]> {
  const problems: string[] = [];
  for (let stop = 1; stop <= stops; stop++) {
    await page.keyboard.press('Tab');
    const cover = await focusedElementCover(page);
    if (!cover) {
      if (stop > 1) break;
      continue;
    }
    if (cover.coveredBy.length > 0) problems.push(`Tab ${stop}: ${cover.focused} under ${cover.coveredBy.join(', ')}`);
  }
  return problems;
}

test.describe('undecided about cookies', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const width of [390, 1280]) {
    test(`at ${width} px nothing fixed on screen ever covers the focused element, banner showing, on home and a product page`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 844 });
      for (const path of ['/es/index', await aProductPath(request, 2)]) {
        await page.goto(path);
        await settle(page);
        await expect(page.getByTestId('consent-banner')).toBeVisible();
        expect(await tabThrough(page, 120), `focus covered on ${path} at ${width} px`).toEqual([]);
      }
    });
  }

  test('the banner is the first thing Tab reaches after the skip link, and Enter on its button answers it', async ({ page }) => {
    await page.goto('/es/index');
    const banner = page.getByTestId('consent-banner');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Saltar al contenido');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('política de cookies');
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: 'Aceptar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
  });
});
