import type { Product, ProductSummary } from '@linkhunt/contracts/product';
import type { BootState, HydrationState } from '@linkhunt/contracts/ssr';
import type { APIRequestContext, ConsoleMessage, Page } from '@playwright/test';
import { soakPreviews, soakRedeploys } from '../bench/redeploy-soak.mjs';
import { previewHeaders, withPreview } from './harness/previews.ts';
import { withRemotes } from './harness/remotes-file.ts';
import { E2E_API_URL, e2ePort, readStack } from './harness/stack.ts';
import { apiData, apiToken, hideProduct } from './support/api.ts';
import { E2E_ADMIN } from './support/demo.ts';
import { startShellServer } from './support/shell-server.ts';
import { serveHanging, serveRemoteCopy } from './support/static-remote.ts';
import { expect, test } from './support/test.ts';

// Pages as crawlers, link-preview bots and visitors without JavaScript meet them: HTML from the shell server,
// rendered with the remotes' server entries and the API's data, hydrated without a second render.

const BOT = 'TelegramBot (like TwitterBot)';

/**
 * A recent product with a plain title (other suites upload titles full of markup) and a category, a different
 * one for each `index`.
 */
async function aProduct(request: APIRequestContext, index = 0): Promise<Product> {
  const recents = await apiData<ProductSummary[]>(request, '/products/recents');
  const plain = recents.filter((product) => !/[<>&"']/.test(product.title) && product.categories.length > 0 && product.hidden === 0);
  const summary = plain[index];
  if (!summary) throw new Error(`the demo seed has ${index + 1} recent products with plain titles`);
  return apiData<Product>(request, `/products/slug/${summary.slug}?include=user`);
}

/** The content of `<meta property|name="…">` in the HTML. */
function meta(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return tag?.[1]?.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'");
}

function jsonScript<T>(html: string, id: string): T {
  const text = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html)?.[1];
  if (!text) throw new Error(`the page has no #${id}`);
  return JSON.parse(text) as T;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, text]) => JSON.parse(text ?? '{}') as Record<string, unknown>);
}

