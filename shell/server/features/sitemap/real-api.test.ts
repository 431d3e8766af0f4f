// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ProductSummary } from '@linkhunt/contracts/product';
import type { SitemapSlugPage } from '@linkhunt/contracts/sitemap';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../../api/src/test/server-process.ts';
import { sitemapRoutes } from './routes.ts';
import { alternatesOf, lastmodOf, locsOf } from './test-support.ts';
import { w3cDate } from './sitemap-xml.ts';

/**
 * The plugin on the real API, run from its source as in production (api/src/test/server-process.ts) on a
 * fresh SQLite database with the demo catalogue: what the sitemaps list is what the API shows, and a product
 * an admin hides leaves them.
 */
const SITE = 'https://linkhunt.example';
/** Where the site's pages load pictures from (config.json's imageUrl): a CDN in front of the API's /images. */
const IMAGES = 'https://images.linkhunt.example';
const LANGUAGES = ['es', 'en', 'de', 'it', 'fr'];
const ADMIN = { email: 'sitemap-admin@example.com', username: 'sitemap_admin', password: 'a long admin passphrase' };
const apiRoot = fileURLToPath(new URL('../../../../api', import.meta.url));

let dir: string;
let api: ServerProcess;
let site: FastifyInstance;
/** With the production lifetime: only the API's stamp can make it rebuild within the test. */
let longLived: FastifyInstance;
let adminToken: string;

