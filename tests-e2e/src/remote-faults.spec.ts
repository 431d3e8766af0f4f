import type { Page, Route } from '@playwright/test';
import { previewHeaders, withPreview } from './harness/previews.ts';
import { e2ePort, readStack } from './harness/stack.ts';
import { expectRestOfSiteWorks } from './support/rest-of-site.ts';
import { type RemoteServer, serveHangingRemote, serveMissingRemote, serveRemoteCopy } from './support/static-remote.ts';
import { expect, test } from './support/test.ts';

// A remote that fails in the browser in ways other than being down (federation.spec.ts): its entry answers 404,
// it hangs, or a file after its entry is missing. Its area shows the fallback; the rest of the site works.

/** The bound the visitor waits at most for a hung remote's fallback, from the start of the navigation. */
const FALLBACK_BOUND_MS = 3000;

const catalogue = (page: Page) => page.locator('[data-remote="mf-catalogue"]');
const fallbackOf = (page: Page) => page.locator('[data-remote-fallback="mf-catalogue"]');

/** When, in ms since the navigation started, the catalogue's area started loading and its fallback showed. */
interface FallbackTiming {
  loadingAt: number;
  fallbackAt: number;
}

/** Records, in the page, when the catalogue's area starts loading and when its fallback first shows. */
async function timeFallback(page: Page): Promise<() => Promise<FallbackTiming>> {
  await page.addInitScript(() => {
    const timing: Partial<FallbackTiming> = {};
    Object.assign(window, { fallbackTiming: timing });
    const observer = new MutationObserver(() => {
      timing.loadingAt ??= document.querySelector('[data-remote-loading="mf-catalogue"]') ? performance.now() : undefined;
      if (!document.querySelector('[data-remote-fallback="mf-catalogue"]')) return;
      timing.fallbackAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { fallbackTiming: FallbackTiming }).fallbackTiming);
}

/** Says how long the fallback took, in the report and the output. */
function report(what: string, { loadingAt, fallbackAt }: FallbackTiming, seenAfter?: number): void {
  const text = `fallback shown ${Math.round(fallbackAt)} ms after the navigation started (the area started loading at ${Math.round(loadingAt)} ms)${seenAfter === undefined ? '' : `; the test saw it after ${seenAfter} ms`}`;
  test.info().annotations.push({ type: what, description: text });
  console.log(`${what}: ${text}`);
}


// The timings below are a returning server's: the static servers compress each file on its first request.
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/es/index');
  await expect(catalogue(page).getByRole('heading', { level: 1 })).toBeVisible();
  await page.close();
});

test('a remote whose entry answers 404 shows its fallback, the rest works, and Retry recovers once it is back', async ({ page, context }) => {
  const port = e2ePort(5115);
  let remote: RemoteServer = await serveMissingRemote(port);
  try {
    await withPreview(
      context,
      { 'mf-catalogue': { entry: remote.entry } },
      async () => {
        const entryStatus = page.waitForResponse((response) => response.url() === remote.entry).then((response) => response.status());
        await page.goto('/es/index');
        expect(await entryStatus).toBe(404);
        await expect(fallbackOf(page)).toBeVisible();
        await expect(fallbackOf(page).getByRole('heading', { name: 'Esta parte de la página no se ha podido cargar' })).toBeVisible();
        await expect(page.getByRole('banner')).toBeVisible();

        await expectRestOfSiteWorks(page);
        await expect(fallbackOf(page)).toBeVisible();

        // Redeployed at the same address: Retry loads it without reloading the page.
        await remote.close();
        remote = await serveRemoteCopy('mf-catalogue', port);
        await page.evaluate(() => Object.assign(window, { sameDocument: true }));
        await fallbackOf(page).getByRole('button', { name: 'Reintentar' }).click();
        await expect(catalogue(page).getByRole('heading', { level: 1 })).toBeVisible();
        await expect(fallbackOf(page)).toHaveCount(0);
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      },
    );
  } finally {
    await remote.close();
  }
});

