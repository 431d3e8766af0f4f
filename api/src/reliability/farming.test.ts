import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@linkhunt/contracts/idempotency';
import { POINTS_PER_PRODUCT, POINTS_PER_PROFILE_VISIT, POINTS_PER_VALORATION } from '@linkhunt/contracts/limits';
import { loadConfig } from '../config.js';
import { countAll } from '../db/sql-helpers.js';
import { markVerified } from '../features/auth/verification.js';
import {
  hacooLinkForKey, insertCatalogueProduct, insertTaxonomy, productForm, registerUnverifiedUser, registerUser, type RegisteredUser, uploadProduct,
} from '../test/fixtures.js';
import { fromSite, fromSiteAt, TRUSTED_LOOPBACK } from '../test/site-origin.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The farming found by probing the running site from outside (issue "Trust"), each as the attacker did it,
 * against an app with the production limits. Before the fix every one of these counted: 30 User-Agents gave
 * 30 visits (+150 points), a foreign page's POST counted, an <img> of the store links counted a download,
 * 5 uploads in 0.13 s gave +100 points, throwaway accounts' reviews gave +20 each, and hidden products kept
 * earning.
 */
const defaults = loadConfig({});
let t: TestApp;
let owner: RegisteredUser;

beforeAll(async () => {
  // The production limits (createTestApp's are generous), behind a trusted proxy so that visitors have addresses.
  t = await createTestApp({
    trustProxy: TRUSTED_LOOPBACK,
    dailyUploadLimit: defaults.dailyUploadLimit,
    dailyReviewLimit: defaults.dailyReviewLimit,
    unverifiedUploadLimit: defaults.unverifiedUploadLimit,
    visitPointsDailyCap: defaults.visitPointsDailyCap,
  });
  await insertTaxonomy(t);
  owner = await registerUser(t);
});
afterAll(() => t.close());

/** From the user's own record, which is never cached: rows changed straight in the database show at once. */
const pointsOf = async (user: RegisteredUser): Promise<number> => (await t.request('GET', '/auth/check', { token: user.token })).body.user.data.points;
const rowsOf = async (table: 'profile_visits' | 'downloads' | 'reports', column: 'user_id' | 'product_id', id: number) =>
  (await t.app.db.selectFrom(table).select(countAll().as('n')).where(column, '=', id).executeTakeFirstOrThrow()).n;
const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe('profile visits', () => {
  it('30 User-Agents from one address give one visit', async () => {
    const target = await registerUser(t);
    const before = await pointsOf(target);
    const answers = await times(30, (i) => t.request('POST', `/users/${target.username}/visit`, { headers: fromSiteAt('203.0.113.50', { 'user-agent': `Farm/${i}` }) }));
    expect(answers.filter((a) => a.body.counted === true)).toHaveLength(1);
    expect(await rowsOf('profile_visits', 'user_id', target.id)).toBe(1);
    expect(await pointsOf(target)).toBe(before + POINTS_PER_PROFILE_VISIT);
  });

  it('a blind cross-site POST (a foreign Origin, or none) gets 403 and counts nothing', async () => {
    const target = await registerUser(t);
    for (const headers of [{ origin: 'https://attacker.example' }, {}] as Record<string, string>[]) {
      const res = await t.request('POST', `/users/${target.username}/visit`, { headers: { 'x-forwarded-for': '203.0.113.51', ...headers } });
      expect(res.status).toBe(403);
    }
    expect(await rowsOf('profile_visits', 'user_id', target.id)).toBe(0);
    expect(await pointsOf(target)).toBe(0);
  });

  it(`gives a profile points for at most ${defaults.visitPointsDailyCap} visits a day, however many visitors come`, async () => {
    const target = await registerUser(t);
    const answers = await times(defaults.visitPointsDailyCap + 15, (i) =>
      t.request('POST', `/users/${target.username}/visit`, { headers: fromSiteAt(`198.51.100.${i + 1}`) }));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => a.body.counted === true)).toHaveLength(defaults.visitPointsDailyCap);
    expect(await rowsOf('profile_visits', 'user_id', target.id)).toBe(defaults.visitPointsDailyCap);
    expect(await pointsOf(target)).toBe(defaults.visitPointsDailyCap * POINTS_PER_PROFILE_VISIT);
  });
});

