import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox.js';
import { linkTo, tokenOf } from '../auth/mail-test-helpers.js';
import { markVerified } from '../auth/verification.js';

/**
 * Issue 25, finding 3: throwaway accounts (never verified) must not move a product's rating, and "best
 * rated" must not put one lucky 5-star review above many good ones.
 */
let mailbox: TestMailbox;
let t: TestApp;
let owner: RegisteredUser;
beforeAll(async () => {
  mailbox = await startTestMailbox();
  t = await createTestApp({ mailUrl: mailbox.url, siteUrl: 'https://linkhunt.test' });
  await insertTaxonomy(t);
  owner = await registerUser(t);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

let serial = 0;
/** An account on a made-up domain that never follows its verification link, as the attacker's were. */
async function throwaway(): Promise<{ id: number; email: string; token: string }> {
  serial += 1;
  const username = `throwaway${serial}_${Date.now() % 100000}`;
  const email = `${username}@made-up-domain.invalid`;
  const res = await t.request('POST', '/auth/register', { json: { username, email, password: 'correct horse battery' } });
  expect(res.status).toBe(201);
  return { id: res.body.user.data.id as number, email, token: res.body.token.accessToken as string };
}

const rate = (id: number, token: string, stars: number) => t.request('POST', `/products/${id}/valorations`, { token, json: { stars, review: 'Rated in a test' } });
const page = async (slug: string) => (await t.request('GET', `/products/slug/${slug}`)).body.results.data;
const listed = async (query: string) => ((await t.request('GET', `/products?${query}`)).body.results.data as { id: number; rating: unknown }[]);

describe('reviews by unverified accounts', () => {
  it('do not move a 5.0 product (its rating, sort=rating, min_rating) until their authors verify their address', async () => {
    const target = await uploadProduct(t, owner.token, { title: 'Bombed Sneaker', categories: ['accesorios'] });
    const rival = await uploadProduct(t, owner.token, { title: 'Rival Sneaker', categories: ['accesorios'] });
    const fan = await registerUser(t);
    expect((await rate(target.id, fan.token, 5)).status).toBe(201);
    expect((await rate(rival.id, fan.token, 4)).status).toBe(201);

    const attackers = [await throwaway(), await throwaway(), await throwaway()];
    for (const attacker of attackers) {
      const res = await rate(target.id, attacker.token, 1);
      expect(res.status).toBe(201);
      // The author is told what the product's rating is: theirs is not in it yet.
      expect(res.body.results.data.valoration).toMatchObject({ stars: 1, counted: false });
      expect(res.body.results.data.rating).toEqual({ average: 5, count: 1 });
    }

    const shown = await page(target.slug);
    expect(shown.rating).toEqual({ average: 5, count: 1 });
    // Shown to everyone (the author sees theirs), marked as not counted.
    expect(shown.valorations.data).toHaveLength(4);
    expect(shown.valorations.data.filter((v: { counted: boolean }) => !v.counted).map((v: { user: { id: number } }) => v.user.id).sort())
      .toEqual(attackers.map((a) => a.id).sort());
    const order = (await listed('category=accesorios&sort=rating')).map((p) => p.id);
    expect(order.indexOf(target.id)).toBeLessThan(order.indexOf(rival.id));
    expect((await listed('category=accesorios&min_rating=5')).map((p) => p.id)).toContain(target.id);

    // Each follows the mailed link: from then on their reviews count, in the page and in the listing.
    for (const attacker of attackers) {
      const mail = await mailbox.waitFor(attacker.email, /Confirma tu dirección de correo/);
      expect((await t.request('POST', '/auth/verify', { json: { token: tokenOf(linkTo(mail, 'verify-email')) } })).status).toBe(200);
    }
    const counted = await page(target.slug);
    expect(counted.rating).toEqual({ average: 2, count: 4 });
    expect(counted.valorations.data.every((v: { counted: boolean }) => v.counted)).toBe(true);
    const after = (await listed('category=accesorios&sort=rating')).map((p) => p.id);
    expect(after.indexOf(rival.id)).toBeLessThan(after.indexOf(target.id));
    expect((await listed('category=accesorios&min_rating=5')).map((p) => p.id)).not.toContain(target.id);
  });

  it('count once an operator vouches for the account (markVerified), not only through the link', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Vouched Cap', categories: ['sneakers'] });
    const reviewer = await throwaway();
    await rate(product.id, reviewer.token, 3);
    expect((await page(product.slug)).rating).toEqual({ average: 0, count: 0 });
    expect((await listed('category=sneakers&min_rating=1')).map((p) => p.id)).not.toContain(product.id);
    await markVerified(t.app.db, reviewer.id);
    // A direct database write: the read cache (emptied by HTTP writes) has not seen it, the listing index has.
    expect((await listed('category=sneakers&min_rating=1&fresh=1')).map((p) => p.id)).toContain(product.id);
  });
});

describe('best rated (sort=rating)', () => {
  it('ranks a product with eight reviews averaging 4.88 above one with a single 5-star review', async () => {
    const single = await uploadProduct(t, owner.token, { title: 'One Lucky Review', categories: ['pantalones-y-vaqueros'] });
    const proven = await uploadProduct(t, owner.token, { title: 'Eight Good Reviews', categories: ['pantalones-y-vaqueros'] });
    const reviewers = await Promise.all(Array.from({ length: 8 }, () => registerUser(t)));
    await rate(single.id, (reviewers[0] as RegisteredUser).token, 5);
    for (const [i, reviewer] of reviewers.entries()) await rate(proven.id, reviewer.token, i === 0 ? 4 : 5);

    const byRating = await listed('category=pantalones-y-vaqueros&sort=rating');
    expect(byRating.map((p) => p.id)).toEqual([proven.id, single.id]);
    // The rating shown stays the plain average of the counted reviews.
    expect(byRating.map((p) => p.rating)).toEqual([{ average: 4.88, count: 8 }, { average: 5, count: 1 }]);
  });
});
