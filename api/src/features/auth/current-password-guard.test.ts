import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { createTestApp, openSharedTestDatabase, type TestApp } from '../../test/test-app.js';
import { deleteKeys, maySkipRedis, redisAnswers, testRedisClient, testRedisUrl, uniqueRedisPrefix } from '../../test/test-redis.js';
import type * as Passwords from './passwords.js';
import { verifyPassword } from './passwords.js';

// Counts argon2 verifications, to show that a throttled guess never reaches one.
vi.mock('./passwords.js', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});
const verifications = vi.mocked(verifyPassword);

/** The app of the store being tested (each store's suite starts its own). */
let t: TestApp;
afterAll(forgetLimitKeys);
beforeEach(() => verifications.mockClear());

const SESSION_ENDED = 'Too many wrong current passwords: this session has been signed out. Sign in again, or reset your password by mail.';

function passwordForm(current: string, next = 'a fresh new password'): FormData {
  const form = new FormData();
  form.set('current_password', current);
  form.set('password', next);
  return form;
}

const change = (app: TestApp, token: string, current: string, next?: string) => app.request('POST', '/auth/update', { token, form: passwordForm(current, next) });
const check = (token: string) => t.request('GET', '/auth/check', { token });

describe.each(limitStores)('wrong current passwords on POST /auth/update, counted in $name', (store) => {
  beforeAll(async () => {
    t = await createTestApp(store.config());
  });
  afterAll(() => t.close());

  it('28 quick wrong guesses: 5 checked, then 429 with Retry-After, then the session is revoked; argon2 ran 5 times', async () => {
    expect(t.config.updatePasswordFailures).toEqual({ max: 5, timeWindow: 15 * 60_000, revokeAfter: 10 });
    const user = await registerUser(t);
    const elsewhere = (await t.request('POST', '/auth/login', { json: { email: user.email, password: user.password } })).body.token.accessToken as string;
    verifications.mockClear();

    const answers = [];
    for (let i = 0; i < 28; i++) answers.push(await change(t, user.token, `wrong guess ${i}`));
    const statuses = answers.map((a) => a.status);
    expect(statuses).toEqual([...Array(5).fill(422), ...Array(4).fill(429), ...Array(19).fill(401)]);
    expect(answers[0]?.body.errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const throttled = answers[5];
    expect(throttled?.body).toMatchObject({ message: 'Too many wrong current passwords for this account, please try again in 15 minutes.' });
    expect(Number(throttled?.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(answers[9]?.body).toMatchObject({ message: SESSION_ENDED });
    expect(answers[10]?.body).toMatchObject({ message: 'Invalid token' });
    expect(verifications).toHaveBeenCalledTimes(5);

    expect((await check(user.token)).status).toBe(401);
    // The session that was not guessing with is still open, and the password is unchanged.
    expect((await check(elsewhere)).status).toBe(200);
    expect((await t.request('POST', '/auth/login', { json: { email: user.email, password: user.password } })).status).toBe(200);
  });

  it('holds when the guesses come all at once', async () => {
    const user = await registerUser(t);
    verifications.mockClear();
    const answers = await Promise.all(Array.from({ length: 28 }, (_, i) => change(t, user.token, `parallel guess ${i}`)));
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    expect(count(422)).toBe(5);
    expect(count(429)).toBe(4);
    expect(count(401)).toBe(19);
    expect(verifications).toHaveBeenCalledTimes(5);
    expect((await check(user.token)).status).toBe(401);
  });

  it('starts afresh after the right password, and refuses even the right one once throttled', async () => {
    const user: RegisteredUser = await registerUser(t);
    for (let i = 0; i < 4; i++) expect((await change(t, user.token, `wrong ${i}`)).status).toBe(422);
    const right = await change(t, user.token, user.password, 'second password here');
    expect(right.status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await change(t, user.token, `wrong again ${i}`)).status).toBe(422);
    const blocked = await change(t, user.token, 'second password here', 'third password here');
    expect(blocked.status).toBe(429);
  });

  it('counts per account: another account is not slowed', async () => {
    const victim = await registerUser(t);
    for (let i = 0; i < 6; i++) await change(t, victim.token, `wrong ${i}`);
    const bystander = await registerUser(t);
    expect((await change(t, bystander.token, 'wrong once')).status).toBe(422);
    expect((await change(t, bystander.token, bystander.password)).status).toBe(200);
  });

  it('does not count profile changes that leave the password alone', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 5; i++) await change(t, user.token, `wrong ${i}`);
    const form = new FormData();
    form.set('name', 'Still Me');
    const res = await t.request('POST', '/auth/update', { token: user.token, form });
    expect(res.status).toBe(200);
    expect(res.body.user.data.name).toBe('Still Me');
  });
});

const redisUp = await redisAnswers();
if (!redisUp && maySkipRedis) console.warn(`Redis at ${testRedisUrl} does not answer: the shared current-password count is not tested.`);

describe.skipIf(!redisUp && maySkipRedis)('with REDIS_URL, two API instances', () => {
  it('share the count: guesses alternated between them are throttled and revoked as from one', async () => {
    const database = await openSharedTestDatabase();
    const prefix = uniqueRedisPrefix();
    const overrides = { redisUrl: testRedisUrl, redisPrefix: prefix };
    const first = await createTestApp(overrides, database);
    const second = await createTestApp(overrides, database);
    try {
      const user = await registerUser(first);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await change(i % 2 === 0 ? first : second, user.token, `shared guess ${i}`)).status);
      expect(statuses).toEqual([...Array(5).fill(422), ...Array(4).fill(429), ...Array(3).fill(401)]);
    } finally {
      await first.close();
      await second.close();
      await database.close();
      const redis = testRedisClient();
      await redis.connect();
      await deleteKeys(redis, prefix);
      await redis.quit();
    }
  });
});
