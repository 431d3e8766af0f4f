import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS_PER_PRODUCT, POINTS_PER_PROFILE_VISIT, POINTS_PER_VALORATION } from '@linkhunt/contracts/limits';
import { insertTaxonomy, productForm, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestResponse } from '../../test/test-app.js';
import { createAdmin } from '../admin/create-admin.js';

/**
 * Points are never stored: they are counted from the rows (spec section 3: (products + reviews received)
 * * 20, plus the shared-profile visits). So a deleted product takes its own points and those of its reviews
 * with it, a replaced review adds nothing, and a hidden product still counts, as it still exists. After a
 * scripted mix of concurrent actions, every place the API shows points must agree with a plain SQL count.
 */
let t: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;
let carol: RegisteredUser;
let reviewers: RegisteredUser[];
let admin: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  alice = await registerUser(t);
  bob = await registerUser(t);
  carol = await registerUser(t);
  reviewers = [await registerUser(t), await registerUser(t), await registerUser(t)];
  admin = await registerUser(t);
  await createAdmin(t.app.db, { email: admin.email });
});
afterAll(() => t.close());

interface LedgerRow {
  id: number;
  username: string;
  products: number;
  reviews: number;
  visits: number;
}

/** The ledger, counted straight from the tables without any of the app's queries. */
async function ledger(): Promise<Map<number, LedgerRow & { points: number }>> {
  const { rows } = await sql<LedgerRow>`
    select u.id, u.username,
      (select cast(count(*) as integer) from products p where p.user_id = u.id) as products,
      (select cast(count(*) as integer) from valorations v join products p on p.id = v.product_id where p.user_id = u.id) as reviews,
      (select cast(count(*) as integer) from profile_visits pv where pv.user_id = u.id) as visits
    from users u`.execute(t.app.db);
  return new Map(
    rows.map((r) => [
      r.id,
      { ...r, points: r.products * POINTS_PER_PRODUCT + r.reviews * POINTS_PER_VALORATION + r.visits * POINTS_PER_PROFILE_VISIT },
    ]),
  );
}

const upload = async (user: RegisteredUser, title: string) =>
  t.request('POST', '/products', { token: user.token, form: await productForm({ title }) });
const review = (user: RegisteredUser, productId: number, stars: number) =>
  t.request('POST', `/products/${productId}/valorations`, { token: user.token, json: { stars, review: `${stars} stars` } });
const visit = (owner: RegisteredUser, agent: string, token?: string) =>
  t.request('POST', `/users/${owner.username}/visit`, { headers: { 'user-agent': agent }, token });
const times = <T>(n: number, make: (i: number) => Promise<T>) => Array.from({ length: n }, (_, i) => make(i));

const idOf = (res: TestResponse): number => {
  expect(res.status).toBe(201);
  return res.body.results.data.id;
};

