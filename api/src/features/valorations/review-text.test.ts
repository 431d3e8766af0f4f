import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueProduct, insertTaxonomy, registerUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  const owner = await registerUser(t);
  productId = (await insertCatalogueProduct(t, { userId: owner.id })).id;
});
afterAll(() => t.close());

const review = (token: string, text: string) => t.request('POST', `/products/${productId}/valorations`, { token, json: { stars: 4, review: text } });

describe('review text', () => {
  it('refuses text-direction controls, control bytes and zero-width spaces with 422 on `review`, storing nothing', async () => {
    const user = await registerUser(t);
    for (const text of ['Great \u202Eseller', 'Bell\u0007', 'Zero\u200Bwidth', '\u2067isolated\u2069']) {
      const res = await review(user.token, text);
      expect(res.status, JSON.stringify(text)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['review']);
      expect(res.body.message).toMatch(/^The review may not contain invisible characters, control characters or text-direction controls/);
    }
    const rows = await t.app.db.selectFrom('valorations').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });

  it('keeps line breaks, tabs, emoji sequences and right-to-left writing', async () => {
    const user = await registerUser(t);
    const text = 'Fits well.\nTrue to size\tM\nFamily pick 👨‍👩‍👧 جيد جدا';
    const res = await review(user.token, text);
    expect(res.status).toBe(201);
    expect(res.body.results.data.valoration.review).toBe(text);
  });
});
