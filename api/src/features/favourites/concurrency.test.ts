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

const favouriteRows = async (userId: number, productId: number) => {
  const row = await t.app.db
    .selectFrom('favourites')
    .select(countAll().as('n'))
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.n;
};

/** A double (or twentyfold) click on the heart, each request on its own connection to the real server. */
describe('concurrent favourites', () => {
  it('20 simultaneous adds by one user leave one row, and every answer says it is a favourite', async () => {
    const fan = await registerUser(t);
    const product = await uploadProduct(t, owner.token);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.request('POST', `/products/${product.id}/favourite`, { token: fan.token })),
    );

    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const answer of answers) expect(answer.body).toEqual({ results: { data: { product_id: product.id, favourite: true } } });
    expect(await favouriteRows(fan.id, product.id)).toBe(1);
    const list = await t.request('GET', '/auth/favs', { token: fan.token });
    expect(list.body.results.data.map((p: { id: number }) => p.id)).toEqual([product.id]);
  });

  it('20 simultaneous adds and removes by one user end in one of the two states, all answered 200', async () => {
    const fan = await registerUser(t);
    const product = await uploadProduct(t, owner.token);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.request(i % 2 === 0 ? 'POST' : 'DELETE', `/products/${product.id}/favourite`, { token: fan.token })),
    );

    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect([0, 1]).toContain(await favouriteRows(fan.id, product.id));
    // The last word wins: one more add leaves exactly one row.
    expect((await t.request('POST', `/products/${product.id}/favourite`, { token: fan.token })).status).toBe(200);
    expect(await favouriteRows(fan.id, product.id)).toBe(1);
  });

  it('a favourite racing the deletion of its product answers 200 or 404, never a 500, and leaves no row behind', async () => {
    const fan = await registerUser(t);
    for (let round = 0; round < 5; round++) {
      const product = await uploadProduct(t, owner.token);
      const [deleted, ...adds] = await Promise.all([
        t.request('DELETE', `/products/${product.id}`, { token: owner.token }),
        ...Array.from({ length: 10 }, () => t.request('POST', `/products/${product.id}/favourite`, { token: fan.token })),
      ]);
      expect(deleted?.status).toBe(200);
      for (const add of adds) expect([200, 404]).toContain(add.status);
      expect(await favouriteRows(fan.id, product.id)).toBe(0);
    }
  });
});
