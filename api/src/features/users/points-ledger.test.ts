import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS_PER_PRODUCT, POINTS_PER_PROFILE_VISIT, POINTS_PER_VALORATION } from '@linkhunt/contracts/limits';
import { insertTaxonomy, productForm, registerUnverifiedUser, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { fromSite, TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { createTestApp, type TestApp, type TestResponse } from '../../test/test-app.js';

/**
 * Points are never stored: they are counted from the rows (spec section 3: (products + reviews received)
 * * 20, plus the shared-profile visits). Only what is visible earns: a hidden product earns nothing, nor do its
 * reviews, and a review earns only when its writer's e-mail address is verified. So a deleted or hidden product
 * takes its own points and those of its reviews with it, and a replaced review adds nothing. After a scripted
 * mix of concurrent actions, every place the API shows points must agree with a plain SQL count.
 */
let t: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;
let carol: RegisteredUser;
let reviewers: RegisteredUser[];
/** Reviews like the others, from an account that never verified its address. */
let throwaway: RegisteredUser;

beforeAll(async () => {
  // Behind a trusted proxy, so that visitors are told apart by their addresses (X-Forwarded-For).
  t = await createTestApp({ trustProxy: TRUSTED_LOOPBACK });
  await insertTaxonomy(t);
  alice = await registerUser(t);
  bob = await registerUser(t);
  carol = await registerUser(t);
  reviewers = [await registerUser(t), await registerUser(t), await registerUser(t)];
  throwaway = await registerUnverifiedUser(t);
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
      (select cast(count(*) as integer) from products p where p.user_id = u.id and p.hidden = 0) as products,
      (select cast(count(*) as integer) from valorations v join products p on p.id = v.product_id join users r on r.id = v.user_id
        where p.user_id = u.id and p.hidden = 0 and r.email_verified_at is not null) as reviews,
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
let browsers = 0;
/** A visit from the site by the visitor at `address`, each in a browser of its own (which makes no other visitor). */
const visit = (owner: RegisteredUser, address: string, token?: string) =>
  t.request('POST', `/users/${owner.username}/visit`, { headers: fromSite({ 'x-forwarded-for': address, 'user-agent': `Browser/${++browsers}` }), token });
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
      // Three visitors open Alice's link ten times each; Alice opens it herself; a signed-in reviewer opens Carol's five times.
      Promise.all(times(30, (i) => visit(alice, `203.0.113.${i % 3}`))),
      Promise.all(times(10, () => visit(alice, '198.51.100.1', alice.token))),
      Promise.all(times(10, (i) => visit(bob, `203.0.113.${i % 2}`))),
      Promise.all(times(5, () => visit(carol, '198.51.100.2', reviewers[0]?.token))),
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
    // two review Bob's, an unverified account reviews them all, while Alice and Bob each delete one of theirs,
    // a moderator hides Carol's (reviewed first), Carol uploads two more, and refused actions (a review of one's
    // own product, a broken upload) try to slip points in.
    expect((await review(reviewers[2] as RegisteredUser, carolFirst as number, 5)).status).toBe(201);
    const [reviews, deletions, hidden, carolMore, refused] = await Promise.all([
      Promise.all(
        [...reviewers, throwaway].flatMap((r, ri) => [
          ...aliceIds.flatMap((id) => [review(r, id, 5), review(r, id, ri + 1)]),
          ...(ri < 2 || r === throwaway ? bobIds.map((id) => review(r, id, 4)) : []),
        ]),
      ),
      Promise.all([
        t.request('DELETE', `/products/${aliceGone}`, { token: alice.token }),
        t.request('DELETE', `/products/${bobGone}`, { token: bob.token }),
      ]),
      // As a moderator's hide leaves it (the moderation console's routes are tested with it).
      t.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', carolFirst as number).executeTakeFirst(),
      Promise.all(times(2, (i) => upload(carol, `Carol Scarf ${i}`))),
      Promise.all([
        review(alice, aliceKept[0] as number, 5),
        t.request('POST', '/products', { token: bob.token, form: await productForm({ link_hacoo: 'javascript:alert(1)' }) }),
        review(reviewers[0] as RegisteredUser, 999_999, 5),
      ]),
      Promise.all(times(20, (i) => visit(bob, `192.0.2.${i % 4}`))),
    ]);

    // A review racing its product's deletion either landed first (and went with the product) or found it gone.
    for (const answer of reviews) expect([200, 201, 404]).toContain(answer.status);
    expect(deletions.map((d) => d.status)).toEqual([200, 200]);
    expect(Number(hidden.numUpdatedRows)).toBe(1);
    for (const answer of carolMore) expect(answer.status).toBe(201);
    expect(refused.map((r) => r.status)).toEqual([403, 422, 404]);

    const rows = await ledger();
    // The ledger itself, from the script: a deleted product's points and its reviews' points are gone.
    expect(rows.get(alice.id)).toMatchObject({ products: 3, reviews: aliceKept.length * reviewers.length, visits: 3 });
    expect(rows.get(bob.id)).toMatchObject({ products: 2, reviews: bobKept.length * 2, visits: 2 + 4 });
    // Carol's hidden product earns nothing, nor its review.
    expect(rows.get(carol.id)).toMatchObject({ products: 2, reviews: 0, visits: 1 });
    for (const user of [...reviewers, throwaway]) expect(rows.get(user.id)).toMatchObject({ products: 0, reviews: 0, visits: 0, points: 0 });
    expect(rows.get(alice.id)?.points).toBe(3 * POINTS_PER_PRODUCT + 9 * POINTS_PER_VALORATION + 3 * POINTS_PER_PROFILE_VISIT);

    const everyone = [alice, bob, carol, ...reviewers, throwaway];
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
