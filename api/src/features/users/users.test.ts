import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS_PER_PRODUCT, POINTS_PER_PROFILE_VISIT, POINTS_PER_VALORATION, TOP_USERS_LIMIT } from '@linkhunt/contracts/limits';
import { nowIso } from '../../db/sql-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { fromSite, TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { insertProduct } from '../products/product-write-repository.js';

let t: TestApp;
let slugCounter = 0;

beforeAll(async () => {
  // Behind a trusted proxy, so that X-Forwarded-For gives visitors addresses of their own.
  t = await createTestApp({ trustProxy: TRUSTED_LOOPBACK });
});
afterAll(async () => {
  await t.close();
  await forgetLimitKeys();
});

/** Products are set up through the one product writer; their routes are another feature's and tested there. */
async function addProduct(userId: number, hidden = false, on: TestApp = t): Promise<number> {
  slugCounter += 1;
  const brand = await on.app.db.selectFrom('brands').select('id').where('slug', '=', 'various').executeTakeFirst();
  const brandId = brand?.id ?? (await on.app.db.insertInto('brands').values({ slug: 'various', name: 'Various', image: null, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow()).id;
  const id = await insertProduct(on.app.db, on.app.dialect, {
    slug: `product-${slugCounter}`, title: `Product ${slugCounter}`, brandId, description: 'A product.', linkHacoo: 'https://hacoo.com/p',
    linkDhgate: null, linkCnfans: null, image: 'images/p.webp', thumbnail: 'images/p-t.webp', categoryIds: [], colors: [], userId,
  });
  if (hidden) await on.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', id).execute();
  return id;
}

async function addReview(productId: number, userId: number, on: TestApp = t): Promise<void> {
  await on.app.db.insertInto('valorations').values({ product_id: productId, user_id: userId, stars: 4, review: 'Good', created_at: nowIso(), updated_at: nowIso() }).execute();
}

const visit = (username: string, headers: Record<string, string> = {}, token?: string) =>
  t.request('POST', `/users/${encodeURIComponent(username)}/visit`, { headers: fromSite(headers), token });

describe('GET /users/username/:username', () => {
  let owner: RegisteredUser;
  let reviewer: RegisteredUser;
  let visible: number[];
  let hidden: number;

  beforeAll(async () => {
    owner = await registerUser(t, 'ProfileOwner');
    reviewer = await registerUser(t, 'ProfileReviewer');
    visible = [await addProduct(owner.id), await addProduct(owner.id)];
    hidden = await addProduct(owner.id, true);
    visible.push(await addProduct(owner.id));
    await addReview(visible[0] as number, reviewer.id);
  });

  it('answers the public profile, by username in any case, with points and never an email', async () => {
    const res = await t.request('GET', '/users/username/profileowner');
    expect(res.status).toBe(200);
    // The hidden product earns nothing: three products count.
    expect(res.body.results.data).toMatchObject({ id: owner.id, username: 'ProfileOwner', name: 'ProfileOwner', num_products: 3, num_valorations: 1 });
    expect(res.body.results.data.points).toBe(3 * POINTS_PER_PRODUCT + POINTS_PER_VALORATION);
    expect(res.body.results.data).not.toHaveProperty('email');
    expect(res.body.results.data).not.toHaveProperty('role');
    expect(res.body.results.data).not.toHaveProperty('products');
    expect(res.body.results).not.toHaveProperty('meta');
    expect(JSON.stringify(res.body)).not.toContain('@example.com');

    // Even the owner, signed in, gets the public shape here: the email comes only from /auth/check.
    const asOwner = await t.request('GET', '/users/username/ProfileOwner', { token: owner.token });
    expect(asOwner.body.results.data).not.toHaveProperty('email');
  });

  it('includes a page of visible products, newest first, with its pagination', async () => {
    const res = await t.request('GET', '/users/username/ProfileOwner?include=products');
    expect(res.status).toBe(200);
    const ids = res.body.results.data.products.data.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...visible].reverse());
    expect(ids).not.toContain(hidden);
    expect(res.body.results.meta.pagination).toEqual({ total: 3, count: 3, per_page: 20, current_page: 1, total_pages: 1 });

    const page2 = await t.request('GET', '/users/username/ProfileOwner?include=products&per_page=2&page=2');
    expect(page2.body.results.data.products.data.map((p: { id: number }) => p.id)).toEqual([visible[0]]);
    expect(page2.body.results.meta.pagination).toEqual({ total: 3, count: 1, per_page: 2, current_page: 2, total_pages: 2 });
    expect(page2.body.results.data.products.data[0]).not.toHaveProperty('link_hacoo');
  });

  it('refuses a per_page above 50 or a page below 1 with 422', async () => {
    expect((await t.request('GET', '/users/username/ProfileOwner?include=products&per_page=51')).status).toBe(422);
    expect((await t.request('GET', '/users/username/ProfileOwner?include=products&page=0')).status).toBe(422);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await t.request('GET', '/users/username/nobody-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'User not found' });
    expect((await t.request('GET', `/users/username/${'x'.repeat(61)}`)).status).toBeLessThan(500);
  });
});

describe('POST /users/:username/visit', () => {
  it('counts one visit per visitor per day, adds points, and never counts the owner', async () => {
    const owner = await registerUser(t, 'SharedProfile');
    const ua = { 'user-agent': 'VisitTest/1.0' };

    const first = await visit('sharedprofile', ua);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ counted: true });
    expect((await visit('SharedProfile', ua)).body).toEqual({ counted: false });

    // Another browser on the same address is the same visitor; another address is another one.
    expect((await visit('SharedProfile', { 'user-agent': 'OtherBrowser/2.0' })).body).toEqual({ counted: false });
    expect((await visit('SharedProfile', { 'x-forwarded-for': '203.0.113.20', ...ua })).body).toEqual({ counted: true });

    // A signed-in visitor counts once as themself, whatever browser they use.
    const friend = await registerUser(t, 'Friend');
    expect((await visit('SharedProfile', ua, friend.token)).body).toEqual({ counted: true });
    expect((await visit('SharedProfile', { 'user-agent': 'Phone/3' }, friend.token)).body).toEqual({ counted: false });

    expect((await visit('SharedProfile', ua, owner.token)).body).toEqual({ counted: false });
    expect((await visit('SharedProfile', { 'user-agent': 'OwnerPhone' }, owner.token)).body).toEqual({ counted: false });

    const rows = await t.app.db.selectFrom('profile_visits').selectAll().where('user_id', '=', owner.id).execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.day).toBe(new Date().toISOString().slice(0, 10));
      expect(row.visitor).not.toContain('127.0.0.1');
    }

    const profile = await t.request('GET', '/users/username/SharedProfile');
    expect(profile.body.results.data.points).toBe(3 * POINTS_PER_PROFILE_VISIT);
    const own = await t.request('GET', '/auth/check', { token: owner.token });
    expect(own.body.user.data.points).toBe(3 * POINTS_PER_PROFILE_VISIT);
  });

  it('counts the same visitor again on another day', async () => {
    const owner = await registerUser(t, 'NextDay');
    const ua = { 'user-agent': 'DayTest/1.0' };
    expect((await visit('NextDay', ua)).body.counted).toBe(true);
    await t.app.db.updateTable('profile_visits').set({ day: '2000-01-01' }).where('user_id', '=', owner.id).execute();
    expect((await visit('NextDay', ua)).body.counted).toBe(true);
    expect((await visit('NextDay', ua)).body.counted).toBe(false);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await visit('ghost-user');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'User not found' });
  });

  it.each(limitStores)('is rate limited, counted in $name', async (store) => {
    const generous = { max: 100, timeWindow: 60_000 };
    const limited = await createTestApp({ ...store.config(), rateLimits: { login: generous, register: generous, report: generous, contact: generous, download: generous, visit: { max: 2, timeWindow: 60_000 } } });
    try {
      await registerUser(limited, 'Popular');
      expect((await limited.request('POST', '/users/Popular/visit', { headers: fromSite() })).status).toBe(200);
      expect((await limited.request('POST', '/users/Popular/visit', { headers: fromSite() })).status).toBe(200);
      const blocked = await limited.request('POST', '/users/Popular/visit', { headers: fromSite() });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /users/top', () => {
  it(`ranks at most ${TOP_USERS_LIMIT} users by points, each with up to 4 newest visible products when asked`, async () => {
    // A database of its own: the ranking must not depend on the users the other tests created.
    const own = await createTestApp();
    try {
      const users: RegisteredUser[] = [];
      for (let i = 0; i < TOP_USERS_LIMIT + 2; i++) users.push(await registerUser(own, `ranked${i}`));
      const [star, second, third] = users as [RegisteredUser, RegisteredUser, RegisteredUser];
      const starProducts: number[] = [];
      for (let i = 0; i < 6; i++) starProducts.push(await addProduct(star.id, i === 5, own));
      await addProduct(second.id, false, own);
      await addProduct(second.id, false, own);
      await addReview(starProducts[0] as number, second.id, own);
      await addProduct(third.id, false, own);

      const plain = await own.request('GET', '/users/top');
      expect(plain.status).toBe(200);
      const list = plain.body.results.data as { id: number; points: number; products?: unknown; email?: string }[];
      expect(list).toHaveLength(TOP_USERS_LIMIT);
      expect(list.slice(0, 3).map((u) => u.id)).toEqual([star.id, second.id, third.id]);
      // The hidden sixth product earns nothing.
      expect(list[0]?.points).toBe(5 * POINTS_PER_PRODUCT + POINTS_PER_VALORATION);
      for (const u of list) {
        expect(u).not.toHaveProperty('email');
        expect(u).not.toHaveProperty('products');
      }
      const points = list.map((u) => u.points);
      expect(points).toEqual([...points].sort((a, b) => b - a));

      const withProducts = await own.request('GET', '/users/top?include=products');
      const ranked = withProducts.body.results.data as { id: number; products: { data: { id: number; hidden: number }[] } }[];
      // The hidden newest one is skipped: the four newest visible ones, newest first.
      expect(ranked[0]?.products.data.map((p) => p.id)).toEqual(starProducts.slice(1, 5).reverse());
      expect(ranked[1]?.products.data).toHaveLength(2);
      expect(ranked[3]?.products.data).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('answers an empty list when there are no users', async () => {
    const empty = await createTestApp();
    try {
      const res = await empty.request('GET', '/users/top?include=products');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ results: { data: [] } });
    } finally {
      await empty.close();
    }
  });
});
