import { expect, test } from './support/test.ts';

test.describe('language routing', () => {
  test.describe('with a German browser', () => {
    test.use({ locale: 'de-DE' });

    test('the bare root opens home in the browser language', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/de\/index$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    });

    test('the lng parameter wins over the browser language', async ({ page }) => {
      await page.goto('/?lng=it');
      await expect(page).toHaveURL(/\/it\/index/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    });
  });

  test.describe('with a browser language the site does not have', () => {
    test.use({ locale: 'pt-BR' });

    test('the root and unknown languages go to Spanish, keeping the rest of the path', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/es\/index$/);
      await page.goto('/xx/contact');
      await expect(page).toHaveURL(/\/es\/contact$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Contacto' })).toBeVisible();
    });
  });

  test('the language menu shows the same page in another language', async ({ page }) => {
    await page.goto('/es/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacto' })).toBeVisible();
    await page.getByLabel('Idioma').selectOption('en');
    await expect(page).toHaveURL(/\/en\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Privacy policy' })).toBeVisible();
  });

  test('a URL in another language switches the active language', async ({ page }) => {
    await page.goto('/es/about');
    await expect(page.getByRole('link', { name: 'Política de privacidad' })).toBeVisible();
    await page.goto('/fr/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: 'Politique de confidentialité' })).toBeVisible();
  });
});

test('an unknown path shows the 404 page with the way home', async ({ page }) => {
  await page.goto('/es/no-such-page');
  const notFound = page.getByTestId('not-found');
  await expect(notFound.getByText('404 ERROR')).toBeVisible();
  await expect(notFound.getByRole('heading', { name: 'Parece que te has perdido' })).toBeVisible();
  await notFound.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/es\/index$/);
});

test('the head carries the translated title, canonical URL and alternates', async ({ page }) => {
  await page.goto('/en/about');
  await expect(page).toHaveTitle(/\| Linkhunt$/);
  const canonical = page.locator('link[rel="canonical"]');
  await expect(canonical).toHaveAttribute('href', /\/en\/about$/);
  for (const language of ['es', 'en', 'de', 'it', 'fr', 'x-default']) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${language}"]`)).toHaveCount(1);
  }
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /\/es\/about$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/share\.png$/);
});

test('every navigation starts at the top of the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/es/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contacto' }).click();
  await expect(page).toHaveURL(/\/es\/contact$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
