import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { E2E_API_URL } from './harness/stack.ts';
import { DEMO_USER } from './support/demo.ts';
import { apiToken, freshHacooLink } from './support/api.ts';
import { noisePng } from './support/png.mjs';

// Each string would run a script if the page put it in as markup.
const TITLE = '<img src=x onerror="window.__pwned=1"> Bolso';
const DESCRIPTION = '</script><script>window.__pwned=1</script> <b>negrita</b>';
const REVIEW = '<svg onload="window.__pwned=1"></svg> buena';
const BIOGRAPHY = '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe> hola';

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned);

test('a title, description, review and biography carrying markup show as text and run nothing', async ({ page, request }) => {
  const name = `markup${Date.now().toString(36)}`;
  const registered = await request.post(`${E2E_API_URL}/auth/register`, {
    data: { username: name, email: `${name}@example.com`, password: 'a long unusual passphrase 42' },
  });
  expect(registered.status()).toBe(201);
  const token = (await registered.json()).token.accessToken as string;
  const auth = { authorization: `Bearer ${token}` };

  const profile = new FormData();
  profile.set('biography', BIOGRAPHY);
  expect((await request.post(`${E2E_API_URL}/auth/update`, { headers: auth, multipart: profile })).ok()).toBe(true);

  const form = new FormData();
  form.set('title', TITLE);
  form.set('description', DESCRIPTION);
  form.set('link_hacoo', freshHacooLink());
  // Footwear, which no suite counts (support/api.ts uploadProduct).
  form.append('categories[]', 'calzado');
  form.set('image', new Blob([new Uint8Array(noisePng(64, 64))], { type: 'image/png' }), 'photo.png');
  const created = await request.post(`${E2E_API_URL}/products`, { headers: auth, multipart: form });
  expect(created.status()).toBe(201);
  const product = (await created.json()).results.data as { id: number; slug: string };

  const reviewer = await apiToken(request, DEMO_USER);
  const reviewed = await request.post(`${E2E_API_URL}/products/${product.id}/valorations`, {
    headers: { authorization: `Bearer ${reviewer}` },
    data: { stars: 4, review: REVIEW },
  });
  expect(reviewed.ok()).toBe(true);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await page.goto(`/es/product/${product.slug}`);
  const area = page.locator('[data-remote="mf-product"]');
  await expect(area.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(area.getByText(DESCRIPTION)).toBeVisible();
  await expect(area.getByText(REVIEW)).toBeVisible();
  await expect(area.locator('img[src="x"], svg[onload], b')).toHaveCount(0);
  expect(await pwned(page)).toBeUndefined();

  await page.goto(`/es/user/${name}`);
  await expect(page.locator('[data-remote="mf-account"]').getByText(BIOGRAPHY)).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await pwned(page)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
