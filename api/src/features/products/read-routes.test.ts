import { FEATURED_LIMIT, RECENTS_LIMIT } from '@linkhunt/contracts/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueProduct, insertTaxonomy, insertUser, registerUser } from '../../test/fixtures.js';
import { fromSite } from '../../test/site-origin.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const LINK_FIELDS = ['link_hacoo', 'link_dhgate', 'link_cnfans'];

function expectNoLinks(product: Record<string, unknown>) {
  for (const field of LINK_FIELDS) expect(product).not.toHaveProperty(field);
}

const ids = (body: { results: { data: { id: number }[] } }) => body.results.data.map((p) => p.id);

describe('product reads', () => {
  let t: TestApp;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await insertTaxonomy(t);
    userId = await insertUser(t, 'uploader');
  });
  afterAll(async () => t.close());

  describe('GET /products/featured', () => {
    it('lists visible featured products, newest first, at most FEATURED_LIMIT, without store links', async () => {
      const featured: number[] = [];
      for (let i = 0; i < FEATURED_LIMIT + 2; i++) featured.push((await insertCatalogueProduct(t, { userId, featured: true, title: `Featured ${i}` })).id);
      const plain = await insertCatalogueProduct(t, { userId });
      const hidden = await insertCatalogueProduct(t, { userId, featured: true, hidden: true });

      const res = await t.request('GET', '/products/featured');
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual(featured.slice(-FEATURED_LIMIT).reverse());
      expect(ids(res.body)).not.toContain(plain.id);
      expect(ids(res.body)).not.toContain(hidden.id);
      const first = res.body.results.data[0];
      expectNoLinks(first);
      expect(first).toMatchObject({ title: `Featured ${FEATURED_LIMIT + 1}`, hidden: 0, brand: { slug: 'various' }, categories: [{ slug: 'sneakers' }] });
    });
  });

  describe('GET /products/recents', () => {
    it('lists the newest visible products, at most RECENTS_LIMIT', async () => {
      const created: number[] = [];
      for (let i = 0; i < RECENTS_LIMIT; i++) created.push((await insertCatalogueProduct(t, { userId })).id);
      const hidden = await insertCatalogueProduct(t, { userId, hidden: true });

      const res = await t.request('GET', '/products/recents');
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([...created].reverse());
      expect(ids(res.body)).not.toContain(hidden.id);
      for (const product of res.body.results.data) expectNoLinks(product);
    });
  });

  describe('GET /products/slug/:slug', () => {
    it('returns the product with its reviews and no store links', async () => {
      const product = await insertCatalogueProduct(t, { userId, title: 'Camiseta Básica', brand: 'nike' });
      const reviewer = await insertUser(t);
      await t.app.db.insertInto('valorations').values({ product_id: product.id, user_id: reviewer, stars: 4, review: 'Good', created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).execute();

      const res = await t.request('GET', `/products/slug/${product.slug}`);
      expect(res.status).toBe(200);
      const data = res.body.results.data;
      expect(data).toMatchObject({ id: product.id, slug: product.slug, title: 'Camiseta Básica', brand: { slug: 'nike', name: 'Nike' }, hidden: 0, rating: { average: 4, count: 1 } });
      expect(data.valorations.data).toHaveLength(1);
      expect(data.valorations.data[0]).toMatchObject({ stars: 4, review: 'Good', user: { id: reviewer } });
      expect(data).not.toHaveProperty('user');
      expectNoLinks(data);
    });

    it('adds the uploader with ?include=user, without an email', async () => {
      const product = await insertCatalogueProduct(t, { userId });
      const res = await t.request('GET', `/products/slug/${product.slug}?include=user`);
      expect(res.status).toBe(200);
      expect(res.body.results.data.user).toMatchObject({ id: userId, username: 'uploader' });
      expect(res.body.results.data.user).not.toHaveProperty('email');
    });

    it('still returns a hidden product, marked hidden', async () => {
      const product = await insertCatalogueProduct(t, { userId, hidden: true });
      const res = await t.request('GET', `/products/slug/${product.slug}`);
      expect(res.status).toBe(200);
      expect(res.body.results.data).toMatchObject({ id: product.id, hidden: 1 });
    });

    it('answers 404 for an unknown slug and 422 for an unknown include', async () => {
      const missing = await t.request('GET', '/products/slug/no-such-product');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ message: 'Product not found' });
      const product = await insertCatalogueProduct(t, { userId });
      const bad = await t.request('GET', `/products/slug/${product.slug}?include=passwords`);
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toHaveProperty('include');
    });
  });

  describe('GET /products/cat/:category', () => {
    let accessories: number[];
    beforeAll(async () => {
      accessories = [];
      for (let i = 0; i < 5; i++) accessories.push((await insertCatalogueProduct(t, { userId, categories: ['accesorios', 'sneakers'] })).id);
      await insertCatalogueProduct(t, { userId, categories: ['accesorios'], hidden: true });
    });

    it('pages through the visible products of the category, newest first', async () => {
      const res = await t.request('GET', '/products/cat/accesorios?page=2&per_page=2');
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([accessories[2], accessories[1]]);
      expect(res.body.results.meta.pagination).toEqual({ total: 5, count: 2, per_page: 2, current_page: 2, total_pages: 3 });
      for (const product of res.body.results.data) expectNoLinks(product);

      const last = await t.request('GET', '/products/cat/accesorios?page=3&per_page=2');
      expect(ids(last.body)).toEqual([accessories[0]]);
      expect(last.body.results.meta.pagination).toMatchObject({ count: 1, current_page: 3 });

      const beyond = await t.request('GET', '/products/cat/accesorios?page=9&per_page=2');
      expect(beyond.status).toBe(200);
      expect(beyond.body.results.data).toEqual([]);
      expect(beyond.body.results.meta.pagination).toMatchObject({ total: 5, count: 0, current_page: 9 });
    });

    it('defaults to page 1 of 20', async () => {
      const res = await t.request('GET', '/products/cat/accesorios');
      expect(ids(res.body)).toEqual([...accessories].reverse());
      expect(res.body.results.meta.pagination).toEqual({ total: 5, count: 5, per_page: 20, current_page: 1, total_pages: 1 });
    });

    it('answers 404 for an unknown category', async () => {
      const res = await t.request('GET', '/products/cat/no-such-category');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Category not found' });
    });

    it('refuses more than 50 per page and pages below 1 with 422', async () => {
      const big = await t.request('GET', '/products/cat/accesorios?per_page=51');
      expect(big.status).toBe(422);
      expect(big.body.errors.per_page).toEqual(['The per page may not be greater than 50.']);
      const zero = await t.request('GET', '/products/cat/accesorios?page=0');
      expect(zero.status).toBe(422);
      expect(zero.body.errors).toHaveProperty('page');
      const text = await t.request('GET', '/products/cat/accesorios?page=abc');
      expect(text.status).toBe(422);
    });
  });

  describe('GET /products/:id', () => {
    it('hands out the store links and the download count, and counts nothing (opening a link does)', async () => {
      const product = await insertCatalogueProduct(t, { userId });

      const first = await t.request('GET', `/products/${product.id}`, { headers: fromSite() });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-store');
      expect(first.body.results.data).toEqual({
        id: product.id,
        slug: product.slug,
        link_hacoo: expect.stringMatching(/^https:\/\/www\.hacoo\.com\//),
        link_dhgate: expect.stringMatching(/^https:\/\/www\.dhgate\.com\//),
        link_cnfans: null,
        // No agent link: no source item to build agents' links from.
        agent_links: [],
        marketplace_link: null,
        downloads: 0,
        // Not checked yet (the link checker is off in tests unless a test turns it on).
        link_health: { hacoo: { state: 'unknown', checked_at: null }, dhgate: { state: 'unknown', checked_at: null }, cnfans: null },
      });
      const { token } = await registerUser(t);
      for (let i = 0; i < 3; i++) expect((await t.request('GET', `/products/${product.id}`, { token })).body.results.data.downloads).toBe(0);
      expect(await t.app.db.selectFrom('downloads').selectAll().where('product_id', '=', product.id).execute()).toHaveLength(0);

      // The count it hands out is the product's, as opening a link raised it.
      expect((await t.request('POST', `/products/${product.id}/downloads`, { headers: fromSite() })).status).toBe(200);
      expect((await t.request('GET', `/products/${product.id}`)).body.results.data.downloads).toBe(1);
    });

    it('refuses the links of a hidden product with 410 and counts nothing', async () => {
      const product = await insertCatalogueProduct(t, { userId, hidden: true });
      const res = await t.request('GET', `/products/${product.id}`);
      expect(res.status).toBe(410);
      expect(res.body).toMatchObject({ message: 'This product is no longer available.' });
      const row = await t.app.db.selectFrom('products').select('downloads').where('id', '=', product.id).executeTakeFirstOrThrow();
      expect(row.downloads).toBe(0);
    });

    it('answers 404 for an unknown id and 422 for one that is not a positive whole number', async () => {
      const missing = await t.request('GET', '/products/999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ message: 'Product not found' });
      for (const bad of ['abc', '1.5', '0', '-3', '99999999999', '1e3x']) {
        const res = await t.request('GET', `/products/${bad}`);
        expect(res.status, bad).toBe(422);
        expect(res.body.errors, bad).toHaveProperty('id');
      }
    });
  });
});