async function apiJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${api.baseUrl}${path}`, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

async function xml(path: string, on: FastifyInstance = site): Promise<string> {
  const res = await on.inject({ method: 'GET', url: path });
  expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.body;
}

/** Every product <loc> across the product files the index links, and the files' texts. */
async function productFiles(on: FastifyInstance = site): Promise<{ files: string[]; locs: string[]; texts: string[] }> {
  const files = locsOf(await xml('/sitemap.xml', on)).filter((loc) => loc.startsWith(`${SITE}/sitemaps/products-`));
  const texts = await Promise.all(files.map((file) => xml(file.slice(SITE.length), on)));
  return { files, locs: texts.flatMap(locsOf), texts };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'linkhunt-sitemap-'));
  const databaseUrl = `sqlite:${join(dir, 'db.sqlite')}`;
  // The demo catalogue is seeded before the server listens, so it is all there once it does.
  api = await startServerProcess({ DATABASE_URL: databaseUrl, IMAGE_DIR: join(dir, 'images'), SEED_DEMO: 'true' }, 60_000);
  await promisify(execFile)(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/cli/create-admin.ts', '--email', ADMIN.email, '--username', ADMIN.username],
    { cwd: apiRoot, env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: ADMIN.password } },
  );
  const login = await apiJson<{ token: { accessToken: string } }>('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  adminToken = login.token.accessToken;

  site = Fastify();
  await site.register(sitemapRoutes, { apiUrl: () => api.baseUrl, siteUrl: () => SITE, imageBase: () => IMAGES, cacheSeconds: 1, maxUrlsPerFile: 50 });
  longLived = Fastify();
  // The stamp read on every request, not once a second, so "right away" needs no wait.
  await longLived.register(sitemapRoutes, { apiUrl: () => api.baseUrl, siteUrl: () => SITE, imageBase: () => IMAGES, cacheSeconds: 600, stampIntervalMs: 0, maxUrlsPerFile: 50 });
}, 90_000);

afterAll(async () => {
  await site?.close();
  await longLived?.close();
  api?.kill();
  await api?.exited;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the sitemaps of the real API', () => {
  it('list every visible product once in each language, in files of 50 URLs, dated as the API dates them', async () => {
    const listed = await apiJson<SitemapSlugPage>('/sitemap/products?per_page=1000');
    const expected = listed.results.data;
    expect(expected.length).toBeGreaterThan(100);
    expect(listed.results.meta.pagination.total_pages).toBe(1);

    const { files, locs, texts } = await productFiles();
    expect(files).toHaveLength(Math.ceil((expected.length * LANGUAGES.length) / 50));
    expect(locs).toEqual(expected.flatMap((p) => LANGUAGES.map((language) => `${SITE}/${language}/product/${p.slug}`)));
    const [first] = expected;
    if (!first) throw new Error('the demo catalogue has products');
    expect(lastmodOf(texts[0] ?? '', `${SITE}/en/product/${first.slug}`)).toBe(w3cDate(first.lastmod));

    // The newest products, as the home page shows them, are all there.
    const recents = await apiJson<{ results: { data: ProductSummary[] } }>('/products/recents');
    for (const product of recents.results.data) expect(locs).toContain(`${SITE}/es/product/${product.slug}`);
  });

  it('list each product’s photos with each of its language versions, cover first, where pages load them from', async () => {
    const listed = await apiJson<SitemapSlugPage>('/sitemap/products?per_page=1000');
    const product = listed.results.data[0];
    if (!product?.images?.length) throw new Error('the demo catalogue has products with photos');
    const { texts } = await productFiles();
    for (const language of LANGUAGES) {
      const loc = `${SITE}/${language}/product/${product.slug}`;
      const entry = texts.join('').split('<url>').find((url) => url.includes(`<loc>${loc}</loc>`)) ?? '';
      expect([...entry.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((m) => m[1])).toEqual(product.images.map((path) => `${IMAGES}/${path}`));
    }
    // Each address is a picture the API serves.
    const response = await fetch(`${api.baseUrl}/images/${product.images[0] ?? ''}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\//);
  });

  it('list the demo users, brands and categories at their routes', async () => {
    const index = locsOf(await xml('/sitemap.xml'));
    for (const kind of ['static', 'brands', 'categories', 'users']) expect(index).toContain(`${SITE}/sitemaps/${kind}-1.xml`);
    expect(locsOf(await xml('/sitemaps/users-1.xml'))).toContain(`${SITE}/es/user/lucia.finds`);
    const brand = locsOf(await xml('/sitemaps/brands-1.xml'))[0]?.split('/brand/')[1] ?? '';
    expect((await fetch(`${api.baseUrl}/brands/slug/${brand}`)).status).toBe(200);
    const category = locsOf(await xml('/sitemaps/categories-1.xml'))[0]?.split('/cat/')[1] ?? '';
    expect((await fetch(`${api.baseUrl}/categories/slug/${category}`)).status).toBe(200);
  });

  it('drop a product once an admin hides it, and take it back when it is shown again', async () => {
    const recents = await apiJson<{ results: { data: ProductSummary[] } }>('/products/recents');
    const product = recents.results.data[0];
    if (!product) throw new Error('the demo catalogue has recent products');
    const loc = `${SITE}/es/product/${product.slug}`;
    const before = await productFiles();
    expect(before.locs).toContain(loc);
    expect(alternatesOf(before.texts.find((text) => text.includes(loc)) ?? '', loc)).toContainEqual(['en', `${SITE}/en/product/${product.slug}`]);
    const english = `${SITE}/en/product/${product.slug}`;
    expect(alternatesOf(before.texts.find((text) => text.includes(`<loc>${english}</loc>`)) ?? '', english)).toContainEqual(['es', loc]);

    const admin = { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } };
    const statement = JSON.stringify({ statement: 'Hidden by the sitemap test: its store links were taken down.' });
    await apiJson(`/admin/products/${product.id}/hide`, { ...admin, headers: { ...admin.headers, 'content-type': 'application/json' }, body: statement });
    await vi.waitFor(async () => expect((await productFiles()).locs).not.toContain(loc), { timeout: 10_000, interval: 200 });
    expect((await productFiles()).locs).not.toContain(english);

    await apiJson(`/admin/products/${product.id}/unhide`, admin);
    await vi.waitFor(async () => expect((await productFiles()).locs).toContain(loc), { timeout: 10_000, interval: 200 });
  });

  it('drop a product taken down for illegal content at once, however long the files are otherwise kept (issue 25)', async () => {
    const recents = await apiJson<{ results: { data: ProductSummary[] } }>('/products/recents');
    const product = recents.results.data[1];
    if (!product) throw new Error('the demo catalogue has recent products');
    const loc = `${SITE}/es/product/${product.slug}`;
    const before = await productFiles(longLived);
    expect(before.locs).toContain(loc);
    const file = before.files.find((_, i) => before.texts[i]?.includes(`<loc>${loc}</loc>`)) ?? '';
    const fresh = await longLived.inject({ method: 'GET', url: file.slice(SITE.length) });
    expect(fresh.headers['cache-control']).toBe('public, max-age=60');

    const body = JSON.stringify({ statement: 'Removed by the sitemap test: illegal content.', illegal: true });
    await apiJson(`/admin/products/${product.id}/hide`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body,
    });
    const after = await productFiles(longLived);
    expect(after.locs).not.toContain(loc);
    expect(after.locs).not.toContain(`${SITE}/en/product/${product.slug}`);
    expect(after.locs.length).toBe(before.locs.length - LANGUAGES.length);
  });
});
