import { createHash } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { DEMO_PASSWORD, seedDemoIfEmpty, type SeedSummary } from './demo-seed.js';

interface Listed { id: number; slug: string; hidden: number; image: string; thumbnail: string; categories: { slug: string }[] }

const CATEGORIES = {
  'camisetas-y-tops': 'Camisetas y Tops',
  'pantalones-y-vaqueros': 'Pantalones y Vaqueros',
  calzado: 'Calzado',
  accesorios: 'Accesorios',
  'ropa-deportiva': 'Ropa Deportiva',
  'ropa-de-abrigo': 'Ropa de Abrigo',
  'vestidos-y-faldas': 'Vestidos y Faldas',
  sneakers: 'Sneakers',
};

const exists = (path: string) => access(path).then(() => true, () => false);

describe('demo seed', () => {
  let t: TestApp;
  let summary: SeedSummary | null;
  let seconds: number;

  beforeAll(async () => {
    t = await createTestApp();
    const started = performance.now();
    summary = await seedDemoIfEmpty(t.app.db, t.app.dialect, t.app.images);
    seconds = (performance.now() - started) / 1000;
  });
  afterAll(async () => t.close());

  it('fills an empty database and says what it wrote', async () => {
    expect(summary).toMatchObject({ categories: 8, brands: 20, products: 200, users: 20 });
    expect(summary?.valorations).toBeGreaterThan(200);
    expect(summary?.favourites).toBeGreaterThan(100);
    const count = async (table: 'products' | 'valorations' | 'favourites' | 'users') =>
      Number((await t.app.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('products')).toBe(200);
    expect(await count('valorations')).toBe(summary?.valorations);
    expect(await count('favourites')).toBe(summary?.favourites);
    // Generous: the point is "a few seconds", not a precise budget on a loaded CI machine.
    expect(seconds).toBeLessThan(30);
  });

  it('has the 8 categories of the spec', async () => {
    const res = await t.request('GET', '/categories');
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.body.results.data.map((c: { slug: string; name: string }) => [c.slug, c.name]))).toEqual(CATEGORIES);
  });

  it('has about 20 brands, "Various" among them, each with a logo and products', async () => {
    const res = await t.request('GET', '/brands');
    expect(res.status).toBe(200);
    const brands: { slug: string; name: string; image: string | null; num_products: number }[] = res.body.results.data;
    expect(brands.length).toBeGreaterThanOrEqual(18);
    expect(brands.find((b) => b.slug === 'various')?.name).toBe('Various');
    for (const b of brands) {
      expect(b.image).toBe(`brands/${b.slug}.webp`);
      expect(b.num_products).toBeGreaterThan(0);
      expect(await exists(join(t.config.imageDir, 'images', b.image ?? ''))).toBe(true);
    }
  });

  it('draws a picture and a thumbnail for every product, served under /images', async () => {
    const rows = await t.app.db.selectFrom('products').select(['image', 'thumbnail']).execute();
    expect(rows).toHaveLength(200);
    for (const r of rows) {
      expect(r.image).toMatch(/^products\/[a-z0-9-]+\.webp$/);
      expect(r.thumbnail).toBe(r.image.replace(/\.webp$/, '-thumb.webp'));
      expect(await exists(join(t.config.imageDir, 'images', r.image))).toBe(true);
      expect(await exists(join(t.config.imageDir, 'images', r.thumbnail))).toBe(true);
    }
    const served = await fetch(`${t.baseUrl}/images/${rows[0]?.image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('gives the home page full lists: recents, featured, featured categories, top users', async () => {
    const recents = await t.request('GET', '/products/recents');
    expect(recents.body.results.data).toHaveLength(16);
    const featured = await t.request('GET', '/products/featured');
    expect(featured.body.results.data.length).toBeGreaterThanOrEqual(15);
    for (const p of [...recents.body.results.data, ...featured.body.results.data] as Listed[]) expect(p.hidden).toBe(0);
    const categories = await t.request('GET', '/categories/featured');
    expect(categories.body.results.data.length).toBe(8);
    const users = await t.request('GET', '/users/top');
    expect(users.body.results.data.length).toBeGreaterThan(5);
    expect(users.body.results.data[0].points).toBeGreaterThan(0);
  });

  it('spreads the products over the last months, newest with the highest id', async () => {
    const rows = await t.app.db.selectFrom('products').select(['id', 'created_at']).orderBy('id').execute();
    const times = rows.map((r) => new Date(r.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const spanDays = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(60);
    expect(times.at(-1)).toBeLessThan(Date.now());
  });

  it('writes the full-text index: an unaccented word finds the accented titles', async () => {
    const res = await t.request('GET', '/products/search/pantalon');
    expect(res.status).toBe(200);
    expect(res.body.results.data.length).toBeGreaterThan(0);
    const found: (Listed & { title: string; description: string })[] = res.body.results.data;
    expect(found.some((p) => p.title.includes('Pantalón'))).toBe(true);
    // A prefix search: "pantalon" also finds the products of the category "Pantalones y Vaqueros".
    for (const p of found) expect(`${p.title} ${p.description} ${p.categories.map((c) => c.slug).join(' ')}`).toMatch(/pantal[oó]n/i);
  });

  it('keeps some products hidden and out of the lists, and counts downloads', async () => {
    const hidden = await t.app.db.selectFrom('products').select('slug').where('hidden', '=', 1).execute();
    expect(hidden.length).toBeGreaterThan(0);
    const bySlug = await t.request('GET', `/products/slug/${hidden[0]?.slug}`);
    expect(bySlug.body.results.data.hidden).toBe(1);
    const downloads = await t.app.db.selectFrom('products').select('downloads').where('downloads', '>', 0).execute();
    expect(downloads.length).toBeGreaterThan(100);
  });

  it('never lets a user review their own product, and gives reviews from 1 to 5 stars with texts', async () => {
    const own = await t.app.db
      .selectFrom('valorations')
      .innerJoin('products', 'products.id', 'valorations.product_id')
      .select('valorations.id')
      .whereRef('valorations.user_id', '=', 'products.user_id')
      .execute();
    expect(own).toEqual([]);
    const stars = await t.app.db.selectFrom('valorations').select('stars').distinct().orderBy('stars').execute();
    expect(stars.map((s) => s.stars)).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives no two products the same title', async () => {
    const titles = (await t.app.db.selectFrom('products').select('title').execute()).map((r) => r.title);
    expect(new Set(titles).size).toBe(200);
    // Variations are words, never a counter.
    for (const title of titles) expect(title).not.toMatch(/\d|\(/);
  });

  it('gives no two products the same picture or thumbnail', async () => {
    const rows = await t.app.db.selectFrom('products').select(['image', 'thumbnail']).execute();
    const digest = async (path: string) => createHash('sha256').update(await readFile(join(t.config.imageDir, 'images', path))).digest('hex');
    expect(new Set(await Promise.all(rows.map((r) => digest(r.image)))).size).toBe(200);
    expect(new Set(await Promise.all(rows.map((r) => digest(r.thumbnail)))).size).toBe(200);
  });

  it('gives every demo user an avatar of their own, a biography or a coupon to some, the documented password and a verified address', async () => {
    const users = await t.app.db.selectFrom('users').select(['email', 'avatar', 'biography', 'coupon', 'email_verified_at']).execute();
    expect(users.filter((u) => u.email_verified_at === null)).toEqual([]);
    expect(users).toHaveLength(20);
    for (const u of users) {
      expect(u.avatar).toMatch(/^avatars\/[a-z0-9._-]+\.webp$/);
      expect(await exists(join(t.config.imageDir, u.avatar ?? ''))).toBe(true);
    }
    const avatars = await Promise.all(users.map(async (u) => createHash('sha256').update(await readFile(join(t.config.imageDir, u.avatar ?? ''))).digest('hex')));
    expect(new Set(avatars).size).toBe(20);
    expect(users.filter((u) => u.biography).length).toBeGreaterThan(5);
    expect(users.filter((u) => u.coupon).length).toBeGreaterThan(3);
    const login = await t.request('POST', '/auth/login', { json: { email: users[0]?.email, password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.token.accessToken).toEqual(expect.any(String));
    expect(login.body.user.data.verified).toBe(true);
  });

  it('gives most products a plausible price, mostly in yuan, the same on every run', async () => {
    const rows = await t.app.db.selectFrom('products').select(['slug', 'price_minor', 'price_currency']).orderBy('id').execute();
    const priced = rows.filter((r) => r.price_minor !== null);
    expect(priced.length / rows.length).toBeGreaterThan(0.75);
    expect(priced.length / rows.length).toBeLessThan(0.95);
    expect(rows.every((r) => (r.price_minor === null) === (r.price_currency === null))).toBe(true);
    const yuan = priced.filter((r) => r.price_currency === 'CNY');
    expect(yuan.length).toBeGreaterThan(priced.length / 2);
    expect(new Set(priced.map((r) => r.price_currency))).toEqual(new Set(['CNY', 'USD', 'EUR']));
    // Whole yuan up to 800, dollars and euros ending in .99 up to about 110.
    for (const r of yuan) expect(r.price_minor !== null && r.price_minor % 100 === 0 && r.price_minor <= 80_000).toBe(true);
    for (const r of priced.filter((p) => p.price_currency !== 'CNY')) expect(r.price_minor !== null && r.price_minor % 100 === 99 && r.price_minor < 12_000).toBe(true);
    // The listing sorts them: cheapest first in euros, the unpriced last.
    const cheapest = await t.request('GET', '/products?sort=price_asc&per_page=50');
    expect(cheapest.body.results.data[0].price).not.toBeNull();
    const last = await t.request('GET', `/products?sort=price_asc&per_page=50&page=${Math.ceil(cheapest.body.results.meta.pagination.total / 50)}`);
    expect(last.body.results.data.at(-1).price).toBeNull();
  });

  it('does nothing the second time: the database is no longer empty', async () => {
    expect(await seedDemoIfEmpty(t.app.db, t.app.dialect, t.app.images)).toBeNull();
    const n = await t.app.db.selectFrom('products').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(200);
  });
});

describe('demo seed on a database that already has a catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('leaves it alone when only categories exist', async () => {
    await t.app.db.insertInto('categories').values({ slug: 'sneakers', name: 'Sneakers' }).execute();
    expect(await seedDemoIfEmpty(t.app.db, t.app.dialect, t.app.images)).toBeNull();
    expect(await t.app.db.selectFrom('brands').select('id').execute()).toEqual([]);
    expect(await t.app.db.selectFrom('users').select('id').execute()).toEqual([]);
  });
});