describe('downloads', () => {
  it('an <img> of the store links (a GET) counts no download', async () => {
    const product = await uploadProduct(t, owner.token);
    for (let i = 0; i < 5; i++) {
      const res = await t.request('GET', `/products/${product.id}`, { headers: { 'x-forwarded-for': `192.0.2.${i + 1}`, referer: 'https://attacker.example/' } });
      expect(res.status).toBe(200);
      expect(res.body.results.data.downloads).toBe(0);
    }
    expect(await rowsOf('downloads', 'product_id', product.id)).toBe(0);
  });

  it('a foreign page\'s POST gets 403 and counts nothing', async () => {
    const product = await uploadProduct(t, owner.token);
    const res = await t.request('POST', `/products/${product.id}/downloads`, { headers: { origin: 'https://attacker.example', 'x-forwarded-for': '192.0.2.60' } });
    expect(res.status).toBe(403);
    expect(await rowsOf('downloads', 'product_id', product.id)).toBe(0);
  });

  it('a download is counted once per visitor per day, whatever the User-Agent', async () => {
    const product = await uploadProduct(t, owner.token);
    const answers = await times(20, (i) => t.request('POST', `/products/${product.id}/downloads`, { headers: fromSiteAt('192.0.2.70', { 'user-agent': `Farm/${i}` }) }));
    expect(answers.filter((a) => a.body.results.data.counted === true)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.results.data.downloads))).toEqual(new Set([1]));
    expect(await rowsOf('downloads', 'product_id', product.id)).toBe(1);
  });
});

describe('reports', () => {
  it('30 User-Agents from one address are one report, and a foreign Origin none', async () => {
    const product = await uploadProduct(t, owner.token);
    const foreign = await t.request('POST', '/products/report', { json: { id: product.id }, headers: { origin: 'https://attacker.example', 'x-forwarded-for': '192.0.2.80' } });
    expect(foreign.status).toBe(403);
    const answers = await times(30, (i) => t.request('POST', '/products/report', { json: { id: product.id }, headers: fromSiteAt('192.0.2.81', { 'user-agent': `Farm/${i}` }) }));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(await rowsOf('reports', 'product_id', product.id)).toBe(1);
  });
});

describe('uploads', () => {
  it(`refuses uploads past ${defaults.dailyUploadLimit} a day with 429 and Retry-After until UTC midnight, and gives no points for them`, async () => {
    const uploader = await registerUser(t);
    const answers = await times(defaults.dailyUploadLimit + 5, async () => t.request('POST', '/products', { token: uploader.token, form: await productForm() }));
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 429);
    expect(accepted).toHaveLength(defaults.dailyUploadLimit);
    expect(refused).toHaveLength(5);
    const now = new Date();
    const untilMidnight = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
    for (const answer of refused) {
      expect(answer.body.message).toContain(`uploaded ${defaults.dailyUploadLimit} products today`);
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(Math.abs(retryAfter - untilMidnight)).toBeLessThan(60);
    }
    expect(await pointsOf(uploader)).toBe(defaults.dailyUploadLimit * POINTS_PER_PRODUCT);
  });

  it(`lets an unverified account hold ${defaults.unverifiedUploadLimit} products, then answers 403 asking to verify the address`, async () => {
    const throwaway = await registerUnverifiedUser(t);
    for (let i = 0; i < defaults.unverifiedUploadLimit; i++) await uploadProduct(t, throwaway.token);
    const refused = await t.request('POST', '/products', { token: throwaway.token, form: await productForm() });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Verify your e-mail address/);
    await markVerified(t.app.db, throwaway.id);
    expect((await t.request('POST', '/products', { token: throwaway.token, form: await productForm() })).status).toBe(201);
  });

  it('still replays an accepted upload\'s answer once the limit is reached', async () => {
    const uploader = await registerUnverifiedUser(t);
    const key = `farming-replay-${Date.now()}`;
    const headers = { [IDEMPOTENCY_KEY_HEADER]: key };
    const first = await t.request('POST', '/products', { token: uploader.token, form: await productForm({ title: 'Replayed Jacket', link_hacoo: hacooLinkForKey('replayed-jacket') }), headers });
    expect(first.status).toBe(201);
    for (let i = 1; i < defaults.unverifiedUploadLimit; i++) await uploadProduct(t, uploader.token);
    expect((await t.request('POST', '/products', { token: uploader.token, form: await productForm() })).status).toBe(403);
    const replay = await t.request('POST', '/products', { token: uploader.token, form: await productForm({ title: 'Replayed Jacket', link_hacoo: hacooLinkForKey('replayed-jacket') }), headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(replay.body).toEqual(first.body);
  });
});

