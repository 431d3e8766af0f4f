import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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

/** The sitemaps.org schemas the shell's unit tests use (shell/server/features/sitemap/schema). */
const SCHEMAS = fileURLToPath(new URL('../../shell/server/features/sitemap/schema/', import.meta.url));

/** Validates served documents with xmllint against a schema; xmllint's messages when one is not valid. */
async function schemaErrors(documents: Map<string, string>, schema: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'linkhunt-sitemaps-'));
  try {
    const files = [...documents].map(([name, xml], i) => {
      const file = join(dir, `${i}-${name.replace(/[^a-z0-9.-]/gi, '_')}`);
      writeFileSync(file, xml);
      return file;
    });
    await promisify(execFile)('xmllint', ['--noout', '--nonet', '--schema', join(SCHEMAS, schema), ...files], { maxBuffer: 16 * 1024 * 1024 });
    return '';
  } catch (error) {
    return (error as { stderr?: string }).stderr ?? String(error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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

test('the sitemap index links a file of each kind, every file loads and validates, and its pages open', async ({ page, request }) => {
  await page.goto('about:blank');
  const index = await sitemapAt(page, request, '/sitemap.xml');
  expect(index.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex');
  for (const kind of KINDS) expect(index.files).toContain(`${E2E_SHELL_URL}/sitemaps/${kind}-1.xml`);
  expect(await schemaErrors(new Map([['sitemap.xml', await (await request.get('/sitemap.xml')).text()]]), 'siteindex.xsd')).toBe('');

  const texts = new Map<string, string>();
  const urls: SitemapUrl[] = [];
  for (const file of index.files) {
    texts.set(file, await (await request.get(file)).text());
    const sitemap = await sitemapAt(page, request, file);
    expect(sitemap.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9 urlset');
    expect(sitemap.urls.length, file).toBeGreaterThan(0);
    urls.push(...sitemap.urls);
  }
  expect(await schemaErrors(texts, 'sitemap-hreflang.xsd')).toBe('');

  // Every language's address is a <loc> of its own, once, and names every language and x-default.
  const byLoc = new Map(urls.map((url) => [url.loc, url]));
  expect(byLoc.size).toBe(urls.length);
  for (const language of LANGUAGES) expect(urls.filter((url) => url.loc.startsWith(`${E2E_SHELL_URL}/${language}/`)).length).toBe(urls.length / LANGUAGES.length);
  for (const url of urls) {
    expect(url.loc).toMatch(new RegExp(`^${E2E_SHELL_URL}/(${LANGUAGES.join('|')})/`));
    expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/);
    expect(Object.keys(url.alternates).sort()).toEqual([...LANGUAGES, 'x-default'].sort());
    // Reciprocal: each alternate is listed too, with the same set.
    for (const language of LANGUAGES) expect(byLoc.get(url.alternates[language] ?? '')?.alternates, url.loc).toEqual(url.alternates);
  }
  expect((await request.get('/sitemaps/products-999.xml')).status()).toBe(404);

  // A listed product is a page that opens, in another language than Spanish too.
  const product = (await urlsOfKind(page, request, 'products')).find((url) => url.loc.includes('/en/'));
  if (!product) throw new Error('the demo catalogue has products');
  const opened = await page.goto(product.loc);
  expect(opened?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
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
      // Footwear, which no suite counts (support/api.ts uploadProduct).
      'categories[]': 'calzado',
      image: { name: 'mochila.png', mimeType: 'image/png', buffer: noisePng(200, 200) },
    },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()).results.data as { id: number; slug: string };
  const loc = `${E2E_SHELL_URL}/es/product/${product.slug}`;
  const profile = `${E2E_SHELL_URL}/es/user/${account.username}`;

  const listed = () => urlsOfKind(page, request, 'products');
  await expect.poll(async () => (await listed()).find((url) => url.loc === loc), POLL).toBeDefined();
  const alternates = {
    es: loc,
    en: `${E2E_SHELL_URL}/en/product/${product.slug}`,
    de: `${E2E_SHELL_URL}/de/product/${product.slug}`,
    it: `${E2E_SHELL_URL}/it/product/${product.slug}`,
    fr: `${E2E_SHELL_URL}/fr/product/${product.slug}`,
    'x-default': loc,
  };
  const entries = (await listed()).filter((url) => Object.values(alternates).includes(url.loc));
  expect(entries.map((url) => url.loc)).toEqual(LANGUAGES.map((language) => `${E2E_SHELL_URL}/${language}/product/${product.slug}`));
  for (const entry of entries) expect(entry.alternates).toEqual(alternates);
  // Its uploader now has a profile worth listing.
  await expect.poll(async () => (await urlsOfKind(page, request, 'users')).map((url) => url.loc), POLL).toContain(profile);

  const admin = await apiToken(request, E2E_ADMIN);
  const hidden = await hideProduct(request, product.id, admin);
  expect(hidden.ok()).toBe(true);
  await expect.poll(async () => (await listed()).map((url) => url.loc), POLL).not.toContain(loc);
  expect((await listed()).map((url) => url.loc)).not.toContain(alternates.en);
  // Their only product is hidden: the profile has nothing to show and leaves the sitemap too.
  await expect.poll(async () => (await urlsOfKind(page, request, 'users')).map((url) => url.loc), POLL).not.toContain(profile);
});
