import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { withPreview } from './harness/previews.ts';
import { withRemotes } from './harness/remotes-file.ts';
import { e2ePort, readStack } from './harness/stack.ts';
import { expectRestOfSiteWorks } from './support/rest-of-site.ts';
import { serveRemoteCopy } from './support/static-remote.ts';

const ARTIFACTS = join(import.meta.dirname, '../artifacts');

/** Counts every react-dom that registers itself with the (stand-in) devtools hook: one per copy of React DOM. */
async function countReactRenderers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const renderers = new Map<number, { version?: string }>();
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        renderers,
        supportsFiber: true,
        inject: (renderer: { version?: string }) => {
          renderers.set(renderers.size + 1, renderer);
          return renderers.size;
        },
        onCommitFiberRoot: () => undefined,
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
        checkDCE: () => undefined,
      },
    });
  });
}

/** A string only the whole package carries, for each package the shell provides to the remotes. */
const SHARED_PACKAGE_MARKERS = {
  react: 'React.Children.only expected',
  'react-router': 'may be used only in the context of a <Router>',
  '@tanstack/react-query': 'No QueryClient set',
  'react-i18next': 'You will need to pass in an i18next instance',
};

test('React loads once while the visitor goes through all four remotes', async ({ page }) => {
  const stack = readStack();
  const errors: string[] = [];
  const remoteScripts: Promise<{ url: string; body: string }>[] = [];
  const shellScripts: Promise<string>[] = [];
  const remoteOrigins = Object.values(stack.remotes).map(({ url }) => new URL(url).origin);
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    const origin = new URL(response.url()).origin;
    if (remoteOrigins.includes(origin)) remoteScripts.push(response.text().then((body) => ({ url: response.url(), body })));
    else if (origin === new URL(stack.shellUrl).origin) shellScripts.push(response.text());
  });
  await countReactRenderers(page);

  await page.goto('/es/index');
  await expect(page.locator('[data-remote="mf-catalogue"]').getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Buscar productos' }).fill('sudadera');
  await expect(page.locator('[data-remote="mf-search"]').getByRole('heading', { name: /sudadera/ })).toBeVisible();
  await page.locator('[data-remote="mf-search"]').getByRole('option').first().click();
  await expect(page.locator('[data-remote="mf-product"]').getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByTestId('user-menu').click();
  await page.getByRole('navigation', { name: 'Cuenta' }).getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page.locator('[data-remote="mf-account"]').getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();

  const renderers = await page.evaluate(() =>
    [...(window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, { version?: string }> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.values()].map((r) => r.version),
  );
  expect(renderers).toEqual(['19.3.1']);
  // Every federation instance resolved react to the shell's copy.
  const providers = await page.evaluate(() => {
    const share = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string }>>>> } }).__FEDERATION__.__SHARE__;
    return Object.values(share).flatMap((scopes) => Object.values(scopes.default?.react ?? {}).map((entry) => entry.from));
  });
  expect(new Set(providers)).toEqual(new Set(['shell']));
  // React, the router, TanStack Query and react-i18next came once, in the shell's scripts: no remote sent a copy.
  const shell = (await Promise.all(shellScripts)).join('\n');
  const remotes = await Promise.all(remoteScripts);
  expect(remotes.length).toBeGreaterThan(0);
  for (const [pkg, marker] of Object.entries(SHARED_PACKAGE_MARKERS)) {
    expect(shell, pkg).toContain(marker);
    expect(remotes.filter(({ body }) => body.includes(marker)).map(({ url }) => url), pkg).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test("a deep link's HTML shows its page before any script, and pins the remotes it was rendered with", async ({ page }) => {
  const stack = readStack();
  const manifestReads: string[] = [];
  const localeRequests: string[] = [];
  const stylesheetRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/remotes.json')) manifestReads.push(request.url());
    if (/\/(?:locale-)?es-[^/]*\.js$/.test(request.url())) localeRequests.push(request.url());
    if (request.resourceType() === 'stylesheet') stylesheetRequests.push(request.url());
  });
  await page.goto('/es/product/sudadera-con-capucha-oversize-95wjla');
  await expect(page.locator('[data-remote="mf-product"]').getByRole('heading', { level: 1 })).toBeVisible();
  // Nothing races the first paint: the page's styles are in its HTML, its scripts are not preloaded there.
  const html = await (await page.request.get('/es/product/sudadera-con-capucha-oversize-95wjla')).text();
  expect(html).not.toMatch(/<link rel="modulepreload"/);
  expect(html.match(/<link rel="stylesheet"[^>]*>/g)?.every((link) => / disabled[ />]/.test(link)) ?? true).toBe(true);
  expect(html).toMatch(/<style>/);
  await expect(page.locator(`link[rel="preconnect"][href^="${stack.apiUrl}"]`)).toHaveCount(1);
  // The remote hydrates the server's page: its entry is loaded, from the address the page pins.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))).toContain(`${stack.remotes['mf-product'].url}/remoteEntry.js`);
  // The words came with the page, the remote's and the shell's: no locale file is fetched to hydrate it.
  expect(localeRequests).toEqual([]);
  // Nor are its styles: the remote's loader finds the stylesheets the page carries inline, and adds none again
  // (each would be a request, and a recalculation of the whole page's style while it hydrates).
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  expect(stylesheetRequests).toEqual([]);
  await expect(page.locator('link[rel="stylesheet"]:not([disabled])')).toHaveCount(0);
  // The page carries the remotes.json it was rendered with: the browser registers those, without asking.
  expect(manifestReads).toEqual([]);
});

