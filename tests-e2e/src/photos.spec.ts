import type { Product } from '@linkhunt/contracts/product';
import type { Page } from '@playwright/test';
import { newAccount, openSignedIn, productOfItsOwn } from './support/accounts.ts';
import { apiData, apiToken, freshHacooLink } from './support/api.ts';
import { E2E_ADMIN } from './support/demo.ts';
import { noisePng } from './support/png.mjs';
import { photoPicker, photoPreview } from './support/product-form.ts';
import { expect, test } from './support/test.ts';

/** A PNG of its own shape: the API keeps a small photo's size, so each can be told apart on the page. */
const png = (name: string, width: number, height: number) => ({ name, mimeType: 'image/png', buffer: noisePng(width, height) });

/**
 * The gallery's photos as the page shows them, in order: each one's size (loaded afresh: the slides after the first
 * load lazily), its text alternative, and whether the slide says it is a QC photo.
 */
async function slides(page: Page) {
  const gallery = page.getByRole('region', { name: 'Photos' });
  return gallery.locator('[aria-roledescription="photo"]').evaluateAll(async (groups) =>
    Promise.all(
      groups.map(async (group) => {
        const image = group.querySelector<HTMLImageElement>('img:not([alt=""])');
        const loaded = new Image();
        loaded.src = image?.src ?? '';
        await loaded.decode().catch(() => undefined);
        return { size: `${loaded.naturalWidth}x${loaded.naturalHeight}`, alt: image?.alt ?? '', qc: group.textContent?.includes('QC photo') ?? false };
      }),
    ),
  );
}

test('an uploader adds 3 photos, reorders them and marks one as QC, and the gallery shows them in that order', async ({ page, request }) => {
  const uploader = await newAccount(request, 'photographer');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, uploader.token, '/en/product/new');
  const title = `Gallery boots ${Date.now().toString(36)}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Three photos: the side, the sole and the agent’s warehouse photo.');
  await page.getByLabel('Hacoo link').fill(freshHacooLink());
  await page.getByLabel('Footwear').check();
  await photoPicker(page).setInputFiles([png('side.png', 240, 120), png('sole.png', 120, 240), png('warehouse.png', 180, 180)]);
  await expect(photoPreview(page, 3)).toBeVisible();

  // The warehouse photo first, by keyboard: its "earlier" button twice, the focus staying on it.
  await page.getByRole('button', { name: 'Move photo 3 earlier' }).click();
  await expect(page.getByRole('button', { name: 'Move photo 2 earlier' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByLabel('What photo 1 shows (optional)').fill('The agent’s warehouse photo');
  await page.getByRole('listitem').filter({ has: page.getByLabel('What photo 1 shows (optional)') }).getByLabel('QC photo (from the agent’s warehouse)').check();
  await page.getByLabel('What photo 3 shows (optional)').fill('The sole');
  await page.getByRole('button', { name: 'Upload product' }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => slides(page)).toEqual([
    { size: '180x180', alt: 'The agent’s warehouse photo', qc: true },
    { size: '240x120', alt: `${title}, photo 2`, qc: false },
    { size: '120x240', alt: 'The sole', qc: false },
  ]);
  // Swipe and keys: the track moves to the next photo, and the thumbnails follow.
  const thumbnails = page.getByRole('list', { name: 'All photos' }).getByRole('button');
  await page.getByRole('group', { name: 'Photos, use the arrow keys to move' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(thumbnails.nth(1)).toHaveAttribute('aria-current', 'true');
  // The card keeps the cover only, and the product's structured data lists every photo, cover first.
  const product = await apiData<Product>(request, `/products/slug/${(page.url().split('/product/')[1] ?? '').split('?')[0]}`);
  expect(product.photos.map((photo) => photo.qc)).toEqual([true, false, false]);
  expect(product.image).toBe(product.photos[0]?.image);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const images = jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data['@type'] === 'Product')?.image;
  expect(images).toHaveLength(3);

  // Zoom: a dialog with the photo at its size, closed with Escape, the focus back on the button.
  await page.getByRole('button', { name: 'Zoom in on photo 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Photo 2 of 3' });
  await expect(dialog.getByRole('img', { name: `${title}, photo 2` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Zoom in on photo 2' })).toBeFocused();
});

test('a review with 2 photos shows them, and a moderator can remove them with a statement the review then shows', async ({ page, request }) => {
  const product = await productOfItsOwn(request, 'Reviewed with photos');
  const reviewer = await newAccount(request, 'reviewer');
  await openSignedIn(page, reviewer.token, `/en/product/${product.slug}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await reviews.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await reviews.getByLabel('Your review (optional)').fill('Arrived in two weeks; the photos show the stitching.');
  await reviews.getByLabel('Add photos').setInputFiles([png('stitching.png', 200, 150), png('label.png', 150, 200)]);
  await expect(reviews.getByRole('img', { name: 'Your photo 2' })).toBeVisible();
  await reviews.getByRole('button', { name: 'Send review' }).click();

  const list = page.getByRole('list', { name: 'What the community says' });
  const mine = list.getByRole('listitem').filter({ hasText: 'the photos show the stitching' });
  await expect(mine.getByRole('img', { name: /^Reviewer’s photo [12] of 2$/ })).toHaveCount(2);
  await page.reload();
  await expect(mine.getByRole('img', { name: /^Reviewer’s photo [12] of 2$/ })).toHaveCount(2);
  const full = await mine.getByRole('link').filter({ has: page.getByRole('img', { name: 'Reviewer’s photo 1 of 2' }) }).getAttribute('href');
  expect((await request.get(full ?? '')).headers()['content-type']).toMatch(/^image\//);

  // A moderator removes them, with a statement (the same browser, signed in as the admin now).
  await openSignedIn(page, await apiToken(request, E2E_ADMIN), `/en/product/${product.slug}`);
  await mine.getByRole('button', { name: 'Remove photos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this review’s photos' });
  await dialog.getByLabel('Statement of reasons').fill('The photos show another person’s address label.');
  await dialog.getByRole('button', { name: 'Remove the photos' }).click();
  await expect(mine.getByText('Photos removed by the moderators: The photos show another person’s address label.')).toBeVisible();
  await expect(mine.getByRole('img', { name: /^Reviewer’s photo/ })).toHaveCount(0);
  await expect.poll(async () => (await request.get(full ?? '')).status()).toBe(404);
  // Everyone reads the statement where the photos were, once the shell's page cache (MICRO_CACHE_MS, 5 s) has let
  // go of the page it rendered with them.
  await openSignedIn(page, reviewer.token, `/en/product/${product.slug}`);
  await expect(async () => {
    await page.reload();
    await expect(mine.getByText('Photos removed by the moderators: The photos show another person’s address label.')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});
