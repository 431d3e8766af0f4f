import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { countAll } from '../../db/sql-helpers.js';
import { type Operation, readDocument } from '../../reliability/openapi-routes.js';
import { insertCatalogueProduct, insertTaxonomy, registerUnverifiedUser, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestResponse } from '../../test/test-app.js';

/** The daily limit of first reviews per account, small here so each case stays quick. */
const LIMIT = 3;
let t: TestApp;
let owner: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ dailyReviewLimit: LIMIT });
  await insertTaxonomy(t);
  owner = await registerUser(t);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const products = async (n: number) => {
  const made = [];
  for (let i = 0; i < n; i++) made.push(await insertCatalogueProduct(t, { userId: owner.id }));
  return made;
};
/** The i-th of a list that has it. */
function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no item ${i}`);
  return item;
}
const review = (user: RegisteredUser, productId: number, stars = 4): Promise<TestResponse> =>
  t.request('POST', `/products/${productId}/valorations`, { token: user.token, json: { stars, review: `${stars} stars` } });
const reviewsBy = async (user: RegisteredUser) =>
  (await t.app.db.selectFrom('valorations').select(countAll().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow()).n;
const MESSAGE = `You have written ${LIMIT} reviews today, the most one account may write in a day. You can review again after midnight (UTC); changing a review of yours is still possible.`;

describe('the daily limit of first reviews', () => {
  it('answers 429 with Retry-After past the limit and stores nothing, yet still lets the user change a review', async () => {
    const user = await registerUser(t);
    const targets = await products(LIMIT + 1);
    for (const product of targets.slice(0, LIMIT)) expect((await review(user, product.id)).status).toBe(201);

    const refused = await review(user, nth(targets, LIMIT).id);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: MESSAGE });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await reviewsBy(user)).toBe(LIMIT);

    const changed = await review(user, nth(targets, 0).id, 1);
    expect(changed.status).toBe(200);
    expect(changed.body.results.data.valoration).toMatchObject({ stars: 1 });
  });

  it('counts the reviews written today only, and starts afresh the next UTC day', async () => {
    const user = await registerUser(t);
    const targets = await products(2 * LIMIT + 1);
    for (const product of targets.slice(0, LIMIT)) await review(user, product.id);
    await t.app.db.updateTable('valorations').set({ created_at: new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString() }).where('user_id', '=', user.id).execute();
    for (const product of targets.slice(LIMIT, 2 * LIMIT)) expect((await review(user, product.id)).status).toBe(201);
    expect((await review(user, nth(targets, 2 * LIMIT).id)).status).toBe(429);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000);
    expect((await review(user, nth(targets, 2 * LIMIT).id)).status).toBe(201);
  });

  it('holds when the reviews arrive all at once, and each user has a limit of their own', async () => {
    const [one, two] = [await registerUser(t), await registerUser(t)];
    const targets = await products(LIMIT * 3);
    const answers = await Promise.all([one, two].flatMap((user) => targets.map((product) => review(user, product.id))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2 * LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(2 * (targets.length - LIMIT));
    expect([await reviewsBy(one), await reviewsBy(two)]).toEqual([LIMIT, LIMIT]);
  });

  it('applies to unverified accounts as to any other (their reviews are shown, they earn no points)', async () => {
    const user = await registerUnverifiedUser(t);
    const targets = await products(LIMIT + 1);
    for (const product of targets.slice(0, LIMIT)) expect((await review(user, product.id)).status).toBe(201);
    expect((await review(user, nth(targets, LIMIT).id)).status).toBe(429);
    const page = await t.request('GET', `/products/slug/${nth(targets, 0).slug}`);
    expect(page.body.results.data.valorations.data).toHaveLength(1);
  });

  it('documents the 429 and the limit', () => {
    const operation = readDocument(t.app.swagger()).paths['/products/{id}/valorations']?.post as (Operation & { description?: string }) | undefined;
    expect(operation?.responses).toHaveProperty('429');
    expect(operation?.description).toContain('DAILY_REVIEW_LIMIT');
  });
});
