import { shareImagePath } from '@linkhunt/contracts/share-image';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, pngImage, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { fromSiteAt, TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createAdmin } from '../admin/create-admin.js';
import { setRole, STATEMENT } from '../admin/moderation-test-kit.js';

/**
 * Issue 25, finding 2: a product a moderator removed for illegal content stayed public (its text, image,
 * share card and reviews), only its store links were withdrawn. These tests hold the takedown to what it
 * says: 410 for everyone but its uploader and moderators, images and card included, out of the sitemap at once.
 */
let t: TestApp;
let admin: RegisteredUser;
let moderator: RegisteredUser;
let uploader: RegisteredUser;
let stranger: RegisteredUser;
let reviewer: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: TRUSTED_LOOPBACK });
  await insertTaxonomy(t);
  admin = await registerUser(t);
  await createAdmin(t.app.db, { email: admin.email });
  moderator = await registerUser(t);
  await setRole(t, moderator.id, 'moderator');
  uploader = await registerUser(t);
  stranger = await registerUser(t);
  reviewer = await registerUser(t);
});
afterAll(async () => t.close());

let visitor = 0;
const NOTICE = 'This listing sells counterfeit goods of a protected brand, which is illegal.';

/** A product with a picture and a review, reported as illegal content by a visitor. */
async function reportedProduct(title: string): Promise<{ id: number; slug: string; image: string; thumbnail: string }> {
  const created = await uploadProduct(t, uploader.token, { title, image: await pngImage(900, 500) });
  const review = await t.request('POST', `/products/${created.id}/valorations`, { token: reviewer.token, json: { stars: 4, review: 'Arrived quickly, good quality.' } });
  expect(review.status).toBe(201);
  visitor += 1;
  const report = await t.request('POST', '/products/report', {
    json: { id: created.id, reason: 'illegal', details: NOTICE, good_faith: true, contact_email: 'notifier@example.com' },
    headers: fromSiteAt(`203.0.113.${visitor}`),
  });
  expect(report.status).toBeLessThan(300);
  const row = await t.app.db.selectFrom('products').select(['image', 'thumbnail']).where('id', '=', created.id).executeTakeFirstOrThrow();
  return { id: created.id, slug: created.slug, image: row.image, thumbnail: row.thumbnail };
}

const hideAs = (token: string, id: number, body: Record<string, unknown> = {}) =>
  t.request('POST', `/admin/products/${id}/hide`, { token, json: { statement: STATEMENT, ...body } });

const page = (slug: string, token?: string) => t.request('GET', `/products/slug/${slug}?include=user`, { token, headers: { 'accept-language': 'de' } });

async function sitemapSlugs(): Promise<string[]> {
  const res = await t.request('GET', '/sitemap/products?per_page=1000');
  expect(res.status).toBe(200);
  return (res.body.results.data as { slug: string }[]).map((e) => e.slug);
}

describe('a product removed for illegal content', () => {
  it('answers 410 with a translated message to visitors and other users, and in full to its uploader, moderators and admins', async () => {
    const product = await reportedProduct('Withdrawn Sneaker One');
    // Read once before, so a cached answer would be what a visitor got afterwards.
    expect((await page(product.slug)).status).toBe(200);

    expect((await hideAs(moderator.token, product.id)).status).toBe(200);

    for (const token of [undefined, stranger.token, reviewer.token]) {
      const res = await page(product.slug, token);
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ message: 'Dieses Produkt wurde wegen rechtswidriger Inhalte entfernt.', code: 'product.withdrawn' });
      expect(JSON.stringify(res.body)).not.toContain('Withdrawn Sneaker One');
    }
    for (const token of [uploader.token, moderator.token, admin.token]) {
      const res = await page(product.slug, token);
      expect(res.status).toBe(200);
      expect(res.body.results.data).toMatchObject({ id: product.id, title: 'Withdrawn Sneaker One', hidden: 1, withdrawn: true });
      expect(res.body.results.data.valorations.data).toHaveLength(1);
      // One person's view: never kept by the read cache or anyone else's cache.
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    // The uploader's answer was not cached for the next visitor.
    expect((await page(product.slug)).status).toBe(410);
    // "My products" tells the uploader it was removed, not merely hidden.
    const own = await t.request('GET', '/auth/products', { token: uploader.token });
    const listed = (own.body.results.data as { id: number; moderation?: { withdrawn?: boolean } }[]).find((p) => p.id === product.id);
    expect(listed?.moderation).toMatchObject({ statement: STATEMENT, withdrawn: true, automated: false });
    // Nor are its store links handed out (410 as before, now with the takedown's message).
    const links = await t.request('GET', `/products/${product.id}`);
    expect(links.status).toBe(410);
    expect(links.body.code).toBe('product.withdrawn');
  });

  it('refuses its image, thumbnail and share card with 410 to everyone without a moderator\'s or the uploader\'s token', async () => {
    const product = await reportedProduct('Withdrawn Sneaker Two');
    const card = shareImagePath(product.image);
    if (!card) throw new Error('no share card');
    const paths = [`/images/${product.image}`, `/images/${product.thumbnail}`, `/${card}`];
    for (const path of paths) expect((await t.request('GET', path)).status).toBe(200);

    expect((await hideAs(moderator.token, product.id)).status).toBe(200);

    for (const path of paths) {
      for (const token of [undefined, stranger.token]) {
        const res = await t.request('GET', path, { token, headers: { 'accept-language': 'en' } });
        expect(res.status).toBe(410);
        expect(res.body).toEqual({ message: 'This product was removed for illegal content.', code: 'product.withdrawn' });
      }
      for (const token of [uploader.token, moderator.token]) {
        const res = await t.request('GET', path, { token });
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
      }
    }
  });

  it('leaves the sitemap at once', async () => {
    const product = await reportedProduct('Withdrawn Sneaker Three');
    expect(await sitemapSlugs()).toContain(product.slug);
    expect((await hideAs(moderator.token, product.id)).status).toBe(200);
    expect(await sitemapSlugs()).not.toContain(product.slug);
  });

  it('comes back in full once a moderator unhides it', async () => {
    const product = await reportedProduct('Withdrawn Sneaker Four');
    expect((await hideAs(moderator.token, product.id)).status).toBe(200);
    expect((await page(product.slug)).status).toBe(410);
    expect((await t.request('POST', `/admin/products/${product.id}/unhide`, { token: admin.token })).status).toBe(200);
    const res = await page(product.slug);
    expect(res.status).toBe(200);
    expect(res.body.results.data.withdrawn).toBeUndefined();
    expect((await t.request('GET', `/images/${product.image}`)).status).toBe(200);
  });

  it('leaves a picture another visible product shows too (the demo shares drawn pictures)', async () => {
    const product = await reportedProduct('Withdrawn Sneaker Five');
    const twin = await uploadProduct(t, stranger.token, { title: 'Visible Twin' });
    await t.app.db.updateTable('products').set({ image: product.image, thumbnail: product.thumbnail }).where('id', '=', twin.id).execute();
    expect((await hideAs(moderator.token, product.id)).status).toBe(200);
    expect((await t.request('GET', `/images/${product.image}`)).status).toBe(200);
  });
});

