import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueProduct, insertTaxonomy, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
});
afterAll(async () => t.close());

const rate = async (productId: number, reviewer: RegisteredUser, stars: number, review?: string): Promise<number> => {
  const res = await t.request('POST', `/products/${productId}/valorations`, { token: reviewer.token, json: { stars, review } });
  if (res.status !== 201) throw new Error(`review failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.results.data.valoration.id as number;
};

/** Dates a review, so that the order by date can differ from the order of ids. */
const dateReview = (id: number, createdAt: string) => t.app.db.updateTable('valorations').set({ created_at: createdAt }).where('id', '=', id).execute();

const received = (username: string, query = '') => t.request('GET', `/users/username/${encodeURIComponent(username)}/valorations${query}`);
const ids = (res: { body: { results: { data: { id: number }[] } } }) => res.body.results.data.map((v) => v.id);

describe('GET /users/username/:username/valorations', () => {
  let owner: RegisteredUser;
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  let other: RegisteredUser;
  let boots: { id: number; slug: string };
  let cap: { id: number; slug: string };
  /** Review ids, newest first by date. */
  let expected: number[];
  let onHidden: number;
  let onOthers: number;

  beforeAll(async () => {
    owner = await registerUser(t, 'ReviewedOwner');
    alice = await registerUser(t, 'AliceReviews');
    bob = await registerUser(t, 'BobReviews');
    other = await registerUser(t, 'SomeoneElse');
    boots = await insertCatalogueProduct(t, { userId: owner.id, title: 'Leather Boots' });
    cap = await insertCatalogueProduct(t, { userId: owner.id, title: 'Summer Cap' });
    const toHide = await insertCatalogueProduct(t, { userId: owner.id, title: 'Withdrawn Jacket' });
    const othersProduct = await insertCatalogueProduct(t, { userId: other.id, title: 'Not Theirs' });

    const aliceOnBoots = await rate(boots.id, alice, 5, 'Great boots');
    const bobOnBoots = await rate(boots.id, bob, 2);
    const aliceOnCap = await rate(cap.id, alice, 4, 'Nice cap');
    onHidden = await rate(toHide.id, alice, 3, 'Gone now');
    onOthers = await rate(othersProduct.id, alice, 1, 'Someone else\'s product');
    // The earliest id gets the latest date: the order is by date, not by id.
    await dateReview(aliceOnBoots, '2024-03-01T10:00:00.000Z');
    await dateReview(bobOnBoots, '2024-01-01T10:00:00.000Z');
    await dateReview(aliceOnCap, '2024-02-01T10:00:00.000Z');
    expected = [aliceOnBoots, aliceOnCap, bobOnBoots];
    await t.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', toHide.id).execute();
  });

  it('answers the reviews of the user\'s products, newest first, with their reviewer and product', async () => {
    const res = await received('ReviewedOwner');
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(expected);
    expect(res.body.results.meta.pagination).toEqual({ total: 3, count: 3, per_page: 20, current_page: 1, total_pages: 1 });
    const [first, , last] = res.body.results.data;
    expect(first).toEqual({
      id: expected[0],
      stars: 5,
      review: 'Great boots',
      language: 'es',
      created_at: '2024-03-01T10:00:00.000Z',
      user: { id: alice.id, name: 'AliceReviews', username: 'AliceReviews', avatar: null, created_at: expect.any(String) },
      product: { id: boots.id, slug: boots.slug, title: 'Leather Boots', language: 'es', thumbnail: expect.stringContaining(boots.slug) },
      counted: true,
      photos: [],
      photos_removed: null,
    });
    expect(last).toMatchObject({ stars: 2, review: null, user: { id: bob.id, username: 'BobReviews' }, product: { id: boots.id } });
    expect(res.body.results.data[1].product).toMatchObject({ id: cap.id, slug: cap.slug, title: 'Summer Cap' });
  });

  it('shows each review as the product page does', async () => {
    const res = await received('ReviewedOwner');
    const page = await t.request('GET', `/products/slug/${boots.slug}`);
    for (const valoration of page.body.results.data.valorations.data) {
      const { product, ...asOnProductPage } = res.body.results.data.find((v: { id: number }) => v.id === valoration.id);
      expect(product.id).toBe(boots.id);
      expect(asOnProductPage).toEqual(valoration);
    }
  });

  it('leaves out reviews of other users\' products and of hidden products', async () => {
    const res = await received('ReviewedOwner');
    expect(ids(res)).not.toContain(onHidden);
    expect(ids(res)).not.toContain(onOthers);
    const others = await received('SomeoneElse');
    expect(ids(others)).toEqual([onOthers]);
    const reviewerOnly = await received('AliceReviews');
    expect(reviewerOnly.status).toBe(200);
    expect(reviewerOnly.body.results).toEqual({ data: [], meta: { pagination: { total: 0, count: 0, per_page: 20, current_page: 1, total_pages: 1 } } });
  });

  it('answers a page at a time', async () => {
    const first = await received('ReviewedOwner', '?per_page=2');
    expect(ids(first)).toEqual(expected.slice(0, 2));
    expect(first.body.results.meta.pagination).toEqual({ total: 3, count: 2, per_page: 2, current_page: 1, total_pages: 2 });
    const second = await received('ReviewedOwner', '?per_page=2&page=2');
    expect(ids(second)).toEqual(expected.slice(2));
    expect(second.body.results.meta.pagination).toEqual({ total: 3, count: 1, per_page: 2, current_page: 2, total_pages: 2 });
    const beyond = await received('ReviewedOwner', '?per_page=2&page=3');
    expect(beyond.body.results.data).toEqual([]);
    expect(beyond.body.results.meta.pagination).toEqual({ total: 3, count: 0, per_page: 2, current_page: 3, total_pages: 2 });
  });

  it('refuses a bad page or page size with 422', async () => {
    for (const query of ['?per_page=51', '?per_page=0', '?page=0', '?page=abc', '?per_page=1.5']) {
      const res = await received('ReviewedOwner', query);
      expect(res.status, query).toBe(422);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('finds the user by username in any case', async () => {
    for (const username of ['reviewedowner', 'REVIEWEDOWNER', 'rEvIeWeDoWnEr']) {
      const res = await received(username);
      expect(res.status, username).toBe(200);
      expect(ids(res)).toEqual(expected);
    }
  });

  it('answers 404 for an unknown user', async () => {
    const res = await received('nobody-at-all');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'User not found' });
    expect((await received('x'.repeat(61))).status).toBeLessThan(500);
  });

  it('shows a new review on the next request, cached answer or not', async () => {
    const before = await received('ReviewedOwner');
    const cached = await received('ReviewedOwner');
    expect(cached.headers.get('x-cache')).toBe('hit');
    expect(cached.body).toEqual(before.body);

    const newcomer = await registerUser(t, 'LateReviewer');
    const id = await rate(cap.id, newcomer, 3, 'Just arrived');
    const after = await received('ReviewedOwner');
    expect(after.status).toBe(200);
    expect(ids(after)[0]).toBe(id);
    expect(after.body.results.data[0]).toMatchObject({ review: 'Just arrived', user: { username: 'LateReviewer' }, product: { id: cap.id } });
    expect(after.body.results.meta.pagination.total).toBe(4);
  });
});