// Alone (playwright.config.ts): a move by remotes.json is for every visitor, so no other test may run meanwhile.
test('a remote moves to another address by an edit of remotes.json alone', { tag: '@alone' }, async ({ page }) => {
  const movedPort = e2ePort(5111);
  const moved = await serveRemoteCopy('mf-catalogue', movedPort);
  try {
    await withRemotes(
      (manifest) => ({ ...manifest, 'mf-catalogue': { entry: moved.entry } }),
      async () => {
        const entryRequest = page.waitForRequest((request) => request.url().includes('/remoteEntry.js') && request.url().includes(`:${movedPort}/`));
        await page.goto('/es/index');
        await entryRequest;
        await expect(page.locator('[data-remote="mf-catalogue"]').getByRole('heading', { level: 1 })).toBeVisible();
      },
    );
  } finally {
    await moved.close();
  }
});

test('a remote that is down shows its fallback, the rest keeps working, and Retry recovers', async ({ page, context }) => {
  const port = e2ePort(5112);
  let catalogue = await serveRemoteCopy('mf-catalogue', port);
  await catalogue.close();
  try {
    await withPreview(
      context,
      { 'mf-catalogue': { entry: catalogue.entry } },
      async () => {
        await page.goto('/es/index');
        const fallback = page.locator('[data-remote-fallback="mf-catalogue"]');
        await expect(fallback).toBeVisible();
        await expect(fallback.getByRole('heading', { name: 'Esta parte de la página no se ha podido cargar' })).toBeVisible();

        await expectRestOfSiteWorks(page);
        await expect(fallback).toBeVisible();

        // Back up: Retry loads the remote without reloading the page.
        catalogue = await serveRemoteCopy('mf-catalogue', port);
        await page.evaluate(() => Object.assign(window, { sameDocument: true }));
        await fallback.getByRole('button', { name: 'Reintentar' }).click();
        await expect(page.locator('[data-remote="mf-catalogue"]').getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      },
    );
  } finally {
    await catalogue.close();
  }
});

test('the home page, on a phone and on a desktop (screenshots for review)', async ({ page }) => {
  await mkdir(ARTIFACTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.goto('/es/index');
    await expect(page.locator('[data-remote="mf-catalogue"]').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-remote="mf-catalogue"] img').first()).toBeVisible();
    // Images load lazily: scroll through once so the full-page picture shows them all.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      window.scrollTo(0, 0);
    });
    // Slides beyond a carousel's right edge stay unloaded until slid into view.
    const inView = () =>
      [...document.images].filter((image) => {
        const { left, right } = image.getBoundingClientRect();
        return left < window.innerWidth && right > 0;
      });
    await expect.poll(() => page.evaluate(`(${inView})().every((image) => image.complete)`)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, `home-${width}.png`), fullPage: true });
    await expect(page.getByRole('navigation', { name: 'Navegación rápida' })).toBeVisible({ visible: width < 768 });
  }
});

test('a remote runs alone on its own page through its single-spa lifecycles, without the shell', async ({ page }) => {
  const { remotes } = readStack();
  await page.goto(`${remotes['mf-catalogue'].url}/`);
  await expect(page).toHaveURL(/\/es\/index$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Caza los mejores enlaces' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sneakers' })).toHaveAttribute('href', '/es/cat/sneakers');
  // No shell around it: no header, no federated area.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.locator('[data-remote]')).toHaveCount(0);
});