describe('unavailable, not removed', () => {
  it('a product hidden for another reason stays a product shown as unavailable (hidden = 1, 200)', async () => {
    const product = await uploadProduct(t, uploader.token, { title: 'Merely Unavailable' });
    expect((await hideAs(moderator.token, product.id)).status).toBe(200);
    const res = await page(product.slug);
    expect(res.status).toBe(200);
    expect(res.body.results.data).toMatchObject({ hidden: 1 });
    expect(res.body.results.data.withdrawn).toBeUndefined();
    const own = await t.request('GET', '/auth/products', { token: uploader.token });
    const listed = (own.body.results.data as { id: number; moderation?: { withdrawn?: boolean } }[]).find((p) => p.id === product.id);
    expect(listed?.moderation).toMatchObject({ statement: STATEMENT });
    expect(listed?.moderation?.withdrawn).toBeUndefined();
    const row = await t.app.db.selectFrom('products').select(['image']).where('id', '=', product.id).executeTakeFirstOrThrow();
    expect((await t.request('GET', `/images/${row.image}`)).status).toBe(200);
  });

  it('a moderator may say an illegal notice was not the ground (illegal: false), and may remove a product nobody reported (illegal: true)', async () => {
    const reported = await reportedProduct('Reported But Only Unavailable');
    expect((await hideAs(moderator.token, reported.id, { illegal: false })).status).toBe(200);
    expect((await page(reported.slug)).status).toBe(200);

    const unreported = await uploadProduct(t, uploader.token, { title: 'Removed Without A Notice' });
    expect((await hideAs(moderator.token, unreported.id, { illegal: true })).status).toBe(200);
    expect((await page(unreported.slug)).status).toBe(410);
  });
});

describe('POST /products/:id/favourite', () => {
  it('answers 404 for a hidden product (unavailable or removed) and adds nothing; removing one still works', async () => {
    const unavailable = await uploadProduct(t, uploader.token, { title: 'Hidden Favourite' });
    expect((await t.request('POST', `/products/${unavailable.id}/favourite`, { token: stranger.token })).status).toBe(200);
    expect((await hideAs(moderator.token, unavailable.id)).status).toBe(200);
    const removed = await reportedProduct('Removed Favourite');
    expect((await hideAs(moderator.token, removed.id)).status).toBe(200);

    for (const id of [unavailable.id, removed.id]) {
      const res = await t.request('POST', `/products/${id}/favourite`, { token: reviewer.token, headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Product not found', code: 'product.not_found' });
    }
    const stored = await t.app.db.selectFrom('favourites').select('product_id').where('user_id', '=', reviewer.id).execute();
    expect(stored).toEqual([]);
    const unfavourite = await t.request('DELETE', `/products/${unavailable.id}/favourite`, { token: stranger.token });
    expect(unfavourite.status).toBe(200);
    expect(unfavourite.body.results.data).toEqual({ product_id: unavailable.id, favourite: false });
  });
});