/** A JPEG's size from its start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  for (let offset = 2; offset < bytes.length; ) {
    const marker = bytes.readUInt16BE(offset);
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xffc0 && marker <= 0xffc2) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error('not a JPEG with a frame header');
}

test.describe('a product page fetched as a link-preview bot', () => {
  test('has its title, description, Open Graph and Twitter tags, an image that loads, and its structured data', async ({ request }) => {
    const product = await aProduct(request);
    const { shellUrl } = readStack();
    const response = await request.get(`/es/product/${product.slug}`, { headers: { 'user-agent': BOT } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(response.headers()['etag']).toBeTruthy();
    const html = await response.text();
    const url = `${shellUrl}/es/product/${product.slug}`;

    expect(html).toContain(`<title>${product.title} | Linkhunt</title>`);
    expect(meta(html, 'description')?.length).toBeGreaterThan(20);
    expect(meta(html, 'og:title')).toBe(`${product.title} | Linkhunt`);
    expect(meta(html, 'og:description')).toBe(meta(html, 'description'));
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:site_name')).toBe('Linkhunt');
    expect(meta(html, 'og:locale')).toBe('es_ES');
    expect([...html.matchAll(/<meta property="og:locale:alternate" content="([^"]+)"/g)].map(([, locale]) => locale)).toEqual(['en_GB', 'de_DE', 'it_IT', 'fr_FR']);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    for (const language of ['es', 'en', 'de', 'it', 'fr']) {
      expect(html).toContain(`<link rel="alternate" hrefLang="${language}" href="${shellUrl}/${language}/product/${product.slug}"/>`);
    }
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${url}"/>`);

    // The image: absolute, a JPEG of 1200 × 630 that a bot can fetch.
    const image = meta(html, 'og:image') ?? '';
    expect(image).toMatch(/^https?:\/\/.+\.jpg$/);
    const picture = await request.get(image, { headers: { 'user-agent': BOT } });
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/jpeg');
    expect(jpegSize(await picture.body())).toEqual({ width: 1200, height: 630 });

    const structured = jsonLd(html);
    expect(structured.find((data) => data['@type'] === 'Product')).toMatchObject({ name: product.title, url });
    const trail = structured.find((data) => data['@type'] === 'BreadcrumbList')?.itemListElement as { name: string; item: string }[];
    expect(trail.map((crumb) => crumb.item)).toEqual([`${shellUrl}/es/index`, `${shellUrl}/es/cat/${product.categories[0]?.slug}`, url]);
    // The product's words are in the HTML itself, not only in the data for the browser.
    expect(html).toContain(`<h1`);
    expect(html.slice(0, html.indexOf('id="linkhunt-state"'))).toContain(product.title);
  });

  test('category and brand pages carry their trail too', async ({ request }) => {
    const { shellUrl } = readStack();
    const category = await (await request.get('/en/cat/sneakers')).text();
    expect(meta(category, 'og:type')).toBe('website');
    const trail = jsonLd(category).find((data) => data['@type'] === 'BreadcrumbList')?.itemListElement as { name: string; item: string }[];
    expect(trail).toEqual([
      expect.objectContaining({ name: 'Home', item: `${shellUrl}/en/index` }),
      expect.objectContaining({ name: 'Sneakers', item: `${shellUrl}/en/cat/sneakers` }),
    ]);
    const product = await aProduct(request, 1);
    const brand = await (await request.get(`/en/brand/${product.brand.slug}`)).text();
    expect(jsonLd(brand).find((data) => data['@type'] === 'BreadcrumbList')).toBeTruthy();
  });
});

test.describe('honest status codes', () => {
  for (const path of ['/es/product/no-existe-zzz', '/es/brand/no-existe-zzz', '/es/cat/no-existe-zzz', '/es/user/no_existe_zzz', '/es/no/hay/nada']) {
    test(`${path} answers 404 with its not-found page, kept out of search engines`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    });
  }

  test('a hidden product stays 200, shown as unavailable', async ({ request }) => {
    const product = await aProduct(request, 2);
    const token = await apiToken(request, E2E_ADMIN);
    const admin = { headers: { authorization: `Bearer ${token}` } };
    expect((await hideProduct(request, product.id, token)).ok()).toBe(true);
    try {
      await expect(async () => {
        const response = await request.get(`/en/product/${product.slug}`);
        expect(response.status()).toBe(200);
        expect(await response.text()).toContain('This product is no longer available');
      }).toPass({ timeout: 15_000 });
    } finally {
      await request.post(`${E2E_API_URL}/admin/products/${product.id}/unhide`, admin);
    }
  });

  test('a path without a language is sent to one, by the browser language', async ({ request }) => {
    const response = await request.get('/about', { maxRedirects: 0, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(response.status()).toBe(302);
    expect(response.headers()['location']).toBe('/de/about');
  });
});

test.describe('the API down, as the server meets it', () => {
  for (const kind of ['refused', 'hanging'] as const) {
    // Alone (playwright.config.ts): the budget is a time, and a second shell server starting beside other tests
    // would stretch it.
    test(`${kind}: the server answers within its budget, 503 with Retry-After and the page's error state`, { tag: '@alone' }, async ({ request }) => {
      const api = kind === 'hanging' ? await serveHanging(e2ePort(5121)) : { url: `http://127.0.0.1:${e2ePort(5122)}`, close: async () => undefined };
      const shell = await startShellServer(e2ePort(5120), api.url);
      try {
        const started = Date.now();
        const response = await request.get(`${shell.url}/en/cat/sneakers`);
        const took = Date.now() - started;
        test.info().annotations.push({ type: `API ${kind}`, description: `503 after ${took} ms` });
        expect(response.status()).toBe(503);
        expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
        expect(response.headers()['cache-control']).toBe('no-store');
        expect(took).toBeLessThan(3_000);
        expect(await response.text()).toContain('This page could not be loaded');
      } finally {
        await shell.close();
        await api.close();
      }
    });
  }
});

/** Every console message a hydration problem leaves, and every page error. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The document's own 404 status (a not-found page) is not a problem of the page.
    if (/Failed to load resource: the server responded with a status of 404/.test(message.text()) && message.location().url === page.url()) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test.describe('hydration', () => {
  for (const width of [390, 1280]) {
    test(`leaves no message in the console on any public route at ${width} px, and the first screen works once it ends`, async ({ page, request }) => {
      const product = await aProduct(request, 3);
      const routes = [
        '/es/index',
        '/en/cat/sneakers',
        `/es/brand/${product.brand.slug}`,
        `/es/product/${product.slug}`,
        `/es/user/${product.user?.username ?? ''}`,
        '/es/about',
        '/es/contact',
        '/es/privacy-policy',
        '/es/cookies-policy',
        '/es/terms-of-service',
        '/es/auth',
        '/es/auth/register',
        '/es/auth/profile',
        '/es/no/hay/nada',
        '/es/product/no-existe-zzz',
      ];
      await page.setViewportSize({ width, height: 900 });
      const problems = collectProblems(page);
      for (const route of routes) {
        await page.goto(route);
        // Hydrated: the header's search box takes input.
        await expect(page.getByRole('combobox', { name: /Search products|Buscar productos/ })).toBeEditable();
        await page.waitForLoadState('networkidle');
        expect(problems, route).toEqual([]);
      }
      // The first screen works as soon as hydration ends: the get-link dialog opens.
      await page.goto(`/en/product/${product.slug}`);
      await page.getByRole('button', { name: 'Get the link' }).click();
      await expect(page.getByRole('dialog', { name: 'Get the store links' })).toBeVisible();
      expect(problems).toEqual([]);
    });
  }
});

test('with JavaScript off, a product page reads whole and its links lead on', async ({ browser, request }) => {
  const product = await aProduct(request, 4);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/en/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(page.getByRole('img', { name: product.title })).toBeVisible();
    expect(await page.getByRole('img', { name: product.title }).evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText(product.description.slice(0, 40))).toBeVisible();
    const firstReview = product.valorations.data[0];
    if (firstReview?.review) await expect(page.getByText(firstReview.review.slice(0, 30))).toBeVisible();
    await page.getByRole('link', { name: product.brand.name, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/en/brand/${product.brand.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: product.brand.name })).toBeVisible();
    await expect(page.locator('main').getByRole('article').first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('two languages and two pages rendered at once never see each other', async ({ request }) => {
  const product = await aProduct(request, 5);
  // A query of its own for each request: every one is its own render, none from the micro-cache.
  const pages = Array.from({ length: 24 }, (_, index) =>
    index % 2 === 0
      ? { path: `/es/product/${product.slug}?n=${index}`, language: 'es', title: `${product.title} | Linkhunt`, heading: product.title }
      : { path: `/en/cat/sneakers?n=${index}`, language: 'en', title: 'Sneakers | Linkhunt', heading: 'Sneakers' },
  );
  const answers = await Promise.all(pages.map(async (expected) => ({ expected, html: await (await request.get(expected.path)).text() })));
  for (const { expected, html } of answers) {
    expect(html, expected.path).toContain(`<html lang="${expected.language}">`);
    expect(html, expected.path).toContain(`<title>${expected.title}</title>`);
    expect(html, expected.path).toMatch(new RegExp(`<h1[^>]*>${expected.heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    const state = jsonScript<HydrationState>(html, 'linkhunt-state');
    expect(state.language).toBe(expected.language);
    // Only this page's answers and words travel with it: a read's key is ['api', language, path, …].
    const paths = state.queries.queries.map(({ queryKey }) => String(queryKey[2]));
    expect(state.queries.queries.every(({ queryKey }) => queryKey[1] === expected.language)).toBe(true);
    if (expected.language === 'es') {
      expect(paths).toContain(`/products/slug/${product.slug}?include=user`);
      expect(paths.some((path) => path.startsWith('/categories/'))).toBe(false);
      expect(Object.keys(state.words)).toContain('product');
      expect(Object.keys(state.words)).not.toContain('catalogue');
    } else {
      expect(paths).toEqual(expect.arrayContaining(['/categories/slug/sneakers', '/products?category=sneakers']));
      expect(paths.some((path) => path.startsWith('/products/slug/'))).toBe(false);
      expect(Object.keys(state.words)).toContain('catalogue');
      expect(Object.keys(state.words)).not.toContain('product');
    }
  }
});

test.describe('remotes on the server', () => {
  // Alone (playwright.config.ts): a redeploy is for every visitor, so no other test may run meanwhile.
  test('a remote redeployed by an edit of remotes.json renders its new version on the server and in the browser, without a restart', { tag: '@alone' }, async ({ page, request }) => {
    const product = await aProduct(request, 6);
    const next = await serveRemoteCopy('mf-product', e2ePort(5123), { edit: (code) => code.replaceAll('Get the link', 'Get the link now') });
    try {
      await withRemotes(
        (manifest) => ({ ...manifest, 'mf-product': { entry: next.entry } }),
        async () => {
          // The new render worker gives each server entry 500 ms at first: on a loaded machine the copy's may miss it,
          // and the area renders in the browser until the worker's retry 5 s later (2026-12-06, once in a fresh run).
          let html = '';
          await expect
            .poll(async () => (html = await (await request.get(`/en/product/${product.slug}`)).text()), { message: 'the server renders the new version' })
            .toContain('Get the link now');
          expect(jsonScript<BootState>(html, 'linkhunt-boot').remotes['mf-product'].entry).toBe(next.entry);

          const problems = collectProblems(page);
          const entries: string[] = [];
          page.on('request', (sent) => {
            if (sent.url().endsWith('/remoteEntry.js')) entries.push(sent.url());
          });
          await page.goto(`/en/product/${product.slug}`);
          await page.getByRole('button', { name: 'Get the link now' }).click();
          await expect(page.getByRole('dialog', { name: 'Get the store links' })).toBeVisible();
          expect(entries).toEqual([next.entry]);
          expect(problems).toEqual([]);
        },
      );
    } finally {
      await next.close();
    }
  });

  test('a remote whose server entry is down: the page still answers 200 and its area renders in the browser', async ({ page, context, request }) => {
    const product = await aProduct(request, 7);
    const broken = await serveRemoteCopy('mf-product', e2ePort(5124), { omit: ['remoteEntry.ssr.js'] });
    try {
      await withPreview(
        context,
        { 'mf-product': { entry: broken.entry } },
        async (token) => {
          const response = await request.get(`/en/product/${product.slug}`, { headers: previewHeaders(token) });
          expect(response.status()).toBe(200);
          const html = await response.text();
          expect(jsonScript<BootState>(html, 'linkhunt-boot').remotes['mf-product'].entry).toBe(broken.entry);
          expect(jsonScript<HydrationState>(html, 'linkhunt-state').serverRemotes).not.toContain('mf-product');
          // The header and footer are the server's; the product's area waits for the browser.
          expect(html).toContain('data-remote-loading="mf-product"');
          await page.goto(`/en/product/${product.slug}`);
          await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
          await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
        },
      );
    } finally {
      await broken.close();
    }
  });
});

// Alone: fifty redeploys for every visitor, and the shell server's memory measured.
test('fifty redeploys of a remote leave the shell server’s memory bounded', { tag: '@alone' }, async ({ request }) => {
  test.setTimeout(180_000);
  const product = await aProduct(request, 8);
  const stack = readStack();
  const soak = await soakRedeploys({ shellUrl: stack.shellUrl, remotesFile: stack.remotesFile, pid: stack.shellPid, pagePath: `/en/product/${product.slug}` });
  const figures = `${soak.redeploys} redeploys: resident ${soak.beforeMB.toFixed(0)} MB before, ${soak.afterMB.toFixed(0)} MB after, peak ${soak.peakMB.toFixed(0)} MB; each taken up in ${soak.medianMs} ms (median), ${soak.maxMs} ms at most`;
  test.info().annotations.push({ type: 'redeploy soak', description: figures });
  console.log(`redeploy soak: ${figures}`);
  // One worker per version, the old one ended: memory does not grow with the number of redeploys.
  expect(soak.afterMB - soak.beforeMB).toBeLessThan(64);
  expect(soak.peakMB - soak.beforeMB).toBeLessThan(160);
  expect(soak.maxMs).toBeLessThan(10_000);
});

test('20 distinct previews in a row never keep more than the cap of render workers alive, and memory stays flat', { tag: '@alone' }, async ({ request }) => {
  test.setTimeout(180_000);
  const product = await aProduct(request, 8);
  const stack = readStack();
  const soak = await soakPreviews({ shellUrl: stack.shellUrl, credential: stack.platformSecret, pid: stack.shellPid, pagePath: `/en/product/${product.slug}` });
  const figures = `${soak.previews} previews: at most ${soak.mostWorkers} render workers alive (cap ${soak.cap} besides the base one); resident ${soak.beforeMB.toFixed(0)} MB once the cap was reached, ${soak.afterMB.toFixed(0)} MB after, peak ${soak.peakMB.toFixed(0)} MB`;
  test.info().annotations.push({ type: 'preview soak', description: figures });
  console.log(`preview soak: ${figures}`);
  expect(soak.mostWorkers).toBeLessThanOrEqual(soak.cap + 1);
  expect(soak.afterMB - soak.beforeMB).toBeLessThan(64);
});
