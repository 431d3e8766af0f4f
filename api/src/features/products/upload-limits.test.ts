import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@linkhunt/contracts/idempotency';
import { loadConfig } from '../../config.js';
import { countAll } from '../../db/sql-helpers.js';
import { type Operation, readDocument } from '../../reliability/openapi-routes.js';
import { markVerified } from '../auth/verification.js';
import { hacooLinkForKey, insertTaxonomy, productForm, registerUnverifiedUser, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestResponse } from '../../test/test-app.js';

/** Per-account upload limits, counted from the products table: a small daily limit here, so each case stays quick. */
const DAILY = 4;
const UNVERIFIED = 2;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ dailyUploadLimit: DAILY, unverifiedUploadLimit: UNVERIFIED });
  await insertTaxonomy(t);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const upload = async (user: RegisteredUser, key?: string): Promise<TestResponse> =>
  t.request('POST', '/products', { token: user.token, form: await productForm({ title: 'Limited Sneaker', link_hacoo: hacooLinkForKey(key) }), headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {} });
const productsOf = async (user: RegisteredUser) =>
  (await t.app.db.selectFrom('products').select(countAll().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow()).n;
/** Dates every product of the user a day earlier, as if uploaded yesterday. */
const uploadedYesterday = (user: RegisteredUser) =>
  t.app.db.updateTable('products').set({ created_at: new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString() }).where('user_id', '=', user.id).execute();
const setClock = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

describe('the configuration', () => {
  it('defaults to 20 uploads a day, 50 first reviews a day and 3 products for an unverified account, each set by its variable', () => {
    const defaults = loadConfig({});
    expect([defaults.dailyUploadLimit, defaults.dailyReviewLimit, defaults.unverifiedUploadLimit]).toEqual([20, 50, 3]);
    const set = loadConfig({ DAILY_UPLOAD_LIMIT: '5', DAILY_REVIEW_LIMIT: '6', UNVERIFIED_UPLOAD_LIMIT: '1' });
    expect([set.dailyUploadLimit, set.dailyReviewLimit, set.unverifiedUploadLimit]).toEqual([5, 6, 1]);
    expect(() => loadConfig({ DAILY_UPLOAD_LIMIT: 'many' })).toThrow(/expected an integer/);
  });
});

describe('the daily upload limit', () => {
  it('answers 429 with a clear message and Retry-After until the next UTC midnight, and stores nothing', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < DAILY; i++) expect((await upload(user)).status).toBe(201);
    setClock(new Date(new Date().toISOString().slice(0, 10) + 'T23:59:30.000Z').toISOString());
    const refused = await upload(user);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: `You have uploaded ${DAILY} products today, the most one account may upload in a day. You can upload again after midnight (UTC).` });
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await productsOf(user)).toBe(DAILY);
  });

  it('counts only today\'s uploads: yesterday\'s do not count, and the next day starts afresh', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < DAILY; i++) await upload(user);
    await uploadedYesterday(user);
    for (let i = 0; i < DAILY; i++) expect((await upload(user)).status).toBe(201);
    expect((await upload(user)).status).toBe(429);
    setClock(new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString());
    expect((await upload(user)).status).toBe(201);
  });

  it('holds when the uploads arrive all at once', async () => {
    const user = await registerUser(t);
    const answers = await Promise.all(Array.from({ length: DAILY * 3 }, () => upload(user)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(DAILY);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(DAILY * 2);
    expect(await productsOf(user)).toBe(DAILY);
  });

  it('replays an accepted upload\'s answer past the limit, and frees a refused upload\'s key for a retry the next day', async () => {
    const user = await registerUser(t);
    const accepted = await upload(user, 'limit-accepted');
    expect(accepted.status).toBe(201);
    for (let i = 1; i < DAILY; i++) await upload(user);

    const replay = await upload(user, 'limit-accepted');
    expect(replay.status).toBe(201);
    expect(replay.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(replay.body).toEqual(accepted.body);

    expect((await upload(user, 'limit-refused')).status).toBe(429);
    const kept = await t.app.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', user.id).where('key', '=', 'limit-refused').executeTakeFirst();
    expect(kept).toBeUndefined();
    setClock(new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString());
    const retried = await upload(user, 'limit-refused');
    expect(retried.status).toBe(201);
    expect(retried.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
  });

  it('documents the 429 on the upload route', () => {
    const operation = readDocument(t.app.swagger()).paths['/products']?.post as (Operation & { description?: string }) | undefined;
    expect(operation?.responses).toHaveProperty('429');
    expect(operation?.description).toContain('DAILY_UPLOAD_LIMIT');
    expect(operation?.description).toContain('UNVERIFIED_UPLOAD_LIMIT');
  });
});

describe('an account whose address is not verified', () => {
  it(`may hold ${UNVERIFIED} products in all, whatever the day; then 403 asks it to verify, and verifying lifts the limit`, async () => {
    const user = await registerUnverifiedUser(t);
    for (let i = 0; i < UNVERIFIED; i++) expect((await upload(user)).status).toBe(201);
    await uploadedYesterday(user);
    const refused = await upload(user);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: `Verify your e-mail address to upload more than ${UNVERIFIED} products: follow the link in the mail we sent you when you registered.` });
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(await productsOf(user)).toBe(UNVERIFIED);

    // Deleting one makes room again: the limit is on what the account holds.
    const [mine] = await t.app.db.selectFrom('products').select('id').where('user_id', '=', user.id).execute();
    expect((await t.request('DELETE', `/products/${mine?.id}`, { token: user.token })).status).toBe(200);
    expect((await upload(user)).status).toBe(201);
    expect((await upload(user)).status).toBe(403);

    await markVerified(t.app.db, user.id);
    expect((await upload(user)).status).toBe(201);
  });

  it('cannot pass the limit by uploading all at once', async () => {
    const user = await registerUnverifiedUser(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(user)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(UNVERIFIED);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(8 - UNVERIFIED);
    expect(await productsOf(user)).toBe(UNVERIFIED);
  });
});
