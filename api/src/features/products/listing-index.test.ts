import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueProduct, insertTaxonomy, insertUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildListingIndex, colourKeyOf, colourKeysOf, ListingIndexCache, positionOf } from './listing-index.js';
import { matchQuery } from './listing-match.js';

interface ListingBody {
  results: {
    data: { id: number }[];
    meta: { pagination: { total: number }; facets: { brand: { slug: string; name: string; count: number }[] } };
  };
}

describe('the listing index', () => {
  let t: TestApp;
  let userId: number;
  let reviewer: number;

  let asked = 0;
  async function list(query = ''): Promise<ListingBody> {
    // These tests write rows directly, which the read cache (emptied by HTTP writes only) cannot see: a
    // parameter of its own per request keeps every answer from the index itself.
    asked += 1;
    const res = await t.request('GET', `/products${query}${query ? '&' : '?'}nocache=${asked}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as ListingBody;
  }
  const ids = (body: ListingBody) => body.results.data.map((item) => item.id);
  const review = async (productId: number, user: number, stars: number) => {
    const now = new Date().toISOString();
    await t.app.db.insertInto('valorations').values({ product_id: productId, user_id: user, stars, review: null, created_at: now, updated_at: now }).execute();
  };

  beforeAll(async () => {
    t = await createTestApp();
    await insertTaxonomy(t);
    userId = await insertUser(t);
    reviewer = await insertUser(t);
  });
  afterAll(async () => t.close());

  describe('follows every write at once', () => {
    it('lists a new product, and drops a hidden one from the list, its total and its facets', async () => {
      const first = await insertCatalogueProduct(t, { userId, title: 'Mochila Urbana', brand: 'nike' });
      const before = await list();
      expect(ids(before)[0]).toBe(first.id);

      const second = await insertCatalogueProduct(t, { userId, title: 'Mochila Viaje', brand: 'nike' });
      const added = await list();
      expect(ids(added)[0]).toBe(second.id);
      expect(added.results.meta.pagination.total).toBe(before.results.meta.pagination.total + 1);

      await t.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', second.id).execute();
      const hidden = await list('?brand=nike');
      expect(ids(hidden)).not.toContain(second.id);
      expect(hidden.results.meta.pagination.total).toBe(ids(hidden).length);
      expect(hidden.results.meta.facets.brand).toContainEqual({ slug: 'nike', name: 'Nike', count: ids(hidden).length });
      // Found by its words too: the full-text index still holds it, the listing leaves it out.
      expect(ids(await list('?q=mochila'))).toEqual([first.id]);

      await t.app.db.deleteFrom('products').where('id', '=', first.id).execute();
      expect(ids(await list())).not.toContain(first.id);
    });

    it('reorders sort=rating after a new review', async () => {
      const a = await insertCatalogueProduct(t, { userId, title: 'Cartera Piel', categories: ['accesorios'] });
      const b = await insertCatalogueProduct(t, { userId, title: 'Cartera Lona', categories: ['accesorios'] });
      await review(a.id, reviewer, 4);
      await review(b.id, reviewer, 3);
      expect(ids(await list('?category=accesorios&sort=rating')).slice(0, 2)).toEqual([a.id, b.id]);
      await review(b.id, userId, 5);
      // Both average 4 now: B has more reviews.
      expect(ids(await list('?category=accesorios&sort=rating')).slice(0, 2)).toEqual([b.id, a.id]);
      expect(ids(await list('?category=accesorios&min_rating=4'))).toEqual([b.id, a.id]);
    });

    it('shows a renamed brand and a product moved to another category', async () => {
      const { id } = await insertCatalogueProduct(t, { userId, title: 'Bufanda Lana', brand: 'adidas', categories: ['accesorios'] });
      await t.app.db.updateTable('brands').set({ name: 'Adidas Originals' }).where('slug', '=', 'adidas').execute();
      expect((await list('?brand=adidas')).results.meta.facets.brand).toContainEqual({ slug: 'adidas', name: 'Adidas Originals', count: 1 });
      const sneakers = await t.app.db.selectFrom('categories').select('id').where('slug', '=', 'sneakers').executeTakeFirstOrThrow();
      await t.app.db.updateTable('product_categories').set({ category_id: sneakers.id }).where('product_id', '=', id).execute();
      expect(ids(await list('?category=sneakers'))).toContain(id);
      expect(ids(await list('?category=accesorios'))).not.toContain(id);
    });

    it('does not rebuild for a download (sort=popular reads them at most DOWNLOADS_MAX_AGE_MS late)', async () => {
      const cache = new ListingIndexCache(t.app.db, t.app.dialect, 400);
      const before = await cache.current();
      const last = before.ids[before.ids.length - 1] as number;
      await t.app.db.updateTable('products').set({ downloads: 1_000_000 }).where('id', '=', last).execute();
      expect(await cache.current()).toBe(before);
      await new Promise((resolve) => setTimeout(resolve, 450));
      // Older than the limit: rebuilt before answering.
      const after = await cache.current();
      expect(after).not.toBe(before);
      expect(after.version).toBe(before.version);
      expect(after.ids[after.byPopular[0] as number]).toBe(last);
    });
  });

  describe('rebuilds', () => {
    it('shares one rebuild among concurrent requests, and rebuilds once the version moves', async () => {
      const cache = new ListingIndexCache(t.app.db, t.app.dialect);
      const indexes = await Promise.all(Array.from({ length: 5 }, () => cache.current()));
      expect(new Set(indexes).size).toBe(1);
      const [first] = indexes;
      expect(await cache.current()).toBe(first);
      await insertCatalogueProduct(t, { userId, title: 'Gafas Sol' });
      const next = await cache.current();
      expect(next).not.toBe(first);
      expect(next.version).toBeGreaterThan(first?.version ?? 0);
      expect(next.ids.length).toBe((first?.ids.length ?? 0) + 1);
    });

    it('holds the visible products newest first, with their categories, colours and stores', async () => {
      const index = await buildListingIndex(t.app.db, t.app.dialect);
      const visible = await t.app.db.selectFrom('products').select('id').where('hidden', '=', 0).orderBy('id', 'desc').execute();
      expect([...index.ids]).toEqual(visible.map((r) => r.id));
      const newest = visible[0]?.id ?? 0;
      const p = positionOf(index, newest);
      expect(p).toBe(0);
      expect(positionOf(index, newest + 1000)).toBe(-1);
      // insertCatalogueProduct gives every product the colour "black", a Hacoo and a DHgate link, and one category.
      expect([...index.colourList.subarray(index.colourStart[p], index.colourStart[p + 1])].map((k) => index.colourKeys[k])).toEqual(['black']);
      expect(index.platforms[p]).toBe(0b011);
      expect((index.categoryStart[p + 1] ?? 0) - (index.categoryStart[p] ?? 0)).toBe(1);
    });
  });

  it('keys colours like the filter spells them', () => {
    expect(colourKeyOf('Negro')).toBe('black');
    expect(colourKeyOf('azul-marino')).toBe('navy');
    expect(colourKeyOf('Fucsia')).toBe('fucsia');
    expect(colourKeysOf('SCHWARZ')).toEqual(['black']);
    expect(colourKeysOf('Fucsia')).toEqual(['fucsia']);
  });

  it('ranks only the newest matches of a broad q, like /products/search', async () => {
    const made: number[] = [];
    for (let i = 0; i < 4; i += 1) made.push((await insertCatalogueProduct(t, { userId, title: `Calcetines Pack ${i}` })).id);
    const all = await matchQuery(t.app.db, t.app.dialect, 'calcetines');
    expect(all?.ranked.map((m) => m.id).sort()).toEqual([...made].sort());
    const capped = await matchQuery(t.app.db, t.app.dialect, 'calcetines', { candidates: 2 });
    expect(capped?.ranked.map((m) => m.id).sort()).toEqual(made.slice(2).sort());
  });
});
