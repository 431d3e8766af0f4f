// @vitest-environment node
import { gunzipSync } from 'node:zlib';
import type { SitemapSlugPage, SitemapStamp, SitemapUserPage } from '@linkhunt/contracts/sitemap';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sitemapRoutes, type SitemapOptions } from './routes.ts';
import type { ListedKind } from './site-pages.ts';
import type { ListedEntry } from './sitemap-source.ts';
import { alternatesOf, lastmodOf, locsOf } from './test-support.ts';

/**
 * The plugin against a stand-in API that gives the documented answers of GET /sitemap/{kind} (contracts'
 * SitemapSlugPage and SitemapUserPage) from lists the test edits, and can be stopped or made to misbehave.
 * The real API's side (what is listed) is tested in api/src/features/sitemap and by real-api.test.ts.
 */
interface FakeApi {
  url: string;
  lists: Record<ListedKind, ListedEntry[]>;
  /** Every request's path and query, in order. */
  requests: string[];
  /** GET /sitemap/stamp's answer; undefined: 404, as an API from before the route. */
  stamp: string | undefined;
  /** How many times the stamp was read. */
  stampReads: number;
  /** 'html': answers 200 with a page that is not JSON, as a misrouted proxy would. */
  mode: 'ok' | 'html';
  close(): Promise<void>;
}

const SITE = 'https://shop.example';
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const entries = (prefix: string, n: number, date = '2026-03-01T10:00:00.000Z'): ListedEntry[] =>
  Array.from({ length: n }, (_, i) => ({ key: `${prefix}-${i + 1}`, lastmod: date }));

async function startFakeApi(lists: Partial<Record<ListedKind, ListedEntry[]>> = {}): Promise<FakeApi> {
  // A request the plugin gave up on (its site closing) must not hold the stand-in's close.
  const app = Fastify({ forceCloseConnections: true });
  const api: FakeApi = {
    url: '',
    lists: { products: [], brands: [], categories: [], users: [], ...lists },
    requests: [],
    stamp: undefined,
    stampReads: 0,
    mode: 'ok',
    close: () => app.close(),
  };
  app.get('/sitemap/stamp', async (_request, reply) => {
    api.stampReads += 1;
    if (api.stamp === undefined) return reply.code(404).send({ message: 'Not Found' });
    const body: SitemapStamp = { results: { data: { stamp: api.stamp } } };
    return body;
  });
  app.get<{ Params: { kind: ListedKind }; Querystring: { page?: string; per_page?: string } }>('/sitemap/:kind', async (request, reply) => {
    api.requests.push(request.url);
    if (api.mode === 'html') return reply.type('text/html').send('<html>Bad gateway</html>');
    const page = Number(request.query.page ?? 1);
    const perPage = Number(request.query.per_page ?? 1000);
    const all = api.lists[request.params.kind];
    const slice = all.slice((page - 1) * perPage, page * perPage);
    const pagination = { total: all.length, count: slice.length, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(all.length / perPage)) };
    if (request.params.kind === 'users') {
      const body: SitemapUserPage = { results: { data: slice.map((e) => ({ username: e.key, lastmod: e.lastmod })), meta: { pagination } } };
      return body;
    }
    const body: SitemapSlugPage = { results: { data: slice.map((e) => ({ slug: e.key, lastmod: e.lastmod })), meta: { pagination } } };
    return body;
  });
  api.url = await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  return api;
}

/** An address where nothing listens. */
async function closedPortUrl(): Promise<string> {
  const app = Fastify();
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  await app.close();
  return url;
}

interface Site {
  app: FastifyInstance;
  get(path: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The XML at a path, 200 expected. */
  xml(path: string): Promise<string>;
  config: { apiUrl: string; siteUrl: string };
}

async function startSite(apiUrl: string, options: Omit<SitemapOptions, 'apiUrl' | 'siteUrl' | 'imageBase'> = {}): Promise<Site> {
  const config = { apiUrl, siteUrl: SITE };
  const app = Fastify();
  await app.register(sitemapRoutes, { apiUrl: () => config.apiUrl, siteUrl: () => config.siteUrl, imageBase: () => `${config.apiUrl}/images`, ...options });
  cleanups.push(() => app.close());
  const get = (path: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: path, headers });
  return {
    app,
    config,
    get,
    async xml(path) {
      const res = await get(path);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      return res.body;
    },
  };
}

