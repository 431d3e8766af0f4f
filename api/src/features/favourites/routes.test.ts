import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: RegisteredUser;
let fan: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  owner = await registerUser(t);
  fan = await registerUser(t);
});
afterAll(() => t.close());

const favs = async (token: string, query = '') => {
  const res = await t.request('GET', `/auth/favs${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.results as { data: { id: number }[]; meta: { pagination: Record<string, number> } };
};
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('favourites', () => {
  it('adds, lists (latest favourited first) and removes favourites', async () => {
    const older = await uploadProduct(t, owner.token, { title: 'Older Upload' });
    const newer = await uploadProduct(t, owner.token, { title: 'Newer Upload' });

    const add = await t.request('POST', `/products/${newer.id}/favourite`, { token: fan.token });
    expect(add.status).toBe(200);
    expect(add.body).toEqual({ results: { data: { product_id: newer.id, favourite: true } } });
    await pause();
    await t.request('POST', `/products/${older.id}/favourite`, { token: fan.token });

    const list = await favs(fan.token);
    expect(list.data.map((p) => p.id)).toEqual([older.id, newer.id]);
    expect(list.meta.pagination).toEqual({ total: 2, count: 2, per_page: 20, current_page: 1, total_pages: 1 });
    expect(list.data[0]).toMatchObject({ slug: older.slug, title: 'Older Upload', brand: { slug: 'various' } });
    expect(list.data[0]).not.toHaveProperty('link_hacoo');

    const page2 = await favs(fan.token, '?page=2&per_page=1');
    expect(page2.data.map((p) => p.id)).toEqual([newer.id]);
    expect(page2.meta.pagination).toMatchObject({ total: 2, count: 1, current_page: 2, total_pages: 2 });

    const remove = await t.request('DELETE', `/products/${older.id}/favourite`, { token: fan.token });
    expect(remove.status).toBe(200);
    expect(remove.body).toEqual({ results: { data: { product_id: older.id, favourite: false } } });
    expect((await favs(fan.token)).data.map((p) => p.id)).toEqual([newer.id]);
  });

  it('is idempotent both ways', async () => {
    const user = await registerUser(t);
    const product = await uploadProduct(t, owner.token);
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', `/products/${product.id}/favourite`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.results.data.favourite).toBe(true);
    }
    expect((await favs(user.token)).data).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const res = await t.request('DELETE', `/products/${product.id}/favourite`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.results.data.favourite).toBe(false);
    }
    expect((await favs(user.token)).data).toHaveLength(0);
  });

  it('tells whether a product is one of mine, for the heart on its page', async () => {
    const user = await registerUser(t);
    const product = await uploadProduct(t, owner.token);
    const status = async () => (await t.request('GET', `/products/${product.id}/favourite`, { token: user.token })).body.results.data;
    expect(await status()).toEqual({ product_id: product.id, favourite: false });
    await t.request('POST', `/products/${product.id}/favourite`, { token: user.token });
    expect(await status()).toEqual({ product_id: product.id, favourite: true });
    expect((await t.request('GET', `/products/${product.id}/favourite`, { token: fan.token })).body.results.data.favourite).toBe(false);
    expect((await t.request('GET', `/products/${product.id}/favourite`)).status).toBe(401);
    expect((await t.request('GET', '/products/999999/favourite', { token: user.token })).status).toBe(404);
  });

  it('keeps each user\'s favourites to themselves', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const product = await uploadProduct(t, owner.token);
    await t.request('POST', `/products/${product.id}/favourite`, { token: a.token });
    expect((await favs(a.token)).data.map((p) => p.id)).toEqual([product.id]);
    expect((await favs(b.token)).data).toEqual([]);
  });

  it('leaves unavailable products out of the list', async () => {
    const user = await registerUser(t);
    const product = await uploadProduct(t, owner.token);
    await t.request('POST', `/products/${product.id}/favourite`, { token: user.token });
    await t.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', product.id).execute();
    const list = await favs(user.token);
    expect(list.data).toEqual([]);
    expect(list.meta.pagination.total).toBe(0);
  });

  it('answers 404 for an unknown product and 401 without a user', async () => {
    expect((await t.request('POST', '/products/999999/favourite', { token: fan.token })).status).toBe(404);
    expect((await t.request('DELETE', '/products/999999/favourite', { token: fan.token })).status).toBe(404);
    const product = await uploadProduct(t, owner.token);
    expect((await t.request('POST', `/products/${product.id}/favourite`)).status).toBe(401);
    expect((await t.request('DELETE', `/products/${product.id}/favourite`)).status).toBe(401);
    expect((await t.request('GET', '/auth/favs')).status).toBe(401);
  });
});
