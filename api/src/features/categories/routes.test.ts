import { FEATURED_CATEGORY_IMAGES } from '@linkhunt/contracts/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueProduct, insertTaxonomy, insertUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

interface Listed { id: number; slug: string; products?: { data: { id: number; hidden: number; categories: { slug: string }[] }[] } }

describe('categories', () => {
  let t: TestApp;
  let sneakers: number[];
  let accessory: number;
  let hiddenIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    await insertTaxonomy(t);
    await t.app.db.insertInto('categories').values({ slug: 'ropa-deportiva', name: 'Ropa Deportiva' }).execute();
    const userId = await insertUser(t);
    sneakers = [];
    for (let i = 0; i < 10; i++) sneakers.push((await insertCatalogueProduct(t, { userId, categories: ['sneakers'] })).id);
    accessory = (await insertCatalogueProduct(t, { userId, categories: ['accesorios'] })).id;
    hiddenIds = [
      (await insertCatalogueProduct(t, { userId, categories: ['sneakers'], hidden: true })).id,
      // A category whose only product is hidden has nothing to show.
      (await insertCatalogueProduct(t, { userId, categories: ['pantalones-y-vaqueros'], hidden: true })).id,
    ];
  });
  afterAll(async () => t.close());

  it('GET /categories lists every category in id order', async () => {
    const res = await t.request('GET', '/categories');
    expect(res.status).toBe(200);
    expect(res.body.results.data).toEqual([
      { id: expect.any(Number), slug: 'sneakers', name: 'Sneakers' },
      { id: expect.any(Number), slug: 'pantalones-y-vaqueros', name: 'Pantalones y Vaqueros' },
      { id: expect.any(Number), slug: 'accesorios', name: 'Accesorios' },
      { id: expect.any(Number), slug: 'ropa-deportiva', name: 'Ropa Deportiva' },
    ]);
    const listedIds = res.body.results.data.map((c: Listed) => c.id);
    expect(listedIds).toEqual([...listedIds].sort((a: number, b: number) => a - b));
  });

  describe('GET /categories/slug/:slug', () => {
    it('returns the category alone without ?include=products', async () => {
      const res = await t.request('GET', '/categories/slug/accesorios');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ results: { data: { id: expect.any(Number), slug: 'accesorios', name: 'Accesorios' } } });
    });

    it('adds one page of its visible products, newest first, with the pagination', async () => {
      const res = await t.request('GET', '/categories/slug/sneakers?include=products&per_page=4&page=2');
      expect(res.status).toBe(200);
      expect(res.body.results.data.products.data.map((p: { id: number }) => p.id)).toEqual(sneakers.slice(2, 6).reverse());
      expect(res.body.results.meta.pagination).toEqual({ total: 10, count: 4, per_page: 4, current_page: 2, total_pages: 3 });
    });

    it('answers 404 for an unknown category and 422 for more than 50 per page', async () => {
      const missing = await t.request('GET', '/categories/slug/no-such-category');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ message: 'Category not found' });
      const big = await t.request('GET', '/categories/slug/sneakers?include=products&per_page=51');
      expect(big.status).toBe(422);
    });
  });

  describe('GET /categories/featured', () => {
    it('gives every category with visible products, each with up to 4 of them', async () => {
      const res = await t.request('GET', '/categories/featured');
      expect(res.status).toBe(200);
      const data: Listed[] = res.body.results.data;
      expect(data.map((c) => c.slug)).toEqual(['sneakers', 'accesorios']);
      const [sneakerCategory, accessoryCategory] = data;
      expect(sneakerCategory?.products?.data).toHaveLength(FEATURED_CATEGORY_IMAGES);
      for (const product of sneakerCategory?.products?.data ?? []) {
        expect(sneakers).toContain(product.id);
        expect(product.hidden).toBe(0);
        expect(product.categories.map((c) => c.slug)).toContain('sneakers');
        expect(product).not.toHaveProperty('link_hacoo');
      }
      expect(accessoryCategory?.products?.data.map((p) => p.id)).toEqual([accessory]);
    });

    it('picks the products at random and never a hidden one', async () => {
      const seen = new Set<number>();
      for (let i = 0; i < 12; i++) {
        const res = await t.request('GET', '/categories/featured');
        const picks = (res.body.results.data as Listed[])[0]?.products?.data.map((p) => p.id) ?? [];
        expect(new Set(picks).size).toBe(picks.length);
        for (const id of picks) {
          expect(hiddenIds).not.toContain(id);
          seen.add(id);
        }
      }
      // Always the same four (e.g. the newest) would leave six of the ten unseen.
      expect(seen.size).toBeGreaterThan(FEATURED_CATEGORY_IMAGES);
    });
  });
});