describe('points shown equal the ledger', () => {
  it('after concurrent uploads, reviews, replaced reviews, visits, deletions and a hidden product', async () => {
    // Round 1: uploads and visits at once.
    const round1 = await Promise.all([
      Promise.all(times(4, (i) => upload(alice, `Alice Sneaker ${i}`))),
      Promise.all(times(3, (i) => upload(bob, `Bob Jacket ${i}`))),
      Promise.all(times(1, () => upload(carol, 'Carol Bag'))),
      // Three browsers open Alice's link ten times each; Alice opens it herself; a signed-in reviewer opens Carol's five times.
      Promise.all(times(30, (i) => visit(alice, `Browser/${i % 3}`))),
      Promise.all(times(10, () => visit(alice, 'AliceOwnPhone', alice.token))),
      Promise.all(times(10, (i) => visit(bob, `Browser/${i % 2}`))),
      Promise.all(times(5, () => visit(carol, 'ReviewerPhone', reviewers[0]?.token))),
    ]);
    const [aliceUploads, bobUploads, carolUploads, ...visitRounds] = round1;
    const aliceIds = aliceUploads.map(idOf);
    const bobIds = bobUploads.map(idOf);
    const [carolFirst] = carolUploads.map(idOf);
    for (const answer of visitRounds.flat()) expect(answer.status).toBe(200);
    const [aliceGone, ...aliceKept] = aliceIds as [number, ...number[]];
    const bobGone = bobIds[2] as number;
    const bobKept = bobIds.slice(0, 2);

    // Round 2: every reviewer reviews each of Alice's products twice at once (the second replaces the first),
    // two review Bob's, while Alice and Bob each delete one of theirs, an admin hides Carol's, Carol uploads
    // two more, and refused actions (a review of one's own product, a broken upload) try to slip points in.
    const [reviews, deletions, hidden, carolMore, refused] = await Promise.all([
      Promise.all(
        reviewers.flatMap((r, ri) => [
          ...aliceIds.flatMap((id) => [review(r, id, 5), review(r, id, ri + 1)]),
          ...(ri < 2 ? bobIds.map((id) => review(r, id, 4)) : []),
        ]),
      ),
      Promise.all([
        t.request('DELETE', `/products/${aliceGone}`, { token: alice.token }),
        t.request('DELETE', `/products/${bobGone}`, { token: bob.token }),
      ]),
      t.request('POST', `/admin/products/${carolFirst}/hide`, { token: admin.token }),
      Promise.all(times(2, (i) => upload(carol, `Carol Scarf ${i}`))),
      Promise.all([
        review(alice, aliceKept[0] as number, 5),
        t.request('POST', '/products', { token: bob.token, form: await productForm({ link_hacoo: 'javascript:alert(1)' }) }),
        review(reviewers[0] as RegisteredUser, 999_999, 5),
      ]),
      Promise.all(times(20, (i) => visit(bob, `LateBrowser/${i % 4}`))),
    ]);

    // A review racing its product's deletion either landed first (and went with the product) or found it gone.
    for (const answer of reviews) expect([200, 201, 404]).toContain(answer.status);
    expect(deletions.map((d) => d.status)).toEqual([200, 200]);
    expect(hidden.status).toBe(200);
    for (const answer of carolMore) expect(answer.status).toBe(201);
    expect(refused.map((r) => r.status)).toEqual([403, 422, 404]);

    const rows = await ledger();
    // The ledger itself, from the script: a deleted product's points and its reviews' points are gone.
    expect(rows.get(alice.id)).toMatchObject({ products: 3, reviews: aliceKept.length * reviewers.length, visits: 3 });
    expect(rows.get(bob.id)).toMatchObject({ products: 2, reviews: bobKept.length * 2, visits: 2 + 4 });
    expect(rows.get(carol.id)).toMatchObject({ products: 3, reviews: 0, visits: 1 });
    for (const user of [...reviewers, admin]) expect(rows.get(user.id)).toMatchObject({ products: 0, reviews: 0, visits: 0, points: 0 });
    expect(rows.get(alice.id)?.points).toBe(3 * POINTS_PER_PRODUCT + 9 * POINTS_PER_VALORATION + 3 * POINTS_PER_PROFILE_VISIT);

    const everyone = [alice, bob, carol, ...reviewers, admin];
    const top = await t.request('GET', '/users/top');
    expect(top.status).toBe(200);
    const topPoints = new Map((top.body.results.data as { id: number; points: number }[]).map((u) => [u.id, u.points]));
    for (const user of everyone) {
      const expected = rows.get(user.id);
      const profile = await t.request('GET', `/users/username/${user.username}`);
      const own = await t.request('GET', '/auth/check', { token: user.token });
      expect(profile.body.results.data).toMatchObject({ points: expected?.points, num_products: expected?.products, num_valorations: expected?.reviews });
      expect(own.body.user.data).toMatchObject({ points: expected?.points, num_products: expected?.products, num_valorations: expected?.reviews });
      expect(topPoints.get(user.id)).toBe(expected?.points);
    }
    // The top list is ordered by those same points.
    const listed = [...topPoints.values()];
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
  });
});
