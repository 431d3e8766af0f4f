import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

test.use({ storageState: { cookies: [], origins: [] } });

type ConsentCall = [string, string, Record<string, string>];

/** The Consent Mode commands the page pushed on its data layer, in order. */
async function consentCalls(page: Page): Promise<ConsentCall[]> {
  return page.evaluate(() =>
    (window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer
      .map((entry) => Array.from(entry))
      .filter((entry) => entry[0] === 'consent'),
  ) as Promise<ConsentCall[]>;
}

const FOUR = ['ad_storage', 'ad_user_data', 'analytics_storage', 'ad_personalization'];
const all = (value: string) => Object.fromEntries(FOUR.map((signal) => [signal, value]));

test('accepting grants the four signals, and the stored choice grants them again on the next load', async ({ page }) => {
  await page.goto('/es/index');
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toBeVisible();
  expect(await consentCalls(page)).toEqual([['consent', 'default', all('denied')]]);

  await banner.getByRole('button', { name: 'Aceptar' }).click();
  await expect(banner).toBeHidden();
  expect((await consentCalls(page)).at(-1)).toEqual(['consent', 'update', all('granted')]);
  expect(await page.evaluate(() => localStorage.getItem('linkhunt.consent'))).toBe('granted');

  await page.reload();
  // The server's page shows its heading before any script: the consent mode runs once the page has hydrated.
  await expect(page.getByRole('combobox', { name: 'Buscar productos' })).toBeEditable();
  await expect(banner).toBeHidden();
  expect(await consentCalls(page)).toEqual([
    ['consent', 'default', all('denied')],
    ['consent', 'update', all('granted')],
  ]);
});

test('closing denies the four signals and is remembered without granting anything later', async ({ page }) => {
  await page.goto('/en/about');
  const banner = page.getByTestId('consent-banner');
  await banner.getByRole('button', { name: 'Close' }).click();
  await expect(banner).toBeHidden();
  expect((await consentCalls(page)).at(-1)).toEqual(['consent', 'update', all('denied')]);

  await page.reload();
  // The server's page shows its heading before any script: the consent mode runs once the page has hydrated.
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeEditable();
  await expect(banner).toBeHidden();
  expect(await consentCalls(page)).toEqual([['consent', 'default', all('denied')]]);
});
