import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { E2E_API_URL, E2E_SHELL_URL } from './harness/stack.ts';
import { apiToken, hideProduct } from './support/api.ts';
import { E2E_ADMIN } from './support/demo.ts';
import { noisePng } from './support/png.mjs';

/**
 * robots.txt and the sitemaps, as a crawler reads them from the shell server. The harness runs it with
 * SITEMAP_CACHE_SECONDS=1, so a change in the catalogue shows in the sitemaps within a few seconds.
 */

const LANGUAGES = ['es', 'en', 'de', 'it', 'fr'];
const KINDS = ['static', 'products', 'brands', 'categories', 'users'];

interface SitemapUrl {
  loc: string;
  lastmod: string;
  alternates: Record<string, string>;
}

interface ParsedSitemap {
  root: string;
  /** The <loc>s of a sitemap index. */
  files: string[];
  /** The <url>s of a urlset. */
  urls: SitemapUrl[];
}

/** Reads a sitemap with the browser's own XML parser, which refuses anything not well-formed. */
async function parseSitemap(page: Page, xml: string): Promise<ParsedSitemap> {
  return page.evaluate((text) => {
    const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    const document = new DOMParser().parseFromString(text, 'application/xml');
    const error = document.getElementsByTagName('parsererror')[0];
    if (error) throw new Error(`not well-formed XML: ${error.textContent ?? ''}`);
    const child = (parent: Element, name: string) => parent.getElementsByTagNameNS(ns, name)[0]?.textContent ?? '';
    return {
      root: `${document.documentElement.namespaceURI ?? ''} ${document.documentElement.localName}`,
      files: [...document.getElementsByTagNameNS(ns, 'sitemap')].map((entry) => child(entry, 'loc')),
      urls: [...document.getElementsByTagNameNS(ns, 'url')].map((url) => ({
        loc: child(url, 'loc'),
        lastmod: child(url, 'lastmod'),
        alternates: Object.fromEntries(
          [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')]
            .filter((link) => link.getAttribute('rel') === 'alternate')
            .map((link) => [link.getAttribute('hreflang') ?? '', link.getAttribute('href') ?? '']),
        ),
      })),
    };
  }, xml);
}

/** GETs a sitemap document from the shell server, checking it is served as XML. */
async function sitemapAt(page: Page, request: APIRequestContext, url: string): Promise<ParsedSitemap> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
  return parseSitemap(page, await response.text());
}

/** Every URL listed in the files of one kind, read from the index as a crawler would. */
async function urlsOfKind(page: Page, request: APIRequestContext, kind: string): Promise<SitemapUrl[]> {
  const index = await sitemapAt(page, request, '/sitemap.xml');
  const files = index.files.filter((file) => file.startsWith(`${E2E_SHELL_URL}/sitemaps/${kind}-`));
  const urls: SitemapUrl[] = [];
  for (const file of files) urls.push(...(await sitemapAt(page, request, file)).urls);
  return urls;
}

const POLL = { timeout: 20_000, intervals: [250, 500, 1_000] };

test('robots.txt lets crawlers in, keeps them out of the account pages, and names the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const lines = (await response.text()).split('\n');
  expect(lines).toContain('User-agent: *');
  expect(lines).toContain('Disallow: /*/auth/');
  expect(lines).toContain(`Sitemap: ${E2E_SHELL_URL}/sitemap.xml`);
});

test('the sitemap index links a file of each kind, every file loads, and its pages open', async ({ page, request }) => {
  await page.goto('about:blank');
  const index = await sitemapAt(page, request, '/sitemap.xml');
  expect(index.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex');
  for (const kind of KINDS) expect(index.files).toContain(`${E2E_SHELL_URL}/sitemaps/${kind}-1.xml`);

  for (const file of index.files) {
    const sitemap = await sitemapAt(page, request, file);
    expect(sitemap.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9 urlset');
    expect(sitemap.urls.length, file).toBeGreaterThan(0);
    for (const url of sitemap.urls) {
      expect(url.loc).toMatch(new RegExp(`^${E2E_SHELL_URL}/es/`));
      expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/);
      expect(Object.keys(url.alternates).sort()).toEqual([...LANGUAGES, 'x-default'].sort());
    }
  }
  expect((await request.get('/sitemaps/products-999.xml')).status()).toBe(404);

  // A listed product is a page that opens.
  const [product] = await urlsOfKind(page, request, 'products');
  if (!product) throw new Error('the demo catalogue has products');
  const opened = await page.goto(product.alternates.en ?? '');
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a new product shows in the sitemap with its language versions, and leaves it when an admin hides it', async ({ page, request }) => {
  await page.goto('about:blank');
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = { username: `mapped_${id}`, email: `mapped_${id}@example.com`, password: 'a-long-password' };
  const registered = await request.post(`${E2E_API_URL}/auth/register`, { data: account });
  expect(registered.status()).toBe(201);
  const token = (await registered.json()).token.accessToken as string;

  const created = await request.post(`${E2E_API_URL}/products`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title: `Mochila de lona ${id}`,
      description: 'Lona encerada, dos bolsillos.',
      link_hacoo: 'https://www.hacoo.com/product/515151',
      'categories[]': 'accesorios',
      image: { name: 'mochila.png', mimeType: 'image/png', buffer: noisePng(200, 200) },
    },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()).results.data as { id: number; slug: string };
  const loc = `${E2E_SHELL_URL}/es/product/${product.slug}`;
  const profile = `${E2E_SHELL_URL}/es/user/${account.username}`;

  const listed = () => urlsOfKind(page, request, 'products');
  await expect.poll(async () => (await listed()).find((url) => url.loc === loc), POLL).toBeDefined();
  const entry = (await listed()).find((url) => url.loc === loc);
  expect(entry?.alternates).toEqual({
    es: loc,
    en: `${E2E_SHELL_URL}/en/product/${product.slug}`,
    de: `${E2E_SHELL_URL}/de/product/${product.slug}`,
    it: `${E2E_SHELL_URL}/it/product/${product.slug}`,
    fr: `${E2E_SHELL_URL}/fr/product/${product.slug}`,
    'x-default': loc,
  });
  // Its uploader now has a profile worth listing.
  await expect.poll(async () => (await urlsOfKind(page, request, 'users')).map((url) => url.loc), POLL).toContain(profile);

  const admin = await apiToken(request, E2E_ADMIN);
  const hidden = await hideProduct(request, product.id, admin);
  expect(hidden.ok()).toBe(true);
  await expect.poll(async () => (await listed()).map((url) => url.loc), POLL).not.toContain(loc);
  // Their only product is hidden: the profile has nothing to show and leaves the sitemap too.
  await expect.poll(async () => (await urlsOfKind(page, request, 'users')).map((url) => url.loc), POLL).not.toContain(profile);
});
