import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Brand } from '@linkhunt/contracts/brand';
import type { ProductSummary } from '@linkhunt/contracts/product';
import type { APIResponse, Page } from '@playwright/test';
import { withRemotes } from './harness/remotes-file.ts';
import { e2ePort, readStack } from './harness/stack.ts';
import { withAdNetwork } from './support/ad-network.ts';
import { apiData } from './support/api.ts';
import { DEMO_USER } from './support/demo.ts';
import { serveRemoteCopy } from './support/static-remote.ts';
import { expect, test } from './support/test.ts';

/** The policy of an answer as directive name → its values. */
function policyOf(response: APIResponse): Record<string, string[]> {
  const header = response.headers()['content-security-policy'];
  expect(header, `${response.url()} has a Content-Security-Policy`).toBeTruthy();
  return Object.fromEntries(
    (header ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Every console error of the page (a refused load is one), next to the violations the fixture collects. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test("the shell's page allows the site, its remotes, the API and its own boot script, and nothing inline else", async ({ request }) => {
  const stack = readStack();
  const response = await request.get('/es/index', { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const policy = policyOf(response);
  const remotes = Object.values(stack.remotes).map((remote) => remote.url);
  const html = await response.text();
  // Its own inline scripts, each allowed by its hash: the boot preload and the consent banner's (which shows the
  // server's banner to a visitor who has not chosen, before the first paint). Nothing else runs inline.
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => code ?? '');
  expect(inline).toHaveLength(2);
  expect(inline[0]).toContain('bootPreload');
  expect(inline[1]).toContain('linkhunt.consent');
  // The page carries its stylesheets (the shell's, its remote page's), each allowed by its own hash.
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => sha256(css ?? ''));
  expect(styles.length).toBeGreaterThan(1);

  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'", ...remotes, ...inline.map(sha256)]);
  expect(policy['style-src']).toEqual(["'self'", ...remotes, ...styles]);
  expect(policy['connect-src']).toEqual(["'self'", stack.apiUrl, ...remotes]);
  expect(policy['img-src']).toEqual(["'self'", stack.apiUrl, ...remotes, 'data:', 'blob:']);
  expect(policy['frame-src']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(policy['form-action']).toEqual(["'self'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(response.headers()['content-security-policy']).not.toMatch(/unsafe|\*/);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

test("a remote's answers carry a policy too; its standalone page may reach the API its config.json names", async ({ request }) => {
  const remote = readStack().remotes['mf-product'];
  const { apiUrl } = JSON.parse(await readFile(join(remote.dir, 'config.json'), 'utf8')) as { apiUrl: string };
  const page = await request.get(`${remote.url}/`);
  expect(page.status()).toBe(200);
  const policy = policyOf(page);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['connect-src']).toEqual(["'self'", new URL(apiUrl).origin]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  for (const path of ['remoteEntry.js', 'mf-manifest.json']) {
    const answer = await request.get(`${remote.url}/${path}`);
    expect(answer.status()).toBe(200);
    expect(policyOf(answer)['default-src']).toEqual(["'self'"]);
    expect(answer.headers()['access-control-allow-origin']).toBe('*');
  }
});

// Alone (playwright.config.ts): a move by remotes.json is for every visitor, so no other test may run meanwhile.
test('moving a remote by an edit of remotes.json moves the policy with it, without a restart', { tag: '@alone' }, async ({ page, request, cspViolations }) => {
  const stack = readStack();
  const port = e2ePort(5114);
  const moved = await serveRemoteCopy('mf-catalogue', port);
  try {
    await withRemotes(
      (manifest) => ({ ...manifest, 'mf-catalogue': { entry: moved.entry } }),
      async () => {
        const policy = policyOf(await request.get('/es/index', { headers: { accept: 'text/html' } }));
        expect(policy['script-src']).toContain(`http://localhost:${port}`);
        expect(policy['script-src']).not.toContain(stack.remotes['mf-catalogue'].url);
        expect(policy['connect-src']).toContain(`http://localhost:${port}`);

        await page.goto('/es/index');
        await expect(page.locator('[data-remote="mf-catalogue"]').getByRole('heading', { level: 1 })).toBeVisible();
        expect(cspViolations).toEqual([]);
      },
    );
    // Put back: the old address is allowed again, the moved one no longer.
    const policy = policyOf(await request.get('/es/index', { headers: { accept: 'text/html' } }));
    expect(policy['script-src']).toContain(stack.remotes['mf-catalogue'].url);
    expect(policy['script-src']).not.toContain(`http://localhost:${port}`);
  } finally {
    await moved.close();
  }
});

// Alone: the ad network is configured in config.json, for every visitor (support/ad-network.ts).
test('the ad frame runs the configured network only, sandboxed, under its own policy', { tag: '@alone' }, async ({ request }) => {
  await withAdNetwork({ '728x90': 'wide-key' }, async () => {
    const { configFile } = readStack();
    const { ads } = JSON.parse(await readFile(configFile, 'utf8')) as { ads: { scriptHost: string } };
    const frame = await request.get(`/ad-frame.html?${new URLSearchParams({ host: ads.scriptHost, key: 'wide-key', width: '728', height: '90' })}`);
    expect(frame.status()).toBe(200);
    const policy = policyOf(frame);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['script-src']).toEqual(["'self'", ads.scriptHost]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(policy.sandbox).toEqual(['allow-scripts', 'allow-popups', 'allow-popups-to-escape-sandbox']);
    // The site's own pages may ask the ad host whether it is reachable (the blocker check), never run its code.
    const site = policyOf(await request.get('/es/index', { headers: { accept: 'text/html' } }));
    expect(site['connect-src']).toContain(ads.scriptHost);
    expect(site['script-src']).not.toContain(ads.scriptHost);
  });
});

// Alone: ads on, in config.json, for every visitor.
test('browsing the whole site, ads on and signed in, the policy refuses nothing', { tag: '@alone' }, async ({ page, request, cspViolations }) => {
  const errors = consoleErrors(page);
  const [brand] = await apiData<Brand[]>(request, '/brands');
  const [product] = await apiData<ProductSummary[]>(request, '/products/recents');
  if (!brand || !product) throw new Error('the demo seed has brands and products');
  const username = DEMO_USER.email.split('@')[0];

  await withAdNetwork({ '728x90': 'wide-key', '320x50': 'narrow-key' }, async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/en/index');
    await expect(page.getByRole('heading', { level: 1, name: 'Hunt down the best links' })).toBeVisible();
    await expect(page.frameLocator('[data-ad-format="728x90"] iframe').locator('body')).toHaveText('ad 728x90');
    // Every picture of the page, loaded: scroll through the lazy ones.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });

    await page.goto('/en/cat/sneakers');
    await expect(page.locator('[data-remote="mf-catalogue"] article').first()).toBeVisible();
    await page.goto(`/en/brand/${brand.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: brand.name })).toBeVisible();

    await page.getByRole('combobox', { name: 'Search products' }).fill('gorra');
    await expect(page.getByRole('region', { name: 'Results for “gorra”' }).getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto(`/en/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await page.getByRole('button', { name: 'Get the link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get the store links' });
    await dialog.getByRole('button', { name: 'Watch the ad' }).click();
    await expect(page.frameLocator('dialog [data-ad-format="320x50"] iframe').locator('body')).toHaveText('ad 320x50');
    await expect(dialog.getByRole('link', { name: /^Open on / }).first()).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/en/auth/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await page.goto('/en/auth');
    await page.getByLabel('Email').fill(DEMO_USER.email);
    await page.getByLabel('Password').fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/index$/);

    for (const path of ['/en/auth/profile', '/en/auth/favs', '/en/auth/products', '/en/auth/settings', '/en/product/new', `/en/user/${username}`]) {
      await page.goto(path);
      await expect(page.locator('[data-remote="mf-account"] h1')).toBeVisible();
      await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
    }
  });

  expect(cspViolations).toEqual([]);
  expect(errors.filter((error) => /Content Security Policy|Refused to/i.test(error))).toEqual([]);
});

test.describe('a script the site did not ship', () => {
  test.use({ allowCspViolations: true });

  test('is refused when injected inline, and the refusal is reported', async ({ page, cspViolations }) => {
    await page.goto('/en/index');
    await expect(page.getByRole('heading', { level: 1, name: 'Hunt down the best links' })).toBeVisible();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      const image = document.createElement('img');
      image.src = 'https://tracker.example/pixel.gif';
      document.body.append(image);
    });
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    await expect.poll(() => cspViolations.map((violation) => violation.directive)).toEqual(expect.arrayContaining(['script-src-elem', 'img-src']));
    expect(cspViolations.find((violation) => violation.directive === 'img-src')?.blocked).toBe('https://tracker.example/pixel.gif');
  });
});
