import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueProduct, insertTaxonomy, insertUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('brands', () => {
  let t: TestApp;
  let nike: number[];

  beforeAll(async () => {
    t = await createTestApp();
    await insertTaxonomy(t);
    // Lower case on purpose: the order must not depend on the engine's collation.
    await t.app.db.insertInto('brands').values({ slug: 'zara', name: 'zara', image: null }).execute();
    const userId = await insertUser(t);
    nike = [];
    for (let i = 0; i < 3; i++) nike.push((await insertCatalogueProduct(t, { userId, brand: 'nike' })).id);
    await insertCatalogueProduct(t, { userId, brand: 'nike', hidden: true });
    await insertCatalogueProduct(t, { userId, brand: 'adidas', hidden: true });
    await insertCatalogueProduct(t, { userId, brand: 'various' });
  });
  afterAll(async () => t.close());

  describe('GET /brands', () => {
    it('lists every brand by name with its number of visible products', async () => {
      const res = await t.request('GET', '/brands');
      expect(res.status).toBe(200);
      expect(res.body.results.data).toEqual([
        { id: expect.any(Number), slug: 'adidas', name: 'Adidas', image: 'brands/adidas.webp', num_products: 0 },
        { id: expect.any(Number), slug: 'nike', name: 'Nike', image: 'brands/nike.webp', num_products: 3 },
        { id: expect.any(Number), slug: 'various', name: 'Various', image: null, num_products: 1 },
        { id: expect.any(Number), slug: 'zara', name: 'zara', image: null, num_products: 0 },
      ]);
    });
  });

  describe('GET /brands/slug/:slug', () => {
    it('returns the brand alone without ?include=products', async () => {
      const res = await t.request('GET', '/brands/slug/nike');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ results: { data: { id: expect.any(Number), slug: 'nike', name: 'Nike', image: 'brands/nike.webp', num_products: 3 } } });
    });

    it('adds one page of its visible products, newest first, with the pagination', async () => {
      const res = await t.request('GET', '/brands/slug/nike?include=products&per_page=2');
      expect(res.status).toBe(200);
      expect(res.body.results.data.products.data.map((p: { id: number }) => p.id)).toEqual([nike[2], nike[1]]);
      expect(res.body.results.meta.pagination).toEqual({ total: 3, count: 2, per_page: 2, current_page: 1, total_pages: 2 });
      expect(res.body.results.data.products.data[0]).not.toHaveProperty('link_hacoo');

      const second = await t.request('GET', '/brands/slug/nike?include=products&per_page=2&page=2');
      expect(second.body.results.data.products.data.map((p: { id: number }) => p.id)).toEqual([nike[0]]);
    });

    it('shows a brand whose products are all hidden with an empty page', async () => {
      const res = await t.request('GET', '/brands/slug/adidas?include=products');
      expect(res.body.results.data.products.data).toEqual([]);
      expect(res.body.results.meta.pagination).toMatchObject({ total: 0, count: 0 });
    });

    it('answers 404 for an unknown brand', async () => {
      const res = await t.request('GET', '/brands/slug/no-such-brand');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Brand not found' });
    });

    it('refuses more than 50 per page and an unknown include with 422', async () => {
      const big = await t.request('GET', '/brands/slug/nike?include=products&per_page=51');
      expect(big.status).toBe(422);
      expect(big.body.errors).toHaveProperty('per_page');
      const include = await t.request('GET', '/brands/slug/nike?include=everything');
      expect(include.status).toBe(422);
      expect(include.body.errors).toHaveProperty('include');
    });
  });
});
