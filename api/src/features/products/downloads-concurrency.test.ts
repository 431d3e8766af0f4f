import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAll } from '../../db/sql-helpers.js';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { fromSite, fromSiteAt, TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: TRUSTED_LOOPBACK });
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

const open = (productId: number, headers: Record<string, string>, token?: string) =>
  t.request('POST', `/products/${productId}/downloads`, { headers: fromSite(headers), token });
const open50 = (productId: number, headers: Record<string, string>, token?: string) =>
  Promise.all(Array.from({ length: 50 }, () => open(productId, headers, token)));

/** One visitor hammering a store link (a double tap, a retrying client): one download, the same count for every answer. */
describe('concurrent store-link openings', () => {
  it('50 simultaneous openings by one anonymous visitor (one address, any browser) count one download', async () => {
    const product = await uploadProduct(t, owner.token);
    await t.app.db.updateTable('products').set({ downloads: 41 }).where('id', '=', product.id).execute();

    const answers = await Promise.all([open50(product.id, { 'user-agent': 'SameBrowser/1.0' }), open50(product.id, { 'user-agent': 'Other/2.0' })]).then((a) => a.flat());

    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    expect(new Set(answers.map((a) => a.body.results.data.downloads))).toEqual(new Set([42]));
    expect(answers.filter((a) => a.body.results.data.counted === true)).toHaveLength(1);
    expect(await stored(product.id)).toEqual({ downloads: 42, rows: 1 });
  });

  it('50 simultaneous openings by one signed-in user from two addresses count one download', async () => {
    const visitor = await registerUser(t);
    const product = await uploadProduct(t, owner.token);

    const answers = await Promise.all([
      open50(product.id, { 'x-forwarded-for': '198.51.100.1' }, visitor.token),
      open50(product.id, { 'x-forwarded-for': '203.0.113.1' }, visitor.token),
    ]).then((both) => both.flat());

    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    expect(new Set(answers.map((a) => a.body.results.data.downloads))).toEqual(new Set([1]));
    expect(await stored(product.id)).toEqual({ downloads: 1, rows: 1 });
  });

  it('several visitors at once each count once, and the counter equals the rows', async () => {
    const product = await uploadProduct(t, owner.token);
    const visitors = Array.from({ length: 5 }, (_, i) => ({ 'x-forwarded-for': `192.0.2.${i + 1}` }));

    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => open(product.id, visitors[i % 5] ?? {})));

    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    for (const answer of answers) expect(answer.body.results.data.downloads).toBeGreaterThanOrEqual(1);
    expect(Math.max(...answers.map((a) => a.body.results.data.downloads as number))).toBe(5);
    expect(answers.filter((a) => a.body.results.data.counted === true)).toHaveLength(5);
    expect(await stored(product.id)).toEqual({ downloads: 5, rows: 5 });
  });

  it('an opening racing the deletion of its product answers 200 or 404, never a 500', async () => {
    for (let round = 0; round < 30; round++) {
      const product = await uploadProduct(t, owner.token);
      const [deleted, ...opened] = await Promise.all([
        t.request('DELETE', `/products/${product.id}`, { token: owner.token }),
        ...Array.from({ length: 10 }, (_, i) => t.request('POST', `/products/${product.id}/downloads`, { headers: fromSiteAt(`10.1.${round}.${i + 1}`) })),
      ]);
      expect(deleted?.status).toBe(200);
      for (const answer of opened) expect([200, 404]).toContain(answer.status);
      const left = await t.app.db.selectFrom('downloads').select(countAll().as('n')).where('product_id', '=', product.id).executeTakeFirstOrThrow();
      expect(left.n).toBe(0);
    }
  });
});
