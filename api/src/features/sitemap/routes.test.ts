import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_MAX_PER_PAGE } from '@linkhunt/contracts/sitemap';
import { createAdmin } from '../admin/create-admin.js';
import { insertCatalogueProduct, insertTaxonomy, insertUser, productForm, registerUser, uploadProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

interface Entry {
  slug?: string;
  username?: string;
  lastmod: string;
  images?: string[];
}

/** Every entry of a sitemap list, walking its pages as the sitemap builder does. */
async function walk(t: TestApp, path: string, perPage: number): Promise<{ entries: Entry[]; pages: number }> {
  const entries: Entry[] = [];
  let page = 1;
  for (;;) {
    const res = await t.request('GET', `${path}?page=${page}&per_page=${perPage}`);
    expect(res.status).toBe(200);
    const { data, meta } = res.body.results;
    expect(meta.pagination).toMatchObject({ current_page: page, per_page: perPage, count: data.length });
    entries.push(...data);
    if (page >= meta.pagination.total_pages) return { entries, pages: page };
    page += 1;
  }
}

const slugs = (entries: Entry[]) => entries.map((e) => e.slug);

describe('sitemap lists', () => {
  let t: TestApp;
  let uploader: number;
  const visible: string[] = [];
  let hidden: string;

  beforeAll(async () => {
    t = await createTestApp();
    await insertTaxonomy(t);
    uploader = await insertUser(t, 'uploader');
    for (let i = 0; i < 7; i++) {
      visible.push((await insertCatalogueProduct(t, { userId: uploader, brand: 'nike', categories: ['sneakers'] })).slug);
      if (i === 3) hidden = (await insertCatalogueProduct(t, { userId: uploader, brand: 'nike', hidden: true })).slug;
    }
  });
  afterAll(async () => t.close());

  describe('GET /sitemap/products', () => {
    it('lists every visible product once, by id, across pages, and never a hidden one', async () => {
      const { entries, pages } = await walk(t, '/sitemap/products', 3);
      expect(pages).toBe(3);
      expect(slugs(entries)).toEqual(visible);
      expect(slugs(entries)).not.toContain(hidden);
    });

    it('keeps the pages already read in place when a product is added during a walk', async () => {
      const first = await t.request('GET', '/sitemap/products?page=1&per_page=4');
      const added = await insertCatalogueProduct(t, { userId: uploader });
      const second = await t.request('GET', '/sitemap/products?page=2&per_page=4');
      expect([...slugs(first.body.results.data), ...slugs(second.body.results.data)]).toEqual([...visible, added.slug]);
      await t.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', added.id).execute();
    });

    it('dates a product by its last edit', async () => {
      const user = await registerUser(t);
      const product = await uploadProduct(t, user.token, { title: 'Bolso Editado' });
      const editedAt = '2031-05-06T07:08:09.000Z';
      await t.app.db.updateTable('products').set({ updated_at: editedAt }).where('id', '=', product.id).execute();
      const { entries } = await walk(t, '/sitemap/products', SITEMAP_MAX_PER_PAGE);
      const { image } = await t.app.db.selectFrom('products').select('image').where('id', '=', product.id).executeTakeFirstOrThrow();
      expect(entries.find((e) => e.slug === product.slug)).toEqual({ slug: product.slug, lastmod: editedAt, images: [image] });
      await t.request('DELETE', `/products/${product.id}`, { token: user.token });
    });

    it('drops a product once an admin hides it', async () => {
      const owner = await registerUser(t);
      const product = await uploadProduct(t, owner.token, { title: 'Gorra Retirada' });
      expect(slugs((await walk(t, '/sitemap/products', 50)).entries)).toContain(product.slug);

      const admin = await registerUser(t);
      await createAdmin(t.app.db, { email: admin.email });
      expect((await t.request('POST', `/admin/products/${product.id}/hide`, { token: admin.token, json: { statement: 'Hidden for the sitemap test: no longer offered.' } })).status).toBe(200);
      expect(slugs((await walk(t, '/sitemap/products', 50)).entries)).not.toContain(product.slug);
      await t.request('DELETE', `/products/${product.id}`, { token: owner.token });
    });

    it('answers a page past the end with no entries and the true total', async () => {
      const res = await t.request('GET', '/sitemap/products?page=99&per_page=5');
      expect(res.status).toBe(200);
      expect(res.body.results.data).toEqual([]);
      expect(res.body.results.meta.pagination).toMatchObject({ total: visible.length, count: 0, current_page: 99, total_pages: 2 });
    });

    it.each([
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['per_page=0', 'per_page'],
      [`per_page=${SITEMAP_MAX_PER_PAGE + 1}`, 'per_page'],
      ['page=100001', 'page'],
    ])('refuses %s with a 422 that names the field', async (query, field) => {
      const res = await t.request('GET', `/sitemap/products?${query}`);
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty(field);
    });
  });

  describe('GET /sitemap/brands and /sitemap/categories', () => {
    it('list each one with a visible product once, by id, dated by the newest of its products', async () => {
      const newestNike = await t.app.db.selectFrom('products').select('updated_at').where('slug', '=', visible.at(-1) ?? '').executeTakeFirstOrThrow();
      const cargo = await insertCatalogueProduct(t, { userId: uploader, brand: 'various', categories: ['pantalones-y-vaqueros'] });
      const cargoDate = await t.app.db.selectFrom('products').select('updated_at').where('id', '=', cargo.id).executeTakeFirstOrThrow();
      const iso = (value: Date | string) => new Date(value).toISOString();

      // One per page: a brand with seven products must still take one row.
      const brands = await walk(t, '/sitemap/brands', 1);
      expect(brands.entries).toEqual([
        { slug: 'various', lastmod: iso(cargoDate.updated_at) },
        { slug: 'nike', lastmod: iso(newestNike.updated_at) },
      ]);
      const categories = await walk(t, '/sitemap/categories', 1);
      expect(categories.entries).toEqual([
        { slug: 'sneakers', lastmod: iso(newestNike.updated_at) },
        { slug: 'pantalones-y-vaqueros', lastmod: iso(cargoDate.updated_at) },
      ]);
      // adidas and accesorios have no product at all.
      expect(slugs(brands.entries)).not.toContain('adidas');
      expect(slugs(categories.entries)).not.toContain('accesorios');
    });

    it('leave out a brand and a category whose only products are hidden', async () => {
      await insertCatalogueProduct(t, { userId: uploader, brand: 'adidas', categories: ['accesorios'], hidden: true });
      expect(slugs((await walk(t, '/sitemap/brands', 10)).entries)).not.toContain('adidas');
      expect(slugs((await walk(t, '/sitemap/categories', 10)).entries)).not.toContain('accesorios');
    });
  });

  describe('GET /sitemap/users', () => {
    it('lists users with a visible product, by id, and leaves out the others', async () => {
      const onlyHidden = await insertUser(t, 'onlyhidden');
      await insertCatalogueProduct(t, { userId: onlyHidden, hidden: true });
      await insertUser(t, 'nothing_yet');
      const second = await insertUser(t, 'second_uploader');
      await insertCatalogueProduct(t, { userId: second });

      const { entries, pages } = await walk(t, '/sitemap/users', 1);
      expect(pages).toBe(2);
      expect(entries.map((e) => e.username)).toEqual(['uploader', 'second_uploader']);
    });

    it('dates a user by their newest visible product, or their sign-up when that is later', async () => {
      const late = '2032-01-01T00:00:00.000Z';
      const user = await insertUser(t, 'late_joiner');
      await insertCatalogueProduct(t, { userId: user });
      await t.app.db.updateTable('users').set({ created_at: late }).where('id', '=', user).execute();
      const joined = (await walk(t, '/sitemap/users', SITEMAP_MAX_PER_PAGE)).entries.find((e) => e.username === 'late_joiner');
      expect(joined?.lastmod).toBe(late);

      const product = await t.app.db.selectFrom('products').select('updated_at').where('user_id', '=', uploader).where('hidden', '=', 0)
        .orderBy('id', 'desc').executeTakeFirstOrThrow();
      const first = (await walk(t, '/sitemap/users', SITEMAP_MAX_PER_PAGE)).entries.find((e) => e.username === 'uploader');
      expect(first?.lastmod).toBe(new Date(product.updated_at).toISOString());
    });
  });
});

describe('GET /sitemap/stamp', () => {
  let t: TestApp;
  let admin: { token: string };
  const stamp = async (): Promise<string> => {
    const res = await t.request('GET', '/sitemap/stamp');
    expect(res.status).toBe(200);
    expect(res.body.results.data.stamp).toEqual(expect.any(String));
    return res.body.results.data.stamp as string;
  };
  const moderate = async (action: 'hide' | 'unhide', id: number) => {
    const json = action === 'hide' ? { statement: 'Removed for illegal content by the stamp test.', illegal: true } : undefined;
    expect((await t.request('POST', `/admin/products/${id}/${action}`, { token: admin.token, json })).status).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await insertTaxonomy(t);
    const moderator = await registerUser(t);
    await createAdmin(t.app.db, { email: moderator.email });
    admin = moderator;
  });
  afterAll(async () => t.close());

  it('stays the same while nothing listed changes, and moves with every upload, takedown, return and deletion', async () => {
    const owner = await registerUser(t);
    const first = await uploadProduct(t, owner.token, { title: 'Zapatillas Uno' });
    const second = await uploadProduct(t, owner.token, { title: 'Zapatillas Dos' });
    const start = await stamp();
    expect(await stamp()).toBe(start);

    const third = await uploadProduct(t, owner.token, { title: 'Zapatillas Tres' });
    const uploaded = await stamp();
    expect(uploaded).not.toBe(start);

    // A takedown sets no date: the stamp must still move, at once (the hide drops the cached answer).
    await moderate('hide', first.id);
    const takenDown = await stamp();
    expect(takenDown).not.toBe(uploaded);

    // One product back and another gone: as many products as before, and the newest unchanged.
    await moderate('hide', second.id);
    await moderate('unhide', first.id);
    const swapped = await stamp();
    expect(swapped).not.toBe(takenDown);

    await moderate('unhide', second.id);
    expect(await stamp()).toBe(uploaded);

    // An edit of an older product: its new date is the newest.
    const edited = await t.request('POST', '/products/update', {
      token: owner.token,
      form: await productForm({ title: 'Zapatillas Uno Editadas', image: null }, { id: String(first.id) }),
    });
    expect(edited.status).toBe(200);
    const afterEdit = await stamp();
    expect(afterEdit).not.toBe(uploaded);

    expect((await t.request('DELETE', `/products/${third.id}`, { token: owner.token })).status).toBeLessThan(300);
    expect(await stamp()).not.toBe(afterEdit);
  });
});
