import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/** The header's search (another remote) and a page of the shell's own still work next to the fallback. */
export async function expectRestOfSiteWorks(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Buscar productos' }).fill('zapatillas');
  await expect(page.locator('[data-remote="mf-search"]').getByRole('heading', { name: /zapatillas/ })).toBeVisible();
  // The first Escape closes the panel, the second clears the box, which ends the search.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-remote="mf-search"]')).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contacto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacto' })).toBeVisible();
  await page.goBack();
}