const locs = locsOf;
const LANGUAGES = ['es', 'en', 'de', 'it', 'fr'];
/** A page's address in every language, in the order the sitemaps list them. */
const everyLanguage = (path: string) => LANGUAGES.map((language) => `${SITE}/${language}/${path}`);
/** The path of each file the index links, such as /sitemaps/products-1.xml. */
const indexedFiles = (xml: string) => locs(xml).map((loc) => loc.replace(SITE, ''));

async function allLocs(site: Site, kind: string): Promise<string[]> {
  const files = indexedFiles(await site.xml('/sitemap.xml')).filter((path) => path.startsWith(`/sitemaps/${kind}-`));
  const out: string[] = [];
  for (const file of files) out.push(...locs(await site.xml(file)));
  return out;
}

describe('robots.txt', () => {
  it('allows the public pages, keeps crawlers out of the signed-in pages but not the sign-in forms, and names the sitemap', async () => {
    const site = await startSite(await closedPortUrl());
    const res = await site.get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /*/auth/', 'Allow: /*/auth/register$', `Sitemap: ${SITE}/sitemap.xml`]));
    expect(res.body).not.toMatch(/Disallow: \/\*\/auth$/m);
  });

  it('still answers, without the Sitemap line, when the site URL is unusable', async () => {
    const site = await startSite(await closedPortUrl());
    site.config.siteUrl = 'not a url';
    const res = await site.get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).not.toContain('Sitemap:');
  });
});

