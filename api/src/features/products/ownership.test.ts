import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, productForm, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  owner = await registerUser(t);
  other = await registerUser(t);
});
afterAll(() => t.close());

/** Everything stored about a product: its row, its categories and its image files. */
async function stored(id: number) {
  const row = await t.app.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  const categories = await t.app.db.selectFrom('product_categories').select('category_id').where('product_id', '=', id).orderBy('category_id').execute();
  const files = row ? [row.image, row.thumbnail].map((path) => existsSync(join(t.config.imageDir, 'images', path))) : [];
  return { row, categories: categories.map((c) => c.category_id), files };
}

const productCount = async () => Number((await t.app.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe("another user's product", () => {
  it('cannot be edited: 403, and the row, categories and images stay as they were', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Owner Original', brand: 'nike', categories: ['sneakers'] });
    const before = await stored(product.id);
    expect(before.files).toEqual([true, true]);

    const form = await productForm(
      { title: 'Taken Over', brand: 'adidas', description: 'mine now', link_hacoo: 'https://www.hacoo.com/product/999', categories: ['accesorios'], colors: ['black'] },
      { id: String(product.id) },
    );
    const res = await t.request('POST', '/products/update', { token: other.token, form });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: 'You can only edit your own products.' });
    expect(await stored(product.id)).toEqual(before);
  });

  it('cannot be deleted: 403, and the row and its images stay', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Owner Keeps This' });
    const before = await stored(product.id);
    const res = await t.request('DELETE', `/products/${product.id}`, { token: other.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: 'You can only delete your own products.' });
    expect(await stored(product.id)).toEqual(before);
    expect((await t.request('GET', `/products/slug/${product.slug}`)).status).toBe(200);
  });

  it('stays out of reach when hidden, and for an admin too (moderation goes through /admin)', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Hidden Owner Item' });
    await t.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', product.id).execute();
    const admin = await registerUser(t);
    await t.app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const before = await stored(product.id);
    for (const token of [other.token, admin.token]) {
      const form = await productForm({ title: 'Sneaky Edit', image: null }, { id: String(product.id) });
      expect((await t.request('POST', '/products/update', { token, form })).status).toBe(403);
      expect((await t.request('DELETE', `/products/${product.id}`, { token })).status).toBe(403);
    }
    expect(await stored(product.id)).toEqual(before);
  });
});

/** Fields a client must never set on a product, with the message each gets. */
const SERVER_OWNED: [field: string, value: (user: RegisteredUser) => string, message: string][] = [
  ['user_id', (user) => String(user.id), 'The user id field is prohibited.'],
  ['owner_id', (user) => String(user.id), 'The owner id field is prohibited.'],
  ['downloads', () => '9999', 'The downloads field is prohibited.'],
  ['hidden', () => '0', 'The hidden field is prohibited.'],
  ['featured', () => '1', 'The featured field is prohibited.'],
  ['points', () => '500', 'The points field is prohibited.'],
  ['role', () => 'admin', 'The role field is prohibited.'],
];

describe('POST /products with a server-owned field', () => {
  it.each(SERVER_OWNED)('refuses %s with 422 and stores nothing', async (field, value, message) => {
    const count = await productCount();
    const res = await t.request('POST', '/products', { token: other.token, form: await productForm({ title: `Claimed ${field}` }, { [field]: value(owner) }) });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await productCount()).toBe(count);
  });

  it('refuses a product id on add', async () => {
    const existing = await uploadProduct(t, owner.token, { title: 'Existing One' });
    const before = await stored(existing.id);
    const res = await t.request('POST', '/products', { token: other.token, form: await productForm({ title: 'Overwrite Attempt' }, { id: String(existing.id) }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ id: ['The id field is prohibited.'] });
    expect(await stored(existing.id)).toEqual(before);
  });

  it('reports the field beside the form\'s other broken rules', async () => {
    const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ title: 'x' }, { user_id: String(other.id) }) });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['title', 'user_id']);
  });
});

describe('POST /products/update with a server-owned field', () => {
  it.each(SERVER_OWNED)('refuses %s with 422 and leaves the product as it was', async (field, value, message) => {
    const product = await uploadProduct(t, owner.token, { title: `Owned ${field}` });
    await t.app.db.updateTable('products').set({ hidden: 1, downloads: 3 }).where('id', '=', product.id).execute();
    const before = await stored(product.id);
    const form = await productForm({ title: 'Edited Title', image: null }, { id: String(product.id), [field]: value(other) });
    const res = await t.request('POST', '/products/update', { token: owner.token, form });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
    expect(await stored(product.id)).toEqual(before);
    expect(before.row).toMatchObject({ user_id: owner.id, hidden: 1, downloads: 3 });
  });
});
