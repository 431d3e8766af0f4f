import type { Page } from '@playwright/test';
import { E2E_API_URL } from './harness/stack.ts';
import { newAccount, openSignedIn } from './support/accounts.ts';
import { apiToken, uploadProduct } from './support/api.ts';
import { DEMO_USER } from './support/demo.ts';
import { linkTo, receivedMail } from './support/mailbox.ts';
import { expect, test } from './support/test.ts';

// Issue 25, finding 3, across the API, the server-rendered page and mf-product: a review by an account whose
// address is not verified is shown, marked, but moves neither the star widget nor the structured data until the
// author follows the mailed link.

const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function aggregateRating(page: Page): Promise<unknown> {
  const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = structured.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data['@type'] === 'Product');
  return product?.aggregateRating;
}

test('an unverified account\'s 1-star review is shown to its author as not counted yet, and counts once the address is verified', async ({ page, request }) => {
  const uploader = await newAccount(request, 'rated');
  const title = `Rated cap ${Date.now().toString(36)}`;
  const product = await uploadProduct(request, uploader.token, { title, description: 'Rated by the end-to-end suite.' });
  const fan = await apiToken(request, DEMO_USER);
  expect((await request.post(`${E2E_API_URL}/products/${product.id}/valorations`, { ...auth(fan), data: { stars: 5 } })).ok()).toBe(true);
  const throwaway = await newAccount(request, 'throwaway');
  const bombed = await request.post(`${E2E_API_URL}/products/${product.id}/valorations`, { ...auth(throwaway.token), data: { stars: 1, review: 'Terrible, do not buy.' } });
  expect(bombed.ok()).toBe(true);

  await openSignedIn(page, throwaway.token, `/en/product/${product.slug}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('img', { name: 'Rated 5 out of 5 (1 review)' })).toBeVisible();
  // In the list (the author's own form below it holds the same words once it has loaded them).
  await expect(reviews.getByRole('list', { name: 'What the community says' }).getByText('Terrible, do not buy.')).toBeVisible();
  await expect(reviews.getByText('Your review counts in the rating once your email address is verified.')).toBeVisible();
  expect(await aggregateRating(page)).toMatchObject({ ratingValue: 5, reviewCount: 1 });

  const mail = await receivedMail(throwaway.email, /.+/);
  await page.goto(linkTo(mail, '/verify-email'));
  await expect(page.getByText(/verified|verificada/)).toBeVisible();

  // Caches in front of the page (the API's read cache, the shell's page cache) may answer for a few seconds more.
  await expect(async () => {
    await page.goto(`/en/product/${product.slug}`);
    await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('img', { name: 'Rated 3 out of 5 (2 reviews)' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('Your review counts in the rating once your email address is verified.')).toHaveCount(0);
  expect(await aggregateRating(page)).toMatchObject({ ratingValue: 3, reviewCount: 2 });
});