// Alone (playwright.config.ts): the bound is a time, which a test running beside it would stretch.
test(`a remote that hangs shows its fallback within ${FALLBACK_BOUND_MS / 1000} s of the navigation, and the rest works`, { tag: '@alone' }, async ({ page, context }) => {
  const remote = await serveHangingRemote(e2ePort(5116));
  try {
    await withPreview(
      context,
      { 'mf-catalogue': { entry: remote.entry } },
      async () => {
        // A first page fills the browser's cache with the shell's own files; the bound is for the pages visitors
        // meet after it (cold, the fallback showed at 2.1 s here on an idle machine).
        await page.goto('/es/index', { waitUntil: 'commit' });
        await expect(fallbackOf(page)).toBeVisible({ timeout: 10_000 });
        const timing = await timeFallback(page);
        const started = Date.now();
        // Not until `load`: the hung entry's preload may hold the load event.
        await page.goto('/es/index', { waitUntil: 'commit' });
        // Waited for longer than the bound, so a late fallback fails below with its time, not as "not found".
        await expect(fallbackOf(page)).toBeVisible({ timeout: 10_000 });
        const shown = await timing();
        report('hung remote', shown, Date.now() - started);
        expect(shown.fallbackAt).toBeLessThan(FALLBACK_BOUND_MS);

        await expectRestOfSiteWorks(page);
        await expect(fallbackOf(page)).toBeVisible();
      },
    );
  } finally {
    await remote.close();
  }
});

// Alone, as the hung remote's.
test('a slow remote that arrives after its fallback showed replaces it by itself', { tag: '@alone' }, async ({ page }) => {
  const { remotes } = readStack();
  const held: Route[] = [];
  let holding = true;
  const timing = await timeFallback(page);
  // The server renders a first page whole: a slow remote is waited for where the browser renders, on a navigation.
  await page.goto('/es/about');
  // Hydrated (the search box takes input), so the link below is the site's own navigation, not a page load.
  await expect(page.getByRole('combobox', { name: 'Buscar productos' })).toBeEditable();
  await page.route(`${remotes['mf-catalogue'].url}/remoteEntry.js`, (route) => (holding ? void held.push(route) : route.continue()));
  const clickedAt = await page.evaluate(() => performance.now());
  await page.getByRole('banner').getByRole('link', { name: 'Inicio de Linkhunt' }).click();
  await expect(fallbackOf(page)).toBeVisible({ timeout: 10_000 });
  const shown = await timing();
  const sinceClick = { loadingAt: shown.loadingAt - clickedAt, fallbackAt: shown.fallbackAt - clickedAt };
  report('slow remote', sinceClick);
  expect(sinceClick.fallbackAt).toBeLessThan(FALLBACK_BOUND_MS);
  // Still on its way: the area says it is slow, not that it failed.
  await expect(fallbackOf(page).getByRole('heading', { name: 'Esta parte de la página está tardando más de lo normal' })).toBeVisible();
  expect(held.length).toBeGreaterThan(0);

  holding = false;
  await Promise.all(held.map((route) => route.continue()));
  // No click: the area swaps the fallback for the remote that came.
  await expect(catalogue(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(fallbackOf(page)).toHaveCount(0);
});

test('a file of the remote missing after its entry loaded shows the fallback, and Retry recovers', async ({ page }) => {
  const { remotes } = readStack();
  // The home page's own chunk, which the entry asks for when the shell loads ./Home.
  const chunk = `${remotes['mf-catalogue'].url}/assets/HomePage-*.js`;
  await page.route(chunk, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
  const entryLoaded = page.waitForResponse((response) => response.url() === `${remotes['mf-catalogue'].url}/remoteEntry.js` && response.ok());
  await page.goto('/es/index');
  await entryLoaded;
  await expect(fallbackOf(page)).toBeVisible();
  await expectRestOfSiteWorks(page);
  // Back on the home page, which asked for the missing chunk again: the fallback is there before the chunk returns.
  await expect(fallbackOf(page)).toBeVisible();

  await page.unroute(chunk);
  await fallbackOf(page).getByRole('button', { name: 'Reintentar' }).click();
  await expect(catalogue(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(fallbackOf(page)).toHaveCount(0);
});

test("a remote's missing mf-manifest.json costs only the early preloads: the page loads as usual", async ({ page, context, request }) => {
  const remote = await serveRemoteCopy('mf-catalogue', e2ePort(5117), { omit: ['mf-manifest.json'] });
  try {
    await withPreview(
      context,
      { 'mf-catalogue': { entry: remote.entry } },
      async (token) => {
        const origin = new URL(remote.entry).origin;
        expect((await request.get(`${origin}/mf-manifest.json`)).status()).toBe(404);
        // The server renders the page with the remote's server entry; it only cannot put the page's styles in it.
        const html = await (await request.get('/es/index', { headers: previewHeaders(token) })).text();
        expect(html).toContain(`"mf-catalogue":{"entry":"${remote.entry}"}`);
        expect(html).toMatch(/<h1[^>]*>Caza los mejores enlaces<\/h1>/);
        expect(html).not.toContain(`<link rel="stylesheet" href="${origin}/`);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto('/es/index');
        await expect(catalogue(page).getByRole('heading', { level: 1 })).toBeVisible();
        await expect(fallbackOf(page)).toHaveCount(0);
        expect(errors).toEqual([]);
      },
    );
  } finally {
    await remote.close();
  }
});
