import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, productForm, type RegisteredUser, registerUser, uploadProduct } from '../test/fixtures.js';
import { forgetLimitKeys, limitStores } from '../test/limit-stores.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Finding 9: one write dropped every cached answer, and a signed-in client could toggle a favourite ~390 times a second. */
let t: TestApp;
let owner: RegisteredUser;
let fan: RegisteredUser;
let reviewer: RegisteredUser;
let a: { id: number; slug: string };
let b: { id: number; slug: string };
beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  owner = await registerUser(t);
  fan = await registerUser(t);
  reviewer = await registerUser(t);
  a = await uploadProduct(t, owner.token, { title: 'Cached jacket' });
  b = await uploadProduct(t, owner.token, { title: 'Cached trainers' });
});
afterAll(async () => t.close());
afterAll(forgetLimitKeys);

const READS = () => ({
  productA: `/products/slug/${a.slug}`,
  productB: `/products/slug/${b.slug}`,
  recents: '/products/recents',
  ownerProfile: `/users/username/${owner.username}?include=products`,
  fanProfile: `/users/username/${fan.username}`,
});
type Read = keyof ReturnType<typeof READS>;

/** Reads every answer twice (the second from the cache), then does `write`, then says which answers were still cached. */
async function cachedAfter(write: () => Promise<unknown>): Promise<Record<Read, boolean>> {
  const reads = READS();
  for (const path of Object.values(reads)) {
    await t.request('GET', path);
    expect((await t.request('GET', path)).headers.get('x-cache'), path).toBe('hit');
  }
  await write();
  const still = {} as Record<Read, boolean>;
  for (const [name, path] of Object.entries(reads) as [Read, string][]) still[name] = (await t.request('GET', path)).headers.get('x-cache') === 'hit';
  return still;
}

describe('targeted read-cache invalidation', () => {
  it('a favourite toggle drops no cached answer: favourites show in none', async () => {
    const still = await cachedAfter(async () => {
      expect((await t.request('POST', `/products/${a.id}/favourite`, { token: fan.token })).status).toBe(200);
      expect((await t.request('DELETE', `/products/${a.id}/favourite`, { token: fan.token })).status).toBe(200);
    });
    expect(still).toEqual({ productA: true, productB: true, recents: true, ownerProfile: true, fanProfile: true });
  });

  it("a review drops its product's answers, its owner's and listings, and leaves other products' pages cached", async () => {
    const still = await cachedAfter(async () => {
      expect((await t.request('POST', `/products/${a.id}/valorations`, { token: reviewer.token, json: { stars: 4, review: 'Warm' } })).status).toBe(201);
    });
    expect(still).toEqual({ productA: false, productB: true, recents: false, ownerProfile: false, fanProfile: true });
    const page = await t.request('GET', READS().productA);
    expect(page.body.results.data.valorations.data.map((v: { review: string }) => v.review)).toEqual(['Warm']);
  });

  it("an edit of a product drops that product's answers and listings, not another product's page", async () => {
    const form = await productForm({ title: 'Cached jacket, edited' }, { id: String(a.id) });
    const still = await cachedAfter(async () => {
      const res = await t.request('POST', '/products/update', { token: owner.token, form });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(still).toMatchObject({ productA: false, productB: true, recents: false, ownerProfile: false });
    expect((await t.request('GET', READS().productA)).body.results.data.title).toBe('Cached jacket, edited');
  });

  it('a sign-in drops nothing; a write no route scoped (a profile change) still empties the cache', async () => {
    const signIn = await cachedAfter(() => t.request('POST', '/auth/login', { json: { email: fan.email, password: fan.password } }));
    expect(Object.values(signIn).every(Boolean)).toBe(true);
    const renamed = new FormData();
    renamed.set('name', 'Fan renamed');
    const profile = await cachedAfter(async () => expect((await t.request('POST', '/auth/update', { token: fan.token, form: renamed })).status).toBe(200));
    expect(Object.values(profile).some(Boolean)).toBe(false);
  });

  it('app.readCache.invalidate({ product }) drops that product\'s answers alone (for writes outside a request: a moderator\'s hide, the link checker)', async () => {
    const still = await cachedAfter(async () => t.app.readCache.invalidate({ product: b.id }));
    expect(still).toEqual({ productA: true, productB: false, recents: true, ownerProfile: true, fanProfile: true });
  });
});

describe.each(limitStores)('favourite toggles, counted in $name', (store) => {
  it('are limited per account: past the limit 429 with Retry-After and a translated message; another account is not affected', async () => {
    const limited = await createTestApp({ ...store.config(), favouriteToggles: { max: 3, timeWindow: 60_000 } });
    try {
      await insertTaxonomy(limited);
      const flooder = await registerUser(limited);
      const other = await registerUser(limited);
      const product = await uploadProduct(limited, other.token);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.request(i % 2 ? 'DELETE' : 'POST', `/products/${product.id}/favourite`, { token: flooder.token })).status);
      expect(statuses).toEqual([200, 200, 200]);
      const refused = await limited.request('POST', `/products/${product.id}/favourite`, { token: flooder.token, headers: { 'accept-language': 'de' } });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Zu viele Anfragen, bitte versuche es in \d+ Sekunden? erneut\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await limited.request('POST', `/products/${product.id}/favourite`, { token: other.token })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