describe('the sitemap index and its files', () => {
  it('splits each kind at maxUrlsPerFile and links every file, each of which loads', async () => {
    const api = await startFakeApi({ products: entries('p', 5), brands: entries('b', 1), categories: entries('c', 2), users: entries('u', 3) });
    // Ten URLs a file: each page is five of them, one per language.
    const site = await startSite(api.url, { maxUrlsPerFile: 10 });

    const files = indexedFiles(await site.xml('/sitemap.xml'));
    expect(files).toEqual([
      '/sitemaps/static-1.xml', '/sitemaps/static-2.xml', '/sitemaps/static-3.xml',
      '/sitemaps/products-1.xml', '/sitemaps/products-2.xml', '/sitemaps/products-3.xml',
      '/sitemaps/brands-1.xml', '/sitemaps/categories-1.xml', '/sitemaps/users-1.xml', '/sitemaps/users-2.xml',
    ]);
    for (const file of files) expect(locs(await site.xml(file)).length).toBeLessThanOrEqual(10);
    expect(await allLocs(site, 'products')).toEqual(api.lists.products.flatMap((p) => everyLanguage(`product/${p.key}`)));
    expect(await allLocs(site, 'users')).toEqual(api.lists.users.flatMap((u) => everyLanguage(`user/${u.key}`)));
    expect(await allLocs(site, 'static')).toEqual(
      ['index', 'about', 'contact', 'privacy-policy', 'cookies-policy', 'terms-of-service'].flatMap(everyLanguage),
    );
  });

  it('gives every language of a page its own URL, each with the alternates in the five languages and x-default', async () => {
    const api = await startFakeApi({ products: [{ key: 'air-max', lastmod: '2026-03-01T10:00:00.000Z' }] });
    const site = await startSite(api.url);
    const xml = await site.xml('/sitemaps/products-1.xml');
    expect(locs(xml)).toEqual(everyLanguage('product/air-max'));
    for (const loc of everyLanguage('product/air-max')) {
      expect(alternatesOf(xml, loc)).toEqual([
        ['es', `${SITE}/es/product/air-max`], ['en', `${SITE}/en/product/air-max`], ['de', `${SITE}/de/product/air-max`],
        ['it', `${SITE}/it/product/air-max`], ['fr', `${SITE}/fr/product/air-max`], ['x-default', `${SITE}/es/product/air-max`],
      ]);
      expect(lastmodOf(xml, loc)).toBe('2026-03-01T10:00:00Z');
    }
  });

  it('reads the API a page of 1000 at a time until the last page', async () => {
    const api = await startFakeApi({ products: entries('p', 2_300) });
    const site = await startSite(api.url);
    expect(await allLocs(site, 'products')).toHaveLength(2_300 * 5);
    expect(api.requests.filter((r) => r.startsWith('/sitemap/products'))).toEqual([
      '/sitemap/products?page=1&per_page=1000', '/sitemap/products?page=2&per_page=1000', '/sitemap/products?page=3&per_page=1000',
    ]);
  });

  it('sends gzip to a client that takes it, and plain XML to one that does not', async () => {
    const api = await startFakeApi({ products: entries('p', 3) });
    const site = await startSite(api.url);
    const plain = await site.get('/sitemaps/products-1.xml', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await site.get('/sitemaps/products-1.xml', { 'accept-encoding': 'br, gzip;q=0.8' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    const refused = await site.get('/sitemaps/products-1.xml', { 'accept-encoding': 'gzip;q=0, deflate' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('answers 404 for a file that does not exist, without asking the API for a name no build makes', async () => {
    const api = await startFakeApi({ products: entries('p', 3) });
    const site = await startSite(api.url);
    for (const path of ['/sitemaps/nope.xml', '/sitemaps/products-0.xml', '/sitemaps/products-1.xml.gz', '/sitemaps/products-01.xml', '/sitemaps/robots.txt']) {
      expect((await site.get(path)).statusCode, path).toBe(404);
    }
    expect(api.requests).toEqual([]);
    expect((await site.get('/sitemaps/products-2.xml')).statusCode).toBe(404);
    expect((await site.get('/sitemaps/users-1.xml')).statusCode).toBe(404);
    expect((await site.get('/sitemaps/products-1.xml')).statusCode).toBe(200);
  });
});

describe('the cache', () => {
  const readsOf = (api: FakeApi) => api.requests.filter((r) => r.startsWith('/sitemap/products')).length;

  it('builds once for simultaneous first requests, then serves from memory until cacheSeconds pass', async () => {
    const api = await startFakeApi({ products: entries('p', 3) });
    const site = await startSite(api.url, { cacheSeconds: 600 });
    const answers = await Promise.all([site.get('/sitemap.xml'), site.get('/sitemaps/products-1.xml'), site.get('/sitemap.xml'), site.get('/sitemaps/static-1.xml')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(readsOf(api)).toBe(1);
    expect(api.requests).toHaveLength(4);

    api.lists.products.push({ key: 'p-new', lastmod: '2026-04-01T00:00:00Z' });
    expect(locs(await site.xml('/sitemaps/products-1.xml'))).not.toContain(`${SITE}/es/product/p-new`);
    expect(readsOf(api)).toBe(1);
    expect((await site.get('/sitemap.xml')).headers['cache-control']).toBe('public, max-age=60');
  });

  it('rebuilds once cacheSeconds have passed, reading the API and site URLs afresh', async () => {
    const first = await startFakeApi({ products: entries('p', 1) });
    const second = await startFakeApi({ products: [{ key: 'moved', lastmod: '2026-04-01T00:00:00Z' }] });
    const site = await startSite(first.url, { cacheSeconds: 1 });
    expect(await allLocs(site, 'products')).toEqual(everyLanguage('product/p-1'));

    site.config.apiUrl = second.url;
    site.config.siteUrl = 'https://new.example/';
    await vi.waitFor(async () => expect(locs(await site.xml('/sitemaps/products-1.xml'))[0]).toBe('https://new.example/es/product/moved'), {
      timeout: 5_000,
      interval: 100,
    });
    expect(indexedFiles(await site.xml('/sitemap.xml'))[0]).toBe('https://new.example/sitemaps/static-1.xml');
  });

  it('serves the last good copy while the API cannot be reached, marked not to be kept', async () => {
    const api = await startFakeApi({ products: entries('p', 2) });
    const site = await startSite(api.url, { cacheSeconds: 1 });
    const before = await site.xml('/sitemaps/products-1.xml');
    await api.close();

    // Once the copy has expired, a request tries the API, fails, and gets the copy, not to be cached.
    await vi.waitFor(async () => expect((await site.get('/sitemaps/products-1.xml')).headers['cache-control']).toBe('no-cache'), {
      timeout: 5_000,
      interval: 100,
    });
    const during = await site.get('/sitemaps/products-1.xml');
    expect(during.statusCode).toBe(200);
    expect(during.body).toBe(before);
    expect((await site.get('/sitemap.xml')).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After before there is any copy, and recovers when the API is back', async () => {
    const site = await startSite(await closedPortUrl(), { cacheSeconds: 1 });
    for (const path of ['/sitemap.xml', '/sitemaps/products-1.xml']) {
      const res = await site.get(path);
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // robots.txt needs no API.
    expect((await site.get('/robots.txt')).statusCode).toBe(200);

    const api = await startFakeApi({ products: entries('p', 1) });
    site.config.apiUrl = api.url;
    await vi.waitFor(async () => expect((await site.get('/sitemap.xml')).statusCode).toBe(200), { timeout: 5_000, interval: 100 });
  });

  it('does not ask a down API again on every request, but after Retry-After', async () => {
    const api = await startFakeApi({ products: entries('p', 1) });
    api.mode = 'html';
    const site = await startSite(api.url, { cacheSeconds: 600 });
    const first = await site.get('/sitemap.xml');
    expect(first.statusCode).toBe(503);
    // At most the cache's lifetime, at most 30 s.
    expect(first.headers['retry-after']).toBe('30');
    const asked = api.requests.length;
    for (let i = 0; i < 5; i++) expect((await site.get('/sitemap.xml')).statusCode).toBe(503);
    expect(api.requests).toHaveLength(asked);
  });

  it('keeps a copy over an API answer that is not the documented shape', async () => {
    const api = await startFakeApi({ products: entries('p', 2) });
    const site = await startSite(api.url, { cacheSeconds: 1 });
    const before = await site.xml('/sitemaps/products-1.xml');
    api.mode = 'html';
    api.lists.products = [];
    await vi.waitFor(async () => expect((await site.get('/sitemaps/products-1.xml')).headers['cache-control']).toBe('no-cache'), {
      timeout: 5_000,
      interval: 100,
    });
    expect(await site.xml('/sitemaps/products-1.xml')).toBe(before);
  });

  it('rebuilds before its lifetime ends when the API\'s stamp changes, and only then', async () => {
    const api = await startFakeApi({ products: entries('p', 2) });
    api.stamp = 'one';
    const site = await startSite(api.url, { cacheSeconds: 600, stampIntervalMs: 0 });
    expect(await allLocs(site, 'products')).toHaveLength(2 * LANGUAGES.length);
    await site.xml('/sitemaps/products-1.xml');
    expect(readsOf(api)).toBe(1);

    api.lists.products.shift();
    api.stamp = 'two';
    expect(await allLocs(site, 'products')).toEqual(everyLanguage('product/p-2'));
    expect(readsOf(api)).toBe(2);
    await site.xml('/sitemaps/products-1.xml');
    expect(readsOf(api)).toBe(2);
  });

  it('keeps its build while the stamp cannot be read', async () => {
    const api = await startFakeApi({ products: entries('p', 2) });
    const site = await startSite(api.url, { cacheSeconds: 600, stampIntervalMs: 0 });
    const before = await site.xml('/sitemaps/products-1.xml');
    api.lists.products = entries('q', 1);
    // An API without the route: the files stay as built, served as fresh.
    const kept = await site.get('/sitemaps/products-1.xml');
    expect(kept.body).toBe(before);
    expect(kept.headers['cache-control']).toBe('public, max-age=60');

    // With the route, its stamp differs from the build's (none): rebuilt.
    api.stamp = 'new';
    const rebuilt = await site.xml('/sitemaps/products-1.xml');
    expect(locs(rebuilt)).toEqual(everyLanguage('product/q-1'));

    // The API gone: the stamp cannot be read, and the build stays.
    site.config.apiUrl = await closedPortUrl();
    const during = await site.get('/sitemaps/products-1.xml');
    expect(during.body).toBe(rebuilt);
    expect(during.headers['cache-control']).toBe('public, max-age=60');
    expect(readsOf(api)).toBe(2);
  });

  it('reads the stamp once for simultaneous requests, and at most once a second by default', async () => {
    const api = await startFakeApi({ products: entries('p', 1) });
    api.stamp = 'one';
    const site = await startSite(api.url, { cacheSeconds: 600 });
    await site.xml('/sitemap.xml');
    const afterBuild = api.stampReads;
    expect(afterBuild).toBe(1);
    // Within the second after the build, the build's own stamp stands.
    await Promise.all([site.get('/sitemap.xml'), site.get('/sitemaps/products-1.xml'), site.get('/sitemaps/static-1.xml')]);
    expect(api.stampReads).toBe(afterBuild);
  });
});
