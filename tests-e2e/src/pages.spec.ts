import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from './support/test.ts';
import { readStack } from './harness/stack.ts';
import { withAdNetwork } from './support/ad-network.ts';

test('the contact form sends the message and says so', async ({ page }) => {
  await page.goto('/en/contact');
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await page.getByLabel('Your email').fill('visitor@example.com');
  await page.getByLabel('Subject', { exact: true }).fill('A broken link');
  await page.getByLabel('Message', { exact: true }).fill('The Hacoo link of the chunky sneakers no longer opens.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your message has been successfully sent' })).toBeVisible();
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('');
});

test('legal pages and about are translated documents', async ({ page }) => {
  for (const [path, heading] of [
    ['/es/privacy-policy', /privacidad/i],
    ['/en/terms-of-service', /terms/i],
    ['/de/cookies-policy', /cookie/i],
    ['/it/about', /chi siamo/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await page.locator('article h2').count()).toBeGreaterThanOrEqual(3);
  }
});

// Alone (playwright.config.ts): an ad network in config.json, for every visitor.
test('with an ad network configured but blocked, the visitor is asked to disable the blocker', { tag: '@alone' }, async ({ page }) => {
  const { configFile } = readStack();
  const original = await readFile(configFile, 'utf8');
  // Nothing listens on port 9: to the page the ad host is unreachable, exactly as under a blocker.
  const config = { ...JSON.parse(original), ads: { scriptHost: 'http://127.0.0.1:9', keys: { '728x90': 'k1', '320x50': 'k2' } } };
  await writeFile(configFile, JSON.stringify(config));
  try {
    await page.goto('/es/contact');
    await expect(page).toHaveURL(/\/es\/adblock$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bloqueador de anuncios detectado' })).toBeVisible();
    await page.getByRole('button', { name: 'Ya lo he desactivado' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'seguir activo' })).toBeVisible();
  } finally {
    await writeFile(configFile, original);
  }
});

// Alone: an ad key in config.json, for every visitor (support/ad-network.ts).
test('a configured ad key shows its banner; without a key for the format nothing takes space', { tag: '@alone' }, async ({ page }) => {
  await withAdNetwork({ '728x90': 'wide-key' }, async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/es/index');
    const banner = page.locator('[data-ad-format="728x90"] iframe');
    await expect(banner).toHaveAttribute('width', '728');
    await expect(page.frameLocator('[data-ad-format="728x90"] iframe').locator('body')).toHaveText('ad 728x90');
    await expect(page).toHaveURL(/\/es\/index$/);

    // No 320x50 key: on a phone the banner is not there at all.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('[data-ad-format]')).toHaveCount(0);
  });
});
