import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAll } from '../../db/sql-helpers.js';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  owner = await registerUser(t);
});
afterAll(() => t.close());

const stored = async (productId: number) => {
  const [product, rows] = await Promise.all([
    t.app.db.selectFrom('products').select('downloads').where('id', '=', productId).executeTakeFirstOrThrow(),
    t.app.db.selectFrom('downloads').select(countAll().as('n')).where('product_id', '=', productId).executeTakeFirstOrThrow(),
  ]);
  return { downloads: product.downloads, rows: rows.n };
};

const fetchLinks50 = (productId: number, headers: Record<string, string>, token?: string) =>
  Promise.all(Array.from({ length: 50 }, () => t.request('GET', `/products/${productId}`, { headers, token })));

/** One visitor hammering "get the link" (a double tap, a retrying client): one download, the same count for every answer. */
describe('concurrent link fetches', () => {
  it('50 simultaneous fetches by one anonymous visitor (same address and browser) count one download', async () => {
    const product = await uploadProduct(t, owner.token);
    await t.app.db.updateTable('products').set({ downloads: 41 }).where('id', '=', product.id).execute();

    const answers = await fetchLinks50(product.id, { 'user-agent': 'SameBrowser/1.0' });

    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body.results.data.downloads))).toEqual(new Set([42]));
    expect(await stored(product.id)).toEqual({ downloads: 42, rows: 1 });
  });

  it('50 simultaneous fetches by one signed-in user from two browsers count one download', async () => {
    const visitor = await registerUser(t);
    const product = await uploadProduct(t, owner.token);

    const answers = await Promise.all([
      fetchLinks50(product.id, { 'user-agent': 'Laptop/1.0' }, visitor.token),
      fetchLinks50(product.id, { 'user-agent': 'Phone/2.0' }, visitor.token),
    ]).then((both) => both.flat());

    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    expect(new Set(answers.map((a) => a.body.results.data.downloads))).toEqual(new Set([1]));
    expect(await stored(product.id)).toEqual({ downloads: 1, rows: 1 });
  });

  it('several visitors at once each count once, and the counter equals the rows', async () => {
    const product = await uploadProduct(t, owner.token);
    const browsers = Array.from({ length: 5 }, (_, i) => ({ 'user-agent': `Browser/${i}` }));

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.request('GET', `/products/${product.id}`, { headers: browsers[i % 5] })),
    );

    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    for (const answer of answers) expect(answer.body.results.data.downloads).toBeGreaterThanOrEqual(1);
    expect(Math.max(...answers.map((a) => a.body.results.data.downloads as number))).toBe(5);
    expect(await stored(product.id)).toEqual({ downloads: 5, rows: 5 });
  });

  it('a link fetch racing the deletion of its product answers 200 or 404, never a 500', async () => {
    for (let round = 0; round < 30; round++) {
      const product = await uploadProduct(t, owner.token);
      const [deleted, ...fetches] = await Promise.all([
        t.request('DELETE', `/products/${product.id}`, { token: owner.token }),
        ...Array.from({ length: 10 }, (_, i) => t.request('GET', `/products/${product.id}`, { headers: { 'user-agent': `Racer/${i}` } })),
      ]);
      expect(deleted?.status).toBe(200);
      for (const fetched of fetches) expect([200, 404]).toContain(fetched.status);
      const left = await t.app.db.selectFrom('downloads').select(countAll().as('n')).where('product_id', '=', product.id).executeTakeFirstOrThrow();
      expect(left.n).toBe(0);
    }
  });
});
