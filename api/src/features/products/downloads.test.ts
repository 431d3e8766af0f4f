import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { insertCatalogueProduct, insertTaxonomy, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { fromSite, TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { createTestApp, type TestApp, type TestResponse } from '../../test/test-app.js';

/** POST /products/{id}/downloads: what the site sends when a visitor opens a store link. */
let t: TestApp;
let owner: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: TRUSTED_LOOPBACK });
  await insertTaxonomy(t);
  owner = await registerUser(t);
});
afterAll(() => t.close());
afterAll(forgetLimitKeys);
afterEach(() => {
  vi.useRealTimers();
});

const open = (productId: number | string, headers: Record<string, string> = {}, token?: string) =>
  t.request('POST', `/products/${productId}/downloads`, { headers: fromSite(headers), token });
const data = (res: TestResponse) => res.body.results.data as { id: number; downloads: number; counted: boolean };
const rowsOf = (productId: number) => t.app.db.selectFrom('downloads').selectAll().where('product_id', '=', productId).execute();

describe('POST /products/:id/downloads', () => {
  it('counts one download per visitor per product per day, and answers the count after it', async () => {
    const product = await insertCatalogueProduct(t, { userId: owner.id });
    const other = await insertCatalogueProduct(t, { userId: owner.id });

    const first = await open(product.id, { 'x-forwarded-for': '203.0.113.1' });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body).toEqual({ results: { data: { id: product.id, downloads: 1, counted: true } } });
    // The same visitor again, in another browser: nothing more.
    expect(data(await open(product.id, { 'x-forwarded-for': '203.0.113.1', 'user-agent': 'Other/1.0' }))).toEqual({ id: product.id, downloads: 1, counted: false });
    // Another visitor, and the same visitor on another product: counted.
    expect(data(await open(product.id, { 'x-forwarded-for': '203.0.113.2' }))).toEqual({ id: product.id, downloads: 2, counted: true });
    expect(data(await open(other.id, { 'x-forwarded-for': '203.0.113.1' }))).toEqual({ id: other.id, downloads: 1, counted: true });

    const rows = await rowsOf(product.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.day).toBe(new Date().toISOString().slice(0, 10));
      expect(row.visitor).toMatch(/^v:[\w-]{43}$/);
    }
    expect((await t.request('GET', `/products/slug/${product.slug}`)).body.results.data.downloads).toBe(2);
  });

  it('counts a signed-in user once, from any address or browser', async () => {
    const product = await insertCatalogueProduct(t, { userId: owner.id });
    const { id, token } = await registerUser(t);
    expect(data(await open(product.id, { 'x-forwarded-for': '198.51.100.7' }, token)).counted).toBe(true);
    expect(data(await open(product.id, { 'x-forwarded-for': '198.51.100.8', 'user-agent': 'Phone/2' }, token)).counted).toBe(false);
    expect((await rowsOf(product.id)).map((r) => r.visitor)).toEqual([`u:${id}`]);
  });

  it('counts the same visitor again the next UTC day', async () => {
    const product = await insertCatalogueProduct(t, { userId: owner.id });
    const visitor = { 'x-forwarded-for': '198.51.100.30' };
    expect(data(await open(product.id, visitor)).counted).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000);
    expect(data(await open(product.id, visitor))).toEqual({ id: product.id, downloads: 2, counted: true });
    expect(data(await open(product.id, visitor)).counted).toBe(false);
  });

  it('counts nothing for a hidden product, whose links are not handed out either', async () => {
    const product = await insertCatalogueProduct(t, { userId: owner.id, hidden: true });
    await t.app.db.updateTable('products').set({ downloads: 7 }).where('id', '=', product.id).execute();
    const res = await open(product.id, { 'x-forwarded-for': '198.51.100.40' });
    expect(res.status).toBe(200);
    expect(data(res)).toEqual({ id: product.id, downloads: 7, counted: false });
    expect(await rowsOf(product.id)).toEqual([]);
  });

  it('answers 403 to another site, 404 for an unknown product and 422 for an id that is not one', async () => {
    const product = await insertCatalogueProduct(t, { userId: owner.id });
    const foreign = await t.request('POST', `/products/${product.id}/downloads`, { headers: { origin: 'https://elsewhere.example' } });
    expect(foreign.status).toBe(403);
    expect(await rowsOf(product.id)).toEqual([]);
    const missing = await open(999_999);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Product not found' });
    for (const bad of ['abc', '0', '1.5', '99999999999']) {
      const res = await open(bad);
      expect(res.status, bad).toBe(422);
      expect(res.body.errors, bad).toHaveProperty('id');
    }
  });
});

describe.each(limitStores)('the download rate limit, counted in $name', (store) => {
  it(`answers the first ${loadConfig({}).rateLimits.download.max} a minute from one client and refuses the rest with 429 and Retry-After`, async () => {
    const { download } = loadConfig({}).rateLimits;
    expect(download).toEqual({ max: 30, timeWindow: 60_000 });
    expect(loadConfig({ RATE_LIMIT_DOWNLOAD: '5' }).rateLimits.download.max).toBe(5);
    const limited = await createTestApp({ ...store.config(), rateLimits: { ...t.config.rateLimits, download } });
    try {
      await insertTaxonomy(limited);
      const product = await insertCatalogueProduct(limited, { userId: (await registerUser(limited)).id });
      const answers: TestResponse[] = [];
      for (let i = 0; i < download.max + 3; i++) answers.push(await limited.request('POST', `/products/${product.id}/downloads`, { headers: fromSite() }));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(download.max);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(3);
      for (const answer of refused) {
        expect(answer.body.message).toMatch(/^Too many requests/);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
    }
  });
});
