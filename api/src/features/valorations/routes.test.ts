import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, registerUnverifiedUser, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: RegisteredUser;
let reviewer: RegisteredUser;
let second: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  owner = await registerUser(t);
  reviewer = await registerUser(t);
  second = await registerUser(t);
});
afterAll(() => t.close());

const rate = (id: number, token: string | undefined, json: unknown) => t.request('POST', `/products/${id}/valorations`, { token, json });

describe('POST /products/:id/valorations', () => {
  it('saves a review, answers it with the new rating, and shows it on the product page', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Rated Sneaker' });
    const res = await rate(product.id, reviewer.token, { stars: 4, review: '  Fits well  ' });
    expect(res.status).toBe(201);
    expect(res.body.results.data.valoration).toMatchObject({ stars: 4, review: 'Fits well', user: { id: reviewer.id, username: reviewer.username } });
    expect(res.body.results.data.rating).toEqual({ average: 4, count: 1 });

    const two = await rate(product.id, second.token, { stars: 1 });
    expect(two.status).toBe(201);
    expect(two.body.results.data.valoration.review).toBeNull();
    expect(two.body.results.data.rating).toEqual({ average: 2.5, count: 2 });

    const page = await t.request('GET', `/products/slug/${product.slug}`);
    expect(page.body.results.data.valorations.data).toHaveLength(2);
    expect(page.body.results.data.rating).toEqual({ average: 2.5, count: 2 });
  });

  it('keeps one review per user: posting again replaces it', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Changed Mind' });
    const first = await rate(product.id, reviewer.token, { stars: 2, review: 'Meh' });
    const again = await rate(product.id, reviewer.token, { stars: 5, review: 'Actually great' });
    expect(again.status).toBe(200);
    expect(again.body.results.data.valoration).toMatchObject({ id: first.body.results.data.valoration.id, stars: 5, review: 'Actually great' });
    expect(again.body.results.data.rating).toEqual({ average: 5, count: 1 });
    const rows = await t.app.db.selectFrom('valorations').selectAll().where('product_id', '=', product.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('counts reviews received in the owner\'s points', async () => {
    const me = await registerUser(t);
    const product = await uploadProduct(t, me.token, { title: 'Points Maker' });
    await rate(product.id, reviewer.token, { stars: 3 });
    const profile = await t.request('GET', `/users/username/${me.username}`);
    expect(profile.body.results.data).toMatchObject({ num_products: 1, num_valorations: 1, points: 40 });
  });

  it('shows a review from an account whose address is not verified, marked as not counted, and gives the owner no points for it', async () => {
    const me = await registerUser(t);
    const throwaway = await registerUnverifiedUser(t);
    const product = await uploadProduct(t, me.token, { title: 'Unearned' });
    expect((await rate(product.id, throwaway.token, { stars: 5 })).status).toBe(201);
    const page = await t.request('GET', `/products/slug/${product.slug}`);
    expect(page.body.results.data.valorations.data).toMatchObject([{ stars: 5, counted: false }]);
    // Counted once the address is verified (counted-reviews.test.ts).
    expect(page.body.results.data.rating).toEqual({ average: 0, count: 0 });
    const profile = await t.request('GET', `/users/username/${me.username}`);
    expect(profile.body.results.data).toMatchObject({ num_products: 1, num_valorations: 0, points: 20 });
  });

  it('asks for a rating when the stars are missing, with the message of the spec', async () => {
    const product = await uploadProduct(t, owner.token);
    for (const body of [{}, { review: 'no stars given' }]) {
      const res = await rate(product.id, reviewer.token, body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ message: 'You must rate the product', errors: { stars: ['You must rate the product'] } });
    }
  });

  it('rejects star values outside 1 to 5 or not a whole number', async () => {
    const product = await uploadProduct(t, owner.token);
    for (const stars of [0, 6, 'x', 3.5, -1, null]) {
      const res = await rate(product.id, reviewer.token, { stars });
      expect(res.status, `stars ${String(stars)}`).toBe(422);
      expect(res.body.errors.stars).toEqual(['You must rate the product']);
    }
    const rows = await t.app.db.selectFrom('valorations').select('id').where('product_id', '=', product.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('limits the review text', async () => {
    const product = await uploadProduct(t, owner.token);
    const res = await rate(product.id, reviewer.token, { stars: 3, review: 'x'.repeat(2001) });
    expect(res.status).toBe(422);
    expect(res.body.errors.review).toBeDefined();
  });

  it('needs a signed-in user', async () => {
    const product = await uploadProduct(t, owner.token);
    const res = await rate(product.id, undefined, { stars: 5 });
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  it('does not let owners review their own product', async () => {
    const product = await uploadProduct(t, owner.token);
    const res = await rate(product.id, owner.token, { stars: 5 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot review your own product.');
  });

  it('answers 404 for an unknown product and 410 for a hidden one', async () => {
    expect((await rate(999999, reviewer.token, { stars: 5 })).status).toBe(404);
    const product = await uploadProduct(t, owner.token);
    await t.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', product.id).execute();
    const res = await rate(product.id, reviewer.token, { stars: 5 });
    expect(res.status).toBe(410);
    expect(res.body.message).toBe('This product is no longer available.');
  });
});

describe('simultaneous first reviews by one user', () => {
  it('answer 201 once and 200 for the rest, leaving one review', async () => {
    const product = await uploadProduct(t, owner.token);
    const fan = await registerUser(t);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => rate(product.id, fan.token, { stars: (i % 5) + 1 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const rows = await t.app.db.selectFrom('valorations').select('id').where('product_id', '=', product.id).execute();
    expect(rows).toHaveLength(1);
  });
});