describe('reviews', () => {
  it('throwaway (unverified) accounts reviewing each other give no points', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const productOfA = await uploadProduct(t, a.token);
    const reviewers = await times(5, () => registerUnverifiedUser(t));
    for (const reviewer of reviewers) {
      const res = await t.request('POST', `/products/${productOfA.id}/valorations`, { token: reviewer.token, json: { stars: 5 } });
      expect(res.status).toBe(201);
    }
    expect(await pointsOf(a)).toBe(POINTS_PER_PRODUCT);
    // Once an address is verified, its review counts.
    await markVerified(t.app.db, (reviewers[0] as RegisteredUser).id);
    expect(await pointsOf(a)).toBe(POINTS_PER_PRODUCT + POINTS_PER_VALORATION);
    const review = await t.request('POST', `/products/${productOfA.id}/valorations`, { token: b.token, json: { stars: 4 } });
    expect(review.status).toBe(201);
    expect(await pointsOf(a)).toBe(POINTS_PER_PRODUCT + 2 * POINTS_PER_VALORATION);
  });

  it(`refuses first reviews past ${defaults.dailyReviewLimit} a day with 429 and Retry-After`, async () => {
    const reviewer = await registerUser(t);
    const products = await times(defaults.dailyReviewLimit + 3, (i) => insertCatalogueProduct(t, { userId: owner.id, title: `Review target ${i}` }));
    const answers = await times(products.length, (i) =>
      t.request('POST', `/products/${(products[i] as { id: number }).id}/valorations`, { token: reviewer.token, json: { stars: 3 } }));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(defaults.dailyReviewLimit);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.body.message).toContain(`written ${defaults.dailyReviewLimit} reviews today`);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const rows = await t.app.db.selectFrom('valorations').select(countAll().as('n')).where('user_id', '=', reviewer.id).executeTakeFirstOrThrow();
    expect(rows.n).toBe(defaults.dailyReviewLimit);
  });
});

describe('hidden products', () => {
  it('earn nothing: neither the product nor its reviews', async () => {
    const uploader = await registerUser(t);
    const reviewer = await registerUser(t);
    const kept = await uploadProduct(t, uploader.token);
    const hidden = await uploadProduct(t, uploader.token);
    for (const product of [kept, hidden]) {
      expect((await t.request('POST', `/products/${product.id}/valorations`, { token: reviewer.token, json: { stars: 5 } })).status).toBe(201);
    }
    expect(await pointsOf(uploader)).toBe(2 * POINTS_PER_PRODUCT + 2 * POINTS_PER_VALORATION);

    // As a moderator's hide leaves it (the moderation routes are tested with the console).
    await t.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', hidden.id).execute();
    // The public profile too (first asked now, so not from the read cache).
    const profile = (await t.request('GET', `/users/username/${uploader.username}?include=products`)).body.results.data;
    expect(profile).toMatchObject({ points: POINTS_PER_PRODUCT + POINTS_PER_VALORATION, num_products: 1, num_valorations: 1 });
    const own = (await t.request('GET', '/auth/check', { token: uploader.token })).body.user.data;
    expect(own.points).toBe(POINTS_PER_PRODUCT + POINTS_PER_VALORATION);

    // Nor does a download of it count.
    const download = await t.request('POST', `/products/${hidden.id}/downloads`, { headers: fromSite() });
    expect(download.status).toBe(200);
    expect(download.body.results.data).toEqual({ id: hidden.id, downloads: 0, counted: false });
  });
});
